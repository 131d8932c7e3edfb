/**
 * The rules tab in a real browser against the real server and a relay board of the test's own
 * (an FL-R8 added for the demo account, dialled as a virtual device that runs its rules on its
 * own clock, which the server sets). The owner reads every timer page, makes a fixed-point timer
 * that switches DO2 on about 25 s after the device clock's now, writes it and sees the countdown,
 * the row read back and, when the device runs it, DO2 on in the live tab. Then a switch trigger
 * 'DI1 active → close DO3': the virtual DI1 is switched on and DO3 follows in the console. Last, a
 * grantee with a read-only share reads and views the rules, without the tools that write.
 */
import { describeRuleParts } from '@fieldlink/protocol';
import type { ScheduleRule, TriggerRule } from '@fieldlink/protocol';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, registerAccount } from './api.js';
import type { ApiSession } from './api.js';
import { signIn, waitForRoute } from './console.js';
import { deviceTab, expectText, shown } from './device-view.js';
import { useDtuDevices } from './dtu-devices.js';
import { browserSuiteTitle, FLOW_TIMEOUT_MS, SETUP_TIMEOUT_MS, skipBrowser } from './harness.js';
import {
  addDevice,
  afterDeviceTick,
  choose,
  choosePage,
  choosePageType,
  closeDialog,
  deviceClock,
  devicePage,
  keepRule,
  liveChannel,
  openRow,
  openRules,
  PAGE_TIMEOUT_MS,
  readShownPage,
  ruleField,
  rowTexts,
  shootOpen,
  typeNumber,
  waitForClockSet,
  waitOnline,
  writeShownPage,
} from './rules.js';
import type { OwnDevice } from './rules.js';
import { useConsole } from './suite.js';

/** How far ahead of the device clock the timer is set: time enough to fill in and write it. */
const TIMER_LEAD_MS = 25_000;

const VIEWER = { userName: 'e2e-rules-viewer', password: 'viewer-pass-2', phone: '13800000078' };

