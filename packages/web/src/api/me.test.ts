// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../session/store';
import { mockFetch, sampleMe } from '../session/test-support';
import * as me from './me';

describe('me calls', () => {
  let restore = (): void => undefined;
  beforeEach(() => useSession.getState().setTokens({ accessToken: 'tok', refreshToken: 'ref' }));
  afterEach(() => {
    restore();
    useSession.getState().clear();
  });

  it('reads the record with the bearer', async () => {
    const mock = mockFetch({ 'GET /me': { body: sampleMe() } });
    restore = mock.restore;
    await expect(me.fetchMe()).resolves.toEqual(sampleMe());
    expect(mock.calls).toEqual([
      { method: 'GET', path: '/me', body: undefined, authorization: 'Bearer tok' },
    ]);
  });

  it('patches only the fields given', async () => {
    const mock = mockFetch({ 'PATCH /me': () => ({ body: sampleMe({ language: 'en' }) }) });
    restore = mock.restore;
    const reply = await me.updateMe({ language: 'en', param: { alarm: { repeat: 3 } } });
    expect(reply.language).toBe('en');
    expect(mock.calls[0]).toEqual({
      method: 'PATCH',
      path: '/me',
      body: { language: 'en', param: { alarm: { repeat: 3 } } },
      authorization: 'Bearer tok',
    });
  });

  it('makes the first-sign-in call with the authority held', async () => {
    const mock = mockFetch({ 'POST /me/first-sign-in': { status: 204 } });
    restore = mock.restore;
    await expect(me.confirmFirstSignIn(4)).resolves.toBeUndefined();
    expect(mock.calls).toEqual([
      { method: 'POST', path: '/me/first-sign-in', body: { authority: 4 }, authorization: 'Bearer tok' },
    ]);
  });

  it('changes the password, binds, removes the e-mail address', async () => {
    const mock = mockFetch({
      'PATCH /me/password': { status: 204 },
      'POST /me/bind': { body: sampleMe({ phone: '13900000001' }) },
      'DELETE /me/email': { body: sampleMe() },
    });
    restore = mock.restore;
    await me.changePassword('old-secret', 'new-secret');
    await me.bind({ phone: '13900000001', code: '123456', password: 'pw1234' });
    await me.removeEmail();
    expect(mock.calls.map((c) => [c.method, c.path, c.body, c.authorization])).toEqual([
      ['PATCH', '/me/password', { currentPassword: 'old-secret', newPassword: 'new-secret' }, 'Bearer tok'],
      ['POST', '/me/bind', { phone: '13900000001', code: '123456', password: 'pw1234' }, 'Bearer tok'],
      ['DELETE', '/me/email', undefined, 'Bearer tok'],
    ]);
  });

  it('lists, links and unlinks social identities', async () => {
    const link = { provider: 'qq', externalId: 'x', linkedAt: '2026-01-05T08:00:00.000Z' };
    const mock = mockFetch({
      'GET /me/social': { body: { items: [link], total: 1 } },
      'POST /me/social/qq': { body: link },
      'DELETE /me/social/qq': { status: 204 },
    });
    restore = mock.restore;
    await expect(me.socialLinks()).resolves.toEqual([link]);
    await expect(me.linkSocial('qq', 'c')).resolves.toEqual(link);
    await me.unlinkSocial('qq');
    expect(mock.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /me/social',
      'POST /me/social/qq',
      'DELETE /me/social/qq',
    ]);
  });
});
