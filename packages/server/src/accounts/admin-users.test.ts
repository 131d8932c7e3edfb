/**
 * Roles, abilities and the administrators' accounts on both databases: GET /me's access, the
 * searched and paged list, changes, disabling (sign-in, refresh, tokens and live sockets) and the
 * rules that keep an administrator from locking themselves out.
 */
import type { Ability, AdminUser, AdminUserPage, MeReply } from '@fieldlink/protocol';
import { beforeAll, describe, expect, it as baseIt } from 'vitest';
import { Browser } from '../live/test-support.js';
import { storageCases } from '../storage/test-support.js';
import { ACCOUNT_DISABLED } from './access.js';
import { CANNOT_DISABLE_SELF, CANNOT_LOWER_SELF } from './admin-users.js';
import { WRONG_CREDENTIALS } from './auth-routes.js';
import {
  expectError,
  freshClientAddress,
  login,
  post,
  register,
  requestCode,
  sendAs,
  useAccountsApp,
} from './test-support.js';
import type { AccountsHarness } from './test-support.js';

const ALL: Ability[] = ['READ', 'WRITE', 'OPR', 'DELETE'];

/** Registers `name` and makes it an administrator; gives its id and an access token. */
async function administrator(h: AccountsHarness, name: string): Promise<{ id: number; token: string }> {
  const { id } = await register(h, name);
  await h.storage.db.updateTable('users').set({ authority: 1000 }).where('id', '=', id).execute();
  return { id, token: (await login(h, name)).accessToken };
}

function signIn(h: AccountsHarness, userName: string, password = 'secret123') {
  return h.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { userName, password },
    remoteAddress: freshClientAddress(),
  });
}

