/** The first-sign-in call of §4 (POST /me/first-sign-in) and the flag on GET /me, on both databases. */
import { describe, expect, it as baseIt } from 'vitest';
import { storageCases } from '../storage/test-support.js';
import { STALE_AUTHORITY } from './me-routes.js';
import { bearer, expectError, login, register, useAccountsApp } from './test-support.js';

describe.each(storageCases())('first sign-in on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store);

  const getMe = (token: string) => h.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });
  const firstSignIn = (token: string | null, payload: unknown) =>
    h.app.inject({
      method: 'POST',
      url: '/api/v1/me/first-sign-in',
      headers: token === null ? {} : bearer(token),
      payload: payload as object,
    });
  const storedTime = async (id: number) =>
    (
      await h.storage.db
        .selectFrom('users')
        .select('first_sign_in_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).first_sign_in_at;

  it('clears the flag once; a repeated call changes nothing', async () => {
    const { id } = await register(h, 'first-once');
    const { accessToken } = await login(h, 'first-once');
    expect((await getMe(accessToken)).json()).toMatchObject({ firstSignIn: true });
    expect(await storedTime(id)).toBeNull();

    const res = await firstSignIn(accessToken, { authority: 4 });
    expect(res.statusCode, res.body).toBe(204);
    expect((await getMe(accessToken)).json()).toMatchObject({ firstSignIn: false });
    const first = await storedTime(id);
    expect(typeof first).toBe('number');

    const again = await firstSignIn(accessToken, { authority: 4 });
    expect(again.statusCode).toBe(204);
    expect(await storedTime(id)).toBe(first);
    expect((await getMe(accessToken)).json()).toMatchObject({ firstSignIn: false });
  });

  it("refuses an authority that is not the account's current one", async () => {
    const { id } = await register(h, 'first-stale');
    const { accessToken } = await login(h, 'first-stale');
    // An administrator changed the level after the console read it.
    await h.storage.db.updateTable('users').set({ authority: 100 }).where('id', '=', id).execute();
    const res = await firstSignIn(accessToken, { authority: 4 });
    expect(expectError(res, 409, 'conflict')).toBe(STALE_AUTHORITY);
    expect((await getMe(accessToken)).json()).toMatchObject({ firstSignIn: true, authority: 100 });
    expect((await firstSignIn(accessToken, { authority: 100 })).statusCode).toBe(204);
    expect((await getMe(accessToken)).json()).toMatchObject({ firstSignIn: false });
  });

  it('checks the token and the body', async () => {
    await register(h, 'first-checks');
    const { accessToken } = await login(h, 'first-checks');
    expectError(await firstSignIn(null, { authority: 4 }), 401, 'unauthorized');
    expectError(await firstSignIn('not-a-token', { authority: 4 }), 401, 'unauthorized');
    expectError(await firstSignIn(accessToken, {}), 400, 'bad_request');
    expectError(await firstSignIn(accessToken, { authority: '4' }), 400, 'bad_request');
    expectError(await firstSignIn(accessToken, { authority: 4, extra: 1 }), 400, 'bad_request');
    expect((await getMe(accessToken)).json()).toMatchObject({ firstSignIn: true });
  });
});
