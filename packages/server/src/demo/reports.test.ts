/** The demo account's daily report: set once, and meaningful from the plant's first minutes. */
import type { Report, ReportSettings } from '@fieldlink/protocol';
import { describe, expect, it as baseIt } from 'vitest';
import { login, sendAs, T0, useAccountsApp } from '../accounts/test-support.js';
import { linkSecretKey } from '../gateway/dtu/secrets.js';
import { MINUTE, store } from '../history/test-support.js';
import { storageCases } from '../storage/test-support.js';
import { DEMO_REPORT_CHANNELS, seedDemoReports } from './reports.js';
import { DEMO_PASSWORD, DEMO_USER_NAME, seedDemo } from './seed.js';

describe.each(storageCases())('the demo report on %s', (store_) => {
  const it = baseIt.skipIf(store_.skip !== null);
  const h = useAccountsApp(store_);

  it('is daily at 08:00 for every device, with chosen channels, set once', async () => {
    const db = h.storage.db;
    expect(await seedDemoReports(db, T0)).toBe(false);
    await seedDemo(db, T0, linkSecretKey(h.jwtKey));
    expect(await seedDemoReports(db, T0)).toBe(true);
    const { accessToken } = await login(h, DEMO_USER_NAME, DEMO_PASSWORD);
    const settings = (await sendAs(h.app, 'GET', '/reports/settings', accessToken)).json() as ReportSettings;
    expect(settings).toMatchObject({
      enabled: true,
      period: 'daily',
      hour: 8,
      equipmentIds: null,
      email: true,
    });
    const equipment = await db.selectFrom('equipment').select(['id', 'unid']).execute();
    const unidOf = new Map(equipment.map((e) => [String(e.id), e.unid]));
    expect(
      Object.fromEntries(Object.entries(settings.channels).map(([id, labels]) => [unidOf.get(id), labels])),
    ).toEqual(DEMO_REPORT_CHANNELS);

    // The user's own changes stay.
    const { timeZone: _zone, emailAddress: _address, nextAt: _next, ...input } = settings;
    const changed = await sendAs(h.app, 'PUT', '/reports/settings', accessToken, { ...input, hour: 6 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await seedDemoReports(db, T0)).toBe(false);
    expect(
      ((await sendAs(h.app, 'GET', '/reports/settings', accessToken)).json() as ReportSettings).hour,
    ).toBe(6);

    // A few minutes of the plant running: today so far shows it.
    const relay = equipment.find((e) => e.unid === 'DEMO0001')!.id;
    await store(
      h,
      [
        { equipmentId: relay, kind: 'ai', channel: 0, value: 4.6, at: T0 - 5 * MINUTE },
        { equipmentId: relay, kind: 'ai', channel: 0, value: 2.5, at: T0 - 3 * MINUTE },
      ],
      [
        { equipmentId: relay, kind: 'online', at: T0 - 10 * MINUTE, message: 'online' },
        {
          equipmentId: relay,
          kind: 'alarm',
          at: T0 - 5 * MINUTE,
          channelKind: 'ai',
          channel: 0,
          level: 1,
          value: 4.6,
        },
      ],
    );
    const res = await sendAs(h.app, 'GET', '/reports/preview?period=daily&end=now', accessToken);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as Report;
    expect(report.partial).toBe(true);
    expect(report.devices.length).toBe(equipment.length);
    const row = report.devices.find((d) => d.unid === 'DEMO0001')!;
    expect(row).toMatchObject({ onlineMs: 10 * MINUTE, alarms: 1 });
    expect(row.channels.map((c) => [c.channel, c.name, c.min, c.max, c.samples])).toEqual([
      ['AI1', 'Tank level', 2.5, 4.6, 2],
      ['AI2', 'Outlet pressure', null, null, 0],
    ]);
  });
});
