/**
 * A device's Modbus slave address in a real browser against the real server: the owner sets it in
 * the Link tab, sees it saved (and the server holds it), and gives it back to the model's default;
 * the card saved as screenshots in English, Chinese and traditional Chinese. Then the silent
 * state: the demo relay board, whose simulated board answers only at its model's address (254),
 * is set to another address, and the tree row and the device view say it does not answer there,
 * until the default is restored and it answers again.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, equipmentId } from './api.js';
import { saveEquipment, treeRow } from './console.js';
import { deviceTab, expectText, inOtherLanguages, shoot, shown } from './device-view.js';
import { browserSuiteTitle, FLOW_TIMEOUT_MS, SETUP_TIMEOUT_MS, skipBrowser } from './harness.js';
import { useConsole } from './suite.js';

describe.skipIf(skipBrowser())(browserSuiteTitle("a device's slave address in Chromium"), () => {
  const suite = useConsole({ echoErrors: true });
  let page: Page;
  const serial = `SLV${Math.floor(Math.random() * 1e8)
    .toString()
    .padStart(8, '0')}`;
  const name = `Slave well ${serial}`;
  const slaveAddress = async (unid: string): Promise<number | null> => {
    const rest = await suite.demoApi();
    const id = await equipmentId(rest, unid);
    return (await api<{ slaveAddress: number | null }>(rest, 'GET', `/equipment/${id}`)).slaveAddress;
  };

  beforeAll(async () => {
    // A device of its own (offline: nothing dials for it), so the demo plant keeps its addresses.
    const rest = await suite.demoApi();
    await api(rest, 'POST', '/equipment', { sn: serial, type: 'FL-R8', name, group: 'E2E slave' });
    page = await suite.demoPage();
  }, SETUP_TIMEOUT_MS);

  it(
    'sets the slave address in the Link tab, and the server holds it',
    async () => {
      await treeRow(page, new RegExp(name)).click();
      await deviceTab(page, 'link').click();
      const form = shown(page).getByTestId('slave-address-form');
      const current = shown(page).getByTestId('slave-address-current');
      await form.waitFor();
      await expectText(current, 'Now: 254 (the model’s default)');
      const field = form.getByLabel('Slave address');
      expect(await field.inputValue()).toBe('');

      await field.fill('256');
      await form.getByText('A whole number from 1 to 255').waitFor();
      await field.fill('1');
      await saveEquipment(
        page,
        form.getByRole('button', { name: 'Save slave address' }),
        'Slave address saved',
      );
      await expectText(current, 'Now: 1 (set for this device)');
      expect(await field.inputValue()).toBe('1');
      expect(await slaveAddress(serial)).toBe(1);
      await shoot(page, 'configure-slave-address-en');
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'shows the card in Chinese and in traditional Chinese',
    async () => {
      const current = shown(page).getByTestId('slave-address-current');
      await inOtherLanguages(page, async (lang) => {
        await deviceTab(page, 'link').click();
        await shown(page).getByTestId('slave-address-form').waitFor();
        await expectText(current, lang === 'zh' ? '当前：1（为此设备设置）' : '目前：1（為此設備設定）');
        await shoot(page, `configure-slave-address-${lang}`);
      });
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'gives the address back to the model’s default',
    async () => {
      await deviceTab(page, 'link').click();
      const form = shown(page).getByTestId('slave-address-form');
      await form.waitFor();
      await saveEquipment(
        page,
        form.getByRole('button', { name: 'Use the model’s default' }),
        'The model’s default slave address is used again',
      );
      await expectText(shown(page).getByTestId('slave-address-current'), 'Now: 254 (the model’s default)');
      expect(await form.getByLabel('Slave address').inputValue()).toBe('');
      expect(await slaveAddress(serial)).toBeNull();
    },
    FLOW_TIMEOUT_MS,
  );

  it(
    'shows a device that does not answer at its address in the tree and its view, until it answers',
    async () => {
      const row = treeRow(page, /Demo relay board/);
      await row.click();
      await deviceTab(page, 'link').click();
      const form = shown(page).getByTestId('slave-address-form');
      await form.waitFor();
      // The simulated board answers only at 254: at 7 nobody does, while its DTU stays linked.
      await form.getByLabel('Slave address').fill('7');
      await saveEquipment(
        page,
        form.getByRole('button', { name: 'Save slave address' }),
        'Slave address saved',
      );

      const alert = shown(page).getByTestId('unanswered');
      // The server takes the address within its settings check (5 s) and reads there at once.
      await alert.waitFor({ timeout: 60_000 });
      await expectText(
        alert,
        'Online, but the device does not answer at address 7: check its slave address (Link tab) and wiring.Open the Link tab',
      );
      const badge = row.getByRole('img', { name: 'Does not answer at address 7' });
      await badge.waitFor();
      expect(await badge.getAttribute('title')).toBe('Does not answer at address 7');
      // Still online: the header says so.
      await shown(page).getByText('Online', { exact: true }).first().waitFor();
      await expectText(shown(page).getByTestId('slave-address-current'), 'Now: 7 (set for this device)');
      await shoot(page, 'unanswered-en');
      await inOtherLanguages(page, async (lang) => {
        await expectText(
          alert,
          lang === 'zh' ? /^在线，但设备在地址 7 无应答/ : /^在線，但設備在地址 7 無應答/,
        );
        await shoot(page, `unanswered-${lang}`);
      });

      // The alert's button opens the Link tab, where the default is restored.
      await deviceTab(page, 'live').click();
      await form.waitFor({ state: 'detached' });
      await alert.getByRole('button', { name: 'Open the Link tab' }).click();
      await form.waitFor();
      await saveEquipment(
        page,
        form.getByRole('button', { name: 'Use the model’s default' }),
        'The model’s default slave address is used again',
      );
      await alert.waitFor({ state: 'detached', timeout: 60_000 });
      await badge.waitFor({ state: 'detached' });
      expect(await slaveAddress('DEMO0001')).toBeNull();
    },
    FLOW_TIMEOUT_MS * 2,
  );
});
