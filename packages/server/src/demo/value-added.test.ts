/** The demo's value-added entries, added once and seen by a demo user, on both databases. */
import type { ValueAddedEntry } from '@fieldlink/protocol';
import { describe, expect, it as baseIt } from 'vitest';
import { login, register, sendAs, useAccountsApp } from '../accounts/test-support.js';
import { storageCases } from '../storage/test-support.js';
import { DEMO_VALUE_ADDED, REPORTS_PATH, seedDemoValueAdded } from './value-added.js';

describe.each(storageCases())('demo value-added entries on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store);

  it('are added once, for everyone, and left as an administrator changes them', async () => {
    expect(await seedDemoValueAdded(h.storage.db, h.clock.ms)).toBe(true);
    expect(await seedDemoValueAdded(h.storage.db, h.clock.ms)).toBe(false);

    await register(h, 'demo-viewer');
    const { accessToken } = await login(h, 'demo-viewer');
    const res = await sendAs(h.app, 'GET', '/value-added', accessToken);
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json() as { items: ValueAddedEntry[] }).items;
    expect(items.map((e) => [e.kind, e.url, e.tenantId])).toEqual(
      DEMO_VALUE_ADDED.map((e) => [e.kind, e.url, null]),
    );
    expect(items.map((e) => e.kind)).toEqual(['authorization', 'sms', 'phoneAlarm', 'reports']);
    expect(items.find((e) => e.kind === 'reports')?.url).toBe(REPORTS_PATH);
    expect(REPORTS_PATH).toBe('/increment/reports');

    // One removed by an administrator stays removed at the next start.
    await h.storage.db.deleteFrom('value_added_entries').where('kind', '=', 'sms').execute();
    expect(await seedDemoValueAdded(h.storage.db, h.clock.ms)).toBe(false);
    expect(await h.storage.db.selectFrom('value_added_entries').select('kind').execute()).toHaveLength(3);
  });
});
