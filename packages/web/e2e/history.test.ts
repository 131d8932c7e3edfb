/**
 * History in a real browser: the demo relay board's curves drawn from what the server recorded
 * of the simulated device, and its export saved as a CSV file.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { apiSignIn, equipmentId } from './api.js';
import { signInToMonitoring, waitForRoute } from './console.js';
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

describe.skipIf(skipBrowser())(browserSuiteTitle('history in Chromium'), () => {
  let run: ConsoleRun | undefined;
  let context: BrowserContext;
  let page: Page;
  let relayBoard: number;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    // Polled every 2 s, the devices have a few rows of history by the time the page opens.
    run = await startConsole({ env: { POLL_SECONDS: '2' } });
    const rest = await apiSignIn(run.server.origin, DEMO_USER, DEMO_PASSWORD);
    relayBoard = await equipmentId(rest, 'DEMO0001');
    context = await newConsoleContext(run.browser);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await signInToMonitoring(page, run.server.origin, DEMO_USER, DEMO_PASSWORD);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await stopConsole(run);
  }, 60_000);

  it(
    "draws the relay board's curves",
    async () => {
      await page.evaluate(`location.hash = '#/history?id=${relayBoard}'`);
      await waitForRoute(page, '/history');
      const chart = page.getByRole('img', { name: 'Curves' });
      // Rows come every 2 s: refresh until the range holds some.
      await expect
        .poll(
          async () => {
            if ((await chart.count()) > 0) return true;
            await page.locator('main').getByRole('button', { name: 'Refresh' }).click();
            return false;
          },
          { timeout: 30_000, interval: 1000 },
        )
        .toBe(true);
      // ECharts draws into a canvas of the chart's size.
      await expect.poll(() => chart.locator('canvas').count()).toBeGreaterThan(0);
      const box = await chart.locator('canvas').first().boundingBox();
      expect(box?.width).toBeGreaterThan(100);
      expect(box?.height).toBeGreaterThan(100);
      await expect.poll(() => page.getByRole('combobox', { name: 'Equipment' }).count()).toBeGreaterThan(0);
      await screenshot(page, 'history-curves');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'exports the range as a CSV file',
    async () => {
      const downloading = page.waitForEvent('download', { timeout: 60_000 });
      await page.getByRole('button', { name: 'Export' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      const path = await download.path();
      const text = await readFile(path, 'utf8');
      const [header, ...rows] = text.replace(/^\uFEFF/, '').split('\r\n');
      expect(header).toContain('AI1 Tank level (m)');
      expect(rows.filter((r) => /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,/.test(r)).length).toBeGreaterThan(0);
      await expect.poll(() => page.getByText(/^Saved /).count()).toBeGreaterThan(0);
    },
    FLOW_TIMEOUT_MS,
  );

  it('ran without a page error', () => {
    expect(pageErrors).toEqual([]);
  });
});
