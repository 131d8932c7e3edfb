// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { get } from '../api/http';
import { queryClient } from '../app/query-client';
import { i18n, setLanguage } from '../i18n';
import { installSessionHandlers } from './handlers';
import { announceSignOut, onSignIn, onSignOut, sessionActive } from './lifecycle';
import { logout } from './logout';
import { useMe } from './me';
import { setCurrentRoute, setNavigator } from './navigation';
import { setNotifier } from './notify';
import { REFRESH_INTERVAL_MS, RETRY_AFTER_MS, refreshTimerRunning, stopRefreshTimer } from './refresh';
import { restoreSession, startSession } from './signin';
import { useSession } from './store';
import { errorReply, mockFetch, sampleMe } from './test-support';

const pair = (n: number) => ({
  accessToken: `acc-${n}`,
  refreshToken: `ref-${n}`,
  registeredAt: '2026-01-05T08:00:00.000Z',
});

/** Lets pending promise chains (fetch stand-in, listeners) settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('session', () => {
  let restore = (): void => undefined;
  const navigate = vi.fn();
  const messages: { type: string; content: string }[] = [];

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    setLanguage('zh');
    navigate.mockReset();
    messages.length = 0;
    setNavigator(navigate);
    setNotifier({ open: (m) => messages.push(m) });
    setCurrentRoute('/map?zoom=3');
  });
  afterEach(async () => {
    restore();
    stopRefreshTimer();
    await announceSignOut();
    useSession.getState().clear();
    useMe.getState().setMe(null);
    setNavigator(null);
    setNotifier(null);
    vi.useRealTimers();
  });

  it('starts: stores the tokens, loads the user, applies the language, tells the listeners', async () => {
    const mock = mockFetch({ 'GET /me': { body: sampleMe({ language: 'en' }) } });
    restore = mock.restore;
    const started = vi.fn();
    const off = onSignIn(started);
    await startSession(pair(1));
    await settle();
    off();
    expect(useSession.getState()).toMatchObject({ accessToken: 'acc-1', refreshToken: 'ref-1' });
    expect(useMe.getState().me?.userName).toBe('alice');
    expect(i18n.language).toBe('en');
    expect(started).toHaveBeenCalledWith(expect.objectContaining({ userName: 'alice' }));
    expect(sessionActive()).toBe(true);
    expect(refreshTimerRunning()).toBe(true);
  });

  it('runs a sign-in listener registered later at once, and one failing listener spares the others', async () => {
    const mock = mockFetch({ 'GET /me': { body: sampleMe() } });
    restore = mock.restore;
    const broken = onSignIn(() => {
      throw new Error('boom');
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await startSession(pair(1));
    const late = vi.fn();
    const off = onSignIn(late);
    await settle();
    expect(late).toHaveBeenCalledTimes(1);
    broken();
    off();
  });

  it('leaves no tokens behind when the user record cannot be read', async () => {
    const mock = mockFetch({ 'GET /me': errorReply(500, 'internal', 'internal error') });
    restore = mock.restore;
    await expect(startSession(pair(1))).rejects.toThrow('internal error');
    expect(useSession.getState().accessToken).toBeNull();
  });

  it('refreshes at 360 s, not before, and replaces both tokens', async () => {
    const mock = mockFetch({ 'GET /me': { body: sampleMe() }, 'POST /auth/refresh': { body: pair(2) } });
    restore = mock.restore;
    await startSession(pair(1));
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS - 1);
    expect(mock.calls.filter((c) => c.path === '/auth/refresh')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(mock.calls.filter((c) => c.path === '/auth/refresh').map((c) => c.body)).toEqual([
      { refreshToken: 'ref-1' },
    ]);
    expect(useSession.getState()).toMatchObject({ accessToken: 'acc-2', refreshToken: 'ref-2' });
    // And again 360 s after that, with the new token.
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    await settle();
    expect(mock.calls.filter((c) => c.path === '/auth/refresh').map((c) => c.body)).toEqual([
      { refreshToken: 'ref-1' },
      { refreshToken: 'ref-2' },
    ]);
  });

  it('logs out when the refresh is refused', async () => {
    const mock = mockFetch({
      'GET /me': { body: sampleMe() },
      'POST /auth/refresh': errorReply(401, 'unauthorized', 'unauthorized'),
      'POST /auth/logout': { status: 204 },
    });
    restore = mock.restore;
    const ended = vi.fn();
    const off = onSignOut(ended);
    await startSession(pair(1));
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    await settle();
    off();
    expect(useSession.getState().accessToken).toBeNull();
    expect(useMe.getState().me).toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fmap%3Fzoom%3D3', { replace: true });
    expect(refreshTimerRunning()).toBe(false);
  });

  it('keeps the session and retries when the server cannot be reached', async () => {
    let reachable = false;
    const mock = mockFetch({
      'GET /me': { body: sampleMe() },
      'POST /auth/refresh': () => (reachable ? { body: pair(2) } : errorReply(502, 'http', 'bad gateway')),
    });
    restore = mock.restore;
    await startSession(pair(1));
    await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
    await settle();
    expect(useSession.getState().accessToken).toBe('acc-1');
    reachable = true;
    await vi.advanceTimersByTimeAsync(RETRY_AFTER_MS);
    await settle();
    expect(useSession.getState().accessToken).toBe('acc-2');
  });

  it('logout ends the session on the server, forgets everything and goes to /login?redirect', async () => {
    const mock = mockFetch({
      'GET /me': { body: sampleMe() },
      'POST /auth/logout': errorReply(500, 'internal', 'x'),
    });
    restore = mock.restore;
    await startSession(pair(1));
    queryClient.setQueryData(['something'], 42);
    const ended = vi.fn();
    const off = onSignOut(ended);
    await logout();
    await settle();
    off();
    expect(mock.calls.find((c) => c.path === '/auth/logout')?.body).toEqual({ refreshToken: 'ref-1' });
    expect(useSession.getState()).toMatchObject({ accessToken: null, refreshToken: null });
    expect(useMe.getState().me).toBeNull();
    expect(queryClient.getQueryData(['something'])).toBeUndefined();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(sessionActive()).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fmap%3Fzoom%3D3', { replace: true });
  });

  it('logout from a public page goes to plain /login', async () => {
    const mock = mockFetch({ 'POST /auth/logout': { status: 204 } });
    restore = mock.restore;
    setCurrentRoute('/register');
    await logout();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it("a 401 on a call with a token says 'please log in again' and logs out once", async () => {
    installSessionHandlers();
    const mock = mockFetch({
      'GET /me': { body: sampleMe() },
      'GET /equipment': errorReply(401, 'unauthorized', 'unauthorized'),
      'POST /auth/logout': { status: 204 },
    });
    restore = mock.restore;
    await startSession(pair(1));
    await Promise.all([get('/equipment').catch(() => undefined), get('/equipment').catch(() => undefined)]);
    await settle();
    expect(messages.filter((m) => m.content === '请重新登录')).toHaveLength(1);
    expect(mock.calls.filter((c) => c.path === '/auth/logout')).toHaveLength(1);
    expect(useSession.getState().accessToken).toBeNull();
  });

  it('restores a stored session, refreshing first when the pair is due', async () => {
    const mock = mockFetch({ 'POST /auth/refresh': { body: pair(2) }, 'GET /me': { body: sampleMe() } });
    restore = mock.restore;
    useSession.getState().setTokens(pair(1));
    useSession.setState({ tokenAt: Date.now() - REFRESH_INTERVAL_MS });
    const me = await restoreSession();
    expect(me?.userName).toBe('alice');
    expect(mock.calls.map((c) => `${c.method} ${c.path} ${c.authorization}`)).toEqual([
      'POST /auth/refresh null',
      'GET /me Bearer acc-2',
    ]);
  });

  it('restores without refreshing when the pair is fresh, and signs out when the refresh is refused', async () => {
    const fresh = mockFetch({ 'GET /me': { body: sampleMe() } });
    useSession.getState().setTokens(pair(1));
    await restoreSession();
    expect(fresh.calls.map((c) => c.path)).toEqual(['/me']);
    fresh.restore();

    const refused = mockFetch({
      'POST /auth/refresh': errorReply(401, 'unauthorized', 'unauthorized'),
      'POST /auth/logout': { status: 204 },
    });
    restore = refused.restore;
    useSession.setState({ tokenAt: Date.now() - REFRESH_INTERVAL_MS - 1 });
    await expect(restoreSession()).resolves.toBeNull();
    expect(useSession.getState().accessToken).toBeNull();
  });
});
