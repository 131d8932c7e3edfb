/**
 * The Parameters and UI tabs of a device in a real browser against the real server and its
 * simulated demo plant: an output renamed and an analog input given new scaling, unit and alarm
 * limits, then the Channels tab showing the new name, the value scaled the new way and the alarm
 * colour; an output's button mode and the channels shown changed in the UI tab and followed there
 * too; both tabs photographed in English, Chinese and traditional Chinese.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, equipmentId } from './api.js';
import type { ApiSession } from './api.js';
import { aiValue, chooseLanguage, saveEquipment, treeRow } from './console.js';
import { browserSuiteTitle, FLOW_TIMEOUT_MS, screenshot, SETUP_TIMEOUT_MS, skipBrowser } from './harness.js';
import { useConsole } from './suite.js';

/** Values reach the console within this (devices polled every 2 s here). */
const LIVE_TIMEOUT_MS = 30_000;
/** The demo's supply water temperature (AI1 of DEMO0002) swings over raw 2300-3300. */
const RAW_MIN = 2300;
const RAW_MAX = 3300;
/** The console's default colour of a high alarm (InputPanels' ALARM_COLORS.high). */
const HIGH_ALARM_COLOR = 'rgb(255, 77, 79)';

interface StoredRecord {
  readonly settings: {
    readonly do: { readonly names: readonly string[] };
    readonly ai: Readonly<
      Record<'units' | 'alarmLow' | 'alarmHigh' | 'x2' | 'y2', readonly (string | number)[]>
    >;
    readonly modes: { readonly doUi: string; readonly doDi: Record<string, unknown> };
  };
}

/**
 * A full-page screenshot from the top of the page (filling a field scrolls the page, and the
 * fixed header would then stand in the middle of the picture), without the alarm pop-ups the demo
 * plant raises meanwhile.
 */
