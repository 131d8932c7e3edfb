/**
 * The users administration in a real browser (issue 25, §6): the demo administrator (`admin`)
 * opens Administration › Users, searches "editor" and changes its authority, disables `test`,
 * whose sign-in is then refused with the message, and enables it again (its sign-in then goes
 * through). The demo account (`demo`, level 4) has no Administration menu, and /#/admin/users
 * leads it to the 403 page. Screenshots of the page and its dialog in en, zh and tc.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import enAuth from '../src/locales/en/auth.js';
import enAdminUsers from '../src/locales/en/adminUsers.js';
import enShell from '../src/locales/en/shell.js';
import tcAdminUsers from '../src/locales/tc/adminUsers.js';
import tcShell from '../src/locales/tc/shell.js';
import zhAdminUsers from '../src/locales/zh/adminUsers.js';
import zhShell from '../src/locales/zh/shell.js';
import { api, apiSignIn } from './api.js';
import type { ApiSession } from './api.js';
import { signIn, waitForRoute } from './console.js';
import { browserSuiteTitle, FLOW_TIMEOUT_MS, screenshot, SETUP_TIMEOUT_MS, skipBrowser } from './harness.js';
import { useConsole } from './suite.js';

const TEXTS = {
  en: { users: enAdminUsers, shell: enShell },
  zh: { users: zhAdminUsers, shell: zhShell },
  tc: { users: tcAdminUsers, shell: tcShell },
} as const;
type Language = keyof typeof TEXTS;

/** §6's demo users (the server creates them beside `demo` when the demo runs). */
const ADMIN = { userName: 'admin', password: 'admin1234' };
const TEST = { userName: 'test', password: 'test1234' };

interface ListedUser {
  readonly userName: string;
  readonly authority: number;
  readonly disabledAt: string | null;
}

/** A button's text as antd draws it: a space between two Chinese characters. */
const named = (text: string): RegExp =>
  new RegExp(`^\\s*${[...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*')}\\s*$`);

