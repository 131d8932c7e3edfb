/**
 * Diagram links in a real browser against the real server and the demo plant: a project bound to
 * the demo relay board is shared read-only from its page; the link opens signed out in a fresh
 * browser as a full-screen wall display whose lamp follows DO5 of DEMO0001 when it is switched
 * through the API; revoking the link turns the display into its clear page. Then the project is
 * linked from the board's Dynamic graph tab and shown live there. Screenshots in English, Chinese
 * and traditional Chinese.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, readRelays } from './api.js';
import type { ApiSession } from './api.js';
import { treeRow } from './console.js';
import { deviceTab, inOtherLanguages, shoot } from './device-view.js';
import { browserSuiteTitle, FLOW_TIMEOUT_MS, screenshot, SETUP_TIMEOUT_MS, skipBrowser } from './harness.js';
import { useConsole } from './suite.js';

/** The relay the test switches: not DO1, which the demo's own rule toggles every minute. */
const DO = 5;
const LIVE_MS = 30_000;

describe.skipIf(skipBrowser())(browserSuiteTitle('diagram links and the dynamic graph in Chromium'), () => {
  const suite = useConsole({ echoErrors: true });
  let page: Page;
  let rest: ApiSession;
  let relayId = 0;
  let relayBefore: boolean | null = null;
  let projectId = '';
  const name = `Wall diagram ${Math.floor(Math.random() * 1e6)}`;

  /** Switches DO5 of the demo relay board through the API, as the demo user; its new state. */
  async function toggleRelay(): Promise<boolean> {
    const now = (await readRelays(rest, relayId, 8))[DO - 1] ?? false;
    relayBefore ??= now;
    await api(rest, 'POST', `/equipment/${relayId}/operations`, {
      opr: now ? 'closeone' : 'openone',
      io: DO,
      dly: 0,
    });
    return !now;
  }

  const lampOf = (scope: Locator) => scope.locator('[data-widget="lamp"] [data-state]').first();

  beforeAll(async () => {
    rest = await suite.demoApi();
    const equipment = await api<{ items: { id: number; sn: string | null }[] }>(rest, 'GET', '/equipment');
    const relay = equipment.items.find((e) => e.sn === 'DEMO0001');
    if (!relay) throw new Error('the demo relay board is missing');
    relayId = relay.id;
    const binding = { equipmentId: relay.id, channel: { kind: 'do', index: DO } };
    const project = await api<{ id: string }>(rest, 'POST', '/diagrams', {
      name,
      document: {
        format: 'fieldlink-diagram',
        version: 1,
        canvas: { width: 960, height: 540, background: { color: '#f0f5ff' }, grid: {} },
        widgets: [
          {
            id: 'title',
            kind: 'text',
            x: 40,
            y: 30,
            width: 600,
            height: 60,
            text: 'Pump house',
            fontSize: 40,
          },
          { id: 'pump', kind: 'switch', x: 60, y: 180, width: 260, height: 80, binding, label: 'Pump' },
          { id: 'lamp', kind: 'lamp', x: 400, y: 170, width: 100, height: 100, binding },
          {
            id: 'supply',
            kind: 'value',
            x: 560,
            y: 180,
            width: 340,
            height: 80,
            fontSize: 36,
            binding: { equipmentId: relay.id, channel: { kind: 'ai', index: 1 } },
          },
          {
            id: 'badge',
            kind: 'status',
            x: 60,
            y: 360,
            width: 300,
            height: 60,
            binding: { equipmentId: relay.id, channel: null },
          },
        ],
      },
    });
    projectId = project.id;
    page = await suite.demoPage();
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    // The plant as it was: DO5 back, the graph unlinked.
    if (relayId === 0) return;
    await api(rest, 'DELETE', `/equipment/${relayId}/diagram?kind=svg`).catch(() => undefined);
    if (relayBefore !== null) {
      await api(rest, 'POST', `/equipment/${relayId}/operations`, {
        opr: relayBefore ? 'openone' : 'closeone',
        io: DO,
        dly: 0,
      }).catch(() => undefined);
    }
  });

  it(
    'shares the project with a signed-out wall display that follows the relay, until the link is revoked',
    async () => {
      await page.goto(`${suite.origin}/#/jujuda/jujudaHandle/${projectId}`);
      await page.getByTestId('project-links').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByPlaceholder('e.g. Control room screen').fill('Control room');
      await dialog.getByRole('button', { name: 'Create link' }).click();
      const url = (await dialog.getByTestId('link-url').textContent({ timeout: 15_000 })) ?? '';
      expect(url).toMatch(/\/#\/wall\?link=[A-Za-z0-9_-]{43}$/);
      await dialog.getByTestId('link-list').getByText('Control room').waitFor();
      await screenshot(page, 'diagram-links-dialog-en');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // A fresh browser, nobody signed in.
      const wall = await suite.newPage();
      await wall.setViewportSize({ width: 1280, height: 720 });
      await wall.goto(url);
      const display = wall.getByTestId('wall-page');
      await display.waitFor({ timeout: 30_000 });
      await expect
        .poll(() => wall.getByTestId('wall-status').getAttribute('data-connection'), { timeout: LIVE_MS })
        .toBe('live');
      // No page to scroll, nothing to operate.
      expect(await wall.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(
        true,
      );
      expect(
        await display.locator('[role="button"]:not([aria-disabled="true"]), .diagram-operable').count(),
      ).toBe(0);

      const lamp = lampOf(display);
      const after = await toggleRelay();
      await expect
        .poll(() => lamp.getAttribute('data-state'), { timeout: LIVE_MS })
        .toBe(after ? 'on' : 'off');
      await screenshot(wall, 'diagram-links-wall-en');
      for (const lang of ['zh', 'tc']) {
        const other = await suite.newPage({ language: lang });
        await other.setViewportSize({ width: 1280, height: 720 });
        await other.goto(url);
        await other.getByTestId('wall-page').waitFor({ timeout: 30_000 });
        await expect
          .poll(() => lampOf(other.getByTestId('wall-page')).getAttribute('data-state'), { timeout: LIVE_MS })
          .toBe(after ? 'on' : 'off');
        await screenshot(other, `diagram-links-wall-${lang}`);
        await other.close();
      }
      // The dialog again in each language: its list, never the address.
      const openLinks = async () => {
        await page.getByTestId('project-links').click();
        await dialog.getByTestId('link-list').getByText('Control room').waitFor();
      };
      await inOtherLanguages(page, async (lang) => {
        await openLinks();
        await screenshot(page, `diagram-links-dialog-${lang}`);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      });

      await openLinks();
      expect(await dialog.textContent()).not.toContain(url.split('link=')[1]);
      await dialog.getByRole('button', { name: 'Revoke Control room' }).click();
      await page
        .locator('.ant-popover:not(.ant-popover-hidden)')
        .getByRole('button', { name: 'Revoke' })
        .click();
      const gone = wall.getByTestId('wall-gone');
      await gone.waitFor({ timeout: LIVE_MS });
      expect(await gone.getAttribute('data-reason')).toBe('revoked');
      expect(await gone.textContent()).toContain('This link was revoked');
      await screenshot(wall, 'diagram-links-revoked-en');
      // Opened again, the address says the same.
      await wall.reload();
      await wall.getByTestId('wall-gone').waitFor({ timeout: 30_000 });
      await page.keyboard.press('Escape');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'links the project from the board’s Dynamic graph tab and shows it live there',
    async () => {
      // The project page stays in the page (cached views): its dialog closed.
      await page.keyboard.press('Escape');
      await page.goto(`${suite.origin}/#/Equips`);
      await treeRow(page, /Demo relay board/).click();
      await deviceTab(page, 'graph').click();
      const graph = page.getByTestId('dynamic-graph');
      await graph.waitFor();
      await graph.getByLabel('Choose one of your diagrams').click();
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText(name).click();
      await graph.getByRole('button', { name: 'Link', exact: true }).click();
      const drawn = graph.getByTestId('graph-project');
      await drawn.waitFor({ timeout: 15_000 });
      const lamp = lampOf(drawn);
      await expect.poll(() => lamp.getAttribute('data-state'), { timeout: LIVE_MS }).not.toBe('unknown');
      const after = await toggleRelay();
      await expect
        .poll(() => lamp.getAttribute('data-state'), { timeout: LIVE_MS })
        .toBe(after ? 'on' : 'off');
      await shoot(page, 'diagram-links-graph-en');
      await inOtherLanguages(page, (lang) => shoot(page, `diagram-links-graph-${lang}`));

      // The record says so: item 13 holds the project, svgEquipsDate the board it draws.
      const record = await api<{
        settings: { background: string; modes: { doDi: { svgEquipsDate: unknown } } };
      }>(rest, 'GET', `/equipment/${relayId}`);
      expect(record.settings.background.split('@')[13]).toBe(projectId);
      expect(record.settings.modes.doDi.svgEquipsDate).toEqual([{ ID: relayId }]);
    },
    FLOW_TIMEOUT_MS,
  );
});
