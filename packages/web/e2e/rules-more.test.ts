/**
 * More of the rules tab in a real browser against the real server, on devices of the test's own
 * dialled as virtual devices: an analog trigger on an analog module whose AI1 is scaled (its
 * thresholds typed in °C, stored raw), which closes DO1 once the virtual AI1 enters the window; a
 * simultaneous scene on a relay board that opens two outputs on the 'always' condition; an entry
 * of a Modbus gateway's list written, read back, and run by the gateway against the meter on its
 * bus; the timer page copied to a second relay board and read there; the configuration exported
 * as a JSON file.
 */
import { describeRuleParts, encodePage, toHex } from '@fieldlink/protocol';
import type { AnalogTriggerRule, ModbusMeterEntry, ScheduleRule, SceneRule } from '@fieldlink/protocol';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './api.js';
import type { ApiSession } from './api.js';
import { deviceTab, shown } from './device-view.js';
import { useDtuDevices } from './dtu-devices.js';
import { browserSuiteTitle, FLOW_TIMEOUT_MS, SETUP_TIMEOUT_MS, skipBrowser } from './harness.js';
import {
  addDevice,
  afterDeviceTick,
  choose,
  chooseOption,
  devicePage,
  keepRule,
  liveChannel,
  openRow,
  openRules,
  PAGE_TIMEOUT_MS,
  putPage,
  readShownPage,
  ruleField,
  rowTexts,
  shootOpen,
  typeNumber,
  waitOnline,
  writeShownPage,
} from './rules.js';
import type { OwnDevice } from './rules.js';
import { useConsole } from './suite.js';

/** AI1 of the analog module: a constant the test moves (the simulator sets AI values from waveforms). */
const ai1 = { kind: 'constant' as const, value: 8000 };

/** The timer board A holds before the copy: weekdays Monday to Friday at 06:30:00, close DO1. */
const WEEKDAY_TIMER: ScheduleRule = {
  dev: 0,
  mode: 2,
  more: false,
  weekly: { weekdays: [1, 2, 3, 4, 5], hours: [6], minute: 30, second: 0 },
  output: { mode: 1, channel: 0, value: 0, addr: 0 },
};

