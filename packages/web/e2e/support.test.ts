/**
 * Help, about and feedback in a real browser (issue 25): the demo user opens Help from the avatar
 * menu, searches the guide shipped with the build and opens the section found, whose address keeps
 * it; About shows the build's version and the licences of the bundled libraries (react, MIT, with
 * its licence text) from the build's licenses.json; a runtime error lands in the error log and the
 * user sends feedback with the log attached, shown before sending. The demo administrator
 * (admin / admin1234) then finds it in Administration › Feedback with the log as text. The three
 * pages are saved as screenshots in en, zh and tc, the administrator's page in en.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, routeQuery, signIn, waitForRoute } from './console.js';
import { browserSuiteTitle, FLOW_TIMEOUT_MS, screenshot, SETUP_TIMEOUT_MS, skipBrowser } from './harness.js';
import { useConsole } from './suite.js';

const ADMIN_USER = 'admin';
const ADMIN_PASSWORD = 'admin1234';
const BOOM = 'E2E feedback boom';
const TEXT = `The map stays blank after a reload (${Date.now()}).`;

/** Chooses an entry of the avatar menu (the user's name at the header's right). */
async function fromAvatarMenu(page: Page, entry: string): Promise<void> {
  await page.locator('.fl-avatar').click();
  // The side menu's Settings group has the same entries: the avatar's dropdown is the open one.
  await page
    .locator('.ant-dropdown:not(.ant-dropdown-hidden)')
    .getByRole('menuitem', { name: entry })
    .click();
}

async function goTo(page: Page, path: string): Promise<void> {
  await page.evaluate(`location.hash = ${JSON.stringify(`#${path}`)}`);
  await waitForRoute(page, path);
}

describe.skipIf(skipBrowser())(browserSuiteTitle('help, about and feedback in Chromium'), () => {
  const suite = useConsole();
  let page: Page;

  beforeAll(async () => {
    page = await suite.demoPage();
  }, SETUP_TIMEOUT_MS);

  it(
    'help: the guide searched and a section opened, its address kept',
    async () => {
      await fromAvatarMenu(page, 'Help');
      await waitForRoute(page, '/help');
      await page
        .getByTestId('help-doc')
        .getByRole('heading', { level: 1, name: 'The web console' })
        .waitFor();
      await screenshot(page, 'support-help-en');

      await page.getByLabel('Search the guide').fill('licenses.json bundled');
      const results = page.getByTestId('help-results');
      const about = results.locator('[data-testid="help-result-about-about"]');
      await about.waitFor();
      expect(await about.locator('mark').count()).toBeGreaterThan(1);
      await screenshot(page, 'support-help-search-en');
      await about.getByRole('button', { name: 'Open this section' }).click();
      await expect.poll(() => routeQuery(page).get('section')).toBe('about-about');
      await page.getByTestId('help-doc').getByRole('heading', { name: 'About (/about)' }).waitFor();
      // A reload keeps the section.
      await page.reload();
      await page.getByTestId('help-doc').getByRole('heading', { name: 'About (/about)' }).waitFor();
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'about: the version and the bundled libraries’ licences',
    async () => {
      await fromAvatarMenu(page, 'About');
      await waitForRoute(page, '/about');
      const aboutPage = page.getByTestId('about-page');
      await aboutPage.getByText('0.1.0').waitFor();
      const licences = page.getByTestId('licenses');
      await licences.locator('tr.ant-table-row').first().waitFor();
      await screenshot(page, 'support-about-en');
      await page.getByLabel('Search packages or licences').fill('react');
      const react = licences
        .locator('tr.ant-table-row')
        .filter({ has: page.getByRole('cell', { name: 'react', exact: true }) });
      await react.waitFor();
      expect(await react.getByText('MIT', { exact: true }).count()).toBe(1);
      await react.locator('.ant-table-row-expand-icon').click();
      await licences
        .locator('pre.fl-support-license')
        .getByText(/MIT License/)
        .waitFor();
      await screenshot(page, 'support-about-react-en');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'feedback with the error log attached, read by the administrator',
    async () => {
      // A runtime error, caught into the error log as any would be.
      await page.evaluate(`setTimeout(() => { throw new Error(${JSON.stringify(BOOM)}); }, 0)`);
      await page.getByRole('button', { name: 'Error log' }).waitFor();
      await fromAvatarMenu(page, 'Feedback');
      await waitForRoute(page, '/feedback');
      const form = page.getByTestId('feedback-form');
      await form.getByLabel('Your message').fill(TEXT);
      await form.getByLabel('Attach my error log').check();
      await form.getByTestId('feedback-log-preview').getByText(new RegExp(BOOM)).first().waitFor();
      await screenshot(page, 'support-feedback-en');
      const sent = page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/feedback',
      );
      await form.getByRole('button', { name: 'Send' }).click();
      expect((await sent).status()).toBe(201);
      await page.getByText('Thank you: your feedback was sent to the administrators.').waitFor();

      for (const [button, name, lang, helpNote] of [
        ['Language', '简体中文', 'zh', '用户指南仅提供英文版。'],
        ['语言', '繁體中文', 'tc', '使用者指南僅提供英文版。'],
      ] as const) {
        await chooseLanguage(page, button, name);
        await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').waitFor({ state: 'hidden' });
        await page.getByTestId('feedback-form').waitFor();
        await screenshot(page, `support-feedback-${lang}`);
        await goTo(page, '/help');
        await page.getByText(helpNote).waitFor();
        await screenshot(page, `support-help-${lang}`);
        await goTo(page, '/about');
        await page.getByTestId('licenses').locator('tr.ant-table-row').first().waitFor();
        await screenshot(page, `support-about-${lang}`);
        await goTo(page, '/feedback');
      }

      const admin = await suite.newPage();
      await admin.goto(`${suite.origin}/#/login`);
      await waitForRoute(admin, '/login');
      await signIn(admin, ADMIN_USER, ADMIN_PASSWORD);
      await waitForRoute(admin, /^\/(?!login)/);
      await goTo(admin, '/admin/feedback');
      const list = admin.getByTestId('admin-feedback');
      const row = list
        .locator('tr.ant-table-row')
        .filter({ hasText: TEXT.slice(0, 40) })
        .first();
      await row.waitFor();
      await row.getByText('demo', { exact: true }).waitFor();
      await row.getByText('Unread').waitFor();
      await row.locator('.ant-table-row-expand-icon').click();
      const log = list.locator('pre.fl-support-log').filter({ hasText: BOOM });
      await log.waitFor();
      // Caught while About was shown.
      expect(await log.textContent()).toContain('/about');
      // Opened, it is read.
      await row.getByText('Read', { exact: true }).waitFor();
      await screenshot(admin, 'support-admin-feedback-en');
    },
    FLOW_TIMEOUT_MS,
  );
});
