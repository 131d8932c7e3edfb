/**
 * A device's clock sync and the register blocks it does not have, in a real browser against the
 * real server. A relay board of its own is added and simulated on the server's DTU listener, its
 * board refusing the analog input registers ("illegal data address"). In the Link tab the owner
 * switches the clock write off (the server holds it) and gives it back to the model's setting;
 * the card saved as screenshots in English, Chinese and traditional Chinese. The device view
 * names the block it does not have and shows its analog inputs as not read, in each language.
 */
import { VirtualDevice } from '@fieldlink/simulator';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './api.js';
import type { ApiSession } from './api.js';
import { saveEquipment, treeRow } from './console.js';
import { useDtuDevices } from './dtu-devices.js';
import { deviceTab, expectText, inOtherLanguages, shoot, shown } from './device-view.js';
import { browserSuiteTitle, FLOW_TIMEOUT_MS, screenshot, SETUP_TIMEOUT_MS, skipBrowser } from './harness.js';
import { useConsole } from './suite.js';

/** The parts of the equipment record this test reads back. */
interface Stored {
  readonly clockSync: boolean | null;
  readonly status: { readonly unsupported: Readonly<Partial<Record<string, number>>> };
}

describe.skipIf(skipBrowser())(
  browserSuiteTitle("a device's clock sync and missing blocks in Chromium"),
  () => {
    const suite = useConsole({ echoErrors: true });
    const dial = useDtuDevices(suite);
    let page: Page;
    let rest: ApiSession;
    let id = 0;
    const serial = `CLK${Math.floor(Math.random() * 1e8)
      .toString()
      .padStart(8, '0')}`;
    const name = `Clock board ${serial}`;
    /**
     * Picks a choice of the clock card (the radio's input is hidden under its button: that is
     * clicked) and saves it, waiting for the reply and `notice`.
     */
    const chooseAndSave = async (choice: string, notice: string): Promise<void> => {
      const form = shown(page).getByTestId('clock-sync-form');
      await form
        .locator('label.ant-radio-button-wrapper', {
          has: page.getByRole('radio', { name: choice, exact: true }),
        })
        .click();
      await saveEquipment(page, form.getByRole('button', { name: 'Save clock setting' }), notice);
    };
    const record = (): Promise<Stored> => api<Stored>(rest, 'GET', `/equipment/${id}`);

    beforeAll(async () => {
      // A board of its own, so the demo plant keeps its settings: simulated without input registers.
      rest = await suite.demoApi();
      ({ id } = await api<{ id: number }>(rest, 'POST', '/equipment', {
        sn: serial,
        type: 'FL-R8',
        name,
        group: 'E2E clock',
      }));
      const { linkSecret } = await api<{ linkSecret: string }>(rest, 'GET', `/equipment/${id}/link-secret`);
      dial(new VirtualDevice('FL-R8', serial, { secret: linkSecret, refuse: { ai: 2 } }));
      page = await suite.demoPage();
    }, SETUP_TIMEOUT_MS);

    it(
      'switches the clock write off in the Link tab, and the server holds it',
      async () => {
        await treeRow(page, new RegExp(name)).click();
        await deviceTab(page, 'link').click();
        const form = shown(page).getByTestId('clock-sync-form');
        const current = shown(page).getByTestId('clock-sync-current');
        await form.waitFor();
        await expectText(current, 'Now: the server sets its clock (as the model says: on)');
        expect(await form.getByRole('radio', { name: 'As the model (on)' }).isChecked()).toBe(true);
        const save = form.getByRole('button', { name: 'Save clock setting' });
        expect(await save.isDisabled()).toBe(true);

        await chooseAndSave('Off', 'Clock setting saved');
        await expectText(current, 'Now: the server does not write its clock (set for this device)');
        expect(await save.isDisabled()).toBe(true);
        expect((await record()).clockSync).toBe(false);
        await shoot(page, 'configure-clock-sync-en');
      },
      FLOW_TIMEOUT_MS,
    );

    it(
      'shows the card in Chinese and in traditional Chinese',
      async () => {
        const current = shown(page).getByTestId('clock-sync-current');
        await inOtherLanguages(page, async (lang) => {
          await deviceTab(page, 'link').click();
          await shown(page).getByTestId('clock-sync-form').waitFor();
          await expectText(
            current,
            lang === 'zh'
              ? '当前：服务器不写其时钟（为此设备设置）'
              : '目前：伺服器不寫其時鐘（為此設備設定）',
          );
          await shoot(page, `configure-clock-sync-${lang}`);
        });
      },
      FLOW_TIMEOUT_MS,
    );

    it(
      'gives the clock back to the model’s setting',
      async () => {
        await deviceTab(page, 'link').click();
        await chooseAndSave('As the model (on)', 'The clock follows the model’s setting again');
        await expectText(
          shown(page).getByTestId('clock-sync-current'),
          'Now: the server sets its clock (as the model says: on)',
        );
        expect((await record()).clockSync).toBeNull();
      },
      FLOW_TIMEOUT_MS,
    );

    it(
      'names the block the board does not have, and shows its analog inputs as not read',
      async () => {
        await deviceTab(page, 'live').click();
        const alert = shown(page).getByTestId('unsupported');
        // The server marks the block at the device's first read, and pushes it.
        await alert.waitFor({ timeout: 60_000 });
        await expectText(
          alert,
          'This device does not have analog inputs (it answered ‘illegal data address’): they are not read.' +
            'The server asks for them again about once an hour.',
        );
        expect((await record()).status.unsupported).toEqual({ ai: 2 });
        for (const passage of ['AI1', 'AI2']) {
          const dash = shown(page).getByTestId(`unavailable-${passage}`);
          await expectText(dash, '—');
          expect(await dash.getAttribute('aria-label')).toBe(
            'Not read: this device does not have analog inputs (‘illegal data address’)',
          );
          expect(await shown(page).getByTestId(`value-${passage}`).count()).toBe(0);
        }
        // The relays and inputs are read: their states show, and the relays can be switched.
        await shown(page).locator('[data-kind="do"] [data-channel="DO1"][data-on]').waitFor();
        await shown(page).locator('[data-kind="di"] [data-channel="DI1"][data-on]').waitFor();
        expect(await shown(page).getByRole('switch').count()).toBe(8);
        // The reason shows on hovering the dash.
        await shown(page).getByTestId('unavailable-AI1').hover();
        await expectText(
          page.locator('.ant-tooltip:not(.ant-tooltip-hidden)'),
          'Not read: this device does not have analog inputs (‘illegal data address’)',
        );
        await screenshot(page, 'unsupported-blocks-tooltip-en');
        await shoot(page, 'unsupported-blocks-en');
        await inOtherLanguages(page, async (lang) => {
          await expectText(
            alert,
            lang === 'zh'
              ? /^此设备没有模拟量输入（应答为“非法数据地址”）：不读取这些通道。/
              : /^此設備沒有類比量輸入（應答為「非法數據地址」）：不讀取這些通道。/,
          );
          await shoot(page, `unsupported-blocks-${lang}`);
        });
      },
      FLOW_TIMEOUT_MS * 2,
    );
  },
);
