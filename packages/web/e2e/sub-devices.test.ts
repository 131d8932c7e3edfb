/**
 * Sub-devices, deleting equipment and /baseConfig in a real browser against the real server: a
 * wireless slave added under the demo team host shows in the tree and is removed again; /baseConfig
 * redirects to the first device's configuration and opens another from its list; a device added
 * for the test by API is deleted after typing its name and leaves the tree. Screenshots of the
 * sub-devices tab, the delete confirmation and /baseConfig in English, Chinese and traditional
 * Chinese.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, equipmentId } from './api.js';
import { chooseLanguage, routePath, treeRow, waitForRoute } from './console.js';
import { browserSuiteTitle, FLOW_TIMEOUT_MS, screenshot, SETUP_TIMEOUT_MS, skipBrowser } from './harness.js';
import { useConsole } from './suite.js';

/** The view shown: the others stay in the page, hidden (cached views). */
const shown = (page: Page): Locator => page.locator('.fl-view:not([hidden])');

/** The shown device view's tab by its key (the same in every language). */
const deviceTab = (page: Page, key: string): Locator =>
  shown(page).locator(`.ant-tabs-tab[data-node-key="${key}"]`);

/** Filters the monitoring tree by `text` (its search box). */
async function searchTree(page: Page, text: string): Promise<void> {
  await shown(page).getByLabel('Search name or serial number').fill(text);
}

