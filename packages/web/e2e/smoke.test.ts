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

  it('logs its start as JSON entries, the ports as fields, when its output is not a terminal', () => {
    const entries = suite.server.lines().map((line) => {
      try {
        return JSON.parse(line) as { level: number; msg: string; [field: string]: unknown };
      } catch {
        throw new Error(`a line of the server's output is not a log entry: ${line}`);
      }
    });
    const entry = (sentence: string) => entries.find((found) => found.msg.startsWith(sentence));
    expect(entry('Fieldlink is listening on')).toMatchObject({ level: 30, port: suite.server.port });
    expect(entry('Demo account: demo / ')).toMatchObject({ level: 30, user: 'demo' });
    expect(entry('DTU listener on port')).toMatchObject({ level: 30, dtuPort: suite.server.dtuPort });
    expect(entry('Demo devices simulated: DEMO0001')).toMatchObject({ level: 30, devices: 5 });
  });

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
