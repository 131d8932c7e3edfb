/**
 * The first administrator from ADMIN_USER and ADMIN_PASSWORD, on both databases: created when
 * missing, raised and enabled when it exists with its password kept (unless it is a published one),
 * and left alone once set up.
 */
import type { MeReply } from '@fieldlink/protocol';
import { describe, expect, it as baseIt } from 'vitest';
import { DEMO_ADMIN_PASSWORD } from '../demo/seed.js';
import { storageCases } from '../storage/test-support.js';
import { adminBootstrapMessage, bootstrapAdmin } from './bootstrap-admin.js';
import { login, post, register, sendAs, useAccountsApp } from './test-support.js';

const PASSWORD = 'Kettle-Lamp-42';

describe.each(storageCases())('the first administrator on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store);

  const row = (userName: string) =>
    h.storage.db
      .selectFrom('users')
      .select(['id', 'authority', 'roles', 'abilities', 'disabled_at'])
      .where('user_name', '=', userName)
      .executeTakeFirstOrThrow();

  it('creates a missing account: authority 1000, role admin, every ability', async () => {
    const done = await bootstrapAdmin(h.storage.db, { userName: 'boot-new', password: PASSWORD }, h.clock.ms);
    expect(done).toMatchObject({ outcome: 'created', passwordReplaced: false });
    expect(await row('boot-new')).toEqual({
      id: done.userId,
      authority: 1000,
      roles: '["admin"]',
      abilities: '["READ","WRITE","OPR","DELETE"]',
      disabled_at: null,
    });
    const { accessToken } = await login(h, 'boot-new', PASSWORD);
    const me = (await sendAs(h.app, 'GET', '/me', accessToken)).json() as MeReply;
    expect(me.access).toEqual({
      admin: true,
      roles: ['admin'],
      abilities: ['READ', 'WRITE', 'OPR', 'DELETE'],
    });
    expect(adminBootstrapMessage('boot-new', done)).toBe(
      'Administrator boot-new created from ADMIN_USER and ADMIN_PASSWORD',
    );
    // The next start finds it set up and changes nothing.
    const again = await bootstrapAdmin(
      h.storage.db,
      { userName: 'boot-new', password: PASSWORD },
      h.clock.ms,
    );
    expect(again).toEqual({ userId: done.userId, outcome: 'unchanged', passwordReplaced: false });
  });

  it('raises and enables an existing account, keeping its password and other roles', async () => {
    const { id } = await register(h, 'boot-old', 'kept-password-1');
    await h.storage.db
      .updateTable('users')
      .set({ roles: '["editor"]', abilities: '["READ"]', disabled_at: h.clock.ms })
      .where('id', '=', id)
      .execute();
    const done = await bootstrapAdmin(h.storage.db, { userName: 'boot-old', password: PASSWORD }, h.clock.ms);
    expect(done).toEqual({ userId: id, outcome: 'raised', passwordReplaced: false });
    expect(await row('boot-old')).toMatchObject({
      authority: 1000,
      roles: '["editor","admin"]',
      abilities: '["READ"]',
      disabled_at: null,
    });
    // The password set in the console sticks; ADMIN_PASSWORD only created accounts.
    expect((await post(h.app, '/auth/login', { userName: 'boot-old', password: PASSWORD })).statusCode).toBe(
      401,
    );
    await login(h, 'boot-old', 'kept-password-1');
    expect(adminBootstrapMessage('boot-old', done)).toBe(
      'Administrator boot-old (ADMIN_USER) existed: raised to authority 1000 with role admin and enabled; its password is left as it is (ADMIN_PASSWORD is used only to create the account)',
    );
  });

  it('replaces a published demo password by ADMIN_PASSWORD', async () => {
    await register(h, 'boot-demo', DEMO_ADMIN_PASSWORD);
    const done = await bootstrapAdmin(
      h.storage.db,
      { userName: 'boot-demo', password: PASSWORD },
      h.clock.ms,
    );
    expect(done).toMatchObject({ outcome: 'raised', passwordReplaced: true });
    expect(
      (await post(h.app, '/auth/login', { userName: 'boot-demo', password: DEMO_ADMIN_PASSWORD })).statusCode,
    ).toBe(401);
    await login(h, 'boot-demo', PASSWORD);
    expect(adminBootstrapMessage('boot-demo', done)).toMatch(
      /was a published demo password and is now ADMIN_PASSWORD$/,
    );
  });
});
