// @vitest-environment jsdom
// The week interval editor (docs/protocol.md § Week interval): round trips, weekdays, begin and
// end times from the time picker, past midnight, stored times past the clock, read-only, languages.
import type { WeekInterval } from '@fieldlink/protocol';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderEditor, sampleContext } from '../test-support';
import { boxIn, click, decodeAs, enabledControls, hex, hexOf, part, typeTime } from './test-driving';
import WeekIntervalEditor from './WeekIntervalEditor';

afterEach(cleanup);

// The hand vectors of packages/protocol/src/rules/week-interval.test.ts.
const VECTORS = {
  'Mon-Fri 08:00 to 17:30': [0x3e, 0x08, 0x00, 0x11, 0x1e, 0x00],
  'Fri 22:00 to 06:00 next day': [0x20, 0x16, 0x00, 0x06, 0x00, 0x00],
  'bounds: every day 00:00 to 23:59': [0x7f, 0x00, 0x00, 0x17, 0x3b, 0x00],
  'Saturday (bit 6), begin equal to end: 24 hours': [0x40, 0x17, 0x3b, 0x17, 0x3b, 0x00],
  'one past the bounds: hours 24 and 25, minutes 60 and 61': [0x01, 0x18, 0x3c, 0x19, 0x3d, 0x00],
  'no weekday, every time byte 255': [0x00, 0xff, 0xff, 0xff, 0xff, 0x00],
} as const satisfies Record<string, readonly number[]>;

const decode = (bytes: readonly number[]): WeekInterval => decodeAs('weekInterval', bytes);
const bytesOf = (window: WeekInterval): string => hexOf('weekInterval', window);
const WORKDAYS = VECTORS['Mon-Fri 08:00 to 17:30'];
const input = (testId: string): HTMLInputElement => part(testId).querySelector('input')!;

describe('WeekIntervalEditor round trip', () => {
  for (const [name, bytes] of Object.entries(VECTORS)) {
    it(`keeps the bytes of "${name}"`, () => {
      const drawn = renderEditor(WeekIntervalEditor, decode(bytes));
      expect(drawn.changes()).toBe(0);
      expect(bytesOf(drawn.value())).toBe(hex(bytes));
    });
  }

  it('keeps the bytes when a weekday and the begin are changed and changed back', () => {
    const drawn = renderEditor(WeekIntervalEditor, decode(WORKDAYS));
    click(boxIn(part('rule-weekdays'), 'Sat'));
    expect(drawn.value().weekdays).toEqual([1, 2, 3, 4, 5, 6]);
    click(boxIn(part('rule-weekdays'), 'Sat'));
    typeTime(part('rule-begin'), '09:45');
    expect(drawn.value()).toMatchObject({ beginHour: 9, beginMinute: 45 });
    typeTime(part('rule-begin'), '08:00');
    expect(bytesOf(drawn.value())).toBe(hex(WORKDAYS));
  });
});

describe('WeekIntervalEditor fields', () => {
  it('shows the times, takes the clock bounds, and says when the window runs into the next day', () => {
    const drawn = renderEditor(WeekIntervalEditor, decode(WORKDAYS));
    expect(input('rule-begin').value).toBe('08:00');
    expect(input('rule-end').value).toBe('17:30');
    expect(screen.queryByTestId('rule-next-day')).toBeNull();
    typeTime(part('rule-end'), '23:59');
    expect(drawn.value()).toMatchObject({ endHour: 23, endMinute: 59 });
    typeTime(part('rule-end'), '00:00');
    expect(drawn.value()).toMatchObject({ endHour: 0, endMinute: 0 });
    expect(part('rule-next-day').textContent).toContain('next day');
    expect(part('rule-week-interval-text').textContent).toBe(
      'every Mon Tue Wed Thu Fri from 08:00 to 00:00 next day',
    );
    // A time past the clock does not parse, so nothing is handed on.
    const before = drawn.changes();
    typeTime(part('rule-end'), '24:00');
    expect(drawn.changes()).toBe(before);
    expect(drawn.value()).toMatchObject({ endHour: 0, endMinute: 0 });
  });

  it('reports stored times past the clock until a time is picked', () => {
    const drawn = renderEditor(
      WeekIntervalEditor,
      decode(VECTORS['one past the bounds: hours 24 and 25, minutes 60 and 61']),
    );
    expect(part('rule-begin').textContent).toContain(
      'The stored time 24:60 is out of range (00:00 to 23:59)',
    );
    expect(drawn.problems()).toEqual([
      'The stored time 24:60 is out of range (00:00 to 23:59)',
      'The stored time 25:61 is out of range (00:00 to 23:59)',
    ]);
    expect(drawn.changes()).toBe(0);
    typeTime(part('rule-end'), '06:30');
    expect(drawn.value()).toMatchObject({ beginHour: 24, beginMinute: 60, endHour: 6, endMinute: 30 });
    expect(drawn.problems()).toEqual(['The stored time 24:60 is out of range (00:00 to 23:59)']);
  });

  it('disables every input when read-only', () => {
    const drawn = renderEditor(
      WeekIntervalEditor,
      decode(WORKDAYS),
      sampleContext(undefined, { readOnly: true }),
    );
    expect(enabledControls(drawn.container)).toEqual([]);
  });

  it('speaks zh and tc', () => {
    const zh = renderEditor(
      WeekIntervalEditor,
      decode(VECTORS['Fri 22:00 to 06:00 next day']),
      sampleContext(undefined, { lang: 'zh' }),
    );
    expect(part('rule-begin').textContent).toContain('开始时刻');
    expect(part('rule-next-day').textContent).toContain('次日');
    expect(part('rule-week-interval-text').textContent).toBe('每周五 22:00 至 次日06:00');
    zh.unmount();
    renderEditor(WeekIntervalEditor, decode(WORKDAYS), sampleContext(undefined, { lang: 'tc' }));
    expect(part('rule-end').textContent).toContain('結束時刻');
    expect(part('rule-weekdays').textContent).toContain('週六');
  });
});
