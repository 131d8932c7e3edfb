/**
 * Every rule editor open in the rule dialog, in English, Chinese and traditional Chinese, as
 * screenshots (packages/web/test-results/rules-editor-<page type>-<language>.png): the timer,
 * switch trigger, analog trigger and scene editors on a relay board, the logic and AO rule
 * editors on an analog output module, the Modbus list on a Modbus gateway and the DL645 list on a
 * DL645 gateway. Each device (the test's own, dialled as a virtual device) holds a rule in the
 * first slot of each page type, put there behind the console's back; the console reads it, the
 * row is described in the language shown, and the dialog shows it with no message key left
 * untranslated.
 */
import { describeRuleParts, PAGE_TYPES } from '@fieldlink/protocol';
import type { Lang, PageRule, PageTypeName } from '@fieldlink/protocol';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { deviceTab, inOtherLanguages } from './device-view.js';
import { useDtuDevices } from './dtu-devices.js';
import { browserSuiteTitle, FLOW_TIMEOUT_MS, SETUP_TIMEOUT_MS, skipBrowser } from './harness.js';
import { treeRow } from './console.js';
import {
  addDevice,
  choosePageType,
  closeDialog,
  literal,
  openRow,
  putPage,
  readShownPage,
  rowTexts,
  shootOpen,
  waitOnline,
} from './rules.js';
import type { OwnDevice } from './rules.js';
import { useConsole } from './suite.js';

/** The rule each page type's first slot holds, chosen to fill its editor's fields. */
const RULES: { readonly [T in PageTypeName]: PageRule<T> } = {
  rtc: {
    dev: 0,
    mode: 1,
    more: false,
    at: { year: 2026, month: 12, day: 24, hour: 18, minute: 30, second: 0 },
    output: { mode: 1, channel: 1, value: 50, addr: 0 },
  },
  di: {
    dev: 0,
    source: 1,
    more: false,
    forced: false,
    repeat: true,
    channel: 0,
    level: 'active',
    holdTime: 10,
    unholdTime: 5,
    output: { mode: 1, channel: 2, value: 100, addr: 0 },
  },
  ai: {
    dev: 0,
    source: 1,
    more: false,
    forced: false,
    repeat: false,
    channel: 0,
    window: { band: true, holdTime: { value: 5, unit: 1 }, high: 15000, low: 5000 },
    output: { mode: 2, channel: 0, value: 0, addr: 0 },
  },
  scene: {
    type: 7,
    ruleType: 1,
    rule: 0,
    holdTime: { value: 2, unit: 1 },
    openChannels: [0, 1],
    closeChannels: [2],
  },
  scene2: {
    type: 3,
    ruleType: 2,
    rule: 0,
    holdTime: { value: 0, unit: 0 },
    stepTime: { value: 3, unit: 1 },
    channels: [0, 1, 2],
  },
  logic: {
    logicType: 3,
    inputs: [
      { ruleType: 1, rule: 0 },
      { ruleType: 2, rule: 1 },
      { ruleType: 3, rule: 2 },
    ],
    holdTime: { value: 3, unit: 1 },
  },
  aorule: {
    aiRange: '4-20mA',
    aiChannel: 0,
    aiLow: 4000,
    aiHigh: 20000,
    aoLow: 400,
    aoHigh: 2000,
    aoChannel: 1,
    ruleType: 2,
    rule: 0,
    holdTime: { value: 1, unit: 1 },
  },
  mb: { slave: 1, regType: 3, valueType: 0, pollDelay: 0, count: 2, slaveStart: 0, masterStart: 10 },
  dl645: { mode: 1, address: '000012345678', dataId: 0x00010000, masterStart: 20, pollDelay: 5 },
};

/** The editors shot: the page type and the device model holding it. */
const EDITORS: readonly (readonly [PageTypeName, string])[] = [
  ['rtc', 'FL-R8'],
  ['di', 'FL-R8'],
  ['ai', 'FL-R8'],
  ['scene', 'FL-R8'],
  ['logic', 'FL-AO4'],
  ['aorule', 'FL-AO4'],
  ['mb', 'FL-MBGW'],
  ['dl645', 'FL-DLGW'],
];

/** A message key shown as it is (no words for it in the language): 'rules.trigger.source'. */
const UNTRANSLATED = /\brules\.[a-z]+\.[A-Za-z.]+/;

describe.skipIf(skipBrowser())(browserSuiteTitle('rule editors in three languages in Chromium'), () => {
  const suite = useConsole({ echoErrors: true });
  const dial = useDtuDevices(suite);
  let page: Page;
  const devices = new Map<string, OwnDevice>();

  beforeAll(async () => {
    const rest = await suite.demoApi();
    for (const type of ['FL-R8', 'FL-AO4', 'FL-MBGW', 'FL-DLGW']) {
      const own = await addDevice(rest, dial, type, `Editors ${type}`);
      devices.set(type, own);
      for (const [pageType, model] of EDITORS) {
        if (model === type) putPage(own.device, pageType, 0, [RULES[pageType] as never]);
      }
    }
    page = await suite.demoPage();
    // Tall enough for the longest editor in the screenshot.
    await page.setViewportSize({ width: 1440, height: 1700 });
    for (const own of devices.values()) await waitOnline(page, own);
  }, SETUP_TIMEOUT_MS);

  /** Reads each editor's page and shoots its first row open in the dialog, in `lang`. */
  async function shootEditors(lang: Lang): Promise<void> {
    for (const [type, model] of EDITORS) {
      const own = devices.get(model)!;
      await treeRow(page, literal(own.name)).click();
      await deviceTab(page, 'rules').click();
      await choosePageType(page, type);
      await readShownPage(page);
      // The page itself for two kinds of rows: a rule with an operation, an entry without.
      if (type === 'rtc' || type === 'mb') {
        await shootOpen(page, `rules-page-${type}-${lang}`);
      }
      expect(await rowTexts(page, 0), `${type} ${lang}`).toEqual(
        describeRuleParts(PAGE_TYPES[type].kind, RULES[type] as never, lang),
      );
      const dialog = await openRow(page, 0);
      expect(await dialog.textContent(), `${type} ${lang}`).not.toMatch(UNTRANSLATED);
      await shootOpen(page, `rules-editor-${type}-${lang}`);
      await closeDialog(page);
    }
  }

  it('shows every editor in English', () => shootEditors('en'), FLOW_TIMEOUT_MS);

  it(
    'shows every editor in Chinese and in traditional Chinese',
    async () => {
      await inOtherLanguages(page, (lang) => shootEditors(lang as Lang));
      expect(suite.pageErrors).toEqual([]);
    },
    FLOW_TIMEOUT_MS * 2,
  );
});
