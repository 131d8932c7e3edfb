/**
 * An analog output's field in a real browser against the demo plant (issue 27 item 5): a value
 * beyond the output's range is refused before anything is written ("Too high: limited to 100 %;
 * nothing is written"), and so is a word; neither Set nor Enter sends an operation then. The
 * refusals are shot in English, Chinese and traditional Chinese.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { treeRow } from './console.js';
import { inOtherLanguages, shoot, shown } from './device-view.js';
import { browserSuiteTitle, FLOW_TIMEOUT_MS, SETUP_TIMEOUT_MS, skipBrowser } from './harness.js';
import { useConsole } from './suite.js';

describe.skipIf(skipBrowser())(browserSuiteTitle('analog output entry in Chromium'), () => {
  const suite = useConsole();
  let page: Page;
  /** Operations the console sent (POST …/operations). */
  const operations: string[] = [];

  beforeAll(async () => {
    page = await suite.demoPage();
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/equipment\/\d+\/operations$/.test(request.url()))
        operations.push(request.postData() ?? '');
    });
  }, SETUP_TIMEOUT_MS);

  /** The Pump speed output's cell (AO1 of the demo's analog output board, 0-100 %). */
  const cell = (): Locator => shown(page).locator('[data-kind="ao"] [data-channel="AO1"]');
  const field = (): Locator => cell().locator('input');
  const alert = (): Locator => cell().getByRole('alert');

  /** Types `text` into the field, tries Enter and Set, and checks nothing was sent. */
  async function refuse(text: string): Promise<string> {
    await field().fill(text);
    await field().press('Enter');
    await cell().getByRole('button').click();
    await alert().waitFor();
    expect(await field().getAttribute('aria-invalid')).toBe('true');
    expect(operations).toEqual([]);
    return (await alert().textContent()) ?? '';
  }

  it(
    'refuses 150 % and a word before writing, with the reason, in three languages',
    async () => {
      await treeRow(page, /Demo analog outputs/).click();
      await field().waitFor();

      expect(await refuse('150')).toBe('Too high: limited to 100 %; nothing is written');
      await shoot(page, 'ao-entry-above-en');
      expect(await refuse('abc')).toBe('Not a number: type digits only, e.g. 42.5');
      expect(await refuse('-5')).toBe('Too low: the lowest allowed is 0 %; nothing is written');

      await inOtherLanguages(page, async (lang) => {
        const said = await refuse('150');
        expect(said).toContain('100 %');
        expect(said).not.toMatch(/[A-Za-z]{3}/);
        await shoot(page, `ao-entry-above-${lang}`);
      });
      expect(operations).toEqual([]);
      expect(suite.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
