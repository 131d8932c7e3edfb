/**
 * What the browser tests of the rules tab share: devices of the test's own (added for the demo
 * account through the API and dialled as virtual devices), the rules tab with its page types,
 * pages and rows, a row opened in its editor and the editor's fields driven by their test ids, a
 * page written, and the device's own side: its clock and the pages as it holds them.
 */
import {
  bytesToRegisters,
  decodePage,
  encodePage,
  PAGE_TYPES,
  pageStart,
  registersToBytes,
} from '@fieldlink/protocol';
import type { PageRule, PageTypeName } from '@fieldlink/protocol';
import { VirtualDevice } from '@fieldlink/simulator';
import type { DtuClient, VirtualDeviceOptions } from '@fieldlink/simulator';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { api } from './api.js';
import type { ApiSession } from './api.js';
import { treeRow } from './console.js';
import { deviceTab, shown } from './device-view.js';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { RESULTS_DIR } from './harness.js';

/** A read or write goes over the live channel to the device and back; a page read takes a second or so. */
export const PAGE_TIMEOUT_MS = 40_000;

/** A serial number of the test's own: three letters and eight digits. */
export function serialOf(prefix: string): string {
  return `${prefix}${Math.floor(Math.random() * 1e8)
    .toString()
    .padStart(8, '0')}`;
}

