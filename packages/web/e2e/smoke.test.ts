/**
 * The console in a real browser against the real server with the demo plant: it loads, sends a
 * signed-out visitor to /login, and signs the demo account in to the monitoring page and its tree.
 */
import { describe, expect, it } from 'vitest';
import {
  browserSuiteTitle,
  DEMO_PASSWORD,
  DEMO_USER,
  FLOW_TIMEOUT_MS,
  newConsoleContext,
  screenshot,
  skipBrowser,
} from './harness.js';
import { loginForm, routePath, routeQuery, signIn, treeRow, waitForRoute } from './console.js';
import { useConsole } from './suite.js';

describe.skipIf(skipBrowser())(browserSuiteTitle('console smoke test in Chromium'), () => {
  const suite = useConsole();

  it(
    'loads, sends a signed-out visitor to /login and signs the demo account in to /Equips',
    async () => {
      const context = await newConsoleContext(suite.browser);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      try {
        const response = await page.goto(`${suite.origin}/`);
        expect(response?.status()).toBe(200);
        await waitForRoute(page, '/login');
        await loginForm.userName(page).waitFor();
        await screenshot(page, 'smoke-login');

        await signIn(page, DEMO_USER, DEMO_PASSWORD);
        await waitForRoute(page, '/Equips');
        expect(routePath(page)).toBe('/Equips');
        await treeRow(page, /Demo relay board/).waitFor();
        await screenshot(page, 'smoke-equips');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'keeps the route asked for while signed out as the redirect of /login',
    async () => {
      const context = await newConsoleContext(suite.browser);
      const page = await context.newPage();
      try {
        await page.goto(`${suite.origin}/#/history`);
        await waitForRoute(page, '/login');
        expect(routeQuery(page).get('redirect')).toBe('/history');
      } finally {
        await context.close();
      }
    },
    FLOW_TIMEOUT_MS,
  );
});
