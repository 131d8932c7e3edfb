/**
 * What the browser tests of a device's view share: the view shown (the others stay in the page,
 * hidden), its tabs by key, the languages its screenshots are taken in (and going through them),
 * a screenshot of the page at rest, and waiting for a text the console redraws after a reply or a
 * push.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { chooseLanguage } from './console.js';
import { screenshot } from './harness.js';

/** The view shown: the others stay in the page, hidden (cached views). */
export const shown = (page: Page): Locator => page.locator('.fl-view:not([hidden])');

/** The shown device view's tab by its key (the same in every language). */
export const deviceTab = (page: Page, key: string): Locator =>
  shown(page).locator(`.ant-tabs-tab[data-node-key="${key}"]`);

/**
 * The languages of the screenshots, from English: [language button shown before, menu entry,
 * file suffix]; the last goes back to English.
 */
export const LANGUAGES: readonly (readonly [string, string, string])[] = [
  ['Language', '简体中文', 'zh'],
  ['语言', '繁體中文', 'tc'],
  ['語言', 'English', 'en'],
];

/**
 * Switches the console from English to Chinese and to traditional Chinese, running `each` in
 * each of them (with its file suffix, 'zh' or 'tc'), and back to English.
 */
export async function inOtherLanguages(page: Page, each: (lang: string) => Promise<void>): Promise<void> {
  for (const [button, language, lang] of LANGUAGES) {
    await chooseLanguage(page, button, language);
    if (lang === 'en') return;
    await each(lang);
  }
}

/**
 * A full-page screenshot of the page at rest: the language menu closed, no tooltip or notice
 * left over, scrolled to the top (a page scrolled by a click draws its fixed header mid-page).
 */
export async function shoot(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Escape');
  // Over the header's empty right half, off the notices (a notice under the pointer stays) and
  // the icons (their tooltips).
  await page.mouse.move(1000, 24);
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const open of [
    '.ant-dropdown:not(.ant-dropdown-hidden)',
    '.ant-tooltip:not(.ant-tooltip-hidden)',
    '.ant-message-notice',
  ]) {
    await expect.poll(() => page.locator(open).count(), { timeout: 15_000 }).toBe(0);
  }
  await screenshot(page, name);
}

/** Waits until the text of `locator` is `text` (polled: the console redraws after the reply). */
export async function expectText(locator: Locator, text: string | RegExp, timeout = 15_000): Promise<void> {
  await expect
    .poll(async () => (await locator.textContent()) ?? '', { timeout })
    .toMatch(
      typeof text === 'string' ? new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : text,
    );
}
