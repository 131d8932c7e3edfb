/**
 * The console under attack, in a real browser against the real server:
 *
 * - Stored XSS: hostile names on a device, a group, channels and a sub-device (set through the
 *   REST API, as a grantee with edit rights could) are shown as text on every page (monitoring
 *   tree, device view, group view, alarm pop-up and list, the map's tooltip and pop-up, system,
 *   history with its tooltip, personal center), and no script of theirs runs: no dialog, no
 *   `window.__xss`, no element parsed from them.
 * - The Content-Security-Policy: the console works under it (sign-in, live values over /ws, the
 *   map, the charts, /docs) without a single violation.
 * - Login links: with a session in the browser a `?token=` link asks before it switches account.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { api, apiSignIn, equipmentId, registerAccount, withMeterAlarm } from './api.js';
import type { ApiSession } from './api.js';
import { aiValue, signIn, treeRow, waitForChange, waitForRoute } from './console.js';
import { dotSpots } from './map.js';
import {
  browserSuiteTitle,
  DEMO_PASSWORD,
  DEMO_USER,
  FLOW_TIMEOUT_MS,
  newConsoleContext,
  screenshot,
  SETUP_TIMEOUT_MS,
  skipBrowser,
  sleep,
} from './harness.js';
import { useConsole } from './suite.js';

/**
 * Each runs a script if it is ever parsed as HTML: it sets window.__xss and opens a dialog. (No
 * `;` in them: a channel list stores one as the full-width `；`.)
 */
const HOSTILE = {
  device: '<img src=x onerror="window.__xss=1,alert(1)">',
  group: '"><svg onload="window.__xss=2,alert(2)">',
  relay: '</script><script>window.__xss=3,alert(3)</script>',
  input: '<img src=x onerror="window.__xss=4,alert(4)">AI',
  meter: "<iframe srcdoc='<script>parent.__xss=5</script>'>",
  meterInput: '<svg><animate onbegin="window.__xss=6" attributeName=x dur=1s>',
} as const;

/** Elements the payloads would make if they were parsed. */
const PARSED = 'img[src="x"], svg[onload], iframe[srcdoc], animate[onbegin], script:not([src])';

const LIVE_TIMEOUT_MS = 30_000;

/** Adds the listeners every page of this suite is watched with. */
function watch(page: Page, dialogs: string[], violations: string[], errors: string[]): void {
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to/i.test(text)) violations.push(text);
  });
  page.on('pageerror', (error) => errors.push(error.message));
}

/** What the page says about script that should not have run and policies that were broken. */
async function pageVerdict(page: Page): Promise<{ xss: unknown; violations: string[]; parsed: number }> {
  return page.evaluate(`({
    xss: window.__xss ?? null,
    violations: window.__cspViolations ?? [],
    parsed: document.querySelectorAll(${JSON.stringify(PARSED)}).length,
  })`);
}