/** `text` as a regular expression matching it literally. */
export function literal(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

/** A device of the test's own: its equipment record and the virtual device dialling for it. */
export interface OwnDevice {
  readonly id: number;
  readonly serial: string;
  readonly name: string;
  readonly device: VirtualDevice;
}

/**
 * Adds an equipment of `type` for the demo account and dials it as a virtual device with the
 * record's link secret (`options` for its waveforms, sub-devices …).
 */
export async function addDevice(
  rest: ApiSession,
  dial: (device: VirtualDevice) => DtuClient,
  type: string,
  name: string,
  options: VirtualDeviceOptions = {},
): Promise<OwnDevice> {
  const serial = serialOf('RUL');
  const { id, linkSecret } = await api<{ id: number; linkSecret: string }>(rest, 'POST', '/equipment', {
    sn: serial,
    type,
    name: `${name} ${serial.slice(-4)}`,
    group: 'E2E rules',
  });
  const device = new VirtualDevice(type, serial, { ...options, secret: linkSecret });
  dial(device);
  return { id, serial, name: `${name} ${serial.slice(-4)}`, device };
}

/**
 * Polls `check` until it is true (for hooks, where vitest's expect.poll is not available); throws
 * `what` after `timeoutMs`.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Resolves once the device's row in the tree says it is online. */
export async function waitOnline(page: Page, own: OwnDevice): Promise<void> {
  const row = treeRow(page, literal(own.name));
  await row.waitFor();
  await until(
    async () => (await row.locator('[data-online]').getAttribute('data-online')) === 'true',
    `${own.name} online in the tree`,
  );
}

/**
 * Resolves once the server has set the device's clock (it does at the device's first poll): the
 * clock then runs on the server's zone, away from the simulator's own time.
 */
export async function waitForClockSet(device: VirtualDevice): Promise<void> {
  await until(() => device.registers.clockOffsetMs !== 0, `the clock of ${device.serial} set`);
}

/**
 * The device clock as its holding registers 1100-1105 read (year − 2000, month, day, hour, minute,
 * second), as a time in ms whose UTC fields are the clock's fields.
 */
export function deviceClock(device: VirtualDevice): number {
  const reply = device.registers.handle({ fn: 3, address: 1100, count: 6 });
  if (!('values' in reply)) throw new Error(`the clock did not answer: ${JSON.stringify(reply)}`);
  const [year, month, day, hour, minute, second] = reply.values as number[];
  return Date.UTC(2000 + year!, month! - 1, day!, hour!, minute!, second!);
}

/**
 * Resolves once the device has ticked after now (its clock shows another second): a page written
 * before is then loaded by its rules, which take a condition already true at their first look as
 * no event, so a test changes an input only after this.
 */
export async function afterDeviceTick(device: VirtualDevice): Promise<void> {
  const before = deviceClock(device);
  await until(() => deviceClock(device) !== before, `a tick of ${device.serial}`, 10_000);
}

/** The rules of a page as the device holds them now. */
export function devicePage<T extends PageTypeName>(
  device: VirtualDevice,
  type: T,
  index = 0,
): (PageRule<T> | null)[] {
  const start = pageStart(type, index, { series2000: device.type.series2000 });
  const words = Array.from({ length: PAGE_TYPES[type].registers }, (_, i) =>
    device.memory.readHolding(start + i),
  );
  return decodePage(type, registersToBytes(words));
}

/**
 * Puts rules into a page of the device behind the console's back (a Modbus write at the device,
 * as another tool would), so a test reads them there.
 */
export function putPage<T extends PageTypeName>(
  device: VirtualDevice,
  type: T,
  index: number,
  rules: readonly (PageRule<T> | null)[],
): void {
  const address = pageStart(type, index, { series2000: device.type.series2000 });
  const reply = device.registers.handle({
    fn: 16,
    address,
    values: bytesToRegisters(encodePage(type, rules)),
  });
  if ('exception' in reply) throw new Error(`the device refused the page: ${JSON.stringify(reply)}`);
}

// ---------------------------------------------------------------------------------------------
// The rules tab

/** The rules tab of the device view shown. */
export const rulesTab = (page: Page): Locator => shown(page).getByTestId('rules-tab');

/** The page view of a page type (only the chosen type's is drawn). */
export const rulePage = (page: Page, type: PageTypeName): Locator =>
  shown(page).getByTestId(`rule-page-${type}`);

/** A row of the page shown, by its slot (0-9). */
export const ruleRow = (page: Page, slot: number): Locator =>
  shown(page).getByTestId('rule-table').locator(`tr[data-slot="${slot}"]`);

/** Selects the device in the tree and opens its rules tab on `type`. */
export async function openRules(page: Page, name: string, type: PageTypeName): Promise<void> {
  await treeRow(page, literal(name)).click();
  await deviceTab(page, 'rules').click();
  await choosePageType(page, type);
}

/** Opens the tab of a page type in the rules tab shown. */
export async function choosePageType(page: Page, type: PageTypeName): Promise<void> {
  await rulesTab(page).locator(`.ant-tabs-tab[data-node-key="${type}"]`).click();
  await rulePage(page, type).waitFor();
}

/** Chooses a page in the page selector by its label ('Page 2'). */
export async function choosePage(page: Page, label: string): Promise<void> {
  await shown(page).getByTestId('rule-page-select').click();
  await chooseOption(page, label);
  await expect.poll(() => shown(page).getByTestId('rule-page-select').textContent()).toBe(label);
}

/** Reads the page shown from the device and waits until its ten rows are described. */
export async function readShownPage(page: Page): Promise<void> {
  const read = shown(page).getByTestId('rule-read');
  await read.click();
  await expect
    .poll(
      async () => (await read.isEnabled()) && (await shown(page).getByTestId('rule-trigger').count()) === 10,
      { timeout: PAGE_TIMEOUT_MS },
    )
    .toBe(true);
  expect(await shown(page).getByTestId('rule-error').count()).toBe(0);
}

/**
 * Writes the page shown and waits until it is read back: no row left marked as changed, none
 * read back otherwise than written, no error on the page.
 */
export async function writeShownPage(page: Page): Promise<void> {
  const write = shown(page).getByTestId('rule-write');
  expect(await shown(page).getByTestId('rule-edited').count()).toBeGreaterThan(0);
  await write.click();
  await expect
    .poll(
      async () => {
        if ((await shown(page).getByTestId('rule-error').count()) > 0) {
          return `error: ${await shown(page).getByTestId('rule-error').textContent()}`;
        }
        const edited = await shown(page).getByTestId('rule-edited').count();
        return edited === 0 && (await write.isEnabled()) ? 'written' : 'writing';
      },
      { timeout: PAGE_TIMEOUT_MS },
    )
    .toBe('written');
  expect(await shown(page).getByTestId('rule-differs').count()).toBe(0);
}

/** The texts of a row: its trigger and its operation ('' on pages of one-sentence models, which have no such column). */
export async function rowTexts(page: Page, slot: number): Promise<{ trigger: string; operation: string }> {
  const row = ruleRow(page, slot);
  const operation = row.getByTestId('rule-operation');
  return {
    trigger: (await row.getByTestId('rule-trigger').textContent()) ?? '',
    operation: (await operation.count()) > 0 ? ((await operation.textContent()) ?? '') : '',
  };
}

/** Opens a row in the rule dialog (its Edit or View button); gives the dialog. */
export async function openRow(page: Page, slot: number): Promise<Locator> {
  await ruleRow(page, slot).getByRole('button').first().click();
  const dialog = page.getByTestId('rule-dialog');
  await dialog.waitFor();
  await settled(page);
  return dialog;
}

/** Resolves once no dialog or select list is moving (zooming in or out, sliding open). */
export async function settled(page: Page): Promise<void> {
  const moving = page.locator(
    ['.ant-modal', '.ant-modal-mask', '.ant-select-dropdown']
      .map((part) => `${part}[class*="-appear"], ${part}[class*="-enter"], ${part}[class*="-leave"]`)
      .join(', '),
  );
  await expect
    .poll(() => moving.evaluateAll((nodes) => nodes.map((n) => `${n.tagName}.${n.className}`)), {
      timeout: 5_000,
    })
    .toEqual([]);
}

/** Keeps the rule edited in the dialog (it goes into the page's rows, not written yet). */
export async function keepRule(page: Page): Promise<void> {
  const keep = page.getByTestId('rule-keep');
  await expect.poll(() => keep.isEnabled()).toBe(true);
  await keep.click();
  await page.getByTestId('rule-dialog').waitFor({ state: 'detached' });
}

/**
 * Closes the dialog without keeping anything, with the Escape key: the dialog's close button sits
 * in its top right corner, where an alarm pop-up of the demo plant may stand over it (and, hovered
 * by the pointer, stay there).
 */
export async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByTestId('rule-dialog').waitFor({ state: 'detached' });
}

