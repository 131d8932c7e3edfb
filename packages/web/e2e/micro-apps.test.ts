/**
 * Custom routes, the micro-app host and value-added entries in a real browser (issue 25, §2).
 * The test serves a micro-app of its own on another port of 127.0.0.1 (an HTML page and its
 * script: it says hello to its parent and shows what it is told), and the console's server frames
 * it because MICRO_APP_ORIGINS lists that origin. The demo administrator adds, from
 * Administration › Custom routes, a route whose child is that app, shown only to the user id of
 * `demo`; `demo` sees it in the menu, opens it, and the app receives demo's access token by
 * message (the token signs in to the API as demo; neither the frame's address nor the app's own
 * holds it). `test`, whose id does not match, has no such menu entry and finds /meters unknown.
 * The administrator adds a value-added entry (an SMS service, shown to user ids above 0), which
 * demo finds among the services, opened in a new tab without opener or referrer. The host and the
 * services page are saved as screenshots in en, zh and tc.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiSignIn } from './api.js';
import type { ApiSession } from './api.js';
import { signIn, waitForRoute } from './console.js';
import { browserSuiteTitle, FLOW_TIMEOUT_MS, screenshot, SETUP_TIMEOUT_MS, skipBrowser } from './harness.js';
import { useConsole } from './suite.js';

const ADMIN = { userName: 'admin', password: 'admin1234' };
const TEST = { userName: 'test', password: 'test1234' };

const ROUTE = { name: 'meters', title: 'Meter reading', child: 'daily', childTitle: 'Daily readings' };
const SERVICE = { title: 'Meter SMS', url: 'https://sms.example.com/meters' };

/** The micro-app: a page and its script, as an app author would write them (docs/console.md). */
const APP_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Meter app</title></head>
<body style="font-family: sans-serif; margin: 24px">
<h1>Meter app</h1>
<p id="status">Waiting for the console…</p>
<dl>
  <dt>User</dt><dd id="user">—</dd>
  <dt>Locale</dt><dd id="locale">—</dd>
  <dt>Token</dt><dd id="token">—</dd>
  <dt>Page</dt><dd id="page">—</dd>
</dl>
<script src="app.js"></script>
</body>
</html>
`;

const APP_SCRIPT = `
(function () {
  var answered = false;
  var tries = 0;
  function hello() {
    if (answered || tries++ > 20) return;
    // The console checks who says hello; the target may be any origin.
    window.parent.postMessage({ type: 'fieldlink:hello' }, '*');
    setTimeout(hello, 500);
  }
  function text(id, value) { document.getElementById(id).textContent = value; }
  window.addEventListener('message', function (event) {
    if (event.source !== window.parent) return;
    var data = event.data || {};
    if (data.type === 'fieldlink:token') {
      answered = true;
      text('status', 'Signed in by the console');
      text('user', data.user.name + ' (' + data.user.id + ')');
      text('locale', data.locale);
      // Shown shortened; kept whole for the test.
      text('token', data.token.slice(0, 8) + '… (' + data.token.length + ' characters)');
      var holder = document.getElementById('token');
      holder.setAttribute('data-token', data.token);
      holder.setAttribute('data-from', event.origin);
    } else if (data.type === 'fieldlink:navigate') {
      text('page', data.page);
    }
  });
  text('page', location.hash || location.pathname);
  hello();
})();
`;

/** Serves the micro-app at /app/ on a free port of 127.0.0.1. */
async function serveApp(): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path === '/app/' || path === '/app/index.html') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(APP_PAGE);
    } else if (path === '/app/app.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      response.end(APP_SCRIPT);
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, origin: `http://127.0.0.1:${port}` };
}

/** A button's text as antd draws it: a space between two Chinese characters. */
const named = (text: string): RegExp =>
  new RegExp(`^\\s*${[...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*')}\\s*$`);

/** The column layout's first-level entry of that title. */
const columnEntry = (page: Page, title: string): Locator =>
  page.locator('nav[aria-label="menu"]').getByRole('button', { name: title });

/** The access token the console holds (zustand's persisted session). */
async function consoleToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('fieldlink.session') ?? '{}') as {
      state?: { accessToken?: string };
    };
    return stored.state?.accessToken ?? '';
  });
}

