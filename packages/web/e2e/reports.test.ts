/**
 * The daily report generated for the demo (issue 25), in a real browser: the demo account opens
 * Value-added services › Automatic reports (`#/increment/reports`); the report of the last
 * complete day lists the demo plant (a fresh demo has no history before its start, so its devices
 * show no online time there); today so far shows the relay board online with the tank level's
 * minimum, maximum and average from what the server recorded of the simulated devices. The report
 * is downloaded as an XLSX workbook, printed to PDF (the print stylesheet leaves the schedule and
 * the console around it out), and the schedule the demo seeded (daily at 08:00) is shown, with
 * mailing offered only once an address is bound. Screenshots in en.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitForRoute } from './console.js';
import {
  browserSuiteTitle,
  FLOW_TIMEOUT_MS,
  RESULTS_DIR,
  screenshot,
  SETUP_TIMEOUT_MS,
  skipBrowser,
} from './harness.js';
import { useConsole } from './suite.js';

/** The report table's row of a device (its first row, where the device's cells are). */
const deviceRow = (page: Page, name: string): Locator =>
  page.getByTestId('report-document').locator('tr.ant-table-row').filter({ hasText: name }).first();

/** The cells of a row as text. */
const cells = (row: Locator): Promise<string[]> => row.locator('td').allTextContents();

describe.skipIf(skipBrowser())(browserSuiteTitle('automatic reports in Chromium'), () => {
  // Polled every 2 s, the devices have some history by the time the page opens.
  const suite = useConsole({ env: { POLL_SECONDS: '2' } });
  let page: Page;

  beforeAll(async () => {
    page = await suite.demoPage();
  }, SETUP_TIMEOUT_MS);

  it(
    'the daily report generated for the demo',
    async () => {
      await page.evaluate(`location.hash = '#/increment/reports'`);
      await waitForRoute(page, '/increment/reports');
      const report = page.getByTestId('report-document');
      await report.waitFor({ timeout: 30_000 });
      // Yesterday: the demo's devices, listed though the fresh demo recorded nothing then.
      await report.getByText('Daily report').waitFor();
      await deviceRow(page, 'Demo relay board').waitFor();
      expect(await report.getByText('so far').count()).toBe(0);

      // Today so far: the relay board online, its tank level measured.
      await page.getByText('Today so far').click();
      await report.getByText('so far').waitFor();
      const relay = deviceRow(page, 'Demo relay board');
      await expect
        .poll(
          async () => {
            const row = await cells(relay);
            if (row[2] !== '0%' && /\d/.test(row[5] ?? '')) return row;
            await page.getByTestId('reports-page').getByRole('button', { name: 'Refresh' }).click();
            return null;
          },
          { timeout: 60_000, interval: 2000 },
        )
        .not.toBeNull();
      const [device, online, uptime, , channel, min, max, avg] = await cells(relay);
      expect(device).toContain('DEMO0001');
      // Online since the demo started, seconds or minutes ago: h:mm, and a share of the day above 0.
      expect(online).toMatch(/^\d+:\d\d$/);
      expect(uptime).toMatch(/^\d+(\.\d)?%$/);
      expect(channel).toBe('AI1 Tank level');
      for (const value of [min, max, avg]) expect(value).toMatch(/^-?\d+(\.\d+)? m$/);
      expect(Number(min!.split(' ')[0])).toBeLessThanOrEqual(Number(max!.split(' ')[0]));
      await screenshot(page, 'reports-today-en');

      // The schedule the demo seeded, and no mail without an address.
      const settings = page.getByTestId('report-settings');
      await settings.getByText(/^Next report: \d{4}-\d\d-\d\d 08:00 \(/).waitFor();
      expect(await page.getByRole('button', { name: 'Send to my e-mail' }).isDisabled()).toBe(true);

      // Download XLSX: the workbook holds the demo's devices.
      const downloading = page.waitForEvent('download', { timeout: 60_000 });
      await page.getByRole('button', { name: 'Download XLSX' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^fieldlink-report-daily-\d{4}-\d\d-\d\d-so-far\.xlsx$/);
      const files = unzipSync(new Uint8Array(await readFile(await download.path())));
      const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
      expect(sheet).toContain('<t>Demo relay board</t>');
      expect(sheet).toContain('<t>Tank level</t>');

      // Print / save as PDF: only the report is printed.
      await page.emulateMedia({ media: 'print' });
      try {
        expect(await report.isVisible()).toBe(true);
        expect(await settings.isVisible()).toBe(false);
        expect(await page.getByTestId('report-runs').isVisible()).toBe(false);
        expect(await page.getByRole('button', { name: 'Download XLSX' }).isVisible()).toBe(false);
        await screenshot(page, 'reports-print-en');
        const pdf = await page.pdf({ format: 'A4', printBackground: true });
        expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
        await writeFile(join(RESULTS_DIR, 'reports-today-en.pdf'), pdf);
      } finally {
        await page.emulateMedia({ media: 'screen' });
      }
    },
    FLOW_TIMEOUT_MS,
  );
});
