/**
 * Acknowledging an alarm in a real browser against the demo plant (issue 27 item 3): the demo
 * user's energy meter alarms (its limits moved past its reading); the pop-up opens below the
 * header, leaving the toolbar free, and carries an Acknowledge button; acknowledging closes it,
 * and the alarm list shows the alarm acknowledged by the user with the time; "Clear acknowledged"
 * takes it off the list. Once in each language, with screenshots of the pop-up, the acknowledged
 * row and the cleared list.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { equipmentId, withMeterAlarm } from './api.js';
import type { ApiSession } from './api.js';
import { chooseLanguage } from './console.js';
import {
  browserSuiteTitle,
  DEMO_USER,
  FLOW_TIMEOUT_MS,
  screenshot,
  SETUP_TIMEOUT_MS,
  skipBrowser,
  sleep,
} from './harness.js';
import { useConsole } from './suite.js';

/** Devices polled every 2 s; an edited limit applies within about 5 s. */
const LIVE_TIMEOUT_MS = 30_000;
/** An edited limit applies to an online device's readings within about 5 s, polled every 2 s. */
const SETTLE_MS = 9_000;

const LANGUAGES = [
  { lang: 'en', acknowledge: /^Acknowledge$/, acknowledged: 'Acknowledged', clear: 'Clear acknowledged' },
  // antd spaces a button's two Chinese characters apart.
  { lang: 'zh', acknowledge: /^确\s?认$/, acknowledged: '已确认', clear: '清除已确认' },
  { lang: 'tc', acknowledge: /^確\s?認$/, acknowledged: '已確認', clear: '清除已確認' },
] as const;

/** The meter's alarm row in the alarm list (its AI1). */
const meterRows = (page: Page): Locator =>
  page
    .locator('.ant-table-row')
    .filter({ hasText: /Demo energy meter/ })
    .filter({ hasText: 'AI1' });

describe.skipIf(skipBrowser())(browserSuiteTitle('alarm acknowledgement in Chromium'), () => {
  const suite = useConsole({ env: { POLL_SECONDS: '2' } });
  let page: Page;
  let rest: ApiSession;

  beforeAll(async () => {
    rest = await suite.demoApi();
    page = await suite.newPage();
    await suite.signInDemo(page);
  }, SETUP_TIMEOUT_MS);

  it(
    'acknowledges an alarm from its pop-up below the header, shows who and when, and clears it',
    async () => {
      const id = await equipmentId(rest, 'DEMO0005_1');
      for (const words of LANGUAGES) {
        if (words.lang !== 'en') {
          // The limits put back must reach the device's readings (within about 5 s) and clear the
          // alarm before they are moved again, or no new alarm is raised.
          await sleep(SETTLE_MS);
          await chooseLanguage(
            page,
            words.lang === 'zh' ? 'Language' : '语言',
            words.lang === 'zh' ? '简体中文' : '繁體中文',
          );
        }
        await withMeterAlarm(rest, id, async () => {
          const popup = page
            .locator('.ant-notification-notice')
            .filter({ hasText: /Demo energy meter AI1/ })
            .filter({ has: page.getByRole('button', { name: words.acknowledge }) });
          await popup.first().waitFor({ timeout: LIVE_TIMEOUT_MS });
          // Below the header: its toolbar stays usable.
          const header = await page.locator('.fl-header').first().boundingBox();
          const box = await popup.first().boundingBox();
          expect(header && box && box.y >= header.y + header.height).toBe(true);
          await screenshot(page, `alarm-ack-popup-${words.lang}`);

          const acked = page.waitForResponse(
            (r) => r.request().method() === 'POST' && /\/events\/\d+\/ack$/.test(new URL(r.url()).pathname),
          );
          await popup.first().getByRole('button', { name: words.acknowledge }).click();
          expect((await acked).status()).toBe(200);
          await popup.first().waitFor({ state: 'hidden' });

          // The list: acknowledged, by the demo user, with the time.
          const row = meterRows(page).filter({ hasText: words.acknowledged }).first();
          await row.waitFor({ timeout: LIVE_TIMEOUT_MS });
          await expect
            .poll(() => row.getByTestId('alarm-ack').textContent())
            .toMatch(new RegExp(`${DEMO_USER}，?,? ?\\d{4}[-/]\\d{2}[-/]\\d{2} \\d{2}:\\d{2}:\\d{2}$`));
          await row.scrollIntoViewIfNeeded();
          await screenshot(page, `alarm-ack-list-${words.lang}`);

          // Clear acknowledged: gone from this user's list.
          const before = await meterRows(page).filter({ hasText: words.acknowledged }).count();
          expect(before).toBeGreaterThan(0);
          const cleared = page.waitForResponse(
            (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/me/alarms/clear',
          );
          await page.getByRole('button', { name: words.clear }).click();
          await page.locator('.ant-popconfirm .ant-btn-primary').click();
          expect((await cleared).status()).toBe(200);
          await page.locator('.ant-popconfirm').waitFor({ state: 'hidden' });
          await expect
            .poll(() => meterRows(page).filter({ hasText: words.acknowledged }).count(), {
              timeout: LIVE_TIMEOUT_MS,
            })
            .toBe(0);
          await screenshot(page, `alarm-ack-cleared-${words.lang}`);
        });
      }
      expect(suite.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS * 2,
  );
});
