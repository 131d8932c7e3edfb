/**
 * Sharing in a real browser: demo issues a read-only share code for the relay board by REST; a
 * visitor opens its link signed out, is sent to sign in, creates an account on the way (the SMS
 * code read from the server's log, as the log sender writes it), signs in, lands back on the
 * share page with the code, redeems it and finds the relay board in the tree, selected, without
 * operation controls. A second code redeemed in Chinese gives the zh screenshots.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiSignIn, equipmentId } from './api.js';
import type { ApiSession } from './api.js';
import { loginForm, routeQuery, treeRow, waitForRoute } from './console.js';
import {
  browserSuiteTitle,
  FLOW_TIMEOUT_MS,
  loggedCode,
  screenshot,
  SETUP_TIMEOUT_MS,
  skipBrowser,
} from './harness.js';
import { useConsole } from './suite.js';

interface ShareCode {
  readonly code: string;
  readonly url: string;
}

const GUEST = { userName: 'e2e-guest', password: 'guest-pass-1', phone: '13800000088' };

describe.skipIf(skipBrowser())(browserSuiteTitle('sharing in Chromium'), () => {
  // Info logs carry the verification code of the guest's registration.
  const suite = useConsole({ env: { LOG_LEVEL: 'info' } });
  let rest: ApiSession;

  beforeAll(async () => {
    rest = await suite.demoApi();
  }, SETUP_TIMEOUT_MS);

  /** Demo's read-only code for one redemption of the device with this serial. */
  async function shareReadOnly(serial: string): Promise<{ id: number; share: ShareCode }> {
    const id = await equipmentId(rest, serial);
    const share = await api<ShareCode>(rest, 'POST', `/equipment/${id}/share-codes`, {
      level: 'read',
      validity: '1d',
      maxCount: 1,
      camera: false,
      slaves: false,
    });
    return { id, share };
  }

  /** The guest's account language, which the console takes on at sign-in. */
  async function preferLanguage(language: 'en' | 'zh' | 'tc'): Promise<void> {
    const guest = await apiSignIn(suite.origin, GUEST.userName, GUEST.password);
    await api(guest, 'PATCH', '/me', { language });
  }

  /** The tree row of the device, selected, and the device view without a switch. */
  async function expectSelectedReadOnly(page: Page, name: RegExp): Promise<void> {
    const row = treeRow(page, name);
    await row.waitFor();
    await expect.poll(() => row.getAttribute('aria-selected')).toBe('true');
    await page.locator('.ant-alert-info').first().waitFor();
    expect(await page.getByRole('switch').count()).toBe(0);
  }

  it(
    'a new user follows the link, registers and signs in on the way, redeems and watches read-only',
    async () => {
      const { id, share } = await shareReadOnly('DEMO0001');
      expect(share.url).toBe(`${suite.origin}/#/share?code=${share.code}`);
      const page = await suite.newPage({ language: 'en' });
      await page.goto(share.url);
      await waitForRoute(page, '/login');
      expect(routeQuery(page).get('redirect')).toBe(`/share?code=${share.code}`);

      // No account yet: registration keeps the way back to the share link.
      await page.getByRole('link', { name: 'Create an account' }).click();
      await waitForRoute(page, '/register');
      expect(routeQuery(page).get('redirect')).toBe(`/share?code=${share.code}`);
      // The route changes before the lazy page replaces the sign-in form (whose field is alike).
      await page.getByPlaceholder('Enter the password again').waitFor();
      await page.getByPlaceholder('Enter your user name').fill(GUEST.userName);
      await page.getByPlaceholder('Enter your password').fill(GUEST.password);
      await page.getByPlaceholder('Enter the password again').fill(GUEST.password);
      await page.getByPlaceholder('Enter your mobile number').fill(GUEST.phone);
      await page.getByRole('button', { name: 'Get code' }).click();
      await page.getByPlaceholder('Enter the 6-digit code').fill(await loggedCode(suite.server, GUEST.phone));
      await page.getByRole('button', { name: 'Register', exact: true }).click();

      await waitForRoute(page, '/login');
      expect(routeQuery(page).get('redirect')).toBe(`/share?code=${share.code}`);
      // A new account starts in Chinese, and signing in applies the account's language.
      await preferLanguage('en');
      await expect.poll(() => loginForm.userName(page).inputValue()).toBe(GUEST.userName);
      await loginForm.password(page).fill(GUEST.password);
      await loginForm.submit(page).click();

      await waitForRoute(page, '/share');
      const field = page.getByRole('textbox', { name: 'Share code' });
      await expect.poll(() => field.inputValue()).toBe(share.code);
      await screenshot(page, 'share-redeem-en');
      await page.getByRole('button', { name: 'Redeem', exact: true }).click();

      await waitForRoute(page, '/Equips');
      expect(routeQuery(page).get('id')).toBe(String(id));
      await page.getByText(/Demo relay board \(DEMO0001\) is shared with you: read-only/).waitFor();
      await expectSelectedReadOnly(page, /Demo relay board/);
      // The tree's toolbar offers the same field for a code that comes without a link.
      await page.getByTestId('redeem-share-code').waitFor();
      await screenshot(page, 'share-redeemed-en');

      // The code counted down to nothing: a second redemption is refused, the code kept.
      await page.goto(share.url);
      await waitForRoute(page, '/share');
      // The page shown again holds the link's code before Redeem is pressed.
      await expect.poll(() => field.inputValue()).toBe(share.code);
      // Not by its exact name: when the first redemption hid the page before the button's loading
      // icon had faded out (a loaded machine), the fade never ends in a hidden page, and the icon,
      // invisible, still names the button 'loading Redeem'.
      await page.getByRole('button', { name: /^(loading )?Redeem$/ }).click();
      await page.getByText('This share code is wrong, expired, revoked or used up').waitFor();
      await expect.poll(() => field.inputValue()).toBe(share.code);
      expect(suite.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'in Chinese: signs in from the link and redeems a second device',
    async () => {
      const { id, share } = await shareReadOnly('DEMO0002');
      await preferLanguage('zh');
      const page = await suite.newPage({ language: 'zh' });
      await page.goto(share.url);
      await waitForRoute(page, '/login');
      // The sign-in form in Chinese (console.ts's signIn reads the English one).
      await page.getByPlaceholder('请输入用户名').fill(GUEST.userName);
      await page.getByPlaceholder('请输入密码').fill(GUEST.password);
      await page.getByRole('button', { name: /^登\s*录$/ }).click();
      await waitForRoute(page, '/share');
      await expect.poll(() => page.getByRole('textbox', { name: '分享码' }).inputValue()).toBe(share.code);
      await screenshot(page, 'share-redeem-zh');
      await page.getByRole('button', { name: /^使\s*用$/ }).click();
      await waitForRoute(page, '/Equips');
      expect(routeQuery(page).get('id')).toBe(String(id));
      await page.getByText(/Demo analog inputs（DEMO0002）已分享给您：只读/).waitFor();
      await expectSelectedReadOnly(page, /Demo analog inputs/);
      // Both shared devices are in the guest's tree now.
      await treeRow(page, /Demo relay board/).waitFor();
      await screenshot(page, 'share-redeemed-zh');
      expect(suite.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
  it(
    'in traditional Chinese: a signed-in guest opens the link and redeems a third device',
    async () => {
      const { id, share } = await shareReadOnly('DEMO0003');
      await preferLanguage('tc');
      const page = await suite.newPage({ language: 'tc' });
      await page.goto(`${suite.origin}/`);
      await waitForRoute(page, '/login');
      await page.getByPlaceholder('請輸入使用者名稱').fill(GUEST.userName);
      await page.getByPlaceholder('請輸入密碼').fill(GUEST.password);
      await page.getByRole('button', { name: /^登\s*入$/ }).click();
      await waitForRoute(page, '/Equips');
      // Signed in already: the link opens the redeem page with its code typed.
      await page.goto(share.url);
      await waitForRoute(page, '/share');
      await expect.poll(() => page.getByRole('textbox', { name: '分享碼' }).inputValue()).toBe(share.code);
      await screenshot(page, 'share-redeem-tc');
      await page.getByRole('button', { name: /^使\s*用$/ }).click();
      await waitForRoute(page, '/Equips');
      expect(routeQuery(page).get('id')).toBe(String(id));
      await page.getByText(/已分享給您：唯讀/).waitFor();
      await screenshot(page, 'share-redeemed-tc');
      expect(suite.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
