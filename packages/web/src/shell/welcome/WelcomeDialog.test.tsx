// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../features/auth/test-render';
import { PATIENT, signIn, signOut, SLOW } from '../../features/account/test-support';
import { useMe } from '../../session/me';
import { errorReply, mockFetch, sampleMe } from '../../session/test-support';
import { installDomStubs } from '../test-support';
import WelcomeDialog from './WelcomeDialog';

function open() {
  installDomStubs();
  return renderPage(<WelcomeDialog />, { path: '/Equips', route: '/Equips' });
}

const TITLE = /^欢迎使用/;

describe('the welcome on the first sign-in', PATIENT, () => {
  let restore = (): void => undefined;
  afterEach(() => {
    restore();
    restore = () => undefined;
    signOut();
  });

  it('is not shown once the first sign-in is behind the user', () => {
    signIn(sampleMe());
    open();
    expect(screen.queryByText(TITLE)).toBeNull();
  });

  it('waits on a share link’s page, where a user who just registered is redeeming', () => {
    signIn(sampleMe({ firstSignIn: true }));
    installDomStubs();
    renderPage(<WelcomeDialog />, { path: '/share', route: '/share?code=ABC' });
    expect(screen.queryByText(TITLE)).toBeNull();
  });

  it('makes the call with the authority held on "Got it" and reads the record again', async () => {
    const mock = mockFetch({
      'POST /me/first-sign-in': { status: 204 },
      'GET /me': { body: sampleMe({ firstSignIn: false }) },
    });
    restore = mock.restore;
    signIn(sampleMe({ firstSignIn: true, authority: 6 }));
    open();
    expect(screen.getByText(TITLE)).toBeTruthy();
    expect(screen.getByRole('button', { name: '添加设备' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '知道了' }));
    await waitFor(() => expect(useMe.getState().me?.firstSignIn).toBe(false), SLOW);
    expect(mock.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/me/first-sign-in', { authority: 6 }],
      ['GET', '/me', undefined],
    ]);
    expect(screen.queryByText(TITLE)).toBeNull();
  });

  it('makes the call when closed any other way, and follows a link', async () => {
    const mock = mockFetch({
      'POST /me/first-sign-in': { status: 204 },
      'GET /me': { body: sampleMe({ firstSignIn: false }) },
    });
    restore = mock.restore;
    signIn(sampleMe({ firstSignIn: true }));
    const { router } = open();
    fireEvent.click(screen.getByTestId('welcome-help'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/help'), SLOW);
    await waitFor(() => expect(mock.calls.map((c) => c.path)).toContain('/me/first-sign-in'), SLOW);
  });

  it('offers adding equipment only where the route is open', () => {
    signIn(sampleMe({ firstSignIn: true, authority: 0, access: { admin: false, roles: [], abilities: [] } }));
    open();
    expect(screen.getByText(TITLE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '添加设备' })).toBeNull();
    expect(screen.getByRole('button', { name: '个人中心' })).toBeTruthy();
  });

  it('says when the call fails and closes; the record still asks for the welcome', async () => {
    const mock = mockFetch({
      'POST /me/first-sign-in': errorReply(409, 'conflict', 'stale'),
      'GET /me': { body: sampleMe({ firstSignIn: true, authority: 100 }) },
    });
    restore = mock.restore;
    signIn(sampleMe({ firstSignIn: true }));
    open();
    fireEvent.click(screen.getByRole('button', { name: '知道了' }));
    await waitFor(() => expect(useMe.getState().me?.authority).toBe(100), SLOW);
    await waitFor(() => {
      const shown = [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent ?? '');
      expect(shown.some((text) => text.startsWith('未能确认欢迎提示'))).toBe(true);
    }, SLOW);
    expect(useMe.getState().me?.firstSignIn).toBe(true);
    expect(screen.queryByText(TITLE)).toBeNull();
  });
});
