// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import en from '../../locales/en/auth';
import zh from '../../locales/zh/auth';
import { announceSignOut } from '../../session/lifecycle';
import { useMe } from '../../session/me';
import { stopRefreshTimer } from '../../session/refresh';
import { useSession } from '../../session/store';
import { errorReply, mockFetch, sampleMe } from '../../session/test-support';
import { installDomStubs } from '../../shell/test-support';
import CallbackPage from './CallbackPage';
import { SOCIAL_STORAGE_KEY } from './social';
import type { SocialMode } from './social';
import { clickButton, renderPage } from './test-render';

const SLOW = { timeout: 8000 };
const PAIR = { accessToken: 'acc-s', refreshToken: 'ref-s', registeredAt: '2026-01-05T08:00:00.000Z' };

/** What the sign-in page keeps before leaving for the provider. */
function pending(state: string, mode: SocialMode = 'login', redirect = '/map') {
  sessionStorage.setItem(SOCIAL_STORAGE_KEY, JSON.stringify({ state, provider: 'wechat', mode, redirect }));
}

// Each code is exchanged once per page load: every test uses its own.
const show = (code: string, state: string) =>
  renderPage(<CallbackPage />, { path: '/callback', route: `/callback?code=${code}&state=${state}` });

describe('social sign-in return (/callback)', { timeout: 30_000 }, () => {
  let restore = (): void => undefined;
  beforeAll(installDomStubs);
  beforeEach(() => setLanguage('zh'));
  afterEach(async () => {
    restore();
    cleanup();
    stopRefreshTimer();
    await announceSignOut();
    useSession.getState().clear();
    useMe.getState().setMe(null);
    sessionStorage.clear();
  });

  it('signs in with the code, says welcome and goes on to the page it came from', async () => {
    const mock = mockFetch({
      'POST /auth/social/wechat/login': { body: PAIR },
      'GET /me': { body: sampleMe({ userName: 'alice' }) },
    });
    restore = mock.restore;
    pending('st-1');
    show('code-1', 'st-1');
    expect((await screen.findByTestId('where', {}, SLOW)).textContent).toBe('/map');
    expect(screen.getByText(zh.messages.loginSucceeded.replace('{{name}}', 'alice'))).toBeTruthy();
    expect(useSession.getState()).toMatchObject({ accessToken: 'acc-s', refreshToken: 'ref-s' });
    expect(mock.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/auth/social/wechat/login', { code: 'code-1' }],
      ['GET', '/me', undefined],
    ]);
    expect(sessionStorage.getItem(SOCIAL_STORAGE_KEY)).toBeNull();
  });

  it('says the provider refused the code, stores nothing and offers the way back to /login', async () => {
    const mock = mockFetch({
      'POST /auth/social/wechat/login': errorReply(401, 'unauthorized', 'social sign-in failed'),
    });
    restore = mock.restore;
    pending('st-2');
    show('code-2', 'st-2');
    expect(await screen.findByText(zh.errors.socialFailed, {}, SLOW)).toBeTruthy();
    expect(useSession.getState().accessToken).toBeNull();
    clickButton(zh.actions.backToLogin);
    expect((await screen.findByTestId('where', {}, SLOW)).textContent).toBe('/login');
  });

  it('an identity linked to no account says so, with the hint to link it (in English)', async () => {
    setLanguage('en');
    const mock = mockFetch({
      'POST /auth/social/wechat/login': errorReply(
        404,
        'not_found',
        'no account is linked to this identity; sign in and link it first',
      ),
    });
    restore = mock.restore;
    pending('st-3');
    show('code-3', 'st-3');
    expect(await screen.findByText(en.errors.socialNotLinked, {}, SLOW)).toBeTruthy();
    expect(screen.getByText(en.messages.socialLinkHint)).toBeTruthy();
  });

  it("a sign-in return while signed in says 'wrong login method' and calls nothing", async () => {
    const mock = mockFetch({});
    restore = mock.restore;
    useSession.getState().setTokens({ accessToken: 'acc-0', refreshToken: 'ref-0' });
    pending('st-4', 'login');
    show('code-4', 'st-4');
    expect(await screen.findByText(zh.messages.wrongLoginMethod, {}, SLOW)).toBeTruthy();
    expect(mock.calls).toEqual([]);
    expect(useSession.getState().accessToken).toBe('acc-0');
  });

  it("a link return while signed out says 'wrong login method' too", async () => {
    const mock = mockFetch({});
    restore = mock.restore;
    pending('st-5', 'link');
    show('code-5', 'st-5');
    expect(await screen.findByText(zh.messages.wrongLoginMethod, {}, SLOW)).toBeTruthy();
    expect(mock.calls).toEqual([]);
  });

  it('a code without the state this tab sent is refused unseen', async () => {
    const mock = mockFetch({});
    restore = mock.restore;
    pending('st-6');
    show('code-6', 'someone-else');
    expect(await screen.findByText(zh.messages.socialStateMismatch, {}, SLOW)).toBeTruthy();
    expect(mock.calls).toEqual([]);
  });
});
