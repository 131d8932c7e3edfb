// Mode switches of the timer rule (docs/protocol.md § Schedule): what carries over, what starts empty.
import { validateRule } from '@fieldlink/protocol';
import type { ScheduleRule } from '@fieldlink/protocol';
import { describe, expect, it } from 'vitest';
import {
  BLANK_FIXED_POINT,
  BLANK_INTERVAL,
  BLANK_WEEKLY,
  BLANK_WINDOW,
  DEFINED_MODES,
  DISABLED_OUTPUT,
  holdParts,
  isDefinedMode,
  switchMode,
} from './modes';
import { decodeAs, hexOf } from './test-driving';

const emptySlot = (mode: number, dev = 0, more = false): ScheduleRule =>
  decodeAs('schedule', [dev, 0, (mode << 5) | (more ? 0x10 : 0), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);

const AT = { year: 2026, month: 11, day: 22, hour: 8, minute: 30, second: 0 };
const CLOSE = { mode: 1, channel: 2, value: 50, addr: 0 } as const;
const FIXED: ScheduleRule = { dev: 7, mode: 1, more: true, at: AT, output: CLOSE };
const WEEKLY: ScheduleRule = {
  dev: 7,
  mode: 2,
  more: false,
  weekly: { weekdays: [1, 5], hours: [7], minute: 0, second: 0 },
  output: CLOSE,
};
const ABNORMAL: ScheduleRule = {
  dev: 4,
  mode: 6,
  more: true,
  raw: [4, 1, 0xd3, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9],
};

describe('schedule mode blanks', () => {
  it('are what an empty slot of each mode decodes to', () => {
    expect(emptySlot(1)).toEqual({
      dev: 0,
      mode: 1,
      more: false,
      at: BLANK_FIXED_POINT,
      output: DISABLED_OUTPUT,
    });
    expect(emptySlot(2)).toEqual({
      dev: 0,
      mode: 2,
      more: false,
      weekly: BLANK_WEEKLY,
      output: DISABLED_OUTPUT,
    });
    expect(emptySlot(3)).toEqual({ dev: 0, mode: 3, more: false, interval: BLANK_INTERVAL });
    expect(emptySlot(4)).toEqual({
      dev: 0,
      mode: 4,
      more: false,
      window: BLANK_WINDOW,
      output: DISABLED_OUTPUT,
    });
  });

  it('knows the defined modes', () => {
    expect(DEFINED_MODES.filter(isDefinedMode)).toEqual([0, 1, 2, 3, 4]);
    expect([5, 6, 7].some(isDefinedMode)).toBe(false);
  });
});

describe('switchMode', () => {
  it('gives a valid rule of every mode from every mode, keeping dev and more', () => {
    for (const from of [emptySlot(0, 3, true), FIXED, WEEKLY, emptySlot(3), emptySlot(4), ABNORMAL]) {
      for (const mode of DEFINED_MODES) {
        const next = switchMode(from, mode);
        expect(next.mode).toBe(mode);
        expect(next.dev).toBe(from.dev);
        expect(next.more).toBe(from.more);
        expect(validateRule('schedule', next)).toEqual([]);
        expect(hexOf('schedule', next)).toHaveLength(28);
      }
    }
  });

  it('returns the rule itself for its own mode', () => {
    expect(switchMode(FIXED, 1)).toBe(FIXED);
  });

  it('drops the output in modes 0 and 3 and starts a disabled one from them', () => {
    expect(switchMode(FIXED, 0)).toEqual({ dev: 7, mode: 0, more: true });
    expect('output' in switchMode(FIXED, 3)).toBe(false);
    const fromRange = switchMode(emptySlot(3), 4);
    expect(fromRange.mode === 4 && fromRange.output).toEqual(DISABLED_OUTPUT);
    const fromAbnormal = switchMode(ABNORMAL, 2);
    expect(fromAbnormal).toEqual({
      dev: 4,
      mode: 2,
      more: true,
      weekly: BLANK_WEEKLY,
      output: DISABLED_OUTPUT,
    });
  });

  it('carries the output between the modes that have one and the weekdays between modes 2 and 4', () => {
    const window = switchMode(WEEKLY, 4);
    expect(window).toEqual({
      dev: 7,
      mode: 4,
      more: false,
      window: { ...BLANK_WINDOW, weekdays: [1, 5] },
      output: CLOSE,
    });
    const weekly = switchMode(window, 2);
    expect(weekly.mode === 2 && weekly.weekly).toEqual({ ...BLANK_WEEKLY, weekdays: [1, 5] });
    const fixed = switchMode(WEEKLY, 1);
    expect(fixed).toEqual({ dev: 7, mode: 1, more: false, at: BLANK_FIXED_POINT, output: CLOSE });
  });

  it('turns a fixed point into the begin and end of a date-time interval, and its begin back', () => {
    const range = switchMode(FIXED, 3);
    expect(range.mode === 3 && range.interval).toEqual({ begin: AT, end: AT });
    const back = switchMode(range, 1);
    expect(back.mode === 1 && back.at).toEqual(AT);
  });

  it('restores what the rule held earlier', () => {
    let held = holdParts({}, WEEKLY);
    const disabled = switchMode(WEEKLY, 0, held);
    held = holdParts(held, disabled);
    expect(switchMode(disabled, 2, held)).toEqual(WEEKLY);
    const range = switchMode(disabled, 3, held);
    held = holdParts(held, range);
    const window = switchMode(range, 4, held);
    expect(window.mode === 4 && window.output).toEqual(CLOSE);
    held = holdParts(held, window);
    expect(switchMode(window, 2, held)).toEqual(WEEKLY);
  });
});
