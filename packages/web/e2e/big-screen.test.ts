/**
 * The big screen in a real browser against the real server and the demo plant: reached from the
 * menu, it fills a 1920×1080 and a 3840×2160 window with nothing to scroll, its totals are the
 * demo's equipment, an alarm raised on the server comes into its ticker, and a preset and a
 * diagram chosen in its settings are still there after a reload. Screenshots in English, Chinese
 * and traditional Chinese at 1920×1080, and at 3840×2160.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, equipmentId, withMeterAlarm } from './api.js';
import type { ApiSession } from './api.js';
import { waitForRoute } from './console.js';
import { browserSuiteTitle, FLOW_TIMEOUT_MS, screenshot, SETUP_TIMEOUT_MS, skipBrowser } from './harness.js';
import { useConsole } from './suite.js';

const LIVE_TIMEOUT_MS = 60_000;
const FULL_HD = { width: 1920, height: 1080 };
const UHD = { width: 3840, height: 2160 };

interface TreeNode {
  readonly children: readonly TreeNode[];
}

/** Every device of the tree, sub-devices included (as the console's counters count them). */
function countNodes(nodes: readonly TreeNode[]): number {
  return nodes.reduce((sum, n) => sum + 1 + countNodes(n.children), 0);
}

const wall = (page: Page) => page.locator('[data-page="BigScreenPage"]');

/** What the page scrolls by, against the window: equal when nothing scrolls. */
function scrollSizes(page: Page) {
  return page.evaluate(() => ({
    width: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    height: Math.max(document.documentElement.scrollHeight, document.body.scrollHeight),
    windowWidth: window.innerWidth,
    windowHeight: window.innerHeight,
  }));
}

/** The wall's panels that stick out of the window or out of their slot (none when it fits). */
function outside(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const panel of document.querySelectorAll<HTMLElement>('.bs-panel, .bs-totals, .bs-header')) {
      const r = panel.getBoundingClientRect();
      if (r.left < 0 || r.top < 0 || r.right > window.innerWidth + 0.5 || r.bottom > window.innerHeight + 0.5)
        out.push(panel.dataset.panel ?? panel.className);
    }
    return out;
  });
}

async function expectNoScrolling(page: Page, size: { width: number; height: number }): Promise<void> {
  expect(await scrollSizes(page)).toEqual({
    width: size.width,
    height: size.height,
    windowWidth: size.width,
    windowHeight: size.height,
  });
  expect(await outside(page)).toEqual([]);
}

/** A screenshot with the pointer off the panels and no tooltip or drawer left open. */
async function shootWall(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Escape');
  await page.mouse.move(5, 5);
  await expect
    .poll(() => page.locator('.ant-drawer-open, .ant-tooltip:not(.ant-tooltip-hidden)').count())
    .toBe(0);
  await screenshot(page, name);
}