/** An editor's field by its test id (`rule-<id>`). */
export const ruleField = (dialog: Locator, id: string): Locator => dialog.getByTestId(`rule-${id}`);

/** The option titled `title` of the select list open now. */
const openOption = (page: Page, title: string): Locator =>
  page.locator(
    `.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${title}"]`,
  );

/** Picks the option titled `title` in the select list open now. */
export async function chooseOption(page: Page, title: string): Promise<void> {
  await openOption(page, title).click();
}

/**
 * Picks `title` in the select of a field. A list that closes under the click (the dialog drawn
 * again meanwhile) is opened again, up to three times.
 */
export async function choose(page: Page, field: Locator, title: string): Promise<void> {
  const select = field.locator('.ant-select').first();
  for (let attempt = 1; ; attempt += 1) {
    // A list still closing (the last pick's) must not be taken for this one.
    await settled(page);
    if (!(await openOption(page, title).isVisible())) await select.click();
    await openOption(page, title)
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    const picked = await expect
      .poll(async () => (await select.textContent()) ?? '', { timeout: 3_000 })
      .toContain(title)
      .then(
        () => true,
        () => false,
      );
    if (picked) return;
    if (attempt === 3)
      throw new Error(`could not pick '${title}': the field shows '${await select.textContent()}'`);
    console.warn(`choose '${title}': attempt ${attempt} did not take, again`);
  }
}

/** Types a number into the (first) number box of a field. */
export async function typeNumber(field: Locator, value: number): Promise<void> {
  const box = field.getByRole('spinbutton').first();
  await box.fill(String(value));
  await box.blur();
}

/**
 * A full-page screenshot (packages/web/test-results/<name>.png) with whatever dialog is open
 * (`shoot` of device-view.ts would close it with Escape): once no dialog or list moves, the pointer
 * off the page's tooltips, CSS transitions finished (a button just enabled, a tab's ink bar).
 */
export async function shootOpen(page: Page, name: string): Promise<void> {
  await settled(page);
  await page.mouse.move(1400, 24);
  await mkdir(RESULTS_DIR, { recursive: true });
  await page.screenshot({ path: join(RESULTS_DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
  // The open dialog alone too (docs/console.md shows these).
  const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('rule-dialog') });
  if ((await dialog.count()) > 0) {
    await dialog.screenshot({ path: join(RESULTS_DIR, `${name}-dialog.png`), animations: 'disabled' });
  }
}

/** Whether a channel of the live tab shows on ('true'), off ('false') or not known (null). */
export function liveChannel(page: Page, kind: 'do' | 'di', passage: string): Promise<string | null> {
  return shown(page).locator(`[data-kind="${kind}"] [data-channel="${passage}"]`).getAttribute('data-on');
}
