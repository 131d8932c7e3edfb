/**
 * The selected device across pages in a real browser (issue 27 item 2): the map → a slave's dot
 * → History → System overview → History sequence that used to switch History to another device
 * and write `?id=` into the system overview's address. The demo's field slave is given a position
 * of its own, so it has a dot apart from the plant's. Once in each language, with screenshots.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, equipmentId } from './api.js';
import type { ApiSession } from './api.js';
import { chooseLanguage, routePath, routeQuery, treeRow, waitForRoute } from './console.js';
import { browserSuiteTitle, FLOW_TIMEOUT_MS, screenshot, SETUP_TIMEOUT_MS, skipBrowser } from './harness.js';
import { openDevicePopup } from './map.js';
import { useConsole } from './suite.js';

const SLAVE = 'Demo field slave 1';
const BOARD = 'Demo relay board';

const LANGUAGES = [
  {
    lang: 'en',
    button: 'Language',
    menu: 'English',
    equips: 'Monitoring',
    history: 'History',
    system: 'System overview',
    map: 'Map',
  },
  {
    lang: 'zh',
    button: 'Language',
    menu: '简体中文',
    equips: '监控',
    history: '历史数据',
    system: '系统概览',
    map: '地图',
  },
  {
    lang: 'tc',
    button: '语言',
    menu: '繁體中文',
    equips: '監控',
    history: '歷史資料',
    system: '系統概覽',
    map: '地圖',
  },
] as const;

type Words = (typeof LANGUAGES)[number];

/** A first-level entry of the column layout's menu, by its title. */
const menuItem = (page: Page, title: string) =>
  page.locator('.fl-column-item').filter({ hasText: title }).first();
/** A visited tab, by its title. */
const tab = (page: Page, title: string) => page.locator('.fl-tab').filter({ hasText: title }).first();
/** The device History's equipment list shows. */
const historyDevice = (page: Page) =>
  page
    .locator('[data-page="HistoryPage"] .ant-select')
    .allTextContents()
    .then((texts) => texts.join(' '));
/** The row the monitoring tree marks selected. */
const selectedRow = (page: Page) =>
  page
    .locator('[data-page="MonitoringPage"] [role="treeitem"][aria-selected="true"]')
    .allTextContents()
    .then((texts) => texts.join(' '));

describe.skipIf(skipBrowser())(browserSuiteTitle('the selected device across pages in Chromium'), () => {
  const suite = useConsole();
  let rest: ApiSession;
  let page: Page;
  let slave: number;

  beforeAll(async () => {
    rest = await suite.demoApi();
    slave = await equipmentId(rest, 'DEMO0004_1');
    // A spot of its own, far from the others' dots; the suite's server and its data
    // are its own.
    await api(rest, 'PATCH', `/equipment/${slave}`, {
      settings: { param: { basicParam: { gps: '108.95, 34.27' } } },
    });
    page = await suite.demoPage();
  }, SETUP_TIMEOUT_MS);

  async function sequence(words: Words): Promise<void> {
    // The user's choice on the monitoring page: the relay board.
    await menuItem(page, words.equips).click();
    await waitForRoute(page, '/Equips');
    await treeRow(page, new RegExp(BOARD)).click();
    await expect.poll(() => selectedRow(page)).toContain(BOARD);

    // Map → the slave's dot → History.
    await menuItem(page, words.map).click();
    await waitForRoute(page, '/map');
    const popup = await openDevicePopup(page, SLAVE);
    await screenshot(page, `navigation-map-${words.lang}`);
    await popup.locator('a[href*="/history?id="]').click();
    await waitForRoute(page, '/history');
    expect(routeQuery(page).get('id')).toBe(String(slave));
    await expect.poll(() => historyDevice(page)).toContain(SLAVE);
    await screenshot(page, `navigation-history-${words.lang}`);

    // System overview: its address is its own, with no ?id=.
    await menuItem(page, words.system).click();
    await waitForRoute(page, '/system');
    // Long enough for a hidden page's effect to have written into the address.
    await page.waitForTimeout(500);
    expect(routePath(page)).toBe('/system');
    expect(new URL(page.url()).hash).toBe('#/system');
    await screenshot(page, `navigation-system-${words.lang}`);

    // History again, by its tab: the same device.
    await tab(page, words.history).click();
    await waitForRoute(page, '/history');
    await expect.poll(() => historyDevice(page)).toContain(SLAVE);
    await expect.poll(() => routeQuery(page).get('id')).toBe(String(slave));

    // The map's dot was the user's choice: the monitoring page shows the slave too.
    await tab(page, words.equips).click();
    await waitForRoute(page, '/Equips');
    expect(new URL(page.url()).hash).toBe('#/Equips');
    await expect.poll(() => selectedRow(page)).toContain(SLAVE);
    await screenshot(page, `navigation-monitoring-${words.lang}`);
  }

  it(
    'map → History → System overview → History keeps the device; the system overview’s address has no ?id=',
    async () => {
      for (const words of LANGUAGES) {
        if (words.lang !== 'en') await chooseLanguage(page, words.button, words.menu);
        await sequence(words);
      }
      expect(suite.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS * 3,
  );
});
