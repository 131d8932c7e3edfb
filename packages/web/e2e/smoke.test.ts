/**
 * The console in a real browser against the real server with the demo plant: it loads, sends a
 * signed-out visitor to /login, and signs the demo account in to the monitoring page and its tree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleRun } from './harness.js';
import {
  browserSuiteTitle,
  DEMO_PASSWORD,
  DEMO_USER,
  FLOW_TIMEOUT_MS,
  newConsoleContext,
  screenshot,
  SETUP_TIMEOUT_MS,
  skipBrowser,
  startConsole,
  stopConsole,
} from './harness.js';
import { loginForm, routePath, routeQuery, signIn, treeRow, waitForRoute } from './console.js';

describe.skipIf(skipBrowser())(browserSuiteTitle('console smoke test in Chromium'), () => {
  let run: ConsoleRun | undefined;

  beforeAll(async () => {
    run = await startConsole();
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await stopConsole(run);
  }, 60_000);

  it(
    'loads, sends a signed-out visitor to /login and signs the demo account in to /Equips',
    async () => {
      const context = await newConsoleContext(run!.browser);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      try {
        const response = await page.goto(`${run!.server.origin}/`);
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
      const context = await newConsoleContext(run!.browser);
      const page = await context.newPage();
      try {
        await page.goto(`${run!.server.origin}/#/history`);
        await waitForRoute(page, '/login');
        expect(routeQuery(page).get('redirect')).toBe('/history');
      } finally {
        await context.close();
      }
    },
    FLOW_TIMEOUT_MS,
  );
});
