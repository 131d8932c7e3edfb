/**
 * The demo users of spec §6 beside `demo`, on both databases: created when missing with their
 * roles, abilities and published passwords; and with DEMO off, an administrator `admin` still
 * holding the published password disabled at start.
 */
import type { MeReply } from '@fieldlink/protocol';
import { describe, expect, it as baseIt } from 'vitest';
import { hashPassword } from '../accounts/passwords.js';
import { expectError, login, post, register, sendAs, useAccountsApp } from '../accounts/test-support.js';
import { storageCases } from '../storage/test-support.js';
import { DEMO_ADMIN_PASSWORD, DEMO_EDITOR_PASSWORD, DEMO_PASSWORD, DEMO_TEST_PASSWORD } from './seed.js';
import { DEMO_ACCOUNT_NAMES, PUBLISHED_PASSWORDS, retireDemoAdmin, seedDemoUsers } from './users.js';

describe('the published demo passwords', () => {
  baseIt('are the README’s', () => {
    expect([DEMO_PASSWORD, DEMO_ADMIN_PASSWORD, DEMO_EDITOR_PASSWORD, DEMO_TEST_PASSWORD]).toEqual([
      'demo1234',
      'admin1234',
      'editor1234',
      'test1234',
    ]);
    expect(PUBLISHED_PASSWORDS).toEqual(['demo1234', 'admin1234', 'editor1234', 'test1234']);
    expect(DEMO_ACCOUNT_NAMES).toEqual(['demo', 'admin', 'editor', 'test']);
  });
});

describe.each(storageCases())('demo users on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);

  describe('with DEMO on', () => {
    const h = useAccountsApp(store);

    it('creates admin, editor and test with §6 roles and abilities, once', async () => {
      // Someone registered `editor` first: theirs stays theirs.
      await register(h, 'editor', 'their-own-1');
      expect(await seedDemoUsers(h.storage.db, h.clock.ms)).toEqual(['admin', 'test']);
      expect(await seedDemoUsers(h.storage.db, h.clock.ms)).toEqual([]);

      const access = async (userName: string, password: string) => {
        const { accessToken } = await login(h, userName, password);
        const me = (await sendAs(h.app, 'GET', '/me', accessToken)).json() as MeReply;
        return { authority: me.authority, access: me.access };
      };
      expect(await access('admin', 'admin1234')).toEqual({
        authority: 1000,
        access: { admin: true, roles: ['admin'], abilities: ['READ', 'WRITE', 'DELETE'] },
      });
      expect(await access('test', 'test1234')).toEqual({
        authority: 10,
        access: { admin: false, roles: ['admin', 'editor'], abilities: ['READ'] },
      });
      expect(await access('editor', 'their-own-1')).toEqual({
        authority: 4,
        access: { admin: false, roles: [], abilities: ['READ', 'WRITE', 'OPR', 'DELETE'] },
      });
    });
  });

  describe('on an empty store', () => {
    const h = useAccountsApp(store);

    it('creates the editor with authority 100, role editor, READ and WRITE', async () => {
      expect(await seedDemoUsers(h.storage.db, h.clock.ms)).toEqual(['admin', 'editor', 'test']);
      const { accessToken } = await login(h, 'editor', 'editor1234');
      const me = (await sendAs(h.app, 'GET', '/me', accessToken)).json() as MeReply;
      expect(me).toMatchObject({
        authority: 100,
        access: { admin: false, roles: ['editor'], abilities: ['READ', 'WRITE'] },
      });
    });
  });

  describe('with DEMO off', () => {
    const h = useAccountsApp(store);

    it('disables an administrator admin still holding the published password, ending its sessions', async () => {
      await seedDemoUsers(h.storage.db, h.clock.ms);
      const session = await login(h, 'admin', 'admin1234');
      const id = await retireDemoAdmin(h.storage.db, h.clock.ms);
      expect(id).not.toBeNull();
      expectError(
        await post(h.app, '/auth/login', { userName: 'admin', password: 'admin1234' }),
        403,
        'account_disabled',
      );
      expectError(await sendAs(h.app, 'GET', '/me', session.accessToken), 401, 'unauthorized');
      expectError(
        await post(h.app, '/auth/refresh', { refreshToken: session.refreshToken }),
        403,
        'account_disabled',
      );
      // Already disabled: nothing more to do at the next start.
      expect(await retireDemoAdmin(h.storage.db, h.clock.ms)).toBeNull();
    });
  });

  describe('with DEMO off and admin changed', () => {
    const h = useAccountsApp(store);

    it('leaves an admin with a password of its own, or one that is not an administrator', async () => {
      await seedDemoUsers(h.storage.db, h.clock.ms);
      const { accessToken } = await login(h, 'admin', 'admin1234');
      const changed = await sendAs(h.app, 'PATCH', '/me/password', accessToken, {
        currentPassword: 'admin1234',
        newPassword: 'Kettle-Lamp-42',
      });
      expect(changed.statusCode, changed.body).toBe(204);
      expect(await retireDemoAdmin(h.storage.db, h.clock.ms)).toBeNull();
      await login(h, 'admin', 'Kettle-Lamp-42');

      // The published password on an account that is not an administrator opens nothing special.
      await h.storage.db
        .updateTable('users')
        .set({ authority: 999, password_hash: await hashPassword('admin1234') })
        .where('user_name', '=', 'admin')
        .execute();
      expect(await retireDemoAdmin(h.storage.db, h.clock.ms)).toBeNull();
    });
  });
});
