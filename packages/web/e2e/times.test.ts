/**
 * Times agree (issue 27 item 1) in a real browser whose zone is not the server's: the server runs
 * with TIME_ZONE Asia/Shanghai, the browser in America/New_York (12 or 13 hours apart). The demo
 * user's energy meter alarms (its limits moved past its reading); its pop-up, its row in the
 * alarm list, its alarm notice and its event in the history all show the alarm's instant on the
 * browser's clock (the default zone), in each language's one format, and none shows the server's
 * wall-clock text; then the site's zone chosen in the personal center turns the list to the
 * server's clock. Screenshots of the three pages in en, zh and tc, and of the choice.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatInstant } from '../src/time/format.js';
import { api, equipmentId, withMeterAlarm } from './api.js';
import type { ApiSession } from './api.js';
import { chooseLanguage, waitForRoute } from './console.js';
import { browserSuiteTitle, FLOW_TIMEOUT_MS, screenshot, SETUP_TIMEOUT_MS, skipBrowser } from './harness.js';
import { useConsole } from './suite.js';

const SERVER_ZONE = 'Asia/Shanghai';
const BROWSER_ZONE = 'America/New_York';
/** Devices polled every 2 s; an edited limit applies within about 5 s. */
const LIVE_TIMEOUT_MS = 30_000;

const LANGUAGES = [
  { lang: 'en', button: 'Language', name: 'English' },
  { lang: 'zh', button: 'Language', name: '简体中文' },
  { lang: 'tc', button: '语言', name: '繁體中文' },
] as const;

interface StoredAlarm {
  readonly id: number;
  readonly at: string;
  readonly time: string;
}

/** The meter's AI1 alarm rows in the alarm list. */
const meterRows = (page: Page): Locator =>
  page
    .locator('.ant-table-row')
    .filter({ hasText: /Demo energy meter/ })
    .filter({ hasText: 'AI1' });

async function go(page: Page, path: string): Promise<void> {
  await page.evaluate(`location.hash = '#${path}'`);
  await waitForRoute(page, path.split('?')[0]!);
}

describe.skipIf(skipBrowser())(browserSuiteTitle('times in one zone in Chromium'), () => {
  const suite = useConsole({ env: { POLL_SECONDS: '2', TIME_ZONE: SERVER_ZONE } });
  let page: Page;
  let rest: ApiSession;

  beforeAll(async () => {
    rest = await suite.demoApi();
    page = await suite.newPage({ timezoneId: BROWSER_ZONE });
    await suite.signInDemo(page);
  }, SETUP_TIMEOUT_MS);

  it(
    "shows an alarm's pop-up, list row, notice and history event at one time, on the browser's clock",
    async () => {
      expect(await page.evaluate('Intl.DateTimeFormat().resolvedOptions().timeZone')).toBe(BROWSER_ZONE);
      const meter = await equipmentId(rest, 'DEMO0005_1');
      await withMeterAlarm(rest, meter, async () => {
        const popup = page.locator('.ant-notification-notice').filter({ hasText: /Demo energy meter AI1/ });
        await popup.first().waitFor({ timeout: LIVE_TIMEOUT_MS });
        // The alarm as the server stored it: its instant and its text in the server's zone.
        const stored = await api<{ items: StoredAlarm[] }>(
          rest,
          'GET',
          `/equipment/${meter}/events?kind=alarm&limit=1`,
        );
        const alarm = stored.items[0]!;
        const serverText = alarm.time;
        expect(serverText).toBe(formatInstant(alarm.at, SERVER_ZONE, 'en'));
        const shown = (lang: 'en' | 'zh' | 'tc') => formatInstant(alarm.at, BROWSER_ZONE, lang);
        expect(shown('en')).not.toBe(serverText);

        // The pop-up (English: the console's language at sign-in).
        expect(await popup.first().textContent()).toContain(`(${shown('en')})`);
        await screenshot(page, 'times-popup-en');

        for (const { lang, button, name } of LANGUAGES) {
          if (lang !== 'en') {
            await chooseLanguage(page, button, name);
            await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').waitFor({ state: 'hidden' });
          }
          const time = shown(lang);

          await go(page, '/Equips');
          const row = meterRows(page).filter({ has: page.getByTestId('alarm-time').getByText(time) });
          await row.first().waitFor({ timeout: LIVE_TIMEOUT_MS });
          await row.first().scrollIntoViewIfNeeded();
          await screenshot(page, `times-alarm-list-${lang}`);

          await go(page, '/notices/alarms');
          const notices = page.getByTestId('alarm-notices');
          await notices
            .locator('.ant-table-row')
            .filter({ hasText: /Demo energy meter/ })
            .filter({ hasText: time })
            .first()
            .waitFor({ timeout: LIVE_TIMEOUT_MS });
          await screenshot(page, `times-notices-${lang}`);

          await go(page, `/history?id=${meter}`);
          const event = page.getByTestId('event-time').getByText(time, { exact: true });
          await event.first().waitFor({ timeout: LIVE_TIMEOUT_MS });
          await event.first().scrollIntoViewIfNeeded();
          await screenshot(page, `times-history-${lang}`);

          // The server's own wall-clock text shows nowhere.
          expect(await page.locator('body').textContent()).not.toContain(serverText);
        }

        // The site's zone chosen in the personal center (traditional Chinese, the language now):
        // the same alarm then reads on the server's clock, the zone named with its offset.
        await go(page, '/setting/personalCenter');
        await page.getByRole('tab', { name: '語言和時間' }).click();
        const panel = page.getByTestId('time-zone');
        const site = panel.getByLabel(`現場時區：${SERVER_ZONE} (UTC+8)`);
        await site.waitFor();
        const saved = page.waitForResponse(
          (r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname === '/api/v1/me',
        );
        // Saved first, then checked (the choice is the account's, as the server answers it).
        await expect.poll(() => site.isEnabled()).toBe(true);
        await site.click();
        expect((await saved).status()).toBe(200);
        await expect.poll(() => site.isChecked()).toBe(true);
        await expect.poll(() => page.getByTestId('time-zone-now').textContent()).toContain(SERVER_ZONE);
        await screenshot(page, 'times-zone-choice-tc');
        await go(page, '/Equips');
        await meterRows(page)
          .filter({
            has: page.getByTestId('alarm-time').getByText(formatInstant(alarm.at, SERVER_ZONE, 'tc')),
          })
          .first()
          .waitFor({ timeout: LIVE_TIMEOUT_MS });
        await screenshot(page, 'times-alarm-list-site-zone-tc');
        // Back to the default for whoever uses the demo account next.
        await api(rest, 'PATCH', '/me', { param: { consoleSettings: {} } });
      });
      expect(suite.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS * 2,
  );
});
