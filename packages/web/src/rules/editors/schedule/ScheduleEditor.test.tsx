// @vitest-environment jsdom
// The timer rule editor (docs/protocol.md § Schedule): round trips, bounds, mode switches,
// abnormal modes, read-only and languages.
import { validateRule } from '@fieldlink/protocol';
import type { ScheduleRule } from '@fieldlink/protocol';
import { cleanup, screen, within } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { renderEditor, sampleContext } from '../test-support';
import { DISABLED_OUTPUT } from './modes';
import ScheduleEditor from './ScheduleEditor';
import {
  boxIn,
  choose,
  click,
  decodeAs,
  enabledControls,
  hex,
  hexOf,
  numberIn,
  part,
  scheduleArb,
  typeNumber,
} from './test-driving';

afterEach(cleanup);

// The hand vectors of packages/protocol/src/rules/schedule.test.ts.
const VECTORS = {
  'mode 0: disabled': [0x03, 0, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  'mode 0 with more': [0x00, 0, 0x10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  'mode 1: at 2026-11-22 08:30:00 close relay DO1 for 10 s': [
    0x00, 0x00, 0x21, 0x1a, 0x0b, 0x16, 0x08, 0x1e, 0x00, 0x00, 0x00, 0x64, 0x00, 0x00,
  ],
  'mode 1: every day at 08:30:00, register operation (output mode 6)': [
    0x09, 0x00, 0x26, 0x00, 0x00, 0x00, 0x08, 0x1e, 0x00, 0x41, 0x00, 0x10, 0x00, 0x05,
  ],
  'mode 2: every Mon Fri at 07:00:00, dev 255, more': [
    0xff, 0x00, 0x51, 0x22, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x64, 0x00, 0x00,
  ],
  'mode 3: time range 1, the whole of 2026': [
    0x01, 0x3b, 0x60, 0x1a, 0x01, 0x01, 0x00, 0x00, 0x00, 0x1a, 0x0c, 0x1f, 0x17, 0x3b,
  ],
  'mode 3: every night 22:00:00 to 06:00:*, end second ignored (60)': [
    0x02, 0x3c, 0x60, 0x00, 0x00, 0x00, 0x16, 0x00, 0x00, 0x00, 0x00, 0x00, 0x06, 0x00,
  ],
  'mode 4: time range 2, Mon-Fri 08:00 to 17:30, open relay DO2': [
    0x04, 0x00, 0x82, 0x3e, 0x08, 0x00, 0x11, 0x1e, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00,
  ],
  'mode 4: Sat 22:00 to 06:00 next day, AO1 output 1200 at slave 3': [
    0x05, 0x00, 0x97, 0x40, 0x16, 0x00, 0x06, 0x00, 0x00, 0x00, 0x04, 0xb0, 0x03, 0x00,
  ],
  'mode 5 (abnormal) keeps every byte': [
    0x07, 0x12, 0xb5, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0xff,
  ],
  'mode 7 (abnormal, the highest mode)': [0x00, 0x00, 0xef, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80],
} as const satisfies Record<string, readonly number[]>;

const decode = (bytes: readonly number[]): ScheduleRule => decodeAs('schedule', bytes);
const bytesOf = (rule: ScheduleRule): string => hexOf('schedule', rule);
const MODE1 = VECTORS['mode 1: at 2026-11-22 08:30:00 close relay DO1 for 10 s'];
const MODE2 = VECTORS['mode 2: every Mon Fri at 07:00:00, dev 255, more'];
const MODE5 = VECTORS['mode 5 (abnormal) keeps every byte'];

const modeSelect = (): HTMLElement => part('rule-mode');
const more = (): HTMLInputElement => boxIn(part('rule-more'), "Also run the next rule's output");

describe('ScheduleEditor round trip', () => {
  for (const [name, bytes] of Object.entries(VECTORS)) {
    it(`keeps the bytes of "${name}", also when 'more' is toggled and back`, () => {
      const drawn = renderEditor(ScheduleEditor, decode(bytes));
      expect(drawn.changes()).toBe(0);
      expect(bytesOf(drawn.value())).toBe(hex(bytes));
      click(more());
      expect(drawn.value().more).toBe((bytes[2] & 0x10) === 0);
      click(more());
      expect(drawn.changes()).toBe(2);
      expect(bytesOf(drawn.value())).toBe(hex(bytes));
    });
  }

  // Each field over its full byte range, so most rules also show stored values past their bounds;
  // those fields are the slow ones to draw, hence the few runs and the longer time allowed.
  it('keeps the bytes of random rules', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(scheduleArb, (rule) => {
        const drawn = renderEditor(ScheduleEditor, rule);
        const same = drawn.changes() === 0 && bytesOf(drawn.value()) === bytesOf(rule);
        drawn.unmount();
        return same;
      }),
      { numRuns: 16 },
    );
  });

  it('keeps the bytes when the rule index is changed and changed back', () => {
    const drawn = renderEditor(ScheduleEditor, decode(MODE2));
    typeNumber(numberIn(part('rule-dev')), 12);
    expect(drawn.value().dev).toBe(12);
    typeNumber(numberIn(part('rule-dev')), 255);
    expect(bytesOf(drawn.value())).toBe(hex(MODE2));
  });
});