describe.skipIf(skipBrowser())(
  browserSuiteTitle('rules: analog, scene, Modbus list, copy, export in Chromium'),
  () => {
    const suite = useConsole({ echoErrors: true, env: { POLL_SECONDS: '2' } });
    const dial = useDtuDevices(suite);
    let page: Page;
    let rest: ApiSession;
    let analog: OwnDevice;
    let boardA: OwnDevice;
    let boardB: OwnDevice;
    let gateway: OwnDevice;

    beforeAll(async () => {
      rest = await suite.demoApi();
      analog = await addDevice(rest, dial, 'FL-AI8', 'Rules analog', { waveforms: [ai1] });
      // AI1 as a 4-20 mA transmitter of 0-100 °C (raw 4000-20000).
      const zeros = Array.from({ length: 8 }, () => 0);
      await api(rest, 'PATCH', `/equipment/${analog.id}`, {
        settings: {
          ai: {
            x1: zeros.map((v, i) => (i === 0 ? 4000 : v)),
            x2: zeros.map((v, i) => (i === 0 ? 20000 : v)),
            y1: zeros,
            y2: zeros.map((v, i) => (i === 0 ? 100 : v)),
            units: zeros.map((_, i) => (i === 0 ? '°C' : '')),
          },
        },
      });
      boardA = await addDevice(rest, dial, 'FL-R8', 'Rules board A');
      boardB = await addDevice(rest, dial, 'FL-R8', 'Rules board B');
      gateway = await addDevice(rest, dial, 'FL-MBGW', 'Rules gateway', {
        subDevices: [{ type: 'FL-MBMETER', address: 1 }],
      });
      putPage(boardA.device, 'rtc', 0, [WEEKDAY_TIMER]);
      page = await suite.demoPage();
      await page.setViewportSize({ width: 1440, height: 1500 });
      for (const own of [analog, boardA, boardB, gateway]) await waitOnline(page, own);
    }, SETUP_TIMEOUT_MS);

    it(
      'writes an analog trigger with scaled thresholds, and DO1 closes once AI1 is in the window',
      async () => {
        await openRules(page, analog.name, 'ai');
        await readShownPage(page);
        const dialog = await openRow(page, 0);
        await choose(page, ruleField(dialog, 'source'), 'AI channel');
        await expect.poll(() => ruleField(dialog, 'channel').textContent()).toContain('AI1');
        await dialog.getByRole('radio', { name: 'Inside: low ≤ value ≤ high' }).check();
        for (const [name, celsius, raw] of [
          ['window-low', 40, 10400],
          ['window-high', 60, 13600],
        ] as const) {
          const field = ruleField(dialog, name);
          await field.getByRole('checkbox').check();
          await typeNumber(field, celsius);
          // Typed in the channel's unit, stored raw; the 4-20 mA range bounds it.
          await expect
            .poll(() => dialog.getByTestId(`rule-${name}-raw`).textContent())
            .toBe(`raw value ${raw}`);
          expect(await field.textContent()).toContain('4-20 mA channel: raw 4000 to 20000');
        }
        await choose(page, ruleField(dialog, 'output-mode'), 'close relay');
        await expect.poll(() => ruleField(dialog, 'output-channel').textContent()).toContain('DO1');
        await shootOpen(page, 'rules-analog-dialog-en');
        await keepRule(page);
        await writeShownPage(page);
        const rule: AnalogTriggerRule = {
          dev: 0,
          source: 1,
          more: false,
          forced: false,
          repeat: false,
          channel: 0,
          window: { band: true, holdTime: { value: 0, unit: 0 }, high: 13600, low: 10400 },
          output: { mode: 1, channel: 0, value: 0, addr: 0 },
        };
        expect(devicePage(analog.device, 'ai')[0]).toEqual(rule);
        expect(await rowTexts(page, 0)).toEqual(describeRuleParts('analogTrigger', rule, 'en'));

        // 25 °C, outside the window: nothing; 50 °C, inside: DO1 closes.
        await deviceTab(page, 'live').click();
        await afterDeviceTick(analog.device);
        expect(analog.device.memory.coils[0]).toBe(false);
        ai1.value = 12000;
        await expect.poll(() => analog.device.memory.coils[0], { timeout: 10_000 }).toBe(true);
        await expect.poll(() => liveChannel(page, 'do', 'DO1'), { timeout: 15_000 }).toBe('true');
        await shootOpen(page, 'rules-analog-ran-en');
      },
      FLOW_TIMEOUT_MS,
    );

    it(
      "writes a scene that opens DO5 and DO6 together on the 'always' condition, and the board follows",
      async () => {
        await openRules(page, boardA.name, 'scene');
        await readShownPage(page);
        const dialog = await openRow(page, 0);
        await choose(page, ruleField(dialog, 'sceneType'), 'simultaneous');
        await expect.poll(() => ruleField(dialog, 'condition').textContent()).toContain('always');
        for (const channel of ['DO5', 'DO6']) {
          await ruleField(dialog, 'openChannels').getByRole('checkbox', { name: channel }).check();
        }
        await shootOpen(page, 'rules-scene-dialog-en');
        await keepRule(page);
        await writeShownPage(page);
        const scene: SceneRule = {
          type: 7,
          ruleType: 0,
          rule: 0,
          holdTime: { value: 0, unit: 0 },
          openChannels: [4, 5],
          closeChannels: [],
        };
        expect(devicePage(boardA.device, 'scene')[0]).toEqual(scene);
        expect(await rowTexts(page, 0)).toEqual(describeRuleParts('scene', scene, 'en'));

        await deviceTab(page, 'live').click();
        await expect
          .poll(() => [boardA.device.memory.coils[4], boardA.device.memory.coils[5]], { timeout: 10_000 })
          .toEqual([true, true]);
        await expect.poll(() => liveChannel(page, 'do', 'DO5'), { timeout: 15_000 }).toBe('true');
        await expect.poll(() => liveChannel(page, 'do', 'DO6'), { timeout: 15_000 }).toBe('true');
        expect(await liveChannel(page, 'do', 'DO4')).toBe('false');
        await shootOpen(page, 'rules-scene-ran-en');
      },
      FLOW_TIMEOUT_MS,
    );

    it(
      "writes an entry of the gateway's Modbus list, reads it back, and the gateway polls the meter",
      async () => {
        await openRules(page, gateway.name, 'mb');
        await readShownPage(page);
        const dialog = await openRow(page, 0);
        await ruleField(dialog, 'mode').getByRole('switch').click();
        await choose(page, ruleField(dialog, 'regType'), 'read input (read-only) registers (FC04)');
        await expect
          .poll(() => ruleField(dialog, 'functionCode').textContent())
          .toContain('FC04 · slave → master');
        await choose(page, ruleField(dialog, 'regType'), 'read holding registers (FC03)');
        await expect
          .poll(() => ruleField(dialog, 'functionCode').textContent())
          .toContain('FC03 · slave → master');
        await typeNumber(ruleField(dialog, 'slave'), 1);
        await typeNumber(ruleField(dialog, 'count'), 2);
        await typeNumber(ruleField(dialog, 'slaveStart'), 0);
        await typeNumber(ruleField(dialog, 'masterStart'), 10);
        await shootOpen(page, 'rules-modbus-dialog-en');
        await keepRule(page);
        await writeShownPage(page);
        const entry: ModbusMeterEntry = {
          slave: 1,
          regType: 3,
          valueType: 0,
          pollDelay: 0,
          count: 2,
          slaveStart: 0,
          masterStart: 10,
        };
        expect(devicePage(gateway.device, 'mb')[0]).toEqual(entry);
        const described = describeRuleParts('modbusMeter', entry, 'en');
        expect(await rowTexts(page, 0)).toEqual(described);

        // Read again from the device: the row is what the gateway holds.
        await readShownPage(page);
        expect(await rowTexts(page, 0)).toEqual(described);
        // The gateway copies the meter's holding registers 0-1 (settings that keep what is written)
        // into its own holding registers 10-11.
        const meter = gateway.device.subDevice(1);
        if (!meter || !('memory' in meter)) throw new Error('no meter at address 1');
        meter.memory.writeHolding(0, 1234);
        meter.memory.writeHolding(1, 5678);
        await expect
          .poll(() => [gateway.device.memory.readHolding(10), gateway.device.memory.readHolding(11)], {
            timeout: 10_000,
          })
          .toEqual([1234, 5678]);
      },
      FLOW_TIMEOUT_MS,
    );

    it(
      'copies the timer page to a second relay board, and it reads there',
      async () => {
        await openRules(page, boardA.name, 'rtc');
        await shown(page).getByTestId('rule-copy').click();
        const target = page.getByTestId('rule-copy-target');
        await target.waitFor();
        await target.click();
        await chooseOption(page, `${boardB.name} (${boardB.serial})`);
        await page.getByTestId('rule-copy-preview').click();
        const preview = page.getByTestId('rule-preview');
        await preview.waitFor({ timeout: PAGE_TIMEOUT_MS });
        const parts = describeRuleParts('schedule', WEEKDAY_TIMER, 'en');
        await expect.poll(() => preview.textContent()).toContain(`0: ${parts.trigger} → ${parts.operation}`);
        await shootOpen(page, 'rules-copy-preview-en');
        await page.getByTestId('rule-copy-write').click();
        const outcome = page.getByTestId('rule-load-outcome');
        await outcome.waitFor({ timeout: PAGE_TIMEOUT_MS });
        expect(await outcome.textContent()).toBe('Load succeeded (pages written: 1)');
        expect(devicePage(boardB.device, 'rtc')[0]).toEqual(WEEKDAY_TIMER);
        await shootOpen(page, 'rules-copy-done-en');
        await page.locator('.ant-modal-footer').getByRole('button', { name: 'Close', exact: true }).click();
        await outcome.waitFor({ state: 'detached' });

        await openRules(page, boardB.name, 'rtc');
        await readShownPage(page);
        expect(await rowTexts(page, 0)).toEqual(parts);
      },
      FLOW_TIMEOUT_MS,
    );

    it(
      "exports board A's configuration as a JSON file of every page",
      async () => {
        await openRules(page, boardA.name, 'rtc');
        await shown(page).getByTestId('rule-export').click();
        const start = page.getByTestId('rule-export-start');
        await start.waitFor();
        const download = page.waitForEvent('download', { timeout: 90_000 });
        await start.click();
        const file = await download;
        expect(file.suggestedFilename()).toMatch(
          new RegExp(`^${boardA.serial}-rules-\\d{4}-\\d{2}-\\d{2}\\.json$`),
        );
        const path = await file.path();
        const document = JSON.parse(await readFile(path, 'utf8')) as {
          format: string;
          version: number;
          device: { sn: string; type: string; name: string };
          pages: {
            type: string;
            page: number;
            start: number;
            hex: string;
            rules: { index: number; trigger: string }[];
          }[];
        };
        expect(document.format).toBe('fieldlink-rules');
        expect(document.version).toBe(1);
        expect(document.device).toEqual({ sn: boardA.serial, type: 'FL-R8', name: boardA.name });
        // Seven pages of each of the board's five page types, in order.
        expect(document.pages.map((p) => `${p.type}${p.page}`)).toEqual(
          ['rtc', 'ai', 'di', 'scene', 'scene2'].flatMap((type) =>
            [1, 2, 3, 4, 5, 6, 7].map((n) => `${type}${n}`),
          ),
        );
        const timers = document.pages[0]!;
        expect(timers.start).toBe(12000);
        expect(timers.hex.toUpperCase()).toBe(
          toHex(encodePage('rtc', devicePage(boardA.device, 'rtc'))).toUpperCase(),
        );
        expect(timers.rules[0]).toMatchObject({
          index: 0,
          ...describeRuleParts('schedule', WEEKDAY_TIMER, 'en'),
          rule: WEEKDAY_TIMER,
        });
        const scenes = document.pages.find((p) => p.type === 'scene' && p.page === 1)!;
        expect(scenes.rules[0]?.trigger).toBe(
          describeRuleParts('scene', devicePage(boardA.device, 'scene')[0]!, 'en').trigger,
        );
        await page.getByText('Pages exported: 35').first().waitFor();
        expect(suite.pageErrors).toEqual([]);
      },
      FLOW_TIMEOUT_MS,
    );
  },
);
