/**
 * A tenant's branding in a real browser: the demo administrator opens Administration › Tenants,
 * creates the tenant `acme` with its page title, user-name prefix and login title image, sees the
 * live preview follow the form, puts an account in its user list, and opens the sign-in page on
 * the tenant's sub-domain (Chromium resolves `*.localhost` to the loopback, and the server takes
 * any Host): its brand is there, while the console's own host keeps the default brand. The
 * tenants page and the branded sign-in page are saved as screenshots in en, zh and tc.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chooseLanguage, waitForRoute } from './console.js';
import {
  browserSuiteTitle,
  DEMO_USER,
  FLOW_TIMEOUT_MS,
  screenshot,
  SETUP_TIMEOUT_MS,
  skipBrowser,
} from './harness.js';
import { useConsole } from './suite.js';

const ADMIN_USER = 'admin';
const ADMIN_PASSWORD = 'admin1234';

const TENANT = {
  key: 'acme',
  name: 'Acme Water',
  pageTitle: 'Acme Remote I/O',
  prefix: 'acme_',
  // Shipped with the console: a picture the sign-in page can load on any host.
  titleImage: '/favicon.svg',
} as const;

type Language = 'en' | 'zh' | 'tc';

/** The sign-in page's title in each language. */
const SIGN_IN: Readonly<Record<Language, string>> = { en: 'Sign in', zh: '账号登录', tc: '帳號登入' };
/** The header's language button, by the page's `lang`, and each language's name in the menu. */
const LANGUAGE_BUTTON: Readonly<Record<string, string>> = {
  en: 'Language',
  'zh-CN': '语言',
  'zh-TW': '語言',
};
const LANGUAGE_NAME: Readonly<Record<Language, string>> = { en: 'English', zh: '简体中文', tc: '繁體中文' };
/** The default brand's title in English. */
const PLATFORM = 'Fieldlink Cloud';