describe('ScheduleEditor rule index', () => {
  it('takes 0 and 255 and refuses one past either bound', () => {
    const drawn = renderEditor(ScheduleEditor, decode(MODE1));
    const dev = numberIn(part('rule-dev'));
    expect(part('rule-dev').textContent).toContain('0 to 255');
    typeNumber(dev, 255);
    expect(drawn.value().dev).toBe(255);
    typeNumber(dev, 256);
    expect(drawn.value().dev).toBe(255);
    expect(part('rule-dev').textContent).toContain('Out of range: 0 to 255');
    expect(drawn.problems()).toEqual(['Out of range: 0 to 255']);
    typeNumber(dev, 0);
    expect(drawn.value().dev).toBe(0);
    expect(drawn.problems()).toEqual([]);
    typeNumber(dev, -1);
    expect(drawn.value().dev).toBe(0);
    expect(drawn.problems()).toEqual(['Out of range: 0 to 255']);
    typeNumber(dev, '');
    expect(drawn.problems()).toEqual(['Fill in relevant content']);
  });
});

describe('ScheduleEditor modes', () => {
  it('offers the defined modes, shows an output only where the mode has one, and gives valid rules', async () => {
    const drawn = renderEditor(ScheduleEditor, decode(VECTORS['mode 0 with more']));
    const outputShown = (): boolean => screen.queryByTestId('rule-output') !== null;
    // An empty slot of each mode: the parts a mode switch starts from.
    const emptyOf = (mode: number): string =>
      bytesOf(decode([0, 0, (mode << 5) | 0x10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
    expect(outputShown()).toBe(false);
    for (const [mode, name] of [
      [1, 'fixed-point control'],
      [2, 'weekday mode'],
      [3, 'time range 1'],
      [4, 'time range 2'],
      [0, 'disabled'],
    ] as const) {
      await choose(modeSelect(), name);
      const rule = drawn.value();
      expect(rule.mode).toBe(mode);
      expect(modeSelect().textContent).toContain(name);
      expect(validateRule('schedule', rule)).toEqual([]);
      expect(bytesOf(rule)).toBe(emptyOf(mode));
      expect(outputShown()).toBe(mode === 1 || mode === 2 || mode === 4);
      // An output mode starts from a disabled output; modes 0 and 3 hold none.
      if (mode === 1 || mode === 2 || mode === 4)
        expect('output' in rule && rule.output).toEqual(DISABLED_OUTPUT);
      else expect('output' in rule).toBe(false);
      if (mode === 3) expect(part('rule-interval').textContent).toContain('Time range 1 has no output');
      if (mode === 4) expect(part('rule-output').textContent).toContain('reversed outside');
    }
    for (const name of ['disabled', 'fixed-point control', 'weekday mode', 'time range 1', 'time range 2']) {
      expect(screen.getAllByTitle(name).length).toBeGreaterThan(0);
    }
  });

  it('carries the output and weekdays over, and restores a mode switched away from', async () => {
    const drawn = renderEditor(ScheduleEditor, decode(MODE2));
    await choose(modeSelect(), 'time range 2');
    const window = drawn.value();
    expect(window.mode === 4 && window.window.weekdays).toEqual([1, 5]);
    expect(window.mode === 4 && window.output).toEqual({ mode: 1, channel: 0, value: 100, addr: 0 });
    expect(window.dev).toBe(255);
    expect(window.more).toBe(true);
    await choose(modeSelect(), 'time range 1');
    await choose(modeSelect(), 'weekday mode');
    expect(bytesOf(drawn.value())).toBe(hex(MODE2));
  });
});

describe('ScheduleEditor abnormal modes', () => {
  it('shows an abnormal mode with its bytes and keeps them while other fields change', () => {
    const drawn = renderEditor(ScheduleEditor, decode(MODE5));
    expect(modeSelect().textContent).toContain('abnormal (mode 5)');
    expect(part('rule-abnormal').textContent).toContain('07 12 B5 01 02 03 04 05 06 07 08 09 0A FF');
    expect(screen.queryByTestId('rule-output')).toBeNull();
    typeNumber(numberIn(part('rule-dev')), 9);
    click(more());
    const rule = drawn.value();
    expect(rule.mode === 5 && rule.raw).toEqual([...MODE5]);
    expect(bytesOf(rule)).toBe(hex([0x09, 0x12, 0xa5, ...MODE5.slice(3)]));
  });

  it('rewrites an abnormal rule only when a defined mode is picked', async () => {
    const drawn = renderEditor(ScheduleEditor, decode(VECTORS['mode 7 (abnormal, the highest mode)']));
    expect(modeSelect().textContent).toContain('abnormal (mode 7)');
    await choose(modeSelect(), 'weekday mode');
    const rule = drawn.value();
    expect(rule).toEqual({
      dev: 0,
      mode: 2,
      more: false,
      weekly: { weekdays: [], hours: [], minute: 0, second: 0 },
      output: DISABLED_OUTPUT,
    });
    expect(screen.queryByTestId('rule-abnormal')).toBeNull();
  });
});

describe('ScheduleEditor read-only and languages', () => {
  it('disables every input when read-only', () => {
    for (const bytes of [MODE1, MODE2, VECTORS['mode 3: time range 1, the whole of 2026'], MODE5]) {
      const drawn = renderEditor(ScheduleEditor, decode(bytes), sampleContext(undefined, { readOnly: true }));
      expect(enabledControls(drawn.container)).toEqual([]);
      drawn.unmount();
    }
  });

  it('speaks zh', () => {
    renderEditor(ScheduleEditor, decode(MODE2), sampleContext(undefined, { lang: 'zh' }));
    expect(modeSelect().textContent).toContain('星期模式');
    expect(part('rule-dev').textContent).toContain('序号');
    expect(part('rule-more').textContent).toContain('同时执行下一条规则的输出');
    expect(part('rule-weekdays').textContent).toContain('周日');
    expect(part('rule-output').textContent).toContain('输出');
  });

  it('speaks tc', () => {
    renderEditor(ScheduleEditor, decode(MODE5), sampleContext(undefined, { lang: 'tc' }));
    expect(modeSelect().textContent).toContain('異常（模式 5）');
    expect(part('rule-more').textContent).toContain('同時執行下一條規則的輸出');
    expect(within(part('rule-abnormal')).getByText(/未定義的模式 5/)).toBeTruthy();
  });
});
