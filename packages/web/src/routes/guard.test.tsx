// @vitest-environment jsdom
/**
 * The guard component carrying out its decisions in a router: login links (token, user name and
 * password, a failure with and without redirect_uri), the sign-in redirect and /403.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../app/query-client';
import { resetBranding, useBranding } from '../branding/store';
import ForbiddenPage from '../features/errors/ForbiddenPage';
import { Where } from '../features/auth/test-render';
import { i18n, setLanguage } from '../i18n';
import zhAuth from '../locales/zh/auth';
import zhShell from '../locales/zh/shell';
import { announceSignOut, onSignOut } from '../session/lifecycle';
import { useMe } from '../session/me';
import { setNavigator } from '../session/navigation';
import { setNotifier } from '../session/notify';
import { stopRefreshTimer } from '../session/refresh';
import { SESSION_STORAGE_KEY, useSession } from '../session/store';
import { errorReply, mockFetch, sampleMe } from '../session/test-support';
import type { Routes } from '../session/test-support';
import { installDomStubs } from '../shell/test-support';
import RouteGuard from './guard';
import type * as Table from './table';

// Every route of today's table needs level 0; a page for managers shows the /403 branch.
vi.mock('./table', async (importOriginal) => {
  const actual = await importOriginal<typeof Table>();
  const routes: readonly Table.RouteEntry[] = [
    ...actual.routes,
    { path: '/manage', titleKey: 'shell.routes.system', level: 100 },
  ];
  return { ...actual, routes, flatten: (entries = routes) => actual.flatten(entries) };
});

const SLOW = { timeout: 8000 };
const PAIR = { accessToken: 'acc-l', refreshToken: 'ref-l', registeredAt: '2026-01-05T08:00:00.000Z' };
const DEFAULT_BRAND = {
  key: 'default',
  logo: '',
  loginTitleImage: '',
  pageTitle: '',
  userNamePrefix: '',
  redirectAllow: [],
};

function show(route: string) {
  const router = createMemoryRouter(
    [
      {
        element: <RouteGuard />,
        children: [
          { path: '/403', element: <ForbiddenPage /> },
          { path: '*', element: <Where /> },
        ],
      },
    ],
    { initialEntries: [route] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </I18nextProvider>,
  );
  return router;
}

/**
 * Waits for a condition on real intervals. With setTimeout faked, Testing Library's async queries
 * cannot be used: they wait on a setTimeout of their own.
 */
async function until(condition: () => boolean, ms = 8000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('the condition was not met in time');
    await new Promise<void>((resolve) => {
      const id = setInterval(() => {
        clearInterval(id);
        resolve();
      }, 20);
    });
  }
}

const where = async () => (await screen.findByTestId('where', {}, SLOW)).textContent;