describe.skipIf(skipBrowser())(browserSuiteTitle('sub-devices, deleting and /baseConfig in Chromium'), () => {
  const suite = useConsole({ echoErrors: true });
  let page: Page;
  const serial = `DEL${Math.floor(Math.random() * 1e8)
    .toString()
    .padStart(8, '0')}`;
  const doomed = `Doomed ${serial}`;
  const slave = `E2E slave ${serial.slice(-4)}`;

  beforeAll(async () => {
    // A device of the test's own to delete, so the demo plant stays whole.
    const rest = await suite.demoApi();
    await api(rest, 'POST', '/equipment', { sn: serial, type: 'FL-R8', name: doomed, group: 'E2E delete' });
    page = await suite.demoPage();
  }, SETUP_TIMEOUT_MS);

  it(
    'adds a wireless slave under the team host, sees it in the tree, and removes it',
    async () => {
      await treeRow(page, /Demo team host/).click();
      await deviceTab(page, 'subDevices').click();
      const tab = shown(page).getByTestId('tab-sub-devices');
      await tab.getByText('Demo field slave 1').waitFor();
      await tab.getByText('Demo field slave 2').waitFor();
      // The first free slave id is offered.
      await expect.poll(() => tab.getByLabel('Slave id').inputValue()).toBe('3');
      await screenshot(page, 'sub-devices-en');

      // An id in use is refused on the field, before anything is sent.
      await tab.getByLabel('Model').click();
      await page.locator('.ant-select-item-option[title*="(FL-LR4)"]').click();
      await tab.getByLabel('Name').fill(slave);
      await tab.getByLabel('Slave id').fill('2');
      await tab.getByRole('button', { name: 'Add sub-device' }).click();
      await tab.getByText('Slave id 2 is already used under this host').waitFor();
      await tab.getByLabel('Slave id').fill('3');
      await tab.getByRole('button', { name: 'Add sub-device' }).click();
      await page.getByText(`Sub-device ${slave} added`).waitFor();
      await tab.getByRole('cell', { name: slave }).waitFor();

      // The tree shows it under its host.
      await searchTree(page, slave);
      await treeRow(page, new RegExp(slave)).waitFor({ timeout: 15_000 });
      await searchTree(page, '');

      const row = tab.getByRole('row').filter({ hasText: slave });
      await row.getByRole('button', { name: 'Remove' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(`Delete ${slave}?`).waitFor();
      await dialog.getByLabel('Device name').fill(slave);
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByText('Equipment information deleted').first().waitFor();
      await expect.poll(() => tab.getByRole('cell', { name: slave }).count(), { timeout: 15_000 }).toBe(0);
      await searchTree(page, slave);
      await expect
        .poll(() => page.getByRole('treeitem', { name: new RegExp(slave) }).count(), { timeout: 15_000 })
        .toBe(0);
      await searchTree(page, '');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    "asks for the device's name before deleting it, and the device leaves the tree",
    async () => {
      // The team host's confirmation names its sub-devices (then cancelled).
      await treeRow(page, /Demo team host/).click();
      await shown(page).getByTestId('delete-equipment-button').click();
      let dialog = page.getByRole('dialog');
      await dialog.getByText('Delete Demo team host?').waitFor();
      await dialog.getByText('Its 2 sub-devices are deleted with it:').waitFor();
      await dialog.getByText('Demo field slave 1').waitFor();
      expect(await dialog.getByRole('button', { name: 'Delete', exact: true }).isDisabled()).toBe(true);
      await screenshot(page, 'delete-confirm-en');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => dialog.count()).toBe(0);

      const row = treeRow(page, new RegExp(doomed));
      await row.waitFor();
      await row.click();
      await shown(page).getByTestId('delete-equipment-button').click();
      dialog = page.getByRole('dialog');
      await dialog.getByText(`Delete ${doomed}?`).waitFor();
      await dialog.getByLabel('Device name').fill(doomed.slice(0, -1));
      expect(await dialog.getByRole('button', { name: 'Delete', exact: true }).isDisabled()).toBe(true);
      await dialog.getByLabel('Device name').fill(doomed);
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByText('Equipment information deleted').first().waitFor();
      // The selection is dropped at once; the tree is read again a second later (§4).
      await shown(page).getByText('Select a device in the tree to see its channels.').waitFor();
      await expect
        .poll(() => page.getByRole('treeitem', { name: new RegExp(doomed) }).count(), { timeout: 15_000 })
        .toBe(0);
      const rest = await suite.demoApi();
      await expect(equipmentId(rest, serial)).rejects.toThrow(/not in the tree/);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    "opens /baseConfig on the first device's configuration and another device from its list",
    async () => {
      await page.evaluate(`location.hash = '#/baseConfig'`);
      await waitForRoute(page, /^\/baseConfig\/\d+$/);
      const first = routePath(page);
      const view = shown(page);
      await view.locator('[data-page="BaseConfigDevicePage"]').waitFor();
      await expect.poll(() => view.locator('.ant-tabs-tab-active').textContent()).toBe('Info');
      // The side menu lists the devices under the group; the breadcrumb names the one open.
      // (a host with sub-devices is a submenu there, selected as such).
      await page
        .locator('.fl-sider .ant-menu-item-selected, .fl-sider .ant-menu-submenu-selected')
        .first()
        .waitFor();

      const rest = await suite.demoApi();
      const team = await equipmentId(rest, 'DEMO0004');
      await view.getByRole('treeitem', { name: /Demo team host/ }).click();
      await waitForRoute(page, `/baseConfig/${team}`);
      expect(routePath(page)).not.toBe(first);
      await shown(page).locator(`[data-device="DEMO0004"]`).waitFor();
      await expect.poll(() => page.locator('.fl-breadcrumb').textContent()).toContain('Demo team host');
      await screenshot(page, 'base-config-en');

      // Its sub-devices open on their own configuration page from its list.
      await deviceTab(page, 'subDevices').click();
      const slaveRow = shown(page).getByRole('row').filter({ hasText: 'Demo field slave 1' });
      await slaveRow.getByRole('button', { name: 'Configure' }).click();
      await waitForRoute(page, /^\/baseConfig\/\d+$/);
      await expect.poll(() => page.locator('.fl-breadcrumb').textContent()).toContain('Demo field slave 1');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'shows the three screens in Chinese and in traditional Chinese',
    async () => {
      const shots: [string, string, string][] = [
        // [language button, menu entry, file suffix]
        ['Language', '简体中文', 'zh'],
        ['语言', '繁體中文', 'tc'],
      ];
      const rest = await suite.demoApi();
      const team = await equipmentId(rest, 'DEMO0004');
      for (const [button, language, lang] of shots) {
        await chooseLanguage(page, button, language);
        await page.evaluate(`location.hash = '#/baseConfig/${team}'`);
        await waitForRoute(page, `/baseConfig/${team}`);
        await shown(page).locator('[data-device="DEMO0004"]').waitFor();
        await screenshot(page, `base-config-${lang}`);

        await deviceTab(page, 'subDevices').click();
        await shown(page).getByTestId('tab-sub-devices').getByText('Demo field slave 2').waitFor();
        await screenshot(page, `sub-devices-${lang}`);

        await shown(page).getByTestId('delete-equipment-button').click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText('Demo field slave 1').waitFor();
        await screenshot(page, `delete-confirm-${lang}`);
        await dialog.locator('.ant-modal-footer button').first().click();
        await expect.poll(() => dialog.count()).toBe(0);
      }
    },
    FLOW_TIMEOUT_MS,
  );
});