describe.skipIf(skipBrowser())(browserSuiteTitle('users administration in Chromium'), () => {
  const suite = useConsole();
  let admin: ApiSession;

  beforeAll(async () => {
    admin = await apiSignIn(suite.origin, ADMIN.userName, ADMIN.password);
  }, SETUP_TIMEOUT_MS);

  /** The account as the server lists it to the administrator. */
  async function listed(userName: string): Promise<ListedUser> {
    const page = await api<{ items: ListedUser[] }>(admin, 'GET', `/admin/users?search=${userName}`);
    const found = page.items.find((u) => u.userName === userName);
    if (!found) throw new Error(`no account ${userName}`);
    return found;
  }

  /** A fresh browser signed in as `account`, on the monitoring page. */
  async function signedIn(account: { userName: string; password: string }): Promise<Page> {
    const page = await suite.newPage();
    await page.goto(`${suite.origin}/`);
    await waitForRoute(page, '/login');
    await signIn(page, account.userName, account.password);
    await waitForRoute(page, '/Equips');
    return page;
  }

  /** The column layout's first-level entry of that title. */
  const columnEntry = (page: Page, title: string): Locator =>
    page.locator('nav[aria-label="menu"]').getByRole('button', { name: title });

  /** Opens Administration › Users from the menus. */
  async function openUsers(page: Page, language: Language): Promise<void> {
    const { shell } = TEXTS[language];
    await columnEntry(page, shell.routes.admin).click();
    await waitForRoute(page, '/admin/users');
    await page.getByRole('menuitem', { name: shell.routes.adminUsers }).click();
    await page.getByTestId('username-admin').waitFor();
  }

  async function search(page: Page, language: Language, text: string): Promise<void> {
    await page.getByLabel(TEXTS[language].users.search.label).fill(text);
    // The list is asked for once the typing settles (500 ms): only matching rows stay.
    await page.waitForFunction(
      (want) =>
        [...document.querySelectorAll('[data-testid^="username-"]')].every((e) =>
          (e.textContent ?? '').includes(want),
        ),
      text,
    );
    await page.getByTestId(`username-${text}`).waitFor();
  }

  /** Confirms the open pop-confirmation with its button `text`. */
  async function confirm(page: Page, text: string): Promise<void> {
    await page
      .locator('.ant-popover.ant-popconfirm:not(.ant-popover-hidden)')
      .getByRole('button', { name: named(text) })
      .click();
  }

  it(
    'the administrator finds editor, changes its authority, disables test (refused) and enables it',
    async () => {
      const u = enAdminUsers;
      const page = await signedIn(ADMIN);
      await openUsers(page, 'en');
      // The own row says so, and cannot be disabled.
      expect(await page.getByTestId('disable-admin').isDisabled()).toBe(true);

      await search(page, 'en', 'editor');
      expect(await page.getByTestId('authority-editor').textContent()).toBe('Manager (100)');
      await page.getByTestId('edit-editor').click();
      const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('user-form') });
      await dialog.getByLabel(u.fields.authority).click();
      await page.locator('.ant-select-item-option[title="Test (10)"]').click();
      await screenshot(page, 'admin-users-edit-en');
      await dialog.getByRole('button', { name: named('Save') }).click();
      await page.getByTestId('user-form').waitFor({ state: 'detached' });
      await page.getByTestId('authority-editor').filter({ hasText: 'Test (10)' }).waitFor();
      expect((await listed('editor')).authority).toBe(10);

      await search(page, 'en', 'test');
      await page.getByTestId('disable-test').click();
      await confirm(page, u.actions.disable);
      await page.getByTestId('status-test').filter({ hasText: u.status.disabled }).waitFor();
      expect((await listed('test')).disabledAt).not.toBeNull();
      await screenshot(page, 'admin-users-en');

      // test's sign-in is refused with the message, and stays on the sign-in page.
      const refused = await suite.newPage();
      await refused.goto(`${suite.origin}/`);
      await waitForRoute(refused, '/login');
      await signIn(refused, TEST.userName, TEST.password);
      await refused.locator('.ant-message-notice').getByText(enAuth.errors.accountDisabled).waitFor();
      await screenshot(refused, 'admin-users-disabled-sign-in-en');
      await refused.waitForTimeout(1000);
      expect(new URL(refused.url()).hash).toMatch(/^#\/login/);

      await page.getByTestId('enable-test').click();
      await confirm(page, u.actions.enable);
      await page.getByTestId('status-test').filter({ hasText: u.status.enabled }).waitFor();
      expect((await listed('test')).disabledAt).toBeNull();
      // Enabled again, test signs in.
      await signedIn(TEST);
    },
    FLOW_TIMEOUT_MS * 2,
  );

  it(
    'an account below 1000 has no Administration menu and is sent to 403',
    async () => {
      const page = await suite.demoPage();
      await columnEntry(page, enShell.routes.equips).waitFor();
      expect(await columnEntry(page, enShell.routes.admin).count()).toBe(0);
      await page.goto(`${suite.origin}/#/admin/users`);
      await waitForRoute(page, '/403');
      await page.getByText(enShell.errors.forbidden).waitFor();
      await screenshot(page, 'admin-users-403-en');
    },
    FLOW_TIMEOUT_MS,
  );

  for (const language of ['zh', 'tc'] as const) {
    it(
      `reads in ${language}`,
      async () => {
        const { users: u } = TEXTS[language];
        await api(admin, 'PATCH', '/me', { language });
        try {
          const page = await signedIn(ADMIN);
          await openUsers(page, language);
          await page.getByText(u.self.tag, { exact: true }).waitFor();
          await screenshot(page, `admin-users-${language}`);
          await page.getByTestId('edit-test').click();
          await page.getByTestId('user-form').waitFor();
          await page.getByText(u.abilities.OPR).waitFor();
          await screenshot(page, `admin-users-edit-${language}`);
        } finally {
          await api(admin, 'PATCH', '/me', { language: 'en' });
        }
      },
      FLOW_TIMEOUT_MS,
    );
  }
});
