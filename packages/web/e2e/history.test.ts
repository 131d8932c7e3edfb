/**
 * History in a real browser: the demo relay board's curves drawn from what the server recorded
 * of the simulated device, its export saved as a CSV file and as an XLSX workbook, the progress
 * shown while an export is under way, and an export cancelled.
 */
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { equipmentId } from './api.js';
import { waitForRoute } from './console.js';
import { browserSuiteTitle, FLOW_TIMEOUT_MS, screenshot, SETUP_TIMEOUT_MS, skipBrowser } from './harness.js';
import { useConsole } from './suite.js';

describe.skipIf(skipBrowser())(browserSuiteTitle('history in Chromium'), () => {
  // Polled every 2 s, the devices have a few rows of history by the time the page opens.
  const suite = useConsole({ env: { POLL_SECONDS: '2' } });
  let page: Page;
  let relayBoard: number;

  beforeAll(async () => {
    const rest = await suite.demoApi();
    relayBoard = await equipmentId(rest, 'DEMO0001');
    page = await suite.demoPage();
  }, SETUP_TIMEOUT_MS);

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

  /**
   * Holds the next export's answer (the server has answered; the browser has not got it yet)
   * until the returned function is called, so what the page shows meanwhile can be checked.
   */
  async function holdNextExport(): Promise<() => Promise<void>> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let handled!: () => void;
    const done = new Promise<void>((resolve) => (handled = resolve));
    const pattern = /\/api\/v1\/equipment\/\d+\/export\?/;
    const handler = async (route: Route): Promise<void> => {
      try {
        const response = await route.fetch();
        await released;
        // A cancelled export's request is gone by now: fulfilling it fails, which is expected.
        await route.fulfill({ response }).catch(() => undefined);
      } finally {
        handled();
      }
    };
    await page.route(pattern, handler, { times: 1 });
    return async () => {
      release();
      await done;
      await page.unroute(pattern, handler);
    };
  }

  it(
    'shows the progress of an export under way, with its cancel button, until the file is saved',
    async () => {
      const release = await holdNextExport();
      const downloading = page.waitForEvent('download', { timeout: 60_000 });
      await page.getByRole('button', { name: 'Export' }).click();
      const progress = page.getByRole('status').filter({ has: page.getByTestId('export-progress') });
      await expect.poll(() => progress.isVisible()).toBe(true);
      expect(await page.getByTestId('export-progress').textContent()).toBe('0 B received, 0 rows');
      expect(await progress.getByRole('button', { name: 'Cancel' }).isVisible()).toBe(true);
      // The format cannot change under a running export.
      expect(await page.getByRole('combobox', { name: 'Export format' }).isDisabled()).toBe(true);
      await screenshot(page, 'history-export-progress');
      await release();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      await expect.poll(() => progress.count()).toBe(0);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'cancels an export under way: nothing is saved and the page says so',
    async () => {
      const release = await holdNextExport();
      let downloads = 0;
      const count = (): void => void (downloads += 1);
      page.on('download', count);
      try {
        await page.getByRole('button', { name: 'Export' }).click();
        const progress = page.getByRole('status').filter({ has: page.getByTestId('export-progress') });
        await progress.getByRole('button', { name: 'Cancel' }).click();
        await expect.poll(() => page.getByText('Export cancelled').count()).toBeGreaterThan(0);
        await expect.poll(() => progress.count()).toBe(0);
        await release();
        await page.waitForTimeout(500);
        expect(downloads).toBe(0);
      } finally {
        page.off('download', count);
      }
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'exports the range as an XLSX workbook whose sheet holds the curves',
    async () => {
      await page.getByRole('combobox', { name: 'Export format' }).click();
      // antd draws the options it shows apart from the list it keeps for screen readers.
      await page.locator('.ant-select-dropdown .ant-select-item-option[title="XLSX"]').click();
      expect(
        await page.getByRole('combobox', { name: 'Export format' }).locator('..').textContent(),
      ).toContain('XLSX');
      const downloading = page.waitForEvent('download', { timeout: 60_000 });
      await page.getByRole('button', { name: 'Export' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      const files = unzipSync(new Uint8Array(await readFile(await download.path())));
      expect(Object.keys(files)).toEqual(
        expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']),
      );
      const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
      expect(sheet).toContain('AI1 Tank level (m)');
      // The header row and at least one row of values.
      expect(sheet.match(/<row /g)?.length ?? 0).toBeGreaterThan(1);
    },
    FLOW_TIMEOUT_MS,
  );

  it('ran without a page error', () => {
    expect(suite.pageErrors).toEqual([]);
  });
});
