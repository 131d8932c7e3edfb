// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBranding, useBranding } from '../../branding/store';
import { setLanguage } from '../../i18n';
import { useMe } from '../../session/me';
import { stopRefreshTimer } from '../../session/refresh';
import { useSession } from '../../session/store';
import { errorReply, mockFetch, sampleMe, unreachable } from '../../session/test-support';
import type { Reply } from '../../session/test-support';
import LoginPage from './LoginPage';
import { buttonNamed, clickButton, renderPage } from './test-render';

/** antd forms validate asynchronously; a busy machine needs more than the default second. */
const SLOW = { timeout: 8000 };
const pair = { accessToken: 'acc-1', refreshToken: 'ref-1', registeredAt: '2026-01-05T08:00:00.000Z' };

function fill(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

const valueOf = (label: RegExp): string => (screen.getByLabelText(label) as HTMLInputElement).value;

describe('login form', { timeout: 30_000 }, () => {
  let restore = (): void => undefined;
  beforeEach(() => setLanguage('zh'));
  afterEach(() => {
    restore();
    cleanup();
    stopRefreshTimer();
    useSession.getState().clear();
    useMe.getState().setMe(null);
    resetBranding();
  });

  it('says what is missing or too short, and sends nothing', async () => {
    const mock = mockFetch({ 'GET /auth/social-providers': { body: { items: [], total: 0 } } });
    restore = mock.restore;
    renderPage(<LoginPage />, { path: '/login', route: '/login' });
    clickButton(/^登\s*录$/);
    expect(await screen.findByText('用户名不能为空', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('请输入密码', {}, SLOW)).toBeTruthy();
    fill(/密码/, '12345');
    expect(await screen.findByText('密码不能少于 6 位', {}, SLOW)).toBeTruthy();
    fill(/密码/, '123456');
    await waitFor(() => expect(screen.queryByText('密码不能少于 6 位')).toBeNull(), SLOW);
    expect(mock.calls.filter((c) => c.path === '/auth/login')).toEqual([]);
  });

  it('shows the messages in English too', async () => {
    setLanguage('en');
    const mock = mockFetch({ 'GET /auth/social-providers': { body: { items: [], total: 0 } } });
    restore = mock.restore;
    renderPage(<LoginPage />, { path: '/login', route: '/login' });
    clickButton('Sign in');
    expect(await screen.findByText('User name cannot be empty', {}, SLOW)).toBeTruthy();
  });

  it('signs in: stores the tokens, loads the user and goes to the redirect', async () => {
    const mock = mockFetch({
      'GET /auth/social-providers': { body: { items: [], total: 0 } },
      'POST /auth/login': { body: pair },
      'GET /me': { body: sampleMe({ userName: 'demo', language: 'zh' }) },
    });
    restore = mock.restore;
    renderPage(<LoginPage />, { path: '/login', route: '/login?redirect=%2Fmap%3Fzoom%3D3' });
    fill(/用户名/, 'demo');
    fill(/密码/, 'demo1234');
    clickButton(/^登\s*录$/);
    expect((await screen.findByTestId('where', {}, SLOW)).textContent).toBe('/map?zoom=3');
    expect(useSession.getState()).toMatchObject({ accessToken: 'acc-1', refreshToken: 'ref-1' });
    expect(useMe.getState().me?.userName).toBe('demo');
    const login = mock.calls.find((c) => c.path === '/auth/login');
    expect(login?.body).toEqual({ userName: 'demo', password: 'demo1234' });
    expect(mock.calls.find((c) => c.path === '/me')?.authorization).toBe('Bearer acc-1');
  });

  it('keeps the route to come back to on the way to registration (a share link)', () => {
    restore = mockFetch({ 'GET /auth/social-providers': { body: { items: [], total: 0 } } }).restore;
    renderPage(<LoginPage />, { path: '/login', route: '/login?redirect=%2Fshare%3Fcode%3DABC' });
    expect(screen.getByText('注册账号').closest('a')?.getAttribute('href')).toBe(
      '/register?redirect=%2Fshare%3Fcode%3DABC',
    );
  });

  it("puts the tenant's prefix in front of the name", async () => {
    useBranding.setState({ userNamePrefix: 'acme_' });
    const mock = mockFetch({
      'GET /auth/social-providers': { body: { items: [], total: 0 } },
      'POST /auth/login': { body: pair },
      'GET /me': { body: sampleMe({ userName: 'acme_bob' }) },
    });
    restore = mock.restore;
    renderPage(<LoginPage />, { path: '/login', route: '/login' });
    expect(screen.getByText('acme_')).toBeTruthy();
    fill(/用户名/, 'bob');
    fill(/密码/, 'secret1');
    clickButton(/^登\s*录$/);
    expect((await screen.findByTestId('where', {}, SLOW)).textContent).toBe('/');
    expect(mock.calls.find((c) => c.path === '/auth/login')?.body).toEqual({
      userName: 'acme_bob',
      password: 'secret1',
    });
  });

  it("says 'account or password wrong' and stores nothing when refused", async () => {
    const mock = mockFetch({
      'GET /auth/social-providers': { body: { items: [], total: 0 } },
      'POST /auth/login': errorReply(401, 'unauthorized', 'account or password wrong'),
    });
    restore = mock.restore;
    renderPage(<LoginPage />, { path: '/login', route: '/login' });
    fill(/用户名/, 'demo');
    fill(/密码/, 'wrong-password');
    clickButton(/^登\s*录$/);
    expect(await screen.findByText('账号或密码错误', {}, SLOW)).toBeTruthy();
    expect(useSession.getState().accessToken).toBeNull();
    expect(screen.queryByTestId('where')).toBeNull();
  });
});

describe('the demo account hint', { timeout: 30_000 }, () => {
  let restore = (): void => undefined;
  beforeEach(() => setLanguage('en'));
  afterEach(() => {
    restore();
    cleanup();
    stopRefreshTimer();
    useSession.getState().clear();
    useMe.getState().setMe(null);
    resetBranding();
    vi.restoreAllMocks();
  });

  /** The sign-in page with the server answering `GET /demo-account` with `reply`. */
  function showWith(reply: Reply) {
    const mock = mockFetch({
      'GET /auth/social-providers': { body: { items: [], total: 0 } },
      'GET /demo-account': reply,
      'POST /auth/login': { body: pair },
      'GET /me': { body: sampleMe({ userName: 'demo', language: 'en' }) },
    });
    restore = mock.restore;
    const view = renderPage(<LoginPage />, { path: '/login', route: '/login' });
    /** Resolves once the demo request has been answered and the page has drawn its outcome. */
    const settled = () =>
      waitFor(() => expect(view.client.getQueryState(['auth', 'demo-account'])?.status).not.toBe('pending'));
    return { mock, settled };
  }

  it('shows the credentials and fills the form with them; the user still signs in', async () => {
    const { mock, settled } = showWith({ body: { userName: 'demo', password: 'demo1234' } });
    expect(await screen.findByText('Demo: sign in as demo / demo1234', {}, SLOW)).toBeTruthy();
    await settled();
    expect(mock.calls.filter((c) => c.path === '/demo-account')).toEqual([
      { method: 'GET', path: '/demo-account', body: undefined, authorization: null },
    ]);

    clickButton('Use the demo account');
    expect(valueOf(/User name/)).toBe('demo');
    expect(valueOf(/Password/)).toBe('demo1234');
    expect(mock.calls.filter((c) => c.path === '/auth/login')).toEqual([]);

    clickButton('Sign in');
    expect((await screen.findByTestId('where', {}, SLOW)).textContent).toBe('/');
    expect(mock.calls.find((c) => c.path === '/auth/login')?.body).toEqual({
      userName: 'demo',
      password: 'demo1234',
    });
  });

  it('is worded in the user’s language', async () => {
    setLanguage('tc');
    showWith({ body: { userName: 'demo', password: 'demo1234' } });
    expect(await screen.findByText('示範：以 demo / demo1234 登入', {}, SLOW)).toBeTruthy();
    expect(buttonNamed('使用示範帳號')).toBeTruthy();
  });

  it.each<[string, Reply]>([
    ['the server has no demo account (404)', errorReply(404, 'not_found', 'no demo account')],
    ['the server cannot be reached', unreachable],
    ['the server fails', errorReply(500, 'internal', 'boom')],
    ['the reply is not credentials', { body: { userName: 42 } }],
  ])('shows nothing and logs nothing when %s', async (_, reply) => {
    const logged = [
      vi.spyOn(console, 'error').mockImplementation(() => undefined),
      vi.spyOn(console, 'warn').mockImplementation(() => undefined),
    ];
    const { mock, settled } = showWith(reply);
    await settled();
    expect(mock.calls.filter((c) => c.path === '/demo-account')).toHaveLength(1);
    expect(screen.queryByText(/Demo:/)).toBeNull();
    expect(screen.queryByText('Use the demo account')).toBeNull();
    expect(screen.getByText('Sign in', { selector: 'button span' })).toBeTruthy();
    for (const spy of logged) expect(spy).not.toHaveBeenCalled();
  });

  it('is not offered under a tenant prefix the demo name lacks (the name sent would differ)', async () => {
    useBranding.setState({ userNamePrefix: 'acme_' });
    const { settled } = showWith({ body: { userName: 'demo', password: 'demo1234' } });
    await settled();
    expect(screen.queryByText(/Demo:/)).toBeNull();
  });
});