async function shoot(page: Page, name: string): Promise<void> {
  for (const close of await page.locator('.ant-notification-notice-close').all()) {
    await close.click().catch(() => undefined);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await screenshot(page, name);
}

const tab = (page: Page, name: string): Locator => page.getByRole('tab', { name, exact: true });

/** Picks the option titled `title` of the select labelled `label`. */
async function choose(page: Page, label: string, title: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator(`.ant-select-item-option[title="${title}"]`).click();
}

describe.skipIf(skipBrowser())(browserSuiteTitle('device parameters and UI in Chromium'), () => {
  const suite = useConsole({ env: { POLL_SECONDS: '2' } });
  let page: Page;
  let rest: ApiSession;

  beforeAll(async () => {
    rest = await suite.demoApi();
    page = await suite.demoPage();
    await treeRow(page, /Demo analog inputs/).click();
    await aiValue(page, 'AI1').waitFor();
  }, SETUP_TIMEOUT_MS);

  it(
    'renames an output, rescales an input with new alarm limits, and the Channels tab follows',
    async () => {
      await tab(page, 'Parameters').click();
      const doName = page.getByLabel('DO1 Name', { exact: true });
      await doName.waitFor();
      expect(await doName.inputValue()).toBe('Warning lamp');
      await doName.fill('Beacon');
      // Raw 0-1000 shows as 0-10 bar: the supply reads 23-33 bar, above an upper limit of 5.
      await page.getByLabel('AI1 Unit', { exact: true }).fill('bar');
      await page.getByLabel('AI1 X2', { exact: true }).fill('1000');
      await page.getByLabel('AI1 Y2', { exact: true }).fill('10');
      await page.getByLabel('AI1 Lower limit', { exact: true }).fill('1');
      await page.getByLabel('AI1 Upper limit', { exact: true }).fill('5');

      // The preview scales the live reading with the points typed, before anything is saved.
      const typed = page.getByTestId('preview-AI1-typed');
      await expect.poll(() => typed.getAttribute('data-alarm'), { timeout: LIVE_TIMEOUT_MS }).toBe('1');
      const raw = Number(await page.getByTestId('preview-AI1-raw').textContent());
      expect(raw).toBeGreaterThanOrEqual(RAW_MIN - 50);
      expect(raw).toBeLessThanOrEqual(RAW_MAX + 50);
      await shoot(page, 'configure-parameters-en');

      await saveEquipment(
        page,
        page.getByRole('button', { name: 'Save', exact: true }),
        'Channel settings saved',
      );
      const id = await equipmentId(rest, 'DEMO0002');
      const stored = await api<StoredRecord>(rest, 'GET', `/equipment/${id}`);
      expect(stored.settings.do.names[0]).toBe('Beacon');
      expect(stored.settings.ai.units[0]).toBe('bar');
      expect([stored.settings.ai.x2[0], stored.settings.ai.y2[0]]).toEqual([1000, 10]);
      expect([stored.settings.ai.alarmLow[0], stored.settings.ai.alarmHigh[0]]).toEqual([1, 5]);
      // Only what changed: the other channels keep theirs.
      expect(stored.settings.ai.units[1]).toBe('°C');

      await tab(page, 'Channels').click();
      await page.getByRole('switch', { name: /DO1 Beacon/ }).waitFor();
      const value = aiValue(page, 'AI1');
      await expect.poll(() => value.textContent(), { timeout: LIVE_TIMEOUT_MS }).toMatch(/^\d+(\.\d+)? bar$/);
      const shown = Number.parseFloat((await value.textContent()) ?? '');
      expect(shown).toBeGreaterThanOrEqual((RAW_MIN - 50) / 100);
      expect(shown).toBeLessThanOrEqual((RAW_MAX + 50) / 100);
      const cell = page.locator('[data-kind="ai"] [data-channel="AI1"]');
      await expect.poll(() => cell.getAttribute('data-alarm'), { timeout: LIVE_TIMEOUT_MS }).toBe('1');
      expect(await value.evaluate((el) => getComputedStyle(el).color)).toBe(HIGH_ALARM_COLOR);
      await shoot(page, 'configure-parameters-live-en');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'gives an output a timed button and hides a channel in the UI tab, and the Channels tab follows',
    async () => {
      await tab(page, 'UI').click();
      await choose(page, 'DO2 Mode', 'Open, then close after a time');
      await page.getByLabel('DO2 Time (0.1 s)', { exact: true }).fill('30');
      await page.getByLabel('AI8 Flow rate', { exact: true }).uncheck();
      await shoot(page, 'configure-display-en');
      await saveEquipment(
        page,
        page.getByRole('button', { name: 'Save', exact: true }),
        'Channel settings saved',
      );
      const id = await equipmentId(rest, 'DEMO0002');
      const stored = await api<StoredRecord>(rest, 'GET', `/equipment/${id}`);
      expect(stored.settings.modes.doUi).toBe('0;1&;30');
      expect(stored.settings.modes.doDi['AIIndexArr']).toEqual([0, 1, 2, 3, 4, 5, 6]);

      await tab(page, 'Channels').click();
      await page.getByRole('button', { name: 'Open for 3 s' }).waitFor();
      await aiValue(page, 'AI7').waitFor();
      expect(await aiValue(page, 'AI8').count()).toBe(0);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'shows both tabs in Chinese and traditional Chinese',
    async () => {
      const languages = [
        { button: 'Language', pick: '简体中文', lang: 'zh', parameters: '参数', display: '界面' },
        { button: '语言', pick: '繁體中文', lang: 'tc', parameters: '參數', display: '介面' },
      ];
      for (const l of languages) {
        await chooseLanguage(page, l.button, l.pick);
        await tab(page, l.parameters).click();
        await page.getByTestId('parameters-ai').waitFor();
        await shoot(page, `configure-parameters-${l.lang}`);
        await tab(page, l.display).click();
        await page.getByTestId('display-modes').waitFor();
        await shoot(page, `configure-display-${l.lang}`);
      }
      await chooseLanguage(page, '語言', 'English');
      await page.getByRole('button', { name: 'Language' }).waitFor();
      expect(suite.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );
});
