/**
 * The shell in a real browser: every layout (each saved as a screenshot), a theme and a language
 * chosen and kept over a reload, the visited tabs' close actions, the map closed while it zooms
 * (saved as a screenshot), and signing out to /login.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page, Request, WebSocket } from 'playwright-core';
import { chooseLanguage, routePath, treeRow, waitForRoute } from './console.js';
import {
  browserSuiteTitle,
  DEMO_USER,
  FLOW_TIMEOUT_MS,
  screenshot,
  SETUP_TIMEOUT_MS,
  skipBrowser,
} from './harness.js';
import { useConsole } from './suite.js';

const LAYOUTS = [
  ['column', 'Column'],
  ['comprehensive', 'Comprehensive'],
  ['vertical', 'Vertical'],
  ['horizontal', 'Horizontal'],
  ['common', 'Common'],
] as const;

function shell(page: Page): Locator {
  return page.locator('.fl-shell');
}

/** The settings drawer, opened from the header's theme icon. */
async function openSettings(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Theme settings' }).first().click();
  const drawer = page.getByRole('dialog').filter({ hasText: 'Theme settings' });
  await drawer.waitFor();
  return drawer;
}

/** Picks `label` in the drawer's radio group `group` ('Layout', 'Theme', …) and saves. */
async function chooseAndSave(page: Page, group: string, label: string): Promise<void> {
  const drawer = await openSettings(page);
  await drawer.getByRole('radiogroup', { name: group }).getByText(label, { exact: true }).click();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await drawer.waitFor({ state: 'hidden' });
}

function tabs(page: Page): Locator {
  return page.getByRole('tablist').getByRole('tab');
}

async function tabTitles(page: Page): Promise<string[]> {
  return (await tabs(page).allTextContents()).map((t) => t.trim());
}

const TITLES: Readonly<Record<string, string>> = {
  '/Equips': 'Monitoring',
  '/history': 'History',
  '/system': 'System overview',
  '/map': 'Map',
};

/** Visits a route through the address, as a link or the search dialog would, until its tab shows. */
async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate(`location.hash = ${JSON.stringify(`#${path}`)}`);
  await waitForRoute(page, path);
  const title = TITLES[path];
  if (!title) return;
  try {
    await page.getByRole('tab', { name: title, selected: true }).waitFor();
  } catch (error) {
    // What the page showed instead, for the failure's message and as a screenshot.
    const shot = await screenshot(page, `visit-failed${path.replaceAll('/', '-')}`);
    const shown = await tabTitles(page).catch(() => []);
    throw new Error(`no selected ${title} tab at ${routePath(page)}; tabs ${shown.join(', ')}; see ${shot}`, {
      cause: error,
    });
  }
}

