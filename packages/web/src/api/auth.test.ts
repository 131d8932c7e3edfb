// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../session/store';
import { errorReply, mockFetch } from '../session/test-support';
import * as auth from './auth';
import { ApiError } from './http';

const pair = { accessToken: 'a1', refreshToken: 'r1', registeredAt: '2026-01-05T08:00:00.000Z' };

describe('auth calls', () => {
  let restore = (): void => undefined;
  afterEach(() => {
    restore();
    useSession.getState().clear();
  });
  beforeEach(() => {
    // A stale token must never ride along on the signed-out calls.
    useSession.getState().setTokens({ accessToken: 'stale', refreshToken: 'old' });
  });

  it('signs in with POST /auth/login and no bearer', async () => {
    const mock = mockFetch({ 'POST /auth/login': { body: pair } });
    restore = mock.restore;
    await expect(auth.login('alice', 'secret123')).resolves.toEqual(pair);
    expect(mock.calls).toEqual([
      {
        method: 'POST',
        path: '/auth/login',
        body: { userName: 'alice', password: 'secret123' },
        authorization: null,
      },
    ]);
  });

  it('turns a refused sign-in into an ApiError with the server message', async () => {
    const mock = mockFetch({
      'POST /auth/login': errorReply(401, 'unauthorized', 'account or password wrong'),
    });
    restore = mock.restore;
    const error = await auth.login('alice', 'nope123').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized', message: 'account or password wrong' });
  });

  it('token login, refresh and recovery post their bodies without a bearer', async () => {
    const mock = mockFetch({
      'POST /auth/token-login': { body: pair },
      'POST /auth/refresh': { body: pair },
      'POST /auth/recover': { status: 204 },
    });
    restore = mock.restore;
    await auth.tokenLogin('link-token');
    await auth.refresh('r0');
    await expect(auth.recover({ phone: '13800000000', code: '123456', password: 'newpass' })).resolves.toBe(
      undefined,
    );
    expect(mock.calls.map((c) => [c.method, c.path, c.body, c.authorization])).toEqual([
      ['POST', '/auth/token-login', { token: 'link-token' }, null],
      ['POST', '/auth/refresh', { refreshToken: 'r0' }, null],
      ['POST', '/auth/recover', { phone: '13800000000', code: '123456', password: 'newpass' }, null],
    ]);
  });

  it('logs out by refresh token when there is one, else by bearer', async () => {
    const mock = mockFetch({ 'POST /auth/logout': { status: 204 } });
    restore = mock.restore;
    await auth.logout('r1');
    await auth.logout(null);
    expect(mock.calls.map((c) => [c.body, c.authorization])).toEqual([
      [{ refreshToken: 'r1' }, null],
      [undefined, 'Bearer stale'],
    ]);
  });

  it('asks for a code for a phone or an address with its purpose', async () => {
    const sent = { sent: true, expiresAt: '2026-01-05T08:10:00.000Z' };
    const mock = mockFetch({ 'POST /auth/verification-codes': { status: 202, body: sent } });
    restore = mock.restore;
    await expect(auth.requestCode({ phone: '13800000000' }, 'register')).resolves.toEqual(sent);
    await auth.requestCode({ email: 'ops@example.com' }, 'bind');
    expect(mock.calls.map((c) => c.body)).toEqual([
      { phone: '13800000000', purpose: 'register' },
      { email: 'ops@example.com', purpose: 'bind' },
    ]);
    expect(mock.calls.every((c) => c.authorization === null)).toBe(true);
  });

  it('registers with POST /auth/register', async () => {
    const registered = { id: 8, userName: 'bob', registeredAt: '2026-01-05T08:00:00.000Z' };
    const mock = mockFetch({ 'POST /auth/register': { status: 201, body: registered } });
    restore = mock.restore;
    const form = { userName: 'bob', password: 'secret1', phone: '13900000000', code: '654321' };
    await expect(auth.register(form)).resolves.toEqual(registered);
    expect(mock.calls[0]).toMatchObject({
      method: 'POST',
      path: '/auth/register',
      body: form,
      authorization: null,
    });
  });

  it('lists social providers and signs in with a provider code', async () => {
    const mock = mockFetch({
      'GET /auth/social-providers': { body: { items: [{ id: 'wechat', name: 'WeChat' }], total: 1 } },
      'POST /auth/social/wechat/login': { body: pair },
    });
    restore = mock.restore;
    await expect(auth.socialProviders()).resolves.toEqual([{ id: 'wechat', name: 'WeChat' }]);
    await expect(auth.socialLogin('wechat', 'c0de')).resolves.toEqual(pair);
    expect(mock.calls[1]).toMatchObject({ path: '/auth/social/wechat/login', body: { code: 'c0de' } });
  });
});