describe.skipIf(skipBrowser())(browserSuiteTitle('the big screen in Chromium'), () => {
  const suite = useConsole({ echoErrors: true });
  let rest: ApiSession;
  let page: Page;
  let devices = 0;
  const diagramName = `Wall diagram ${Math.floor(Math.random() * 1e6)}`;
  let diagramId = '';

  beforeAll(async () => {
    rest = await suite.demoApi();
    const tree = await api<{ groups: { children: TreeNode[] }[]; devices: TreeNode[] }>(
      rest,
      'GET',
      '/equipment/tree',
    );
    devices = tree.groups.reduce((sum, g) => sum + countNodes(g.children), 0) + countNodes(tree.devices);
    const relay = await equipmentId(rest, 'DEMO0001');
    const project = await api<{ id: string }>(rest, 'POST', '/diagrams', {
      name: diagramName,
      document: {
        format: 'fieldlink-diagram',
        version: 1,
        canvas: { width: 800, height: 400, background: { color: '#10233f' }, grid: {} },
        widgets: [
          {
            id: 'title',
            kind: 'text',
            x: 20,
            y: 20,
            width: 500,
            height: 40,
            text: 'Pump house',
            fontSize: 28,
            color: '#ffffff',
          },
          {
            id: 'lamp',
            kind: 'lamp',
            x: 40,
            y: 120,
            width: 60,
            height: 60,
            binding: { equipmentId: relay, channel: { kind: 'do', index: 5 } },
          },
          {
            id: 'level',
            kind: 'value',
            x: 140,
            y: 120,
            width: 300,
            height: 60,
            fontSize: 28,
            color: '#ffffff',
            binding: { equipmentId: relay, channel: { kind: 'ai', index: 1 } },
          },
        ],
      },
    });
    diagramId = project.id;
    page = await suite.demoPage();
    await page.setViewportSize(FULL_HD);
  }, SETUP_TIMEOUT_MS);

  it(
    'opens from the menu and fills 1920×1080 and 3840×2160 without scrolling, with the demo’s totals',
    async () => {
      await page.goto(`${suite.origin}/#/system`);
      await page.locator('nav[aria-label="menu"] button[title="Big screen"]').click();
      await waitForRoute(page, '/bigScreen/wall');
      await wall(page).locator('.bs-slots').waitFor();
      // Drawn without the shell.
      expect(await page.locator('.fl-sider, .fl-nav').count()).toBe(0);
      await expect
        .poll(() => page.getByTestId('bs-total-total').textContent(), { timeout: LIVE_TIMEOUT_MS })
        .toBe(`Total${devices}`);
      await expect
        .poll(() => page.locator('[data-panel="ratio"] canvas').count(), { timeout: 30_000 })
        .toBeGreaterThan(0);
      await expect.poll(() => page.locator('[data-panel="map"] .leaflet-container').count()).toBe(1);
      await expectNoScrolling(page, FULL_HD);

      await page.setViewportSize(UHD);
      await expect.poll(() => page.evaluate(() => window.innerHeight)).toBe(UHD.height);
      await expectNoScrolling(page, UHD);
      // Drawn at the window's size (twice the 1080 design), not scaled up.
      const title = await page.locator('.bs-title').evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
      expect(title).toBeCloseTo((3.2 * UHD.height) / 100, 0);
      await shootWall(page, 'big-screen-4k');
      await page.setViewportSize(FULL_HD);
      await expectNoScrolling(page, FULL_HD);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'shows an alarm raised on the server in its ticker, newest first',
    async () => {
      const id = await equipmentId(rest, 'DEMO0005_1');
      await withMeterAlarm(rest, id, async () => {
        const item = page.getByTestId('bs-ticker').locator('li', { hasText: 'Demo energy meter' }).first();
        await expect
          .poll(() => item.textContent(), { timeout: LIVE_TIMEOUT_MS })
          .toMatch(/AI1 Voltage L1 below the lower limit 999999/);
        // Pushed while the wall is open: drawn as new, above the period's events.
        expect(await item.getAttribute('class')).toContain('bs-fresh');
        const items = await page
          .getByTestId('bs-ticker')
          .locator('li')
          .evaluateAll((rows) => rows.map((r) => r.classList.contains('bs-fresh')));
        expect(items.indexOf(false) === -1 || items.lastIndexOf(true) < items.indexOf(false)).toBe(true);
        await shootWall(page, 'big-screen-alarm');
      });
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'stays whole through a burst of eighty alarms, with no pop-up over it',
    async () => {
      // Alarms as the live socket delivers them, each in a task of its own. Eighty pop-ups at once
      // used to exceed React's nested-update limit in the notifications and blank the wall.
      await page.context().addInitScript({
        content: `(() => {
          const Native = window.WebSocket;
          window.__sockets = [];
          window.WebSocket = class extends Native {
            constructor(url, protocols) { super(url, protocols); window.__sockets.push(this); }
          };
        })()`,
      });
      await page.reload();
      await wall(page).locator('.bs-slots').waitFor();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await expect
        .poll(
          () =>
            page.evaluate(() =>
              (window as unknown as { __sockets?: WebSocket[] }).__sockets?.some((s) => s.readyState === 1),
            ),
          { timeout: LIVE_TIMEOUT_MS },
        )
        .toBe(true);
      await page.evaluate(() => {
        const sockets = (window as unknown as { __sockets: WebSocket[] }).__sockets;
        const socket = sockets.filter((s) => s.readyState === 1).at(-1)!;
        const channel = new MessageChannel();
        channel.port1.onmessage = (e) => socket.dispatchEvent(new MessageEvent('message', { data: e.data }));
        const pad = (n: number) => String(n).padStart(2, '0');
        const d = new Date();
        const time = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
        for (let i = 0; i < 80; i++) {
          const info = {
            SN: `BURST${String(i).padStart(4, '0')}`,
            channel: 'AI1',
            level: 1,
            value: 3000 + i,
            Time: time,
            text: `AI1 above the upper limit 2900: ${3000 + i}`,
          };
          channel.port2.postMessage(JSON.stringify({ infotype: 'Notiface', info }));
        }
      });
      const newest = page.getByTestId('bs-ticker').locator('li').first();
      await expect.poll(() => newest.textContent(), { timeout: LIVE_TIMEOUT_MS }).toContain('BURST0079');
      expect(await wall(page).locator('.bs-slots .bs-panel').count()).toBeGreaterThan(3);
      // The wall's ticker and beep stand for the console's pop-ups here.
      expect(await page.locator('.ant-notification-notice').count()).toBe(0);
      expect(errors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'keeps the preset and the diagram chosen across a reload',
    async () => {
      await page.getByRole('button', { name: 'Big screen settings' }).click();
      const drawer = page.getByRole('dialog');
      await drawer.locator('.ant-radio-button-wrapper', { hasText: /^Diagram$/ }).click();
      await drawer
        .locator('.ant-select')
        .filter({ has: page.getByRole('combobox', { name: 'Diagram' }) })
        .click();
      // The save that carries the diagram (the preset's may have gone before it, or with it).
      const saved = page.waitForResponse(
        (r) =>
          r.request().method() === 'PUT' &&
          r.url().includes('/me/documents/console-layout/big-screen') &&
          (r.request().postData() ?? '').includes(diagramId),
      );
      await page.locator('.ant-select-item-option', { hasText: diagramName }).click();
      expect((await saved).ok()).toBe(true);
      await page.keyboard.press('Escape');
      const check = async (): Promise<void> => {
        await expect.poll(() => wall(page).getAttribute('data-preset')).toBe('diagram');
        const diagram = page.locator('[data-panel="diagram"]');
        await expect.poll(() => diagram.locator('header').textContent()).toContain(diagramName);
        const value = diagram.locator('[data-widget="level"]');
        await expect.poll(() => value.count(), { timeout: 30_000 }).toBe(1);
        await expect.poll(() => value.textContent(), { timeout: LIVE_TIMEOUT_MS }).toMatch(/\d/);
        await expectNoScrolling(page, FULL_HD);
      };
      await check();
      await page.reload();
      await wall(page).locator('.bs-slots').waitFor();
      await check();
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'is drawn in English, Chinese and traditional Chinese, the language chosen in its settings',
    async () => {
      for (const [language, lang, title] of [
        ['简体中文', 'zh', '大屏展示'],
        ['繁體中文', 'tc', '大屏展示'],
        ['English', 'en', 'Big screen'],
      ] as const) {
        // The settings button by its icon: its name is in the language shown.
        await page.locator('.bs-actions .anticon-setting').click();
        await page.getByRole('dialog').getByText(language, { exact: true }).click();
        await page.keyboard.press('Escape');
        await expect.poll(() => page.locator('.bs-title').textContent()).toBe(title);
        // Kept for the account: still so after a reload.
        await page.reload();
        await wall(page).locator('.bs-slots').waitFor();
        await expect.poll(() => page.locator('.bs-title').textContent()).toBe(title);
        const value = page.locator('[data-panel="diagram"] [data-widget="level"]');
        await expect.poll(() => value.textContent(), { timeout: LIVE_TIMEOUT_MS }).toMatch(/\d/);
        await expectNoScrolling(page, FULL_HD);
        await shootWall(page, `big-screen-${lang}`);
      }
    },
    FLOW_TIMEOUT_MS,
  );
});