describe.each(storageCases())('roles, abilities and administration on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store);
  let admin = { id: 0, token: '' };

  beforeAll(async () => {
    if (store.skip !== null) return;
    admin = await administrator(h, 'adm-root');
  });

  const list = async (query: string): Promise<AdminUserPage> => {
    const res = await sendAs(h.app, 'GET', `/admin/users${query}`, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminUserPage;
  };
  const patch = (id: number, body: unknown, token = admin.token) =>
    sendAs(h.app, 'PATCH', `/admin/users/${id}`, token, body);

  describe('GET /me access', () => {
    it('gives a new account no roles and the four abilities', async () => {
      await register(h, 'adm-me-plain');
      const { accessToken } = await login(h, 'adm-me-plain');
      const me = (await sendAs(h.app, 'GET', '/me', accessToken)).json() as MeReply;
      expect(me.access).toEqual({ admin: false, roles: [], abilities: ALL });
    });

    it('says admin at authority 1000, with the stored roles and abilities', async () => {
      await patch(admin.id, { roles: ['admin', 'editor'], abilities: ['DELETE', 'READ'] });
      const me = (await sendAs(h.app, 'GET', '/me', admin.token)).json() as MeReply;
      expect(me.access).toEqual({ admin: true, roles: ['admin', 'editor'], abilities: ['READ', 'DELETE'] });
      await patch(admin.id, { roles: [], abilities: ALL });
    });

    it('reads damaged stored roles and abilities as none, and drops unknown entries', async () => {
      const { id } = await register(h, 'adm-me-damaged');
      const { accessToken } = await login(h, 'adm-me-damaged');
      await h.storage.db
        .updateTable('users')
        .set({ roles: '["editor", 7, "bad role", "editor"', abilities: '{"READ": true}' })
        .where('id', '=', id)
        .execute();
      const broken = (await sendAs(h.app, 'GET', '/me', accessToken)).json() as MeReply;
      expect(broken.access).toEqual({ admin: false, roles: [], abilities: [] });
      await h.storage.db
        .updateTable('users')
        .set({ roles: '["editor", 7, "bad role", "editor"]', abilities: '["OPR", "FLY", "READ"]' })
        .where('id', '=', id)
        .execute();
      const lenient = (await sendAs(h.app, 'GET', '/me', accessToken)).json() as MeReply;
      expect(lenient.access).toEqual({ admin: false, roles: ['editor'], abilities: ['READ', 'OPR'] });
    });
  });

  describe('who may', () => {
    it('refuses the list and changes to non-administrators (403) and to the signed out (401)', async () => {
      const { id } = await register(h, 'adm-who-user');
      const { accessToken } = await login(h, 'adm-who-user');
      expectError(await sendAs(h.app, 'GET', '/admin/users', accessToken), 403, 'forbidden');
      expectError(await patch(id, { authority: 1000 }, accessToken), 403, 'forbidden');
      expectError(await sendAs(h.app, 'GET', '/admin/users', null), 401, 'unauthorized');
      expectError(
        await sendAs(h.app, 'PATCH', `/admin/users/${id}`, null, { roles: [] }),
        401,
        'unauthorized',
      );
    });

    it('answers authority 999 as a non-administrator', async () => {
      const { id } = await register(h, 'adm-who-999');
      await h.storage.db.updateTable('users').set({ authority: 999 }).where('id', '=', id).execute();
      const { accessToken } = await login(h, 'adm-who-999');
      expectError(await sendAs(h.app, 'GET', '/admin/users', accessToken), 403, 'forbidden');
    });
  });

  describe('the list', () => {
    it('searches user name, phone and e-mail in any case, as plain text', async () => {
      const { id: a, phone } = await register(h, 'Srch-Alpha');
      const { id: b } = await register(h, 'srch_beta');
      const { id: c } = await register(h, 'srchXgamma');
      await h.storage.db
        .updateTable('users')
        .set({ email: 'gamma.100%@example.com' })
        .where('id', '=', c)
        .execute();
      const ids = async (search: string) =>
        (await list(`?search=${encodeURIComponent(search)}`)).items.map((u) => u.id);
      expect(await ids('SRCH')).toEqual([a, b, c]);
      expect(await ids('alpha')).toEqual([a]);
      // `_` and `%` are characters here, not wildcards.
      expect(await ids('srch_')).toEqual([b]);
      expect(await ids('100%')).toEqual([c]);
      expect(await ids('%')).toEqual([c]);
      expect(await ids('GAMMA.100%@EXAMPLE')).toEqual([c]);
      expect(await ids(phone.slice(3))).toEqual([a]);
      expect(await ids('  alpha ')).toEqual([a]);
      expect(await ids('nobody-has-this')).toEqual([]);
    });

    it('pages by id with the total', async () => {
      const made: number[] = [];
      for (const n of [1, 2, 3, 4, 5]) made.push((await register(h, `pagewho-${n}`)).id);
      const first = await list('?search=pagewho&limit=2');
      expect(first.total).toBe(5);
      expect(first.items.map((u) => u.id)).toEqual(made.slice(0, 2));
      const last = await list('?search=pagewho&limit=2&offset=4');
      expect(last).toMatchObject({ total: 5 });
      expect(last.items.map((u) => u.id)).toEqual(made.slice(4));
      expect((await list('?search=pagewho&offset=10')).items).toEqual([]);
      expectError(await sendAs(h.app, 'GET', '/admin/users?limit=101', admin.token), 400, 'bad_request');
      expectError(await sendAs(h.app, 'GET', '/admin/users?limit=0', admin.token), 400, 'bad_request');
      expectError(await sendAs(h.app, 'GET', '/admin/users?sort=id', admin.token), 400, 'bad_request');
    });

    it('shows the account with its tenant and last sign-in (not its refreshes)', async () => {
      const t = h.clock.ms;
      const tenant = await h.storage.db
        .insertInto('tenants')
        .values({ key: 'adm-tenant', name: 'Acme Water', created_at: t, updated_at: t })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { id, phone } = await register(h, 'adm-shown');
      await h.storage.db.updateTable('users').set({ tenant_id: tenant.id }).where('id', '=', id).execute();
      const registeredAt = new Date(h.clock.ms).toISOString();
      const never = (await list('?search=adm-shown')).items[0];
      expect(never).toEqual({
        id,
        userName: 'adm-shown',
        phone,
        email: null,
        authority: 4,
        roles: [],
        abilities: ALL,
        tenantId: tenant.id,
        tenantName: 'Acme Water',
        disabledAt: null,
        registeredAt,
        lastSignInAt: null,
      } satisfies AdminUser);

      h.clock.advance(60_000);
      const firstAt = h.clock.ms;
      await login(h, 'adm-shown');
      h.clock.advance(60_000);
      const secondAt = h.clock.ms;
      const second = await login(h, 'adm-shown');
      h.clock.advance(60_000);
      const refreshed = await post(h.app, '/auth/refresh', { refreshToken: second.refreshToken });
      expect(refreshed.statusCode).toBe(200);
      const shown = (await list('?search=adm-shown')).items[0]!;
      expect(firstAt).toBeLessThan(secondAt);
      expect(shown.lastSignInAt).toBe(new Date(secondAt).toISOString());
    });

    it('filters by disabled state', async () => {
      const { id: on } = await register(h, 'adm-filter-on');
      const { id: off } = await register(h, 'adm-filter-off');
      expect((await patch(off, { disabled: true })).statusCode).toBe(200);
      expect((await list('?search=adm-filter&disabled=true')).items.map((u) => u.id)).toEqual([off]);
      expect((await list('?search=adm-filter&disabled=false')).items.map((u) => u.id)).toEqual([on]);
      expect((await list('?search=adm-filter')).total).toBe(2);
    });
  });

  describe('changes', () => {
    it('sets authority, roles and abilities, each once and in order', async () => {
      const { id } = await register(h, 'adm-change');
      const res = await patch(id, {
        authority: 100,
        roles: ['editor', 'viewer', 'editor'],
        abilities: ['WRITE', 'READ', 'WRITE'],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id,
        authority: 100,
        roles: ['editor', 'viewer'],
        abilities: ['READ', 'WRITE'],
        disabledAt: null,
      });
      const { accessToken } = await login(h, 'adm-change');
      const me = (await sendAs(h.app, 'GET', '/me', accessToken)).json() as MeReply;
      expect(me).toMatchObject({ authority: 100, access: { admin: false, roles: ['editor', 'viewer'] } });
      // Only what is given changes.
      expect((await patch(id, { abilities: [] })).json()).toMatchObject({
        authority: 100,
        roles: ['editor', 'viewer'],
        abilities: [],
      });
    });

    it('refuses unknown accounts, empty or malformed changes', async () => {
      expectError(await patch(999_999, { authority: 10 }), 404, 'not_found');
      expectError(await patch(999_999, { disabled: true }), 404, 'not_found');
      const { id } = await register(h, 'adm-bad');
      expectError(await patch(id, {}), 400, 'bad_request');
      expectError(await patch(id, { authority: 1001 }), 400, 'bad_request');
      expectError(await patch(id, { authority: -1 }), 400, 'bad_request');
      expectError(await patch(id, { abilities: ['FLY'] }), 400, 'bad_request');
      expectError(await patch(id, { roles: ['1admin'] }), 400, 'bad_request');
      expectError(await patch(id, { roles: ['a b'] }), 400, 'bad_request');
      expectError(await patch(id, { password: 'x' }), 400, 'bad_request');
      expectError(
        await sendAs(h.app, 'PATCH', '/admin/users/abc', admin.token, { authority: 1 }),
        400,
        'bad_request',
      );
    });

    it('keeps an administrator from disabling or lowering themselves, not from other changes', async () => {
      expect(expectError(await patch(admin.id, { disabled: true }), 409, 'conflict')).toBe(
        CANNOT_DISABLE_SELF,
      );
      expect(expectError(await patch(admin.id, { authority: 999 }), 409, 'conflict')).toBe(CANNOT_LOWER_SELF);
      // Nothing of a refused change is applied.
      expectError(await patch(admin.id, { roles: ['x'], authority: 100 }), 409, 'conflict');
      const self = await patch(admin.id, { authority: 1000, disabled: false, roles: ['admin'] });
      expect(self.statusCode, self.body).toBe(200);
      expect(self.json()).toMatchObject({ authority: 1000, roles: ['admin'], disabledAt: null });
      await patch(admin.id, { roles: [] });
    });

    it('lets one administrator lower or disable another', async () => {
      const other = await administrator(h, 'adm-other');
      const res = await patch(other.id, { authority: 4, disabled: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ authority: 4, disabledAt: new Date(h.clock.ms).toISOString() });
    });

    it('keeps the old authority route working', async () => {
      const { id } = await register(h, 'adm-old-route');
      const res = await sendAs(h.app, 'PATCH', `/users/${id}/authority`, admin.token, { authority: 8 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ id, authority: 8 });
    });
  });

  describe('a disabled account', () => {
    it('cannot sign in with its password, and a wrong password learns nothing', async () => {
      const { id } = await register(h, 'adm-dis-login');
      expect((await patch(id, { disabled: true })).statusCode).toBe(200);
      const refused = await signIn(h, 'adm-dis-login');
      expect(expectError(refused, 403, 'account_disabled')).toBe(ACCOUNT_DISABLED);
      expect(ACCOUNT_DISABLED).toBe('this account is disabled; contact the administrator');
      const wrong = await signIn(h, 'adm-dis-login', 'not-the-password');
      expect(expectError(wrong, 401, 'unauthorized')).toBe(WRONG_CREDENTIALS);
      const unknown = await signIn(h, 'adm-dis-nobody', 'not-the-password');
      expect(unknown.body).toBe(wrong.body);
    });

    it('loses its sessions: tokens, refresh and token login are refused at once', async () => {
      const { id } = await register(h, 'adm-dis-session');
      const session = await login(h, 'adm-dis-session');
      expect((await sendAs(h.app, 'GET', '/me', session.accessToken)).statusCode).toBe(200);
      const before = h.clock.ms;
      h.clock.advance(1000);
      expect((await patch(id, { disabled: true })).json()).toMatchObject({
        disabledAt: new Date(before + 1000).toISOString(),
      });
      expectError(await sendAs(h.app, 'GET', '/me', session.accessToken), 401, 'unauthorized');
      expectError(await sendAs(h.app, 'GET', '/equipment', session.accessToken), 401, 'unauthorized');
      const refresh = await post(h.app, '/auth/refresh', { refreshToken: session.refreshToken });
      expect(expectError(refresh, 403, 'account_disabled')).toBe(ACCOUNT_DISABLED);
      expectError(
        await post(h.app, '/auth/token-login', { token: session.accessToken }),
        401,
        'unauthorized',
      );
      const revoked = await h.storage.db
        .selectFrom('sessions')
        .select('revoked_at')
        .where('user_id', '=', id)
        .execute();
      expect(revoked.every((s) => s.revoked_at !== null)).toBe(true);
      // Disabling again keeps the first time.
      h.clock.advance(1000);
      expect((await patch(id, { disabled: true })).json()).toMatchObject({
        disabledAt: new Date(before + 1000).toISOString(),
      });
    });

    it('cannot use a token even when disabled by hand with its sessions left running', async () => {
      const { id } = await register(h, 'adm-dis-hand');
      const session = await login(h, 'adm-dis-hand');
      await h.storage.db.updateTable('users').set({ disabled_at: h.clock.ms }).where('id', '=', id).execute();
      expectError(await sendAs(h.app, 'GET', '/me', session.accessToken), 401, 'unauthorized');
      expectError(
        await post(h.app, '/auth/refresh', { refreshToken: session.refreshToken }),
        403,
        'account_disabled',
      );
    });

    it('signs in again once enabled, its password unchanged', async () => {
      const { id } = await register(h, 'adm-dis-back');
      await patch(id, { disabled: true });
      expectError(await signIn(h, 'adm-dis-back'), 403, 'account_disabled');
      expect((await patch(id, { disabled: false })).json()).toMatchObject({ disabledAt: null });
      expect((await signIn(h, 'adm-dis-back')).statusCode).toBe(200);
    });

    it('cannot recover its way back in: a new password does not enable it', async () => {
      const { id, phone } = await register(h, 'adm-dis-recover');
      await patch(id, { disabled: true });
      h.clock.advance(61_000);
      const code = await requestCode(h, { phone }, 'recover');
      const res = await post(h.app, '/auth/recover', { phone, code, password: 'another123' });
      expect(res.statusCode, res.body).toBe(204);
      expectError(await signIn(h, 'adm-dis-recover', 'another123'), 403, 'account_disabled');
    });

    it('has its live sockets signed out when it is disabled', async () => {
      await h.app.listen({ port: 0, host: '127.0.0.1' });
      const address = h.app.server.address();
      const url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws`;
      const { id } = await register(h, 'adm-dis-live');
      const { accessToken } = await login(h, 'adm-dis-live');
      const browser = await Browser.open(url);
      try {
        browser.send({ infotype: 'register', info: { token: accessToken } });
        await browser.next('register');
        expect((await patch(id, { disabled: true })).statusCode).toBe(200);
        expect(await browser.next('untoken')).toMatchObject({
          infotype: 'untoken',
          info: { reason: 'revoked' },
        });
        // Registering again with the same token is refused too.
        browser.send({ infotype: 'register', info: { token: accessToken } });
        expect(await browser.next('untoken')).toMatchObject({ info: { reason: 'invalid' } });
      } finally {
        browser.close();
      }
    });
  });
});
