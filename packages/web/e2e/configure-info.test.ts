/**
 * A device's Info and Link tabs in a real browser against the real server: the owner renames a
 * device and the tree follows; regenerates its link secret and the registration packet changes;
 * both tabs saved as screenshots in English, Chinese and traditional Chinese.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './api.js';
import { chooseLanguage, saveEquipment, treeRow } from './console.js';
import { browserSuiteTitle, FLOW_TIMEOUT_MS, screenshot, SETUP_TIMEOUT_MS, skipBrowser } from './harness.js';
import { useConsole } from './suite.js';

/** The selected device's tab of that label (the page is the monitoring page, cached views aside). */
function deviceTab(page: Page, label: string): Locator {
  return page.locator('[data-page="MonitoringPage"]').getByRole('tab', { name: label, exact: true });
}

describe.skipIf(skipBrowser())(browserSuiteTitle("a device's info and link tabs in Chromium"), () => {
  const suite = useConsole({ echoErrors: true });
  let page: Page;
  const serial = `INF${Math.floor(Math.random() * 1e8)
    .toString()
    .padStart(8, '0')}`;
  const name = `Info well ${serial}`;
  const renamed = `Renamed well ${serial}`;

  beforeAll(async () => {
    // A device of its own, so the demo plant's devices keep their secrets.
    const rest = await suite.demoApi();
    await api(rest, 'POST', '/equipment', { sn: serial, type: 'FL-R8', name, group: 'E2E info' });
    page = await suite.demoPage();
  }, SETUP_TIMEOUT_MS);

  it(
    'renames the device in the Info tab, and the tree shows the new name',
    async () => {
      const row = treeRow(page, new RegExp(name));
      await row.waitFor();
      await row.click();
      await deviceTab(page, 'Info').click();
      const form = page.getByTestId('info-form');
      const nameField = form.getByLabel('Name', { exact: true });
      await nameField.waitFor();
      expect(await nameField.inputValue()).toBe(name);
      const map = page.getByTestId('location-map');
      await map.waitFor();
      await map.locator('.fl-location-marker').waitFor();
      await screenshot(page, 'configure-info-en');

      // A click on the map places the device there: the numbers follow; undone before the rename.
      const latitude = form.getByLabel('Latitude');
      expect(await latitude.inputValue()).toBe('39.9');
      const box = (await map.boundingBox())!;
      await map.click({ position: { x: box.width / 2 + 80, y: box.height / 2 - 60 } });
      await expect.poll(() => latitude.inputValue()).not.toBe('39.9');
      expect(Number(await latitude.inputValue())).toBeGreaterThan(39.9);
      expect(Number(await form.getByLabel('Longitude').inputValue())).toBeGreaterThan(116.39);
      await form.getByRole('button', { name: 'Undo changes' }).click();
      await expect.poll(() => latitude.inputValue()).toBe('39.9');

      await nameField.fill(renamed);
      await saveEquipment(page, form.getByRole('button', { name: 'Save' }), 'Device info saved');
      // The tree is read anew a second after the change (spec §4).
      await treeRow(page, new RegExp(renamed)).waitFor({ timeout: 15_000 });
      expect(await page.getByRole('treeitem', { name: new RegExp(name) }).count()).toBe(0);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'regenerates the link secret in the Link tab, and the registration packet changes',
    async () => {
      await deviceTab(page, 'Link').click();
      await page.getByTestId('link-secret').waitFor();
      await page.getByRole('button', { name: 'Show secret' }).click();
      const packet = page.getByTestId('dtu-packet');
      const before = (await packet.textContent()) ?? '';
      expect(before).toMatch(new RegExp(`^${serial}:[A-Za-z0-9]{8,64}$`));
      await screenshot(page, 'configure-link-en');

      await page.getByRole('button', { name: 'Regenerate secret' }).click();
      const dialog = page.locator('.ant-modal-confirm');
      await expect.poll(() => dialog.textContent()).toContain('The old secret stops working at once');
      await dialog.getByRole('button', { name: 'Regenerate' }).click();
      await expect.poll(() => packet.textContent(), { timeout: 15_000 }).not.toBe(before);
      expect((await packet.textContent()) ?? '').toMatch(new RegExp(`^${serial}:[A-Za-z0-9]{8,64}$`));

      // The server now holds the new secret.
      const rest = await suite.demoApi();
      const tree = await api<{ groups: { name: string; children: { id: number; unid: string }[] }[] }>(
        rest,
        'GET',
        '/equipment/tree',
      );
      const id = tree.groups.flatMap((g) => g.children).find((d) => d.unid === serial)!.id;
      const stored = await api<{ linkSecret: string }>(rest, 'GET', `/equipment/${id}/link-secret`);
      expect(await packet.textContent()).toBe(`${serial}:${stored.linkSecret}`);
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'shows both tabs in Chinese and in traditional Chinese',
    async () => {
      const shots: [string, string, string, string][] = [
        // [language button, menu entry, Info tab, Link tab]
        ['Language', '简体中文', '信息', '连接'],
        ['语言', '繁體中文', '資訊', '連線'],
      ];
      for (const [button, language, info, link] of shots) {
        await chooseLanguage(page, button, language);
        const lang = language === '简体中文' ? 'zh' : 'tc';
        await deviceTab(page, info).click();
        await page.getByTestId('info-form').waitFor();
        await page.getByTestId('location-map').waitFor();
        await screenshot(page, `configure-info-${lang}`);
        await deviceTab(page, link).click();
        await page.getByTestId('link-secret').waitFor();
        await screenshot(page, `configure-link-${lang}`);
      }
    },
    FLOW_TIMEOUT_MS,
  );
});