describe.skipIf(skipBrowser())(browserSuiteTitle('the console shell in Chromium'), () => {
  const suite = useConsole();
  let page: Page;
  const liveSockets: WebSocket[] = [];

  beforeAll(async () => {
    page = await suite.newPage();
    page.on('websocket', (ws) => {
      if (new URL(ws.url()).pathname === '/ws') liveSockets.push(ws);
    });
    // A socket of a document that was reloaded away is gone without a close event: only the
    // current document's sockets are followed.
    page.on('domcontentloaded', () => liveSockets.splice(0));
    await suite.signInDemo(page);
  }, SETUP_TIMEOUT_MS);

  it(
    'draws every layout (saved as screenshots)',
    async () => {
      for (const [layout, label] of LAYOUTS) {
        await chooseAndSave(page, 'Layout', label);
        await expect.poll(() => shell(page).getAttribute('data-layout')).toBe(layout);
        await treeRow(page, /Demo relay board/).waitFor();
        await screenshot(page, `layout-${layout}`);
      }
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'keeps the chosen layout, theme and language over a reload',
    async () => {
      await chooseAndSave(page, 'Layout', 'Horizontal');
      await chooseAndSave(page, 'Theme', 'Ocean');
      await expect.poll(() => shell(page).getAttribute('data-theme')).toBe('ocean');
      await chooseLanguage(page, 'Language', '简体中文');
      await expect.poll(() => page.getByRole('button', { name: '语言' }).count()).toBeGreaterThan(0);
      await screenshot(page, 'theme-ocean-zh');

      await page.reload();
      await treeRow(page, /Demo relay board/).waitFor();
      await expect.poll(() => shell(page).getAttribute('data-layout')).toBe('horizontal');
      expect(await shell(page).getAttribute('data-theme')).toBe('ocean');
      await expect.poll(() => page.getByRole('button', { name: '语言' }).count()).toBeGreaterThan(0);

      // Back to English and the defaults' layout for the tests that follow.
      await chooseLanguage(page, '语言', 'English');
      await page.getByRole('button', { name: 'Language' }).waitFor();
      await chooseAndSave(page, 'Theme', 'Default');
      await chooseAndSave(page, 'Layout', 'Column');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'closes visited tabs one, others and all, keeping the pinned monitoring tab',
    async () => {
      await visit(page, '/history');
      await visit(page, '/system');
      await visit(page, '/map');
      await expect.poll(() => tabTitles(page)).toEqual(['Monitoring', 'History', 'System overview', 'Map']);

      // Closing the active tab shows the last one left.
      await page.getByRole('button', { name: 'Close Map' }).click();
      await waitForRoute(page, '/system');
      await expect.poll(() => tabTitles(page)).toEqual(['Monitoring', 'History', 'System overview']);

      // Others: from a tab's context menu.
      await visit(page, '/map');
      await tabs(page).filter({ hasText: 'History' }).click({ button: 'right' });
      await page.getByRole('menuitem', { name: 'Close others' }).click();
      // The context menu fades out: until it is gone its 'Close all' is a second one on the page.
      await expect.poll(() => page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').count()).toBe(0);
      await expect.poll(() => tabTitles(page)).toEqual(['Monitoring', 'History']);
      await waitForRoute(page, '/history');

      // All: the pinned tab stays and is shown.
      await visit(page, '/system');
      await page.getByRole('button', { name: 'Tab actions' }).click();
      await page.getByRole('menuitem', { name: 'Close all' }).click();
      await expect.poll(() => tabTitles(page)).toEqual(['Monitoring']);
      await waitForRoute(page, '/Equips');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'draws the map from the console alone, and closes it in the middle of a zoom without an error',
    async () => {
      const before = suite.pageErrors.length;
      // No tile server: every request the map makes goes to the console's own origin.
      const elsewhere: string[] = [];
      const onRequest = (request: Request): void => {
        const url = new URL(request.url());
        if (/^https?:$/.test(url.protocol) && url.origin !== suite.origin) elsewhere.push(url.href);
      };
      page.on('request', onRequest);
      await visit(page, '/map');
      // Once the map has drawn the devices (and fitted its view to them), a zoom animation starts
      // on the next frame and ends on a 250 ms timer: the tab is closed in between.
      await page.locator('[data-page="MapPage"] .ant-spin').waitFor({ state: 'detached' });
      await page.waitForTimeout(1000);
      await screenshot(page, 'map');
      page.off('request', onRequest);
      expect(elsewhere).toEqual([]);
      expect(await page.locator('.leaflet-tile').count()).toBe(0);
      const zoomIn = await page.getByRole('button', { name: 'Zoom in' }).elementHandle();
      const close = await page.getByRole('button', { name: 'Close Map' }).elementHandle();
      await page.evaluate(
        ([zoom, closeTab]) =>
          new Promise<void>((resolve) => {
            (zoom as HTMLElement).click();
            requestAnimationFrame(() =>
              setTimeout(() => {
                (closeTab as HTMLElement).click();
                resolve();
              }, 50),
            );
          }),
        [zoomIn, close],
      );
      await waitForRoute(page, '/Equips');
      // Past the end of the zoom animation (250 ms) and a resize's moveend (200 ms).
      await page.waitForTimeout(800);
      expect(suite.pageErrors.slice(before)).toEqual([]);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'signs out from the avatar menu to /login, and stays signed out after a reload',
    async () => {
      await page.getByRole('button', { name: DEMO_USER, exact: true }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await waitForRoute(page, '/login');
      // The live channel is closed with the session.
      expect(liveSockets.length).toBeGreaterThan(0);
      await expect.poll(() => liveSockets.every((ws) => ws.isClosed())).toBe(true);
      await page.reload();
      await waitForRoute(page, '/login');
      const stored = (await page.evaluate(`localStorage.getItem('fieldlink.session')`)) as string | null;
      expect(stored === null || !/"accessToken":"/.test(stored)).toBe(true);
      // A signed-in route sends back to /login with it as the redirect.
      await visit(page, '/login');
      await page.evaluate(`location.hash = '#/map'`);
      await waitForRoute(page, '/login');
    },
    FLOW_TIMEOUT_MS,
  );

  it('ran without a page error', () => {
    expect(suite.pageErrors).toEqual([]);
  });
});