describe.skipIf(skipBrowser())(
  browserSuiteTitle('rules: timers, switch triggers, read-only in Chromium'),
  () => {
    // Polled every 2 s, so a relay the rules switch shows in the console soon after.
    const suite = useConsole({ echoErrors: true, env: { POLL_SECONDS: '2' } });
    const dial = useDtuDevices(suite);
    let page: Page;
    let rest: ApiSession;
    let board: OwnDevice;
    /** The timer written, as the device should hold it. */
    let timer: ScheduleRule;

    beforeAll(async () => {
      rest = await suite.demoApi();
      board = await addDevice(rest, dial, 'FL-R8', 'Rules board');
      page = await suite.demoPage();
      // Tall enough for a whole rule dialog in the screenshots.
      await page.setViewportSize({ width: 1440, height: 1500 });
      await waitOnline(page, board);
      await waitForClockSet(board.device);
    }, SETUP_TIMEOUT_MS);

    it(
      'reads the timer pages, writes a fixed-point timer, and the device switches DO2 on at its time',
      async () => {
        await openRules(page, board.name, 'rtc');
        // Nothing read yet: the rows wait for a read, and there is nothing to write.
        await shown(page).getByText('--- please refresh').first().waitFor();
        expect(await shown(page).getByTestId('rule-write').isDisabled()).toBe(true);
        await shown(page).getByTestId('rule-read-all').click();
        await page.getByText('Pages read: 7').first().waitFor({ timeout: PAGE_TIMEOUT_MS });
        expect(await shown(page).getByTestId('rule-trigger').count()).toBe(10);
        // Every page was read: page 2 shows its (empty) rows without another read.
        await choosePage(page, 'Page 2');
        expect(await shown(page).getByTestId('rule-trigger').count()).toBe(10);
        await choosePage(page, 'Page 1');
        expect(await rowTexts(page, 0)).toEqual({ trigger: 'disabled', operation: '' });

        const dialog = await openRow(page, 0);
        await choose(page, ruleField(dialog, 'mode'), 'fixed-point control');
        // The time of the rule on the device's clock (the server's zone), read from the device.
        const at = new Date(deviceClock(board.device) + TIMER_LEAD_MS);
        const fields = {
          year: at.getUTCFullYear(),
          month: at.getUTCMonth() + 1,
          day: at.getUTCDate(),
          hour: at.getUTCHours(),
          minute: at.getUTCMinutes(),
          second: at.getUTCSeconds(),
        };
        for (const name of ['year', 'month', 'day'] as const) {
          // The date starts as 'any': unticked, the field takes a number.
          await ruleField(dialog, name).getByRole('checkbox').uncheck();
        }
        for (const [name, value] of Object.entries(fields)) await typeNumber(ruleField(dialog, name), value);
        await choose(page, ruleField(dialog, 'output-mode'), 'close relay');
        await choose(page, ruleField(dialog, 'output-channel'), 'DO2');
        await shootOpen(page, 'rules-timer-dialog-en');
        await keepRule(page);
        await shown(page).getByTestId('rule-edited').waitFor();

        await writeShownPage(page);
        expect(deviceClock(board.device), 'the write took past the timer').toBeLessThan(at.getTime() - 1000);
        timer = {
          dev: 0,
          mode: 1,
          more: false,
          at: fields,
          output: { mode: 1, channel: 1, value: 0, addr: 0 },
        };
        expect(devicePage(board.device, 'rtc')[0]).toEqual(timer);
        expect(await rowTexts(page, 0)).toEqual(describeRuleParts('schedule', timer, 'en'));
        const countdown = shown(page).getByTestId('rule-countdown');
        await expectText(
          countdown,
          /^The configuration takes effect in \d+ s \(1 minute after the last write\)$/,
        );
        // A minute from the write, counted down.
        const seconds = Number(/\d+/.exec((await countdown.textContent()) ?? '')?.[0]);
        expect(seconds).toBeGreaterThan(45);
        expect(seconds).toBeLessThanOrEqual(60);
        await shootOpen(page, 'rules-timer-written-en');

        // DO2 is off until the device's clock reaches the timer, then on.
        await deviceTab(page, 'live').click();
        await expect.poll(() => liveChannel(page, 'do', 'DO2'), { timeout: 15_000 }).toBe('false');
        expect(board.device.memory.coils[1]).toBe(false);
        await expect.poll(() => board.device.memory.coils[1], { timeout: TIMER_LEAD_MS + 10_000 }).toBe(true);
        expect(deviceClock(board.device)).toBeGreaterThanOrEqual(at.getTime());
        await expect.poll(() => liveChannel(page, 'do', 'DO2'), { timeout: 15_000 }).toBe('true');
        // Only DO2.
        expect(board.device.memory.coils).toEqual([false, true, false, false, false, false, false, false]);
        await shootOpen(page, 'rules-timer-ran-en');
      },
      FLOW_TIMEOUT_MS,
    );

    it(
      "writes a switch trigger 'DI1 active → close DO3', and DO3 follows the virtual DI1",
      async () => {
        await deviceTab(page, 'rules').click();
        await choosePageType(page, 'di');
        await readShownPage(page);
        const dialog = await openRow(page, 0);
        await choose(page, ruleField(dialog, 'source'), 'DI channel (optocoupler input)');
        await expect.poll(() => ruleField(dialog, 'channel').textContent()).toContain('DI1');
        expect(await dialog.getByRole('radio', { name: 'Conducting (active)' }).isChecked()).toBe(true);
        await choose(page, ruleField(dialog, 'output-mode'), 'close relay');
        await choose(page, ruleField(dialog, 'output-channel'), 'DO3');
        await shootOpen(page, 'rules-trigger-dialog-en');
        await keepRule(page);
        await writeShownPage(page);
        const trigger: TriggerRule = {
          dev: 0,
          source: 1,
          more: false,
          forced: false,
          repeat: false,
          channel: 0,
          level: 'active',
          holdTime: 0,
          unholdTime: 0,
          output: { mode: 1, channel: 2, value: 0, addr: 0 },
        };
        expect(devicePage(board.device, 'di')[0]).toEqual(trigger);
        expect(await rowTexts(page, 0)).toEqual(describeRuleParts('trigger', trigger, 'en'));

        await deviceTab(page, 'live').click();
        await expect.poll(() => liveChannel(page, 'do', 'DO3'), { timeout: 15_000 }).toBe('false');
        // DI1 goes on once the device has loaded the rule (on at its first look would be no event).
        await afterDeviceTick(board.device);
        board.device.memory.inputs[0] = true;
        await expect.poll(() => liveChannel(page, 'di', 'DI1'), { timeout: 15_000 }).toBe('true');
        await expect.poll(() => board.device.memory.coils[2], { timeout: 10_000 }).toBe(true);
        await expect.poll(() => liveChannel(page, 'do', 'DO3'), { timeout: 15_000 }).toBe('true');
        await shootOpen(page, 'rules-trigger-ran-en');
        board.device.memory.inputs[0] = false;
      },
      FLOW_TIMEOUT_MS,
    );

    it(
      'shows the rules to a grantee with a read-only share, without the tools that write',
      async () => {
        const viewer = await registerAccount(suite.server, VIEWER);
        const share = await api<{ code: string }>(rest, 'POST', `/equipment/${board.id}/share-codes`, {
          level: 'read',
          validity: '1w',
        });
        await api(viewer, 'POST', '/share-codes/redeem', { code: share.code });
        // A new account speaks Chinese; the console takes the account's language at sign-in.
        await api(viewer, 'PATCH', '/me', { language: 'en' });

        const other = await suite.newPage();
        // Tall enough for the whole dialog in the screenshot.
        await other.setViewportSize({ width: 1440, height: 1500 });
        await other.goto(`${suite.origin}/`);
        await waitForRoute(other, '/login');
        await signIn(other, VIEWER.userName, VIEWER.password);
        await waitForRoute(other, '/Equips');
        await openRules(other, board.name, 'rtc');
        const warning = shown(other).getByTestId('rule-no-permission');
        await expectText(
          warning,
          'No configuration permission currently' + 'You can read and view the rules, not change them',
        );
        await readShownPage(other);
        expect(await rowTexts(other, 0)).toEqual(describeRuleParts('schedule', timer, 'en'));
        for (const tool of ['rule-write', 'rule-discard', 'rule-import', 'rule-copy']) {
          expect(await shown(other).getByTestId(tool).count(), tool).toBe(0);
        }
        expect(await shown(other).getByTestId('rule-export').count()).toBe(1);
        await choosePageType(other, 'di');
        await readShownPage(other);
        expect((await rowTexts(other, 0)).operation).toBe(
          describeRuleParts('trigger', devicePage(board.device, 'di')[0] as TriggerRule, 'en').operation,
        );

        // The row opens for viewing: its fields disabled, nothing to keep.
        expect(
          await shown(other).getByTestId('rule-table').getByRole('button', { name: 'View' }).count(),
        ).toBe(10);
        const dialog = await openRow(other, 0);
        await expect.poll(() => ruleField(dialog, 'channel').textContent()).toContain('DI1');
        expect(await ruleField(dialog, 'source').locator('.ant-select-disabled').count()).toBe(1);
        expect(await dialog.getByRole('radio', { name: 'Conducting (active)' }).isDisabled()).toBe(true);
        await shootOpen(other, 'rules-read-only-en');
        expect(await other.getByTestId('rule-keep').isVisible()).toBe(false);
        await closeDialog(other);
        expect(suite.pageErrors).toEqual([]);
      },
      FLOW_TIMEOUT_MS,
    );
  },
);