describe.skipIf(skipBrowser())(browserSuiteTitle('administration of tenants in Chromium'), () => {
  const suite = useConsole();
  /** The console by host name (a console opened by IP address has no sub-domains to show). */
  let consoleUrl = '';
  let tenantUrl = '';

  beforeAll(() => {
    consoleUrl = `http://localhost:${suite.server.port}`;
    tenantUrl = `http://${TENANT.key}.localhost:${suite.server.port}/#/login`;
  }, SETUP_TIMEOUT_MS);

  async function signInAdmin(page: Page): Promise<void> {
    await page.goto(`${consoleUrl}/#/login`);
    await waitForRoute(page, '/login');
    // By the fields' ids: the page may be in any language.
    await page.locator('input#userName').fill(ADMIN_USER);
    await page.locator('input#password').fill(ADMIN_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await waitForRoute(page, /^\/(?!login)/);
  }

  /** The sign-in page at `url`, once its brand has been looked up and drawn. */
  async function openSignIn(page: Page, url: string, language: Language): Promise<void> {
    await page.goto(url);
    await waitForRoute(page, '/login');
    await page.getByText(SIGN_IN[language], { exact: true }).first().waitFor();
    // The lookup's answer is in once the tab's title carries the brand's title.
    await page.waitForFunction(() => document.title.includes(' - '));
  }

  it(
    'creates the tenant acme from the menu, its preview following the form',
    async () => {
      const page = await suite.newPage();
      await signInAdmin(page);
      await page
        .getByRole('navigation', { name: 'menu' })
        .getByRole('button', { name: 'Administration' })
        .click();
      await page.getByRole('menuitem', { name: 'Tenants' }).click();
      await waitForRoute(page, '/admin/tenants');
      await page.getByRole('button', { name: 'New tenant' }).click();

      const form = page.getByTestId('tenant-form');
      await form.getByLabel('Key (sub-domain)').fill('ACME');
      await form.getByLabel('Name', { exact: true }).fill(TENANT.name);
      await form.getByLabel('Page title').fill(TENANT.pageTitle);
      await form.getByLabel('User-name prefix').fill(TENANT.prefix);
      await form.getByLabel('Login title image').fill(TENANT.titleImage);

      const preview = page.getByTestId('brand-preview');
      await preview.getByTestId('preview-sign-in').getByText(TENANT.pageTitle).waitFor();
      await preview.getByTestId('preview-sign-in').getByText(TENANT.prefix).waitFor();
      expect(await preview.getByTestId('preview-tab-title').textContent()).toBe(
        `Sign in - ${TENANT.pageTitle}`,
      );
      expect(await preview.getByTestId('sign-in-address').textContent()).toBe(tenantUrl);
      await screenshot(page, 'admin-tenants-editor-en');

      const created = page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/tenants',
      );
      await form.getByRole('button', { name: 'Create' }).click();
      expect((await created).status()).toBe(201);
      await page.getByText(`Tenant ${TENANT.name} created`).waitFor();
      const row = page.getByTestId('tenant-table').getByRole('row', { name: new RegExp(TENANT.name) });
      await row.waitFor();
      expect(await row.textContent()).toContain(TENANT.pageTitle);

      // The tenant user list: an account put in by its name.
      await page.getByTestId(`users-${TENANT.key}`).click();
      await page.getByLabel('Add user').fill(DEMO_USER);
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByText(`${DEMO_USER} added to ${TENANT.name}`).waitFor();
      await page.getByTestId('tenant-users').getByRole('cell', { name: DEMO_USER, exact: true }).waitFor();
      await screenshot(page, 'admin-tenants-users-en');
      expect(suite.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'shows the brand on the sub-domain’s sign-in page, and the default brand elsewhere',
    async () => {
      const page = await suite.newPage();
      await openSignIn(page, tenantUrl, 'en');
      await page.getByRole('heading', { name: TENANT.pageTitle, level: 2 }).waitFor();
      expect(await page.title()).toBe(`Sign in - ${TENANT.pageTitle}`);
      // The prefix is shown in front of the user name, and the tenant's title image above.
      await page.getByText(TENANT.prefix, { exact: true }).waitFor();
      const image = page.locator(`img[src="${TENANT.titleImage}"]`);
      await image.waitFor();
      expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
        true,
      );
      await screenshot(page, 'tenant-sign-in-en');

      for (const url of [`${consoleUrl}/#/login`, `${suite.origin}/#/login`]) {
        await openSignIn(page, url, 'en');
        expect(await page.title()).toBe(`Sign in - ${PLATFORM}`);
        await page.getByRole('heading', { name: PLATFORM, level: 2 }).waitFor();
        expect(await page.getByText(TENANT.prefix, { exact: true }).count()).toBe(0);
      }
      expect(suite.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );

  for (const language of ['zh', 'tc'] as const) {
    it(
      `draws the tenants page and the branded sign-in page in ${language}`,
      async () => {
        const page = await suite.newPage({ language });
        await signInAdmin(page);
        // Signing in applies the account's language: the header's menu picks this one.
        const shown = await page.evaluate('document.documentElement.lang');
        await chooseLanguage(page, LANGUAGE_BUTTON[String(shown)] ?? 'Language', LANGUAGE_NAME[language]);
        await page.evaluate("location.hash = '#/admin/tenants'");
        await waitForRoute(page, '/admin/tenants');
        await page.getByTestId('tenant-table').getByText(TENANT.pageTitle).waitFor();
        await screenshot(page, `admin-tenants-list-${language}`);
        await page.getByTestId(`edit-${TENANT.key}`).click();
        await page.getByTestId('brand-preview').getByText(TENANT.pageTitle).first().waitFor();
        await screenshot(page, `admin-tenants-editor-${language}`);

        await openSignIn(page, tenantUrl, language);
        await page.getByRole('heading', { name: TENANT.pageTitle, level: 2 }).waitFor();
        // A tenant's title is its own words in every language.
        expect(await page.title()).toBe(`${SIGN_IN[language]} - ${TENANT.pageTitle}`);
        await screenshot(page, `tenant-sign-in-${language}`);
        expect(suite.pageErrors).toEqual([]);
      },
      FLOW_TIMEOUT_MS,
    );
  }
});