async function go(page: Page, route: string): Promise<void> {
  await page.evaluate(`location.hash = ${JSON.stringify(`#${route}`)}`);
  await waitForRoute(page, route.split('?')[0]!);
}

/** Some element shows exactly this text (as text: the payload was not parsed). */
async function expectShown(page: Page, text: string, within = page.locator('body')): Promise<void> {
  await expect
    .poll(() => within.getByText(text, { exact: false }).count(), { timeout: LIVE_TIMEOUT_MS })
    .toBeGreaterThan(0);
}

describe.skipIf(skipBrowser())(browserSuiteTitle('security in Chromium'), () => {
  // Info logs carry the verification code of the second account's registration.
  const suite = useConsole({ env: { POLL_SECONDS: '2', LOG_LEVEL: 'info' } });
  let context: BrowserContext;
  let page: Page;
  let rest: ApiSession;
  let relayBoard: number;
  const dialogs: string[] = [];
  const violations: string[] = [];
  const pageErrors: string[] = [];
  /** The second account, for the login link. */
  const OTHER = { userName: 'e2e-other', password: 'other-pass-1', phone: '13800000077' };
  let other: ApiSession;

  beforeAll(async () => {
    const origin = suite.origin;
    rest = await apiSignIn(origin, DEMO_USER, DEMO_PASSWORD);
    relayBoard = await equipmentId(rest, 'DEMO0001');

    // The hostile names, as anyone with edit rights on these devices could set them.
    await api(rest, 'PATCH', `/equipment/${relayBoard}`, {
      name: HOSTILE.device,
      group: HOSTILE.group,
      settings: {
        do: { names: [HOSTILE.relay] },
        ai: { names: [HOSTILE.input] },
      },
    });

    // The energy meter raises the alarm later; the console reads names when it signs in.
    const meter = await equipmentId(rest, 'DEMO0005_1');
    await api(rest, 'PATCH', `/equipment/${meter}`, {
      name: HOSTILE.meter,
      settings: { ai: { names: [HOSTILE.meterInput] } },
    });

    other = await registerAccount(suite.server, OTHER);

    context = await suite.newContext();
    await context.addInitScript({
      content: `document.addEventListener('securitypolicyviolation', (e) => {
        (window.__cspViolations ??= []).push(e.violatedDirective + ' ' + e.blockedURI);
      });`,
    });
    page = await context.newPage();
    watch(page, dialogs, violations, pageErrors);
    await page.goto(`${origin}/`);
    await waitForRoute(page, '/login');
    await signIn(page, DEMO_USER, DEMO_PASSWORD);
    await waitForRoute(page, '/Equips');
  }, SETUP_TIMEOUT_MS);

  it(
    'shows the hostile names as text in the tree, the device view and the group view, with live values',
    async () => {
      await treeRow(page, HOSTILE.device).waitFor();
      await expectShown(page, HOSTILE.group);
      await treeRow(page, HOSTILE.device).click();
      await expectShown(page, HOSTILE.relay);
      await expectShown(page, HOSTILE.input);
      // Live values arrive over the live channel (/ws) under the policy's connect-src.
      const value = aiValue(page, 'AI1');
      await value.waitFor({ timeout: LIVE_TIMEOUT_MS });
      const first = await value.textContent();
      await waitForChange(() => value.textContent(), first, LIVE_TIMEOUT_MS);

      await page.getByRole('button', { name: `Show the group: ${HOSTILE.group}` }).click();
      const table = page.getByRole('table', { name: HOSTILE.group });
      await table.waitFor();
      await expectShown(page, HOSTILE.device, table);
      await screenshot(page, 'security-group-view');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'shows a hostile sub-device and channel name as text in the alarm pop-up and the alarm list',
    async () => {
      const meter = await equipmentId(rest, 'DEMO0005_1');
      await withMeterAlarm(rest, meter, async () => {
        const popup = page.locator('.ant-notification-notice').filter({ hasText: HOSTILE.meter });
        await popup.first().waitFor({ timeout: LIVE_TIMEOUT_MS });
        await go(page, '/Equips');
        const list = page.locator('.ant-card').filter({ hasText: 'Alarms, last 24 hours' }).last();
        await list.getByText('All devices').click();
        await expectShown(page, HOSTILE.meter, list);
        await screenshot(page, 'security-alarm');
      });
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    "opens the map's tooltip and pop-up of the hostile device: its name is text",
    async () => {
      await go(page, '/map');
      const map = page.getByRole('application', { name: 'Monitoring map' });
      await map.waitFor();
      const tooltip = page.locator('.leaflet-tooltip').filter({ hasText: HOSTILE.device });
      // The dots are drawn on a canvas: find them by their colours and hover each until the
      // hostile device's tooltip shows.
      await expect
        .poll(
          async () => {
            for (const spot of await dotSpots(page)) {
              await page.mouse.move(spot.x, spot.y);
              await sleep(60);
              if ((await tooltip.count()) > 0) return true;
            }
            return false;
          },
          { timeout: LIVE_TIMEOUT_MS, interval: 500 },
        )
        .toBe(true);
      expect(await tooltip.textContent()).toBe(HOSTILE.device);
      expect(await tooltip.locator('img, svg, script').count()).toBe(0);
      await screenshot(page, 'security-map-tooltip');
      const box = await tooltip.boundingBox();
      // The dot is just below its tooltip.
      await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height + 12);
      const popup = page.locator('.leaflet-popup-content');
      await expect.poll(() => popup.locator('strong').textContent()).toBe(HOSTILE.device);
      await screenshot(page, 'security-map-popup');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'draws the system page and the history chart, the hostile channel name as text in its tooltip',
    async () => {
      await go(page, '/system');
      await page.getByRole('img', { name: 'Online ratio' }).locator('canvas').first().waitFor();
      await hoverChart(page, 'Online ratio');

      await go(page, `/history?id=${relayBoard}`);
      const chart = page.getByRole('img', { name: 'Curves' });
      await expect
        .poll(
          async () => {
            if ((await chart.locator('canvas').count()) > 0) return true;
            await page.locator('main').getByRole('button', { name: 'Refresh' }).click();
            return false;
          },
          { timeout: LIVE_TIMEOUT_MS, interval: 1000 },
        )
        .toBe(true);
      await hoverChart(page, 'Curves');
      const tip = chart.locator('div').filter({ hasText: HOSTILE.input }).last();
      await expect.poll(() => tip.count(), { timeout: LIVE_TIMEOUT_MS }).toBeGreaterThan(0);
      await screenshot(page, 'security-history-tooltip');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'opens the personal center',
    async () => {
      await go(page, '/setting/personalCenter');
      await expectShown(page, DEMO_USER);
    },
    FLOW_TIMEOUT_MS,
  );

  it('ran no script of the hostile names and broke no rule of the policy', async () => {
    const verdict = await pageVerdict(page);
    expect(dialogs).toEqual([]);
    expect(verdict).toEqual({ xss: null, violations: [], parsed: 0 });
    expect(violations).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it(
    'serves /docs under the policy',
    async () => {
      const docs = await context.newPage();
      const docsDialogs: string[] = [];
      const docsViolations: string[] = [];
      const docsErrors: string[] = [];
      watch(docs, docsDialogs, docsViolations, docsErrors);
      try {
        await docs.goto(`${suite.origin}/docs`);
        await docs.locator('.swagger-ui .info .title').filter({ hasText: 'Fieldlink API' }).waitFor();
        await expect.poll(() => docs.locator('.opblock').count()).toBeGreaterThan(10);
        await screenshot(docs, 'security-docs');
        expect((await pageVerdict(docs)).violations).toEqual([]);
        expect(docsViolations).toEqual([]);
        expect(docsErrors).toEqual([]);
      } finally {
        await docs.close();
      }
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'asks before a token link switches a signed-in browser to another account (in Chinese)',
    async () => {
      const origin = suite.origin;
      const demo = await fetch(`${origin}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: DEMO_USER, password: DEMO_PASSWORD }),
      }).then((r) => r.json() as Promise<{ accessToken: string; refreshToken: string }>);
      // The console takes the account's language once it has its record.
      await api(rest, 'PATCH', '/me', { language: 'zh' });
      const zh = await newConsoleContext(suite.browser, { language: 'zh' });
      const linkDialogs: string[] = [];
      const linkViolations: string[] = [];
      const linkErrors: string[] = [];
      try {
        const tab = await zh.newPage();
        watch(tab, linkDialogs, linkViolations, linkErrors);
        // demo is signed in in this browser (stored from a page of the origin without the console).
        await tab.goto(`${origin}/favicon.svg`);
        await tab.evaluate(
          `localStorage.setItem('fieldlink.session', ${JSON.stringify(
            JSON.stringify({
              state: { accessToken: demo.accessToken, refreshToken: demo.refreshToken, tokenAt: Date.now() },
              version: 0,
            }),
          )})`,
        );
        const stored = async (): Promise<string | null> =>
          tab.evaluate(
            `JSON.parse(localStorage.getItem('fieldlink.session') ?? '{}').state?.accessToken ?? null`,
          );

        await tab.goto(`${origin}/#/?token=${encodeURIComponent(other.token)}`);
        const question = tab.getByRole('dialog').filter({ hasText: '此链接将登录另一个账号' });
        await question.waitFor({ timeout: LIVE_TIMEOUT_MS });
        await expect.poll(() => question.textContent()).toContain('您当前登录的账号是 demo');
        await screenshot(tab, 'security-link-question');
        // Nothing switched while the question is open.
        expect(await stored()).toBe(demo.accessToken);
        await question.getByRole('button', { name: '保持登录 demo' }).click();
        await waitForRoute(tab, '/Equips');
        expect(new URL(tab.url()).hash).not.toContain('token=');
        expect(await stored()).toBe(demo.accessToken);

        // The link again, confirmed this time: demo's session ends, the other account's starts.
        await tab.goto(`${origin}/favicon.svg`);
        await tab.goto(`${origin}/#/?token=${encodeURIComponent(other.token)}`);
        await question.waitFor({ timeout: LIVE_TIMEOUT_MS });
        await question.getByRole('button', { name: '退出 demo 并继续' }).click();
        // demo's session is cleared first (no token for a moment), then the link's is stored.
        const switched = async (): Promise<string | null> => {
          const token = await stored();
          return token === demo.accessToken ? null : token;
        };
        await expect.poll(switched, { timeout: LIVE_TIMEOUT_MS }).not.toBeNull();
        const token = await stored();
        const me = await api<{ userName: string }>({ origin, token: String(token) }, 'GET', '/me');
        expect(me.userName).toBe(OTHER.userName);
        // demo's session on the server ended with it.
        const refreshed = await fetch(`${origin}/api/v1/auth/refresh`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ refreshToken: demo.refreshToken }),
        });
        expect(refreshed.status).toBe(401);
        expect(linkDialogs).toEqual([]);
        expect(linkViolations).toEqual([]);
      } finally {
        await zh.close();
      }
    },
    FLOW_TIMEOUT_MS,
  );
});

/** Moves the mouse across the middle of a chart, so ECharts shows its tooltip. */
async function hoverChart(page: Page, name: string): Promise<void> {
  const box = await page.getByRole('img', { name }).boundingBox();
  if (!box) throw new Error(`no chart ${name}`);
  for (const f of [0.5, 0.6, 0.7, 0.4]) {
    await page.mouse.move(box.x + box.width * f, box.y + box.height * 0.5, { steps: 4 });
    await sleep(150);
  }
}
