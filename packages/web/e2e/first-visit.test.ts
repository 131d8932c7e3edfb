/**
 * A newcomer's first visit in a real browser: with nothing stored, the sign-in page speaks the
 * browser's language (en-US → English, zh-TW → traditional Chinese, zh-CN → simplified, a language
 * the console lacks → simplified) without keeping it, and shows the demo account's credentials
 * (the server runs the demo); "Use the demo account" fills the form and signing in reaches the
 * monitoring page. The sign-in page is saved as a screenshot in each language.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { loginForm, treeRow, waitForRoute } from './console.js';
import {
  browserSuiteTitle,
  DEMO_PASSWORD,
  DEMO_USER,
  FLOW_TIMEOUT_MS,
  screenshot,
  skipBrowser,
} from './harness.js';
import { useConsole } from './suite.js';

/** What the sign-in page shows in one language. */
interface SignInWords {
  readonly pageLang: string;
  readonly title: string;
  readonly hint: string;
  readonly use: string;
}

const WORDS: Readonly<Record<'en' | 'tc' | 'zh', SignInWords>> = {
  en: {
    pageLang: 'en',
    title: 'Sign in',
    hint: `Demo: sign in as ${DEMO_USER} / ${DEMO_PASSWORD}`,
    use: 'Use the demo account',
  },
  tc: {
    pageLang: 'zh-TW',
    title: '帳號登入',
    hint: `示範：以 ${DEMO_USER} / ${DEMO_PASSWORD} 登入`,
    use: '使用示範帳號',
  },
  zh: {
    pageLang: 'zh-CN',
    title: '账号登录',
    hint: `演示：以 ${DEMO_USER} / ${DEMO_PASSWORD} 登录`,
    use: '使用演示账号',
  },
};

/** A fresh profile's page on the console's first page. */
interface Visit {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Its uncaught errors. */
  readonly errors: string[];
  /** The server's answer to the sign-in page's `GET /api/v1/demo-account`. */
  readonly demoReply: Promise<Response>;
}

describe.skipIf(skipBrowser())(browserSuiteTitle('a first visit in Chromium'), () => {
  const suite = useConsole();

  /**
   * A fresh profile whose browser speaks `locale` (nothing stored, unlike the other suites'
   * contexts, which keep English), on the console's first page.
   */
  async function firstVisit(locale: string): Promise<Visit> {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 }, locale });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const demoReply = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/demo-account');
    await page.goto(`${suite.origin}/`);
    await waitForRoute(page, '/login');
    return { context, page, errors, demoReply };
  }

  /** Waits for the sign-in page in `words`' language with the demo hint; returns the hint. */
  async function expectSignInPage({ page, demoReply }: Visit, words: SignInWords) {
    await page.getByText(words.title, { exact: true }).first().waitFor();
    // The server offers the demo account only when main.ts tells buildApp it runs the demo.
    const reply = await demoReply;
    expect(reply.status(), `GET /api/v1/demo-account answered ${reply.status()}: ${await reply.text()}`).toBe(
      200,
    );
    const hint = page.getByRole('alert').filter({ hasText: words.hint });
    await hint.waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(words.pageLang);
    // Taken from the browser, not kept: a later change of the browser's language still applies.
    expect(await page.evaluate(() => localStorage.getItem('fieldlink.language'))).toBeNull();
    return hint;
  }

  it(
    'greets an English browser in English with the demo account, which signs in',
    async () => {
      const visit = await firstVisit('en-US');
      const { context, page, errors } = visit;
      try {
        const hint = await expectSignInPage(visit, WORDS.en);
        await screenshot(page, 'first-visit-login-en');

        await hint.getByRole('button', { name: WORDS.en.use }).click();
        await expect.poll(() => loginForm.userName(page).inputValue()).toBe(DEMO_USER);
        expect(await loginForm.password(page).inputValue()).toBe(DEMO_PASSWORD);
        // Filling is not signing in: the page stays until the user presses Sign in.
        await waitForRoute(page, '/login');

        await loginForm.submit(page).click();
        await waitForRoute(page, '/Equips');
        await treeRow(page, /Demo relay board/).waitFor();
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'greets a Taiwanese browser in traditional Chinese',
    async () => {
      const visit = await firstVisit('zh-TW');
      const { context, page, errors } = visit;
      try {
        const hint = await expectSignInPage(visit, WORDS.tc);
        expect(await hint.getByRole('button', { name: WORDS.tc.use }).count()).toBe(1);
        await screenshot(page, 'first-visit-login-tc');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'greets a mainland Chinese browser, and one in a language the console lacks, in simplified Chinese',
    async () => {
      for (const locale of ['zh-CN', 'fr-FR']) {
        const visit = await firstVisit(locale);
        const { context, page, errors } = visit;
        try {
          const hint = await expectSignInPage(visit, WORDS.zh);
          expect(await hint.getByRole('button', { name: WORDS.zh.use }).count()).toBe(1);
          if (locale === 'zh-CN') await screenshot(page, 'first-visit-login-zh');
          expect(errors).toEqual([]);
        } finally {
          await context.close();
        }
      }
    },
    FLOW_TIMEOUT_MS,
  );
});
