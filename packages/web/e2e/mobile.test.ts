/**
 * The console on a phone, 375 × 812 in Chromium (issue 27 item 11): tapping a device in the tree
 * shows its panel at once, in the tree's place at the top of the page, with a back control (and
 * the browser's back) to the tree; the breadcrumb has a row of its own and reads whole, not cut
 * to "Monit". Once in each language, with screenshots of what the phone shows.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { chooseLanguage, treeRow, waitForRoute } from './console.js';
import { browserSuiteTitle, FLOW_TIMEOUT_MS, RESULTS_DIR, SETUP_TIMEOUT_MS, skipBrowser } from './harness.js';
import { useConsole } from './suite.js';

const PHONE = { width: 375, height: 812 };
const BOARD = 'Demo relay board';

const LANGUAGES = [
  {
    lang: 'en',
    button: 'Language',
    menu: 'English',
    equips: 'Monitoring',
    settings: 'Settings',
    personal: 'Personal center',
    back: 'Equipment list',
  },
  {
    lang: 'zh',
    button: 'Language',
    menu: '简体中文',
    equips: '监控',
    settings: '设置',
    personal: '个人中心',
    back: '设备列表',
  },
  {
    lang: 'tc',
    button: '语言',
    menu: '繁體中文',
    equips: '監控',
    settings: '設定',
    personal: '個人中心',
    back: '設備列表',
  },
] as const;

/** What the phone shows (the viewport, not the whole page), as test-results/<name>.png. */
async function phoneShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(RESULTS_DIR, `${name}.png`) });
}

/** The breadcrumb's words, whether it is cut, and whether it stands inside the window. */
async function breadcrumb(page: Page): Promise<{ text: string; cut: boolean; inside: boolean }> {
  const crumbs = page.locator('.fl-crumbs-row .fl-breadcrumb');
  await crumbs.waitFor();
  return crumbs.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const items = [...el.querySelectorAll('li')];
    // Cut: the breadcrumb (or its list) clips what it holds, or an item's words run past the row.
    const clipped = [el, el.querySelector('ol')].some((e) => e !== null && e.scrollWidth > e.clientWidth + 1);
    const outside = items.some((li) => {
      const range = document.createRange();
      range.selectNodeContents(li);
      return range.getBoundingClientRect().right > box.right + 1;
    });
    const cut = clipped || outside;
    return {
      text: items
        .map((li) => (li.textContent ?? '').trim())
        .filter((t) => t !== '' && t !== '/')
        .join(' / '),
      cut,
      inside: box.left >= 0 && box.right <= window.innerWidth,
    };
  });
}

/** The narrow monitoring page's view: the tree, or a panel in its place. */
const narrowView = (page: Page) =>
  page.locator('[data-page="MonitoringPage"]').first().getAttribute('data-narrow-view');

describe.skipIf(skipBrowser())(browserSuiteTitle('the console on a phone in Chromium'), () => {
  const suite = useConsole();
  let page: Page;

  beforeAll(async () => {
    page = await suite.newPage();
    await page.setViewportSize(PHONE);
    await suite.signInDemo(page);
  }, SETUP_TIMEOUT_MS);

  it(
    'shows a tapped device’s panel at once, goes back to the tree, and reads the breadcrumb whole',
    async () => {
      for (const words of LANGUAGES) {
        if (words.lang !== 'en') await chooseLanguage(page, words.button, words.menu);
        await page.evaluate(`location.hash = '#/Equips'`);
        await waitForRoute(page, '/Equips');
        await expect.poll(() => narrowView(page)).toBe('tree');

        // The page fits the phone: nothing sticks out sideways.
        expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
        expect(await breadcrumb(page)).toEqual({ text: words.equips, cut: false, inside: true });
        await phoneShot(page, `mobile-tree-${words.lang}`);

        // Tap a device: its panel, in the tree's place, at once in view.
        await treeRow(page, new RegExp(BOARD)).click();
        await expect.poll(() => narrowView(page)).toBe('detail');
        const panel = page.locator('[data-page="MonitoringPage"] .monitoring-detail').first();
        const name = panel.getByText(BOARD, { exact: true }).first();
        await name.waitFor();
        const header = await page.locator('.fl-top').first().boundingBox();
        const box = await name.boundingBox();
        expect(header && box).toBeTruthy();
        expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);
        expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height / 2);
        expect(await page.locator('[data-page="MonitoringPage"] .monitoring-tree').first().isVisible()).toBe(
          false,
        );
        const back = page.getByTestId('monitoring-back');
        expect((await back.textContent())?.trim()).toBe(words.back);
        await phoneShot(page, `mobile-device-${words.lang}`);

        // The back control shows the tree, the device still marked.
        await back.click();
        await expect.poll(() => narrowView(page)).toBe('tree');
        expect(await treeRow(page, new RegExp(BOARD)).getAttribute('aria-selected')).toBe('true');

        // And so does the phone's back gesture after a tap.
        await treeRow(page, new RegExp(BOARD)).click();
        await expect.poll(() => narrowView(page)).toBe('detail');
        await page.goBack();
        await expect.poll(() => narrowView(page)).toBe('tree');
        await waitForRoute(page, '/Equips');

        // A page two levels down: both levels whole.
        await page.evaluate(`location.hash = '#/setting/personalCenter'`);
        await waitForRoute(page, '/setting/personalCenter');
        await expect
          .poll(() => breadcrumb(page))
          .toEqual({ text: `${words.settings} / ${words.personal}`, cut: false, inside: true });
        await phoneShot(page, `mobile-breadcrumb-${words.lang}`);
      }
      expect(suite.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS * 3,
  );
});