/** The page's `lang` in each language of the console. */
const PAGE_LANG = { zh: 'zh-CN', tc: 'zh-TW' } as const;

/**
 * The console in another language: the account's choice (PATCH /me) applies when the page loads
 * again. (The header's language menu is the shell test's; this way a busy machine cannot miss it.)
 */
async function inLanguage(
  page: Page,
  session: ApiSession,
  language: 'zh' | 'tc',
  path: string,
): Promise<void> {
  await api(session, 'PATCH', '/me', { language });
  await page.reload();
  await waitForRoute(page, path);
  await page.waitForFunction((lang) => document.documentElement.lang === lang, PAGE_LANG[language]);
}

/** The micro-app's frame, once its page has loaded. */
async function appFrame(page: Page, origin: string): Promise<Frame> {
  for (let i = 0; i < 150; i++) {
    const frame = page.frames().find((f) => f.url().startsWith(origin));
    if (frame) return frame;
    await page.waitForTimeout(100);
  }
  throw new Error(`no frame of ${origin}`);
}

describe.skipIf(skipBrowser())(browserSuiteTitle('custom routes and micro-apps in Chromium'), () => {
  // Filled before the console starts (this hook runs before useConsole's): the server frames it.
  const env: Record<string, string> = {};
  let app: { server: Server; origin: string };
  beforeAll(async () => {
    app = await serveApp();
    env.MICRO_APP_ORIGINS = app.origin;
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await new Promise((resolve) => app?.server.close(resolve));
  });

  const suite = useConsole({ env });
  let admin: ApiSession;
  let demoId = 0;
  let testId = 0;

  beforeAll(async () => {
    admin = await apiSignIn(suite.origin, ADMIN.userName, ADMIN.password);
    const users = await api<{ items: { id: number; userName: string }[] }>(
      admin,
      'GET',
      '/admin/users?offset=0&limit=100',
    );
    demoId = users.items.find((u) => u.userName === 'demo')?.id ?? 0;
    testId = users.items.find((u) => u.userName === 'test')?.id ?? 0;
    expect(demoId).toBeGreaterThan(0);
    expect(testId).not.toBe(demoId);
  }, SETUP_TIMEOUT_MS);

  async function signedIn(account: { userName: string; password: string }): Promise<Page> {
    const page = await suite.newPage();
    await page.goto(`${suite.origin}/`);
    await waitForRoute(page, '/login');
    await signIn(page, account.userName, account.password);
    await waitForRoute(page, '/Equips');
    return page;
  }

  it(
    'the administrator adds a custom route for demo’s user id and a value-added entry',
    async () => {
      const page = await signedIn(ADMIN);
      await page.goto(`${suite.origin}/#/admin/customRoutes`);
      await waitForRoute(page, '/admin/customRoutes');
      await page.getByTestId('new-custom-route').click();
      const form = page.getByTestId('custom-route-form');
      await form.getByLabel('Route name').fill(ROUTE.name);
      await form.getByLabel('Title').fill(ROUTE.title);
      await form.getByLabel('Only some user IDs').click();
      await form.getByLabel('User ID', { exact: true }).fill(String(demoId));
      await page.getByTestId('add-route-child').click();
      const child = page.getByTestId('route-child-0');
      await child.getByLabel('Child name').fill(ROUTE.child);
      await child.getByLabel('Title').fill(ROUTE.childTitle);
      await child.getByLabel('Address').fill(`${app.origin}/app/index.html`);
      await child.getByLabel('Default page').fill('#/day');
      await screenshot(page, 'micro-apps-route-dialog-en');
      const saved = page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/admin/custom-routes',
      );
      await form.getByRole('button', { name: named('Save') }).click();
      const reply = await saved;
      expect(reply.status(), await reply.text()).toBe(201);
      await page.getByTestId(`route-title-${ROUTE.name}`).waitFor();
      const listed = await api<{ items: { name: string; condition: unknown }[] }>(
        admin,
        'GET',
        '/admin/custom-routes',
      );
      expect(listed.items.find((r) => r.name === ROUTE.name)?.condition).toEqual({ op: 'eq', value: demoId });

      await page.goto(`${suite.origin}/#/admin/valueAdded`);
      await waitForRoute(page, '/admin/valueAdded');
      await page.getByTestId('new-value-added').click();
      const entry = page.getByTestId('value-added-form');
      await entry.getByLabel('Title').fill(SERVICE.title);
      await entry.getByLabel('Address').fill(SERVICE.url);
      const added = page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/admin/value-added',
      );
      await entry.getByRole('button', { name: named('Save') }).click();
      expect((await added).status()).toBe(201);
      await page.getByText(SERVICE.title).first().waitFor();
      expect(suite.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'demo sees the route, opens it, and the app gets demo’s token by message, not in an address',
    async () => {
      const page = await suite.demoPage();
      await columnEntry(page, ROUTE.title).click();
      await waitForRoute(page, `/${ROUTE.name}/${ROUTE.child}`);
      const frame = page.getByTestId('micro-app-frame');
      const src = (await frame.getAttribute('src')) ?? '';
      expect(src).toBe(`${app.origin}/app/index.html#/day`);
      const inside = await appFrame(page, app.origin);
      await inside.locator('#status').filter({ hasText: 'Signed in by the console' }).waitFor();
      const token = (await inside.locator('#token').getAttribute('data-token')) ?? '';
      expect(token).toBe(await consoleToken(page));
      expect(await inside.locator('#token').getAttribute('data-from')).toBe(suite.origin);
      expect(await inside.locator('#user').textContent()).toBe(`demo (${demoId})`);
      expect(await inside.locator('#locale').textContent()).toBe('en');
      // The token is demo's own: it signs in to the API as demo.
      const me = await api<{ userName: string }>({ origin: suite.origin, token }, 'GET', '/me');
      expect(me.userName).toBe('demo');
      // No address holds it: not the frame's, not the app's, not the console's.
      expect(src).not.toContain(token);
      expect(inside.url()).not.toContain(token);
      expect(page.url()).not.toContain(token);
      expect(await inside.evaluate(() => location.href)).toBe(`${app.origin}/app/index.html#/day`);
      // The menu names it by its title.
      await page.locator('.fl-column-second').getByText(ROUTE.childTitle).waitFor();
      await screenshot(page, 'micro-apps-host-en');

      const demo = await suite.demoApi();
      try {
        for (const language of ['zh', 'tc'] as const) {
          await inLanguage(page, demo, language, `/${ROUTE.name}/${ROUTE.child}`);
          // The app is told the language with the token (again after this reload).
          const again = await appFrame(page, app.origin);
          await again.locator('#locale').filter({ hasText: PAGE_LANG[language] }).waitFor();
          await screenshot(page, `micro-apps-host-${language}`);
        }
      } finally {
        await api(demo, 'PATCH', '/me', { language: 'en' });
      }
      expect(suite.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'test, whose user id does not match, has no such entry and finds the route unknown',
    async () => {
      const page = await signedIn(TEST);
      await columnEntry(page, 'Settings').waitFor();
      expect(await columnEntry(page, ROUTE.title).count()).toBe(0);
      const routes = await api<{ items: unknown[] }>(
        await apiSignIn(suite.origin, TEST.userName, TEST.password),
        'GET',
        '/custom-routes',
      );
      expect(routes.items).toEqual([]);
      await page.goto(`${suite.origin}/#/${ROUTE.name}/${ROUTE.child}`);
      await page.getByText('Sorry, the page you visited does not exist.').waitFor();
      expect(await page.getByTestId('micro-app-frame').count()).toBe(0);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'demo finds the value-added entry among the services, opened in a new tab',
    async () => {
      const page = await suite.demoPage();
      await columnEntry(page, 'Value-added services').click();
      await waitForRoute(page, '/increment/serviceManager');
      const card = page.getByRole('link', { name: SERVICE.title });
      await card.waitFor();
      expect(await card.getAttribute('href')).toBe(SERVICE.url);
      expect(await card.getAttribute('target')).toBe('_blank');
      expect(await card.getAttribute('rel')).toBe('noopener noreferrer');
      await screenshot(page, 'micro-apps-services-en');
      const demo = await suite.demoApi();
      try {
        for (const language of ['zh', 'tc'] as const) {
          await inLanguage(page, demo, language, '/increment/serviceManager');
          await card.waitFor();
          await screenshot(page, `micro-apps-services-${language}`);
        }
      } finally {
        await api(demo, 'PATCH', '/me', { language: 'en' });
      }
      expect(suite.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
