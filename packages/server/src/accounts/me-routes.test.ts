/** The user's own account, bearer checks and the admin-only authority change, on both databases. */
import { SignJWT } from 'jose';
import { describe, expect, it as baseIt } from 'vitest';
import { storageCases } from '../storage/test-support.js';
import { PARAM_DEFAULTS } from './preferences.js';
import {
  bearer,
  useAccountsApp,
  expectError,
  login,
  post,
  register,
  STORED_PARAM,
  STORED_PARAM_READ,
} from './test-support.js';

describe.each(storageCases())('me on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store);

  const getMe = (token: string) => h.app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(token) });
  const patchMe = (token: string, payload: unknown) =>
    h.app.inject({ method: 'PATCH', url: '/api/v1/me', headers: bearer(token), payload: payload as object });

  it('shows the account with defaults filled in', async () => {
    const { id, phone } = await register(h, 'me-show');
    const { accessToken, registeredAt } = await login(h, 'me-show');
    const res = await getMe(accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id,
      userName: 'me-show',
      authority: 4,
      phone,
      email: null,
      language: 'zh',
      city: null,
      param: PARAM_DEFAULTS,
      cameraParam: null,
      chartFilters: {},
      registeredAt,
      firstSignIn: true,
      access: { admin: false, roles: [], abilities: ['READ', 'WRITE', 'OPR', 'DELETE'] },
    });
  });

  it('fills defaults over a damaged stored param', async () => {
    const { id } = await register(h, 'me-damaged');
    await h.storage.db
      .updateTable('users')
      .set({ param: '{"Sleep_begin": 5000, "en_openall": false, "info": 3', chart_filters: '[1]' })
      .where('id', '=', id)
      .execute();
    const { accessToken } = await login(h, 'me-damaged');
    expect((await getMe(accessToken)).json()).toMatchObject({ param: PARAM_DEFAULTS, chartFilters: {} });
    await h.storage.db
      .updateTable('users')
      .set({ param: '{"Sleep_begin": 5000, "en_openall": false, "info": 3}' })
      .where('id', '=', id)
      .execute();
    expect((await getMe(accessToken)).json().param).toEqual({ ...PARAM_DEFAULTS, openAllButton: false });
  });

  it('gives a param stored under the specification names under the domain names', async () => {
    const { id } = await register(h, 'me-stored');
    await h.storage.db
      .updateTable('users')
      .set({ param: JSON.stringify(STORED_PARAM) })
      .where('id', '=', id)
      .execute();
    const { accessToken } = await login(h, 'me-stored');
    expect((await getMe(accessToken)).json().param).toEqual(STORED_PARAM_READ);
  });

  it('edits language, city, param, camera account and chart filters', async () => {
    const { id } = await register(h, 'me-edit');
    const { accessToken } = await login(h, 'me-edit');
    const res = await patchMe(accessToken, {
      language: 'tc',
      city: '101010100',
      param: { quietHours: { enabled: true, start: 1200 }, alarm: { repeat: 3 } },
      cameraParam: { appKey: 'k', appSecret: 's' },
      chartFilters: { '12': ['AI1', 'AI2'], '13': ['DO1'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      language: 'tc',
      city: '101010100',
      param: {
        ...PARAM_DEFAULTS,
        quietHours: { enabled: true, start: 1200, end: 481 },
        alarm: { repeat: 3, sound: 0 },
      },
      cameraParam: { appKey: 'k', appSecret: 's', appType: 'hk' },
      chartFilters: { '12': ['AI1', 'AI2'], '13': ['DO1'] },
    });

    const second = await patchMe(accessToken, {
      param: { alarm: { sound: 2 }, confirmOperations: true, consoleSettings: { rows: 20 } },
      chartFilters: { '12': null, '14': [] },
      city: null,
      cameraParam: null,
    });
    expect(second.json()).toMatchObject({
      city: null,
      cameraParam: null,
      param: {
        quietHours: { enabled: true, start: 1200, end: 481 },
        confirmOperations: true,
        alarm: { repeat: 3, sound: 2 },
        consoleSettings: { rows: 20 },
      },
      chartFilters: { '13': ['DO1'], '14': [] },
    });
    expect((await getMe(accessToken)).json()).toEqual(second.json());

    // The store keeps the specification's names, so existing databases read as before.
    const row = await h.storage.db
      .selectFrom('users')
      .select('param')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.param)).toEqual({
      Sleep_Enable: true,
      Sleep_begin: 1200,
      Sleep_end: 481,
      en_openall: true,
      en_closeall: true,
      en_oprall_Confirm: true,
      en_opr_sec: true,
      sec_confirm: false,
      en_google: false,
      info: { alarm: { alarmtype: 3, alarmsound: 2 }, cfg: { rows: 20 } },
    });
  });

  it('rejects unknown fields, authority and out-of-range values', async () => {
    await register(h, 'me-reject');
    const { accessToken } = await login(h, 'me-reject');
    for (const payload of [
      { authority: 1000 },
      { nickname: 'x' },
      { language: 'fr' },
      { param: { quietHours: { start: 1440 } } },
      { param: { quietHours: { enabled: 'yes' } } },
      { param: { quietHours: true } },
      { param: { extra: 1 } },
      { param: { alarm: { repeat: 6 } } },
      { param: { alarm: { sound: 10 } } },
      { param: { alarm: { volume: 1 } } },
      { cameraParam: { appKey: 'k', token: 'x' } },
      { chartFilters: { abc: ['AI1'] } },
      { chartFilters: { '1': 'AI1' } },
    ]) {
      expectError(await patchMe(accessToken, payload), 400, 'bad_request');
    }
    expect((await getMe(accessToken)).json()).toMatchObject({ authority: 4, language: 'zh' });
  });

  it('refuses the specification names in a patch and names the field to send', async () => {
    await register(h, 'me-spec-names');
    const { accessToken } = await login(h, 'me-spec-names');
    const cases: [unknown, string][] = [
      [{ Sleep_Enable: true }, '"Sleep_Enable" is a storage name, send quietHours.enabled instead'],
      [{ Sleep_begin: 1200 }, '"Sleep_begin" is a storage name, send quietHours.start instead'],
      [{ en_opr_sec: true, sec_confirm: true }, 'send confirmOperations instead; "sec_confirm"'],
      [{ info: { alarm: { alarmtype: 3 } } }, '"info" is a storage name'],
      [{ alarm: { alarmtype: 3 } }, 'body.param.alarm: "alarmtype" is a storage name, send repeat instead'],
    ];
    for (const [param, message] of cases) {
      const res = await patchMe(accessToken, { param });
      expectError(res, 400, 'bad_request');
      expect((res.json() as { error: { message: string } }).error.message).toContain(message);
    }
    expect((await getMe(accessToken)).json().param).toEqual(PARAM_DEFAULTS);
  });

  it('checks the bearer token', async () => {
    const { id } = await register(h, 'me-bearer');
    const session = await login(h, 'me-bearer');
    const noHeader = await h.app.inject({ method: 'GET', url: '/api/v1/me' });
    expectError(noHeader, 401, 'unauthorized');
    for (const authorization of [
      'Basic abc',
      'Bearer',
      'Bearer a b',
      `Bearer ${session.accessToken}.x`,
      'Bearer x.y.z',
    ]) {
      const res = await h.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization } });
      expectError(res, 401, 'unauthorized');
    }
    expectError(await getMe(session.refreshToken), 401, 'unauthorized');

    const foreign = await new SignJWT({ typ: 'access', fam: 'f' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(id))
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new Uint8Array(32));
    expectError(await getMe(foreign), 401, 'unauthorized');
    const notAccess = await new SignJWT({ typ: 'refresh', fam: 'f' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(id))
      .setIssuedAt(Math.floor(h.clock.ms / 1000))
      .setExpirationTime(Math.floor(h.clock.ms / 1000) + 600)
      .sign(h.jwtKey);
    expectError(await getMe(notAccess), 401, 'unauthorized');

    expect((await getMe(session.accessToken)).statusCode).toBe(200);
    const lowerCase = await h.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `bearer  ${session.accessToken}` },
    });
    expect(lowerCase.statusCode).toBe(200);
    h.clock.advance(9 * 60 * 1000);
    expect((await getMe(session.accessToken)).statusCode).toBe(200);
    h.clock.advance(60 * 1000);
    expectError(await getMe(session.accessToken), 401, 'unauthorized');
  });

  it('refuses the token of a deleted account', async () => {
    const { id } = await register(h, 'me-deleted');
    const { accessToken } = await login(h, 'me-deleted');
    await h.storage.db.deleteFrom('users').where('id', '=', id).execute();
    expectError(await getMe(accessToken), 401, 'unauthorized');
  });

  it('changes the password and ends the other sessions', async () => {
    await register(h, 'me-password', 'first-secret');
    const here = await login(h, 'me-password', 'first-secret');
    const elsewhere = await login(h, 'me-password', 'first-secret');
    const change = (payload: unknown) =>
      h.app.inject({
        method: 'PATCH',
        url: '/api/v1/me/password',
        headers: bearer(here.accessToken),
        payload: payload as object,
      });
    expectError(
      await change({ currentPassword: 'wrong-secret', newPassword: 'second-secret' }),
      403,
      'forbidden',
    );
    expectError(await change({ currentPassword: 'first-secret', newPassword: '12345' }), 400, 'bad_request');
    expect((await change({ currentPassword: 'first-secret', newPassword: 'second-secret' })).statusCode).toBe(
      204,
    );
    expectError(
      await post(h.app, '/auth/refresh', { refreshToken: elsewhere.refreshToken }),
      401,
      'unauthorized',
    );
    expectError(await getMe(elsewhere.accessToken), 401, 'unauthorized');
    expect((await getMe(here.accessToken)).statusCode).toBe(200);
    expect((await post(h.app, '/auth/refresh', { refreshToken: here.refreshToken })).statusCode).toBe(200);
    await login(h, 'me-password', 'second-secret');
  });

  it('counts password checks with a stolen access token like sign-ins, so they cannot be guessed', async () => {
    await register(h, 'me-guess', 'first-secret');
    const { accessToken } = await login(h, 'me-guess', 'first-secret');
    const change = (currentPassword: string) =>
      h.app.inject({
        method: 'PATCH',
        url: '/api/v1/me/password',
        headers: bearer(accessToken),
        payload: { currentPassword, newPassword: 'thief-secret' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await change(`guess-${i}`)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([403, 403, 403, 403, 403]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    // Even the right password is not checked until the window has passed.
    const right = await change('first-secret');
    expectError(right, 429, 'rate_limited');
    expect(right.headers['retry-after']).toMatch(/^\d+$/);
    const deleted = await h.app.inject({
      method: 'DELETE',
      url: '/api/v1/me',
      headers: bearer(accessToken),
      payload: { password: 'first-secret' },
    });
    expectError(deleted, 429, 'rate_limited');
  });

  it('lets only administrators change authority levels', async () => {
    const admin = await register(h, 'me-admin');
    const target = await register(h, 'me-target');
    await h.storage.db.updateTable('users').set({ authority: 1000 }).where('id', '=', admin.id).execute();
    const adminToken = (await login(h, 'me-admin')).accessToken;
    const userToken = (await login(h, 'me-target')).accessToken;
    const setAuthority = (token: string, id: number | string, payload: unknown) =>
      h.app.inject({
        method: 'PATCH',
        url: `/api/v1/users/${id}/authority`,
        headers: bearer(token),
        payload: payload as object,
      });

    expectError(await setAuthority(userToken, target.id, { authority: 1000 }), 403, 'forbidden');
    expectError(await setAuthority(userToken, admin.id, { authority: 0 }), 403, 'forbidden');
    const ok = await setAuthority(adminToken, target.id, { authority: 100 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id: target.id, authority: 100 });
    // The level is read per request, so the same token sees the change at once.
    expect((await getMe(userToken)).json()).toMatchObject({ authority: 100 });
    expectError(await setAuthority(userToken, target.id, { authority: 1000 }), 403, 'forbidden');

    expectError(await setAuthority(adminToken, 999_999, { authority: 5 }), 404, 'not_found');
    expectError(await setAuthority(adminToken, 'abc', { authority: 5 }), 400, 'bad_request');
    expectError(await setAuthority(adminToken, target.id, { authority: 1001 }), 400, 'bad_request');
    expectError(await setAuthority(adminToken, target.id, { authority: 5, extra: 1 }), 400, 'bad_request');
    const anonymous = await h.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${target.id}/authority`,
      payload: { authority: 5 },
    });
    expectError(anonymous, 401, 'unauthorized');
  });
});
