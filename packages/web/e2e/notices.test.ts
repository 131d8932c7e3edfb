/**
 * Notices in a real browser, two profiles open at once: the demo user (demo / demo1234) switches the
 * header's notices on and stays on the monitoring page; the demo administrator (admin / admin1234)
 * posts an announcement from Administration › Announcements. Without a reload, the user's console
 * pops the announcement up and counts it on the bell (the server's `Notice` push); the popover lists
 * it under Notices, and choosing it opens the notification info page, where it is read. The
 * popover, the notification info page and the alarm notifications page are saved as screenshots in
 * en, zh and tc, the administrator's page in en.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseLanguage, waitForRoute } from './console.js';
import { browserSuiteTitle, FLOW_TIMEOUT_MS, screenshot, skipBrowser } from './harness.js';
import { useConsole } from './suite.js';

const ADMIN_USER = 'admin';
const ADMIN_PASSWORD = 'admin1234';
const TITLE = 'Maintenance tonight';
const TEXT = 'The console is down for maintenance from 22:00 to 23:00. Devices keep running.';

/** The header's bell and its badge. */
const bell = (page: Page): Locator => page.getByRole('button', { name: /^(Notifications|通知)$/ }).first();
const badge = (page: Page): Locator =>
  page
    .locator('.ant-badge')
    .filter({ has: bell(page) })
    .locator('.ant-badge-count');

async function signInAdmin(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/#/login`);
  await waitForRoute(page, '/login');
  await page.locator('input#userName').fill(ADMIN_USER);
  await page.locator('input#password').fill(ADMIN_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await waitForRoute(page, /^\/(?!login)/);
}

/** Switches the header's notices on in the settings drawer (they are off by default, §2). */
async function showNotices(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Theme settings' }).first().click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'Theme settings' });
  await drawer.waitFor();
  await drawer.getByRole('switch', { name: 'Notifications' }).click();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await drawer.waitFor({ state: 'hidden' });
  await bell(page).waitFor();
}

describe.skipIf(skipBrowser())(browserSuiteTitle('notices in Chromium'), () => {
  const suite = useConsole();

  it(
    'an announcement posted by the administrator reaches the user’s popover live and is read there',
    async () => {
      const user = await suite.demoPage();
      await showNotices(user);

      const admin = await suite.newPage();
      await signInAdmin(admin, suite.origin);
      await admin.goto(`${suite.origin}/#/admin/notices`);
      await waitForRoute(admin, '/admin/notices');
      const form = admin.getByTestId('announcement-form');
      await form.getByLabel('Title').fill(TITLE);
      await form.getByLabel('Notice text').fill(TEXT);
      await form.getByLabel('Image address (optional)').fill('/favicon.svg');
      const posted = admin.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/admin/announcements',
      );
      await form.getByRole('button', { name: 'Post' }).click();
      expect((await posted).status()).toBe(201);
      await admin.getByText('Announcement posted').waitFor();
      await admin.getByTestId('admin-announcements').getByText(TITLE).waitFor();
      await screenshot(admin, 'notices-admin-en');

      // The user's console, not reloaded: the pop-up and the bell's count (alarm notices of the
      // demo plant may be counted too).
      await user.getByText('New notice').waitFor({ timeout: 15_000 });
      await user.locator('.ant-notification').getByText(TITLE).waitFor();
      await badge(user).waitFor();
      await bell(user).click();
      const popover = user.getByTestId('notice-popover');
      await popover.getByText(TITLE).waitFor();
      await screenshot(user, 'notices-popover-en');

      await popover.getByText(TITLE).click();
      await waitForRoute(user, '/notices/info');
      const info = user.getByTestId('notice-info');
      const row = info.getByRole('row', { name: new RegExp(TITLE) });
      await row.waitFor();
      // Opened from the popover, it is read; its row shows the whole text.
      await row.getByText('Read', { exact: true }).waitFor();
      await row.getByRole('button', { name: /expand/i }).click();
      await info.locator('.ant-table-expanded-row').getByText(TEXT).waitFor();
      await screenshot(user, 'notices-info-en');
      await user.goto(`${suite.origin}/#/notices/alarms`);
      await waitForRoute(user, '/notices/alarms');
      await user.getByTestId('alarm-notices').waitFor();
      await screenshot(user, 'notices-alarms-en');

      for (const [button, name, lang, tab] of [
        ['Language', '简体中文', 'zh', '通知信息'],
        ['语言', '繁體中文', 'tc', '通知資訊'],
      ] as const) {
        await chooseLanguage(user, button, name);
        // The language menu closed, so the screenshots show the page.
        await user.locator('.ant-dropdown:not(.ant-dropdown-hidden)').waitFor({ state: 'hidden' });
        await user.getByTestId('alarm-notices').waitFor();
        await screenshot(user, `notices-alarms-${lang}`);
        await user.goto(`${suite.origin}/#/notices/info`);
        await waitForRoute(user, '/notices/info');
        await user.getByTestId('notice-info').getByText(TITLE).waitFor();
        expect(await user.getByText(tab).count()).toBeGreaterThan(0);
        await screenshot(user, `notices-info-${lang}`);
        await bell(user).click();
        await user.getByTestId('notice-popover').waitFor();
        await screenshot(user, `notices-popover-${lang}`);
        await user.keyboard.press('Escape');
        await user.goto(`${suite.origin}/#/notices/alarms`);
        await waitForRoute(user, '/notices/alarms');
      }
      expect(suite.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
