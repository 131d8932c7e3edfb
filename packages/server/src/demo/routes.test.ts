/** The demo account's credentials for the sign-in page: only while the demo runs with its default password. */
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../accounts/passwords.js';
import { expectError, useAccountsApp } from '../accounts/test-support.js';
import { linkSecretKey } from '../gateway/dtu/secrets.js';
import { storageCases } from '../storage/test-support.js';
import { seedDemo } from './seed.js';

const sqlite = storageCases()[0]!;

describe('GET /demo-account', () => {
  const h = useAccountsApp(sqlite, { demo: true });
  const off = useAccountsApp(sqlite, { demo: false });
  const get = (app: typeof h.app) => app.inject({ method: 'GET', url: '/api/v1/demo-account' });

  it('gives the credentials while the demo account keeps its default password, and not after', async () => {
    expectError(await get(h.app), 404, 'not_found');
    await seedDemo(h.storage.db, h.clock.ms, linkSecretKey(h.jwtKey));
    const res = await get(h.app);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userName: 'demo', password: 'demo1234' });
    await h.storage.db
      .updateTable('users')
      .set({ password_hash: await hashPassword('a-new-secret-1') })
      .where('user_name', '=', 'demo')
      .execute();
    expectError(await get(h.app), 404, 'not_found');
  });

  it('gives nothing on a server without the demo, even with a demo account', async () => {
    await seedDemo(off.storage.db, off.clock.ms, linkSecretKey(off.jwtKey));
    expectError(await get(off.app), 404, 'not_found');
  });
});