describe('the navigation guard', { timeout: 30_000 }, () => {
  let restore = (): void => undefined;
  const serve = (routes: Routes) => {
    const mock = mockFetch({ 'GET /branding': { body: DEFAULT_BRAND }, ...routes });
    restore = mock.restore;
    return mock;
  };
  const linkCalls = (calls: ReturnType<typeof serve>['calls']) =>
    calls.filter((c) => c.path.startsWith('/auth/'));

  beforeAll(installDomStubs);
  beforeEach(() => {
    setLanguage('zh');
    resetBranding();
  });
  afterEach(async () => {
    cleanup();
    restore();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    stopRefreshTimer();
    await announceSignOut();
    useSession.getState().clear();
    useMe.getState().setMe(null);
    setNavigator(null);
    setNotifier(null);
    queryClient.clear();
  });

  describe('login links', () => {
    it('?token= clears the cache, signs in by token, stores the session and lands without the link', async () => {
      const mock = serve({
        'POST /auth/token-login': { body: PAIR },
        'GET /me': { body: sampleMe({ userName: 'linked' }) },
      });
      queryClient.setQueryData(['left', 'over'], 42);
      const router = show('/map?token=tok-1&zoom=3');
      expect(await where()).toBe('/map?zoom=3');
      expect(router.state.historyAction).toBe('REPLACE');
      expect(linkCalls(mock.calls).map((c) => [c.method, c.path, c.body, c.authorization])).toEqual([
        ['POST', '/auth/token-login', { token: 'tok-1' }, null],
      ]);
      expect(useSession.getState()).toMatchObject({ accessToken: 'acc-l', refreshToken: 'ref-l' });
      expect(localStorage.getItem(SESSION_STORAGE_KEY)).toContain('"accessToken":"acc-l"');
      expect(useMe.getState().me?.userName).toBe('linked');
      expect(mock.calls.find((c) => c.path === '/me')?.authorization).toBe('Bearer acc-l');
      expect(queryClient.getQueryData(['left', 'over'])).toBeUndefined();
    });

    it('with a session here, a token link asks first; confirmed, it ends that session and signs in', async () => {
      const mock = serve({
        'POST /auth/token-login': { body: PAIR },
        'POST /auth/logout': { status: 204 },
        'GET /me': { body: sampleMe({ userName: 'linked' }) },
      });
      useSession.getState().setTokens({ accessToken: 'acc-old', refreshToken: 'ref-old' });
      useMe.getState().setMe(sampleMe({ userName: 'previous' }));
      // The token each sign-out listener sees: the old session is gone by the time they run.
      const ended: (string | null)[] = [];
      const off = onSignOut(() => void ended.push(useSession.getState().accessToken));
      show('/system?token=tok-2');
      expect(await screen.findByText(zhAuth.linkSwitch.title, {}, SLOW)).toBeTruthy();
      expect(screen.getByText(zhAuth.linkSwitch.content.replaceAll('{{name}}', 'previous'))).toBeTruthy();
      // Nothing happens until the user answers.
      expect(linkCalls(mock.calls)).toEqual([]);
      expect(useSession.getState().accessToken).toBe('acc-old');
      await act(async () => {
        screen
          .getByRole('button', { name: zhAuth.linkSwitch.continue.replace('{{name}}', 'previous') })
          .click();
      });
      expect(await where()).toBe('/system');
      off();
      expect(ended).toEqual([null]);
      expect(linkCalls(mock.calls).map((c) => [c.method, c.path, c.body, c.authorization])).toEqual([
        ['POST', '/auth/logout', { refreshToken: 'ref-old' }, null],
        ['POST', '/auth/token-login', { token: 'tok-2' }, null],
      ]);
      expect(useSession.getState()).toMatchObject({ accessToken: 'acc-l', refreshToken: 'ref-l' });
      expect(useMe.getState().me?.userName).toBe('linked');
    });

    it('with a session here, staying keeps the account and drops the link', async () => {
      const mock = serve({ 'POST /auth/token-login': { body: PAIR }, 'GET /me': { body: sampleMe() } });
      useSession.getState().setTokens({ accessToken: 'acc-old', refreshToken: 'ref-old' });
      useMe.getState().setMe(sampleMe({ userName: 'previous' }));
      show('/system?token=tok-3&userName=u&userPasswd=p&tab=1');
      await screen.findByText(zhAuth.linkSwitch.title, {}, SLOW);
      await act(async () => {
        screen.getByRole('button', { name: zhAuth.linkSwitch.stay.replace('{{name}}', 'previous') }).click();
      });
      expect(await where()).toBe('/system?tab=1');
      expect(linkCalls(mock.calls)).toEqual([]);
      expect(useSession.getState().accessToken).toBe('acc-old');
      expect(useMe.getState().me?.userName).toBe('previous');
    });

    it('?userName=&userPasswd= signs in by user, the name as given, and lands on the path', async () => {
      useBranding.setState({ userNamePrefix: 'acme_', loaded: true });
      const mock = serve({
        'GET /branding': { body: { ...DEFAULT_BRAND, key: 'acme', userNamePrefix: 'acme_' } },
        'POST /auth/login': { body: PAIR },
        'GET /me': { body: sampleMe({ userName: 'demo' }) },
      });
      show('/Equips?userName=demo&userPasswd=demo1234&tab=2');
      expect(await where()).toBe('/Equips?tab=2');
      expect(linkCalls(mock.calls).map((c) => [c.method, c.path, c.body, c.authorization])).toEqual([
        ['POST', '/auth/login', { userName: 'demo', password: 'demo1234' }, null],
      ]);
      expect(useSession.getState().accessToken).toBe('acc-l');
    });

    it('a redirect_uri to an origin the server does not allow is not left for', async () => {
      serve({ 'POST /auth/token-login': errorReply(401, 'unauthorized', 'token is wrong or expired') });
      show('/map?token=bad&redirect_uri=https%3A%2F%2Fevil.example%2F');
      expect(await where()).toBe('/login?redirect=%2Fmap');
      expect(await screen.findByText(zhAuth.messages.tokenInvalid, {}, SLOW)).toBeTruthy();
    });

    it('a wrong token says so and goes to /login, coming back to the page', async () => {
      serve({ 'POST /auth/token-login': errorReply(401, 'unauthorized', 'token is wrong or expired') });
      show('/map?token=bad&zoom=3');
      expect(await where()).toBe('/login?redirect=%2Fmap%3Fzoom%3D3');
      expect(await screen.findByText(zhAuth.messages.tokenInvalid, {}, SLOW)).toBeTruthy();
      expect(useSession.getState().accessToken).toBeNull();
      expect(localStorage.getItem(SESSION_STORAGE_KEY)).toContain('"accessToken":null');
    });

    it('a wrong name or password says sign-in failed and goes to /login', async () => {
      serve({ 'POST /auth/login': errorReply(401, 'unauthorized', 'account or password wrong') });
      show('/history?userName=demo&userPasswd=wrong-one');
      expect(await where()).toBe('/login?redirect=%2Fhistory');
      expect(await screen.findByText(zhAuth.messages.linkLoginFailed, {}, SLOW)).toBeTruthy();
    });

    it('with a redirect_uri a failure says so and leaves for it after 3 s, not before', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const assign = vi.fn();
      const { href, origin, protocol, host, hostname, port, pathname, search, hash } = window.location;
      vi.stubGlobal('location', {
        href,
        origin,
        protocol,
        host,
        hostname,
        port,
        pathname,
        search,
        hash,
        assign,
      });
      serve({
        'GET /branding': { body: { ...DEFAULT_BRAND, redirectAllow: ['https://portal.example'] } },
        'POST /auth/login': errorReply(401, 'unauthorized', 'account or password wrong'),
      });
      const router = show(
        '/Equips?userName=demo&userPasswd=wrong-one&redirect_uri=https%3A%2F%2Fportal.example%2Fhome',
      );
      // The 3 s timer (§9) is set as the message is given.
      await until(() => screen.queryByText(zhAuth.messages.linkLoginLeaving) !== null);
      act(() => vi.advanceTimersByTime(2999));
      expect(assign).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(1));
      expect(assign).toHaveBeenCalledExactlyOnceWith('https://portal.example/home');
      // It leaves the console instead of going to /login.
      expect(router.state.location.pathname).toBe('/Equips');
      expect(screen.queryByTestId('where')).toBeNull();
    });
  });

  describe('routes', () => {
    it('signed out, a protected page goes to /login?redirect=<the page>', async () => {
      serve({});
      show('/map?zoom=3');
      expect(await where()).toBe('/login?redirect=%2Fmap%3Fzoom%3D3');
    });

    it('signed out, /403 is no public page: it goes to /login too', async () => {
      serve({});
      show('/403');
      expect(await where()).toBe('/login?redirect=%2F403');
      expect(screen.queryByText(zhShell.errors.forbidden)).toBeNull();
    });

    it('signed in, a page above the level goes to /403, which shows the forbidden page', async () => {
      serve({ 'GET /me': { body: sampleMe({ authority: 4 }) } });
      useSession.getState().setTokens(PAIR);
      const router = show('/manage');
      expect(await screen.findByText(zhShell.errors.forbidden, {}, SLOW)).toBeTruthy();
      expect(router.state.location.pathname).toBe('/403');
    });

    it('signed in, the level that reaches the page sees it', async () => {
      serve({ 'GET /me': { body: sampleMe({ authority: 100 }) } });
      useSession.getState().setTokens(PAIR);
      show('/manage');
      expect(await where()).toBe('/manage');
    });

    it('signed in at the lowest level, /403 itself is shown', async () => {
      serve({ 'GET /me': { body: sampleMe({ authority: 0 }) } });
      useSession.getState().setTokens(PAIR);
      const router = show('/403');
      expect(await screen.findByText(zhShell.errors.forbidden, {}, SLOW)).toBeTruthy();
      expect(router.state.location.pathname).toBe('/403');
    });
  });
});
