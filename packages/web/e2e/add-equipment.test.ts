/**
 * Adding equipment in a real browser against the real server: the tree's Add button, an FL-R8 by a
 * fresh serial, the DTU panel with its `SERIAL:secret` registration packet, then a simulated
 * device dialling the server's DTU listener with that packet and coming online in the tree.
 */
import { VirtualDevice } from '@fieldlink/simulator';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './api.js';
import { treeRow, waitForRoute } from './console.js';
import { useDtuDevices } from './dtu-devices.js';
import { browserSuiteTitle, FLOW_TIMEOUT_MS, screenshot, SETUP_TIMEOUT_MS, skipBrowser } from './harness.js';
import { useConsole } from './suite.js';

describe.skipIf(skipBrowser())(browserSuiteTitle('adding equipment in Chromium'), () => {
  const suite = useConsole({ echoErrors: true });
  const dial = useDtuDevices(suite);
  let page: Page;
  const serial = `E2E${Math.floor(Math.random() * 1e8)
    .toString()
    .padStart(8, '0')}`;

  beforeAll(async () => {
    page = await suite.demoPage();
  }, SETUP_TIMEOUT_MS);

  it(
    'adds an FL-R8, shows the DTU settings, and the device comes online when it dials with them',
    async () => {
      await page.getByRole('button', { name: 'Add equipment' }).click();
      await waitForRoute(page, '/addEquips');
      // The monitoring page stays in the DOM (cached view): look only inside this one.
      const form = page.locator('[data-page="AddEquipmentPage"]');
      await form.getByLabel('Serial number').waitFor();
      await screenshot(page, 'add-equipment-en');
      await form.getByLabel('Serial number').fill(serial.toLowerCase());
      await form.getByLabel('Product model').click();
      // antd keeps a hidden role=option list for screen readers; the visible items carry the title.
      await page.locator('.ant-select-item-option[title$="(FL-R8)"]').click();
      await expect.poll(() => page.getByTestId('type-preview').textContent()).toMatch(/DO \d+ · DI \d+/);
      await form.getByLabel('Name', { exact: true }).fill(`Well ${serial}`);
      await form.getByLabel('Group').fill('E2E wells');
      await form.getByRole('button', { name: 'Add', exact: true }).click();

      const packet = page.getByTestId('dtu-packet');
      await packet.waitFor();
      const text = (await packet.textContent()) ?? '';
      expect(text).toMatch(new RegExp(`^${serial}:\\S{8,64}$`));
      expect(await page.getByTestId('dtu-host').textContent()).toBe('127.0.0.1');
      await screenshot(page, 'add-equipment-dtu-en');

      const secret = text.slice(serial.length + 1);
      dial(new VirtualDevice('FL-R8', serial, { secret }));

      await page.getByRole('button', { name: 'Show in monitoring' }).click();
      await waitForRoute(page, '/Equips');
      const row = treeRow(page, new RegExp(`Well ${serial}`));
      await row.waitFor();
      await expect
        .poll(() => row.locator('[data-online]').getAttribute('data-online'), { timeout: 30_000 })
        .toBe('true');
      await screenshot(page, 'add-equipment-online-en');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'shows the page in Chinese and in traditional Chinese',
    async () => {
      // The console takes the account's language once it has its record.
      const rest = await suite.demoApi();
      const languages = [
        ['zh', '产品型号'],
        ['tc', '產品型號'],
      ] as const;
      for (const [language, modelLabel] of languages) {
        await api(rest, 'PATCH', '/me', { language });
        await page.goto(`${suite.origin}/#/addEquips`);
        await page.reload();
        const form = page.locator('[data-page="AddEquipmentPage"]');
        await form.getByLabel(modelLabel).click();
        await page.locator('.ant-select-item-option[title$="(FL-R8)"]').click();
        await form.getByTestId('type-preview').waitFor();
        // The list may still be closing over the model's preview.
        await page
          .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
          .waitFor({ state: 'hidden' });
        await screenshot(page, `add-equipment-${language}`);
      }
    },
    FLOW_TIMEOUT_MS,
  );
});
