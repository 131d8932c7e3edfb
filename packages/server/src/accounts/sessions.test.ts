/** Sign-in, token refresh, logout and token login over HTTP, on SQLite and PostgreSQL. */
import { describe, expect, it as baseIt } from 'vitest';
import { storageCases } from '../storage/test-support.js';
import { bearer, useAccountsApp, expectError, login, post, register } from './test-support.js';
import { hashToken, REFRESH_TOKEN_MS } from './tokens.js';

describe.each(storageCases())('sign-in on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store);

  describe('sign-in', () => {
    it('returns a token pair and the registration time', async () => {
      await register(h, 'login-ok');
      const session = await login(h, 'login-ok');
      expect(session.accessToken.split('.')).toHaveLength(3);
      expect(session.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(new Date(session.registeredAt).toISOString()).toBe(session.registeredAt);
      const me = await h.app.inject({
        method: 'GET',
        url: '/api/v1/me',
        headers: bearer(session.accessToken),
      });
      expect(me.json()).toMatchObject({ userName: 'login-ok' });
    });

    it('answers a wrong name and a wrong password the same way', async () => {
      await register(h, 'login-same');
      const wrongName = await post(
        h.app,
        '/auth/login',
        { userName: 'login-nobody', password: 'secret123' },
        {},
      );
      const wrongPassword = await post(h.app, '/auth/login', {
        userName: 'login-same',
        password: 'secret124',
      });
      expect(wrongName.statusCode).toBe(401);
      expect(wrongPassword.statusCode).toBe(401);
      expect(wrongName.body).toBe(wrongPassword.body);
      expect(wrongName.json()).toEqual({
        error: { code: 'unauthorized', message: 'account or password wrong' },
      });
    });
    // The limits on failed sign-ins are in login-limits.test.ts.
  });

  describe('sessions', () => {
    it('rotates refresh tokens and revokes the family when an old one comes back', async () => {
      await register(h, 'sess-rotate');
      const first = await login(h, 'sess-rotate');
      const r1 = await post(h.app, '/auth/refresh', { refreshToken: first.refreshToken });
      expect(r1.statusCode).toBe(200);
      const second = r1.json() as typeof first;
      expect(second.refreshToken).not.toBe(first.refreshToken);
      expect(second.registeredAt).toBe(first.registeredAt);

      const reuse = await post(h.app, '/auth/refresh', { refreshToken: first.refreshToken });
      expectError(reuse, 401, 'unauthorized');
      // The thief's use of the old token also ends the legitimate holder's newer token.
      expectError(
        await post(h.app, '/auth/refresh', { refreshToken: second.refreshToken }),
        401,
        'unauthorized',
      );

      const other = await login(h, 'sess-rotate');
      expect((await post(h.app, '/auth/refresh', { refreshToken: other.refreshToken })).statusCode).toBe(200);
    });

    it('refuses unknown and expired refresh tokens', async () => {
      expectError(await post(h.app, '/auth/refresh', { refreshToken: 'x'.repeat(43) }), 401, 'unauthorized');
      await register(h, 'sess-expire');
      const session = await login(h, 'sess-expire');
      h.clock.advance(REFRESH_TOKEN_MS);
      expectError(
        await post(h.app, '/auth/refresh', { refreshToken: session.refreshToken }),
        401,
        'unauthorized',
      );
    });

    it('logs out by refresh token or by bearer', async () => {
      await register(h, 'sess-logout');
      const a = await login(h, 'sess-logout');
      const byRefresh = await post(h.app, '/auth/logout', { refreshToken: a.refreshToken });
      expect(byRefresh.statusCode).toBe(204);
      expectError(await post(h.app, '/auth/refresh', { refreshToken: a.refreshToken }), 401, 'unauthorized');

      const b = await login(h, 'sess-logout');
      const byBearer = await h.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: bearer(b.accessToken),
      });
      expect(byBearer.statusCode).toBe(204);
      // Sign-out takes effect for the access token at once, and it cannot start a new session.
      const me = await h.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(b.accessToken) });
      expectError(me, 401, 'unauthorized');
      expectError(await post(h.app, '/auth/token-login', { token: b.accessToken }), 401, 'unauthorized');
      expectError(await post(h.app, '/auth/refresh', { refreshToken: b.refreshToken }), 401, 'unauthorized');

      expectError(await post(h.app, '/auth/logout', {}), 401, 'unauthorized');
      expectError(await post(h.app, '/auth/logout', {}, bearer('not.a.token')), 401, 'unauthorized');
      expect((await post(h.app, '/auth/logout', { refreshToken: 'y'.repeat(43) })).statusCode).toBe(204);
    });

    it("makes a token's session part of the token's family, so the owner's sign-out ends it", async () => {
      await register(h, 'sess-link');
      const owner = await login(h, 'sess-link');
      const linked = (
        await post(h.app, '/auth/token-login', { token: owner.accessToken })
      ).json() as typeof owner;
      const rotated = await post(h.app, '/auth/refresh', { refreshToken: linked.refreshToken });
      expect(rotated.statusCode).toBe(200);
      const link = rotated.json() as typeof owner;
      // The owner signs out with their own bearer token only.
      const out = await h.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: bearer(owner.accessToken),
      });
      expect(out.statusCode).toBe(204);
      expectError(
        await post(h.app, '/auth/refresh', { refreshToken: link.refreshToken }),
        401,
        'unauthorized',
      );
      const me = await h.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(link.accessToken) });
      expectError(me, 401, 'unauthorized');
      expectError(await post(h.app, '/auth/token-login', { token: link.accessToken }), 401, 'unauthorized');
    });

    it('ends a joined session at its refresh when a sign-out raced past it', async () => {
      const { id } = await register(h, 'sess-race');
      const owner = await login(h, 'sess-race');
      const linked = (
        await post(h.app, '/auth/token-login', { token: owner.accessToken })
      ).json() as typeof owner;
      // As a sign-out that read the family just before the joined row was written leaves it.
      await h.storage.db
        .updateTable('sessions')
        .set({ revoked_at: h.clock.ms })
        .where('user_id', '=', id)
        .where('token_hash', '!=', hashToken(linked.refreshToken))
        .execute();
      expectError(
        await post(h.app, '/auth/refresh', { refreshToken: linked.refreshToken }),
        401,
        'unauthorized',
      );
      const me = await h.app.inject({
        method: 'GET',
        url: '/api/v1/me',
        headers: bearer(linked.accessToken),
      });
      expectError(me, 401, 'unauthorized');
    });

    it('starts a new session from an access token', async () => {
      await register(h, 'sess-token');
      const session = await login(h, 'sess-token');
      const res = await post(h.app, '/auth/token-login', { token: session.accessToken });
      expect(res.statusCode).toBe(200);
      const fresh = res.json() as typeof session;
      expect(fresh.refreshToken).not.toBe(session.refreshToken);
      expect((await post(h.app, '/auth/refresh', { refreshToken: fresh.refreshToken })).statusCode).toBe(200);
      expectError(
        await post(h.app, '/auth/token-login', { token: session.refreshToken }),
        401,
        'unauthorized',
      );
      h.clock.advance(11 * 60 * 1000);
      expectError(
        await post(h.app, '/auth/token-login', { token: session.accessToken }),
        401,
        'unauthorized',
      );
    });
  });
});
