// @vitest-environment jsdom
// The fixed point editor (docs/protocol.md § Fixed point): round trips, the 'any' switch of
// each field (the ignore codes), each field's bounds, days past the month's end, the calendar and
// time pickers, read-only and languages.
import type { FixedPoint } from '@fieldlink/protocol';
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderEditor, sampleContext } from '../test-support';
import FixedPointEditor from './FixedPointEditor';
import {
  boxIn,
  click,
  decodeAs,
  enabledControls,
  hex,
  hexOf,
  numberIn,
  part,
  typeNumber,
  typeTime,
} from './test-driving';

afterEach(cleanup);

// The hand vectors of packages/protocol/src/rules/fixed-point.test.ts.
const VECTORS = {
  '2026-11-22 08:30:00': [0x1a, 0x0b, 0x16, 0x08, 0x1e, 0x00],
  'every field ignored': [0x00, 0x00, 0x00, 0x18, 0x3c, 0x3c],
  'every day at 08:30:00': [0x00, 0x00, 0x00, 0x08, 0x1e, 0x00],
  'lower bounds: year byte 1 (2001), 01-01 00:00:00': [0x01, 0x01, 0x01, 0x00, 0x00, 0x00],
  'upper bounds: year byte 255 (2255), 12-31 23:59:59': [0xff, 0x0c, 0x1f, 0x17, 0x3b, 0x3b],
  'one past the bounds: month 13, day 32, hour 25, minute 61, second 61': [
    0x1a, 0x0d, 0x20, 0x19, 0x3d, 0x3d,
  ],
  'every byte 255': [0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
} as const satisfies Record<string, readonly number[]>;

const decode = (bytes: readonly number[]): FixedPoint => decodeAs('fixedPoint', bytes);
const bytesOf = (point: FixedPoint): string => hexOf('fixedPoint', point);
const FULL = VECTORS['2026-11-22 08:30:00'];
const FIELDS = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;
const BOUNDS: Record<(typeof FIELDS)[number], readonly [number, number]> = {
  year: [2001, 2255],
  month: [1, 12],
  day: [1, 31],
  hour: [0, 23],
  minute: [0, 59],
  second: [0, 59],
};

const any = (field: string): HTMLInputElement => boxIn(part(`rule-${field}`), 'Any');

describe('FixedPointEditor round trip', () => {
  for (const [name, bytes] of Object.entries(VECTORS)) {
    it(`keeps the bytes of "${name}"`, () => {
      const drawn = renderEditor(FixedPointEditor, decode(bytes));
      expect(drawn.changes()).toBe(0);
      expect(bytesOf(drawn.value())).toBe(hex(bytes));
    });
  }

  it("keeps the bytes when each field's 'any' is switched on and off", () => {
    const drawn = renderEditor(FixedPointEditor, decode(FULL));
    for (const field of FIELDS) {
      click(any(field));
      expect(drawn.value()[field]).toBeNull();
      click(any(field));
    }
    expect(drawn.changes()).toBe(12);
    expect(bytesOf(drawn.value())).toBe(hex(FULL));
  });

  it("writes each ignore code when every field is 'any'", () => {
    const drawn = renderEditor(FixedPointEditor, decode(FULL));
    for (const field of FIELDS) click(any(field));
    expect(bytesOf(drawn.value())).toBe(hex(VECTORS['every field ignored']));
    expect(part('rule-fixed-point-text').textContent).toBe('*-*-* *:*:*');
  });
});

describe('FixedPointEditor fields', () => {
  // Day 1-31 is checked in a 31-day month with the year set.
  it.each(FIELDS)('takes the bounds of the %s and refuses one past them', (field) => {
    const drawn = renderEditor(FixedPointEditor, decode([0x1a, 0x01, 0x01, 0x08, 0x1e, 0x00]));
    const [min, max] = BOUNDS[field];
    const input = (): HTMLInputElement => numberIn(part(`rule-${field}`));
    typeNumber(input(), max);
    expect(drawn.value()[field]).toBe(max);
    typeNumber(input(), max + 1);
    expect(drawn.value()[field]).toBe(max);
    expect(part(`rule-${field}`).textContent).toContain(`Out of range: ${min} to ${max}`);
    expect(drawn.problems()).toEqual([`Out of range: ${min} to ${max}`]);
    typeNumber(input(), min);
    expect(drawn.value()[field]).toBe(min);
    expect(drawn.problems()).toEqual([]);
    typeNumber(input(), min - 1);
    expect(drawn.value()[field]).toBe(min);
    expect(drawn.problems()).toEqual([`Out of range: ${min} to ${max}`]);
  });

  it('shows stored values past their bounds with their problems, unchanged', () => {
    const drawn = renderEditor(FixedPointEditor, decode(VECTORS['every byte 255']));
    expect(numberIn(part('rule-month')).value).toBe('255');
    expect(drawn.problems()).toHaveLength(5);
    expect(drawn.changes()).toBe(0);
  });

  it('reports a day past the end of its month', () => {
    // 2026-04-30, then day 31.
    const drawn = renderEditor(FixedPointEditor, decode([0x1a, 0x04, 0x1e, 0x00, 0x00, 0x00]));
    typeNumber(numberIn(part('rule-day')), 31);
    expect(part('rule-day-problem').textContent).toBe('Month 4 has only 30 days');
    expect(drawn.problems()).toEqual(['Month 4 has only 30 days']);
    // February 29th is fine when any year may be a leap year, not in 2026.
    typeNumber(numberIn(part('rule-month')), 2);
    typeNumber(numberIn(part('rule-day')), 29);
    expect(drawn.problems()).toEqual(['Month 2 has only 28 days']);
    click(any('year'));
    expect(drawn.problems()).toEqual([]);
    expect(drawn.value()).toMatchObject({ year: null, month: 2, day: 29 });
  });

  it("brings back the field's number, or a start, when 'any' is switched off", () => {
    const drawn = renderEditor(FixedPointEditor, decode(VECTORS['every field ignored']));
    click(any('month'));
    click(any('hour'));
    click(any('second'));
    expect(drawn.value()).toEqual({ year: null, month: 1, day: null, hour: 0, minute: null, second: 0 });
    click(any('year'));
    expect(drawn.value().year).toBeGreaterThanOrEqual(2001);
  });

  it('fills the date from the calendar and the time from the time picker', () => {
    const drawn = renderEditor(FixedPointEditor, decode(VECTORS['every field ignored']));
    typeTime(part('rule-pick-date'), '2027-02-03');
    typeTime(part('rule-pick-time'), '07:05:09');
    expect(drawn.value()).toEqual({ year: 2027, month: 2, day: 3, hour: 7, minute: 5, second: 9 });
    expect(numberIn(part('rule-day')).value).toBe('3');
    expect(part('rule-fixed-point-text').textContent).toBe('2027-02-03 07:05:09');
  });

  it('disables every input when read-only', () => {
    const drawn = renderEditor(FixedPointEditor, decode(FULL), sampleContext(undefined, { readOnly: true }));
    expect(enabledControls(drawn.container)).toEqual([]);
  });

  it('speaks zh and tc', () => {
    const zh = renderEditor(FixedPointEditor, decode(FULL), sampleContext(undefined, { lang: 'zh' }));
    expect(part('rule-year').textContent).toContain('年');
    expect(part('rule-year').textContent).toContain('任意');
    expect(part('rule-pick-date').textContent).toContain('从日历选择日期');
    zh.unmount();
    renderEditor(FixedPointEditor, decode(FULL), sampleContext(undefined, { lang: 'tc' }));
    expect(part('rule-hour').textContent).toContain('時');
    expect(part('rule-pick-date').textContent).toContain('從日曆選擇日期');
  });
});
