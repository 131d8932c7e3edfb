/** Binding a phone or e-mail address to the signed-in account, and removing the e-mail, on both databases. */
import { describe, expect, it as baseIt } from 'vitest';
import { storageCases } from '../storage/test-support.js';
import { BOUND_ELSEWHERE } from './me-routes.js';
import {
  bearer,
  expectError,
  freshPhone,
  login,
  post,
  register,
  requestCode,
  useAccountsApp,
} from './test-support.js';
import { CODE_TTL_MS, MAX_CODE_ATTEMPTS, WRONG_CODE } from './verification.js';

/** Past the one-code-a-minute limit per target. */
const NEXT_CODE_MS = 61_000;

describe.each(storageCases())('binding on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store);

  /** Binds with the account's password (the test-support default) unless the payload gives one. */
  const bind = (token: string | null, payload: Record<string, unknown>) =>
    post(h.app, '/me/bind', { password: 'secret123', ...payload }, token === null ? {} : bearer(token));
  const unbindEmail = (token: string | null) =>
    h.app.inject({
      method: 'DELETE',
      url: '/api/v1/me/email',
      headers: token === null ? {} : bearer(token),
    });
  const getMe = (token: string) => h.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });

  async function user(name: string): Promise<{ id: number; phone: string; token: string }> {
    const { id, phone } = await register(h, name);
    return { id, phone, token: (await login(h, name)).accessToken };
  }

  it('binds a new phone and shows it in /me', async () => {
    const me = await user('bind-phone');
    const phone = freshPhone();
    const code = await requestCode(h, { phone }, 'bind');
    const res = await bind(me.token, { phone, code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: me.id, userName: 'bind-phone', phone, email: null });
    expect((await getMe(me.token)).json()).toEqual(res.json());
    // The code is used up.
    expect(expectError(await bind(me.token, { phone, code }), 400, 'bad_request')).toBe(WRONG_CODE);
    // Recovery now goes through the new phone.
    h.clock.advance(NEXT_CODE_MS);
    const recover = await requestCode(h, { phone }, 'recover');
    const reset = await post(h.app, '/auth/recover', { phone, code: recover, password: 'another-secret' });
    expect(reset.statusCode, reset.body).toBe(204);
    await login(h, 'bind-phone', 'another-secret');
  });

  it('asks for the current password, so a stolen access token alone cannot bind a phone', async () => {
    const me = await user('bind-password');
    const phone = freshPhone();
    const code = await requestCode(h, { phone }, 'bind');
    expectError(await bind(me.token, { phone, code, password: 'not-it' }), 403, 'forbidden');
    expectError(await post(h.app, '/me/bind', { phone, code }, bearer(me.token)), 400, 'bad_request');
    // The code was not used up by the refused attempts.
    expect((await bind(me.token, { phone, code })).statusCode).toBe(200);
  });

  it('deletes the account with the password, and everything it owned', async () => {
    const me = await user('delete-me');
    const other = await user('delete-me-not');
    const made = await post(
      h.app,
      '/equipment',
      { sn: 'DELME001', type: 'FL-R4', name: 'x' },
      bearer(me.token),
    );
    expect(made.statusCode, made.body).toBe(201);
    const del = (password: unknown) =>
      h.app.inject({
        method: 'DELETE',
        url: '/api/v1/me',
        headers: bearer(me.token),
        payload: { password } as object,
      });
    expectError(await del('wrong-one'), 403, 'forbidden');
    expectError(await del(''), 400, 'bad_request');
    expect((await del('secret123')).statusCode).toBe(204);
    expectError(await getMe(me.token), 401, 'unauthorized');
    expectError(
      await post(h.app, '/auth/login', { userName: 'delete-me', password: 'secret123' }),
      401,
      'unauthorized',
    );
    const rows = await h.storage.db
      .selectFrom('equipment')
      .select('id')
      .where('sn', '=', 'DELME001')
      .execute();
    expect(rows).toEqual([]);
    // The serial number is free again, and other accounts are untouched.
    expect(
      (await post(h.app, '/equipment', { sn: 'DELME001', type: 'FL-R4', name: 'y' }, bearer(other.token)))
        .statusCode,
    ).toBe(201);
  });

  it('binds an e-mail address in lower case and keeps the phone', async () => {
    const me = await user('bind-email');
    const code = await requestCode(h, { email: 'bind.email@example.com' }, 'bind');
    const res = await bind(me.token, { email: 'Bind.Email@Example.com', code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ phone: me.phone, email: 'bind.email@example.com' });
    expect((await getMe(me.token)).json()).toMatchObject({ email: 'bind.email@example.com' });
  });

  it('refuses a wrong code, counting the tries', async () => {
    const me = await user('bind-wrong');
    const phone = freshPhone();
    const code = await requestCode(h, { phone }, 'bind');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i += 1) {
      expect(expectError(await bind(me.token, { phone, code: wrong }), 400, 'bad_request')).toBe(WRONG_CODE);
    }
    expectError(await bind(me.token, { phone, code }), 429, 'rate_limited');
    expect((await getMe(me.token)).json()).toMatchObject({ phone: me.phone });
  });

  it('refuses an expired code', async () => {
    const me = await user('bind-expired');
    const phone = freshPhone();
    const code = await requestCode(h, { phone }, 'bind');
    h.clock.advance(CODE_TTL_MS);
    const token = (await login(h, 'bind-expired')).accessToken;
    expect(expectError(await bind(token, { phone, code }), 400, 'bad_request')).toBe(WRONG_CODE);
    expect((await getMe(token)).json()).toMatchObject({ phone: me.phone });
  });

  it('refuses a code sent for another purpose or to another target', async () => {
    const me = await user('bind-purpose');
    const phone = freshPhone();
    const registerCode = await requestCode(h, { phone }, 'register');
    expect(expectError(await bind(me.token, { phone, code: registerCode }), 400, 'bad_request')).toBe(
      WRONG_CODE,
    );
    const other = freshPhone();
    const otherCode = await requestCode(h, { phone: other }, 'bind');
    expect(expectError(await bind(me.token, { phone, code: otherCode }), 400, 'bad_request')).toBe(
      WRONG_CODE,
    );
    expect(
      expectError(
        await bind(me.token, { email: 'elsewhere@example.com', code: otherCode }),
        400,
        'bad_request',
      ),
    ).toBe(WRONG_CODE);
    expect((await getMe(me.token)).json()).toMatchObject({ phone: me.phone, email: null });
  });

  it('refuses a phone or e-mail address bound to another account with 409', async () => {
    const holder = await user('bind-holder');
    const me = await user('bind-taker');
    h.clock.advance(NEXT_CODE_MS);
    const phoneCode = await requestCode(h, { phone: holder.phone }, 'bind');
    expect(expectError(await bind(me.token, { phone: holder.phone, code: phoneCode }), 409, 'conflict')).toBe(
      BOUND_ELSEWHERE.phone,
    );

    const emailCode = await requestCode(h, { email: 'taken@example.com' }, 'bind');
    expect((await bind(holder.token, { email: 'taken@example.com', code: emailCode })).statusCode).toBe(200);
    h.clock.advance(NEXT_CODE_MS);
    const again = await requestCode(h, { email: 'taken@example.com' }, 'bind');
    expect(
      expectError(await bind(me.token, { email: 'TAKEN@example.com', code: again }), 409, 'conflict'),
    ).toBe(BOUND_ELSEWHERE.email);
    const token = (await login(h, 'bind-taker')).accessToken;
    expect((await getMe(token)).json()).toMatchObject({ phone: me.phone, email: null });
  });

  it('gives a phone to one account only when a bind and a registration race for it', async () => {
    await register(h, 'bind-race');
    const phone = freshPhone();
    const bindCode = await requestCode(h, { phone }, 'bind');
    h.clock.advance(NEXT_CODE_MS);
    const registerCode = await requestCode(h, { phone }, 'register');
    const token = (await login(h, 'bind-race')).accessToken;
    const [bound, registered] = await Promise.all([
      bind(token, { phone, code: bindCode }),
      post(h.app, '/auth/register', {
        userName: 'bind-race-2',
        password: 'secret123',
        phone,
        code: registerCode,
      }),
    ]);
    expect(
      (bound.statusCode === 200 && registered.statusCode === 409) ||
        (bound.statusCode === 409 && registered.statusCode === 201),
      `${bound.body} / ${registered.body}`,
    ).toBe(true);
    const holders = await h.storage.db.selectFrom('users').select('id').where('phone', '=', phone).execute();
    expect(holders).toHaveLength(1);
  });

  it('keeps the same phone bound when it is bound again', async () => {
    const me = await user('bind-same');
    h.clock.advance(NEXT_CODE_MS);
    const code = await requestCode(h, { phone: me.phone }, 'bind');
    const token = (await login(h, 'bind-same')).accessToken;
    const res = await bind(token, { phone: me.phone, code });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ phone: me.phone });
  });

  it('refuses bodies that are not exactly one of phone or e-mail with a code', async () => {
    const me = await user('bind-body');
    for (const payload of [
      {},
      { code: '123456' },
      { phone: freshPhone() },
      { phone: freshPhone(), email: 'both@example.com', code: '123456' },
      { phone: '23800000000', code: '123456' },
      { email: 'not-an-address', code: '123456' },
      { phone: freshPhone(), code: '12345' },
      { phone: freshPhone(), code: '123456', purpose: 'bind' },
    ]) {
      expectError(await bind(me.token, payload), 400, 'bad_request');
    }
  });

  it('removes the e-mail address, keeps the phone, and frees the address', async () => {
    const me = await user('unbind-email');
    const code = await requestCode(h, { email: 'freed@example.com' }, 'bind');
    expect((await bind(me.token, { email: 'freed@example.com', code })).statusCode).toBe(200);
    const res = await unbindEmail(me.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: me.id, phone: me.phone, email: null });
    expect((await getMe(me.token)).json()).toEqual(res.json());
    expect((await unbindEmail(me.token)).json()).toEqual(res.json());

    const other = await user('unbind-other');
    h.clock.advance(NEXT_CODE_MS);
    const again = await requestCode(h, { email: 'freed@example.com' }, 'bind');
    const token = (await login(h, 'unbind-other')).accessToken;
    const rebound = await bind(token, { email: 'freed@example.com', code: again });
    expect(rebound.statusCode, rebound.body).toBe(200);
    expect(rebound.json()).toMatchObject({ id: other.id, email: 'freed@example.com' });
  });

  it('needs a bearer token', async () => {
    const phone = freshPhone();
    const code = await requestCode(h, { phone }, 'bind');
    expectError(await bind(null, { phone, code }), 401, 'unauthorized');
    expectError(await unbindEmail(null), 401, 'unauthorized');
    expectError(await bind('x.y.z', { phone, code }), 401, 'unauthorized');
    const holders = await h.storage.db.selectFrom('users').select('id').where('phone', '=', phone).execute();
    expect(holders).toHaveLength(0);
  });
});
