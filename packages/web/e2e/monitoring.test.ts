/**
 * Monitoring in a real browser against the real server and its simulated demo plant: the tree,
 * the relay board switched from the console (and the simulated device's own relay changed), an
 * AI value updating from the live channel, and an alarm raised on the server popping up.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, WebSocketRoute } from 'playwright-core';
import { api, equipmentId, readRelays, withMeterAlarm } from './api.js';
import type { ApiSession } from './api.js';
import { aiValue, treeRow, waitForChange } from './console.js';
import {
  browserSuiteTitle,
  FLOW_TIMEOUT_MS,
  newConsoleContext,
  screenshot,
  SETUP_TIMEOUT_MS,
  skipBrowser,
} from './harness.js';
import { useConsole } from './suite.js';

/** What devices do reaches the console within this (polls every 2 s here, pushes within 300 ms). */
const LIVE_TIMEOUT_MS = 30_000;

describe.skipIf(skipBrowser())(browserSuiteTitle('monitoring in Chromium'), () => {
  // Devices polled every 2 s, so values move while a test watches.
  const suite = useConsole({ env: { POLL_SECONDS: '2' } });
  let page: Page;
  let rest: ApiSession;
  /** PushInfo frames the console's live socket received. */
  const pushes: string[] = [];

  beforeAll(async () => {
    rest = await suite.demoApi();
    page = await suite.newPage();
    page.on('websocket', (ws) => {
      ws.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.includes('"PushInfo"')) pushes.push(payload);
      });
    });
    await suite.signInDemo(page);
  }, SETUP_TIMEOUT_MS);

  it(
    'shows the demo plant in the tree with its counters',
    async () => {
      for (const name of [/Demo plant/, /Demo relay board/, /Demo analog inputs/, /Demo analog outputs/]) {
        await expect.poll(() => treeRow(page, name).isVisible()).toBe(true);
      }
      const counters = page.getByRole('group', { name: 'Equipment' });
      await expect.poll(() => counters.textContent()).toMatch(/Total\D*\d+/);
      await screenshot(page, 'monitoring-tree');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'switches a relay of the demo relay board and the simulated device follows',
    async () => {
      await treeRow(page, /Demo relay board/).click();
      const pump = page.getByRole('switch', { name: /Pump 1/ });
      await pump.waitFor();
      // The board's state is known once it has been read.
      await expect.poll(() => pump.isEnabled(), { timeout: LIVE_TIMEOUT_MS }).toBe(true);
      const id = await equipmentId(rest, 'DEMO0001');
      const before = (await pump.getAttribute('aria-checked')) === 'true';
      await pump.click();
      await expect
        .poll(async () => (await pump.getAttribute('aria-checked')) === 'true', { timeout: LIVE_TIMEOUT_MS })
        .toBe(!before);
      // The device itself, read over its link.
      await expect
        .poll(async () => (await readRelays(rest, id, 8))[0], { timeout: LIVE_TIMEOUT_MS })
        .toBe(!before);
      await screenshot(page, 'monitoring-relay-board');

      // And back, so the plant is as it was.
      await pump.click();
      await expect
        .poll(async () => (await pump.getAttribute('aria-checked')) === 'true', { timeout: LIVE_TIMEOUT_MS })
        .toBe(before);
      await expect
        .poll(async () => (await readRelays(rest, id, 8))[0], { timeout: LIVE_TIMEOUT_MS })
        .toBe(before);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'updates an AI value from the live channel without reloading it',
    async () => {
      const reads: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'GET' && /\/api\/v1\/equipment/.test(request.url()))
          reads.push(request.url());
      });
      const pushesBefore = pushes.filter((p) => p.includes('DEMO0002')).length;

      await treeRow(page, /Demo analog inputs/).click();
      const supply = aiValue(page, 'AI1');
      await supply.waitFor();
      await expect.poll(() => supply.textContent(), { timeout: LIVE_TIMEOUT_MS }).toMatch(/\d/);
      const first = (await supply.textContent()) ?? '';
      const readsBefore = reads.length;
      const changed = await waitForChange(
        async () => (await supply.textContent()) ?? '',
        first,
        LIVE_TIMEOUT_MS,
      );
      expect(changed).toMatch(/\d/);
      expect(pushes.filter((p) => p.includes('DEMO0002')).length).toBeGreaterThan(pushesBefore);
      // Nothing was fetched again over REST for the new value.
      expect(reads.slice(readsBefore)).toEqual([]);
      await screenshot(page, 'monitoring-analog-inputs');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'pops up an alarm raised on the server',
    async () => {
      const id = await equipmentId(rest, 'DEMO0005_1');
      await withMeterAlarm(rest, id, async () => {
        const popup = page.locator('.ant-notification-notice').filter({ hasText: /Demo energy meter AI1/ });
        await popup.first().waitFor({ timeout: LIVE_TIMEOUT_MS });
        // Worded by the console with the limit the server evaluated (the new one, not the record it held).
        await expect.poll(() => popup.first().textContent()).toMatch(/below the lower limit 999999:/);
        await screenshot(page, 'monitoring-alarm');
      });
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'opens the device an address names, as the map and the header search link it',
    async () => {
      const id = await equipmentId(rest, 'DEMO0003');
      await page.goto(`${suite.origin}/#/Equips?id=${id}`);
      const row = treeRow(page, /Demo analog outputs/);
      await expect.poll(() => row.getAttribute('aria-selected'), { timeout: LIVE_TIMEOUT_MS }).toBe('true');
      await expect
        .poll(() => page.locator('[data-page="MonitoringPage"]').textContent())
        .toMatch(/Demo analog outputs[\s\S]*Pump speed/);
      await screenshot(page, 'monitoring-by-address');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    "shows a group's devices with all their live values",
    async () => {
      await page.getByRole('button', { name: 'Show the group: Demo plant' }).click();
      const table = page.getByRole('table', { name: 'Demo plant' });
      const board = table.locator('tr[data-device="DEMO0001"]');
      await board.waitFor();
      expect(await board.locator('.group-lamp').count()).toBe(16);
      await expect
        .poll(() => board.locator('[data-channel="AI1"]').textContent(), { timeout: LIVE_TIMEOUT_MS })
        .toMatch(/^\d+(\.\d+)? m$/);
      await screenshot(page, 'monitoring-group');
      // A device's name opens it.
      await board.getByRole('button', { name: 'Demo relay board' }).click();
      await expect.poll(() => table.count()).toBe(0);
      await expect.poll(() => page.getByRole('switch', { name: /Pump 1/ }).count()).toBe(1);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'reconnects after the live channel drops and shows what changed while it was down',
    async () => {
      // A console of its own whose live sockets pass through the test: it can close their server
      // side and turn new ones away, as a network outage or a restarting server would.
      const dropped = await newConsoleContext(suite.browser);
      let refuse = false;
      let opened = 0;
      const sockets: WebSocketRoute[] = [];
      await dropped.routeWebSocket(/\/ws(\?|$)/, (ws) => {
        if (refuse) {
          void ws.close({ code: 1013, reason: 'try again later' });
          return;
        }
        opened += 1;
        sockets.push(ws.connectToServer());
      });
      const id = await equipmentId(rest, 'DEMO0001');
      const [before] = await readRelays(rest, id, 1);
      const other = await dropped.newPage();
      other.on('pageerror', (error) => suite.pageErrors.push(error.message));
      try {
        await suite.signInDemo(other);
        const live = other.locator('[data-live]');
        await expect.poll(() => live.getAttribute('data-live'), { timeout: LIVE_TIMEOUT_MS }).toBe('live');
        await treeRow(other, /Demo relay board/).click();
        const pump = other.getByRole('switch', { name: /Pump 1/ });
        await expect.poll(() => pump.isEnabled(), { timeout: LIVE_TIMEOUT_MS }).toBe(true);
        const shown = async (): Promise<boolean> => (await pump.getAttribute('aria-checked')) === 'true';
        await expect.poll(shown, { timeout: LIVE_TIMEOUT_MS }).toBe(before);

        // The channel drops and stays down.
        refuse = true;
        expect(sockets.length).toBeGreaterThan(0);
        for (const ws of sockets.splice(0)) await ws.close({ code: 4000, reason: 'gone' });
        await expect
          .poll(() => live.getAttribute('data-live'), { timeout: LIVE_TIMEOUT_MS })
          .not.toBe('live');
        const openedBefore = opened;

        // Meanwhile the relay is switched elsewhere; the device has it, the console cannot know.
        await api(rest, 'POST', `/equipment/${id}/operations`, {
          opr: before ? 'closeone' : 'openone',
          io: 1,
          dly: 0,
        });
        await expect
          .poll(async () => (await readRelays(rest, id, 1))[0], { timeout: LIVE_TIMEOUT_MS })
          .toBe(!before);
        await other.waitForTimeout(3_000);
        expect(await shown()).toBe(before);
        await screenshot(other, 'monitoring-live-dropped');

        // The channel comes back: the console reconnects and reads the state anew.
        refuse = false;
        await expect.poll(() => live.getAttribute('data-live'), { timeout: 60_000 }).toBe('live');
        expect(opened).toBeGreaterThan(openedBefore);
        await expect.poll(shown, { timeout: LIVE_TIMEOUT_MS }).toBe(!before);
        await screenshot(other, 'monitoring-live-resynced');
      } finally {
        await api(rest, 'POST', `/equipment/${id}/operations`, {
          opr: before ? 'openone' : 'closeone',
          io: 1,
          dly: 0,
        });
        await dropped.close().catch(() => undefined);
      }
    },
    FLOW_TIMEOUT_MS,
  );

  it('ran without a page error', () => {
    expect(suite.pageErrors).toEqual([]);
  });
});
