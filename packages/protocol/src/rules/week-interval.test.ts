// docs/protocol.md § Week interval
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bufferOf, testEncodes, testProperties, testVector } from '../test-support/rule-vectors.js';
import { weekIntervalCodec, weekIntervalContains, weekIntervalCrossesMidnight } from './week-interval.js';
import type { WeekInterval } from './week-interval.js';

const codec = weekIntervalCodec;

const window = (
  weekdays: number[],
  beginHour: number,
  beginMinute: number,
  endHour: number,
  endMinute: number,
): WeekInterval => ({ weekdays, beginHour, beginMinute, endHour, endMinute });

describe('week interval vectors', () => {
  testVector(codec, 'Mon-Fri 08:00 to 17:30', window([1, 2, 3, 4, 5], 8, 0, 17, 30), [
    0x3e, // byte 0: reserved=0 bit 7, weekdays bits 1-5 (Mon-Fri)
    0x08, // byte 1: begin hour=8
    0x00, // byte 2: begin minute=0
    0x11, // byte 3: end hour=17
    0x1e, // byte 4: end minute=30
    0x00, // byte 5: reserved
  ]);
  testVector(codec, 'Fri 22:00 to 06:00 next day', window([5], 22, 0, 6, 0), [
    0x20, // byte 0: weekdays bit 5 (Fri)
    0x16, // byte 1: begin hour=22
    0x00, // byte 2: begin minute=0
    0x06, // byte 3: end hour=6
    0x00, // byte 4: end minute=0
    0x00, // byte 5: reserved
  ]);
  testVector(codec, 'bounds: every day 00:00 to 23:59', window([0, 1, 2, 3, 4, 5, 6], 0, 0, 23, 59), [
    0x7f, // byte 0: weekdays bits 0-6
    0x00, // byte 1: begin hour=0
    0x00, // byte 2: begin minute=0
    0x17, // byte 3: end hour=23
    0x3b, // byte 4: end minute=59
    0x00, // byte 5: reserved
  ]);
  testVector(codec, 'Saturday (bit 6), begin equal to end: 24 hours', window([6], 23, 59, 23, 59), [
    0x40, // byte 0: weekdays bit 6 (Sat)
    0x17, // byte 1: begin hour=23
    0x3b, // byte 2: begin minute=59
    0x17, // byte 3: end hour=23
    0x3b, // byte 4: end minute=59
    0x00, // byte 5: reserved
  ]);
  testVector(codec, 'one past the bounds: hours 24 and 25, minutes 60 and 61', window([0], 24, 60, 25, 61), [
    0x01, // byte 0: weekdays bit 0 (Sun)
    0x18, // byte 1: begin hour=24 (invalid)
    0x3c, // byte 2: begin minute=60 (invalid)
    0x19, // byte 3: end hour=25 (invalid)
    0x3d, // byte 4: end minute=61 (invalid)
    0x00, // byte 5: reserved
  ]);
  testVector(codec, 'no weekday, every time byte 255', window([], 255, 255, 255, 255), [
    0x00, // byte 0: no weekday
    0xff, // byte 1: begin hour=255
    0xff, // byte 2: begin minute=255
    0xff, // byte 3: end hour=255
    0xff, // byte 4: end minute=255
    0x00, // byte 5: reserved
  ]);
});

describe('week interval encoding and reserved bits', () => {
  testEncodes(codec, 'weekdays outside 0-6 dropped, times clamped', window([3, 7, -1], 300, -2, 8.4, 59), [
    0x08, // byte 0: weekdays bit 3 only
    0xff, // byte 1: begin hour 300 clamps to 255
    0x00, // byte 2: begin minute -2 clamps to 0
    0x08, // byte 3: end hour 8.4 rounds to 8
    0x3b, // byte 4: end minute=59
    0x00, // byte 5: reserved
  ]);
  it('ignores byte 0 bit 7 and byte 5 on read', () => {
    expect(codec.decode(Uint8Array.from([0xbe, 8, 0, 17, 30, 0xff]))).toEqual(
      window([1, 2, 3, 4, 5], 8, 0, 17, 30),
    );
  });
});

describe('week interval descriptions', () => {
  it.each<[WeekInterval, string, string, string]>([
    [
      window([1, 2, 3, 4, 5], 8, 0, 17, 30),
      'every Mon Tue Wed Thu Fri from 08:00 to 17:30',
      '每周一、周二、周三、周四、周五 08:00 至 17:30',
      '每週一、週二、週三、週四、週五 08:00 至 17:30',
    ],
    [
      window([5], 22, 0, 6, 0),
      'every Fri from 22:00 to 06:00 next day',
      '每周五 22:00 至 次日06:00',
      '每週五 22:00 至 翌日06:00',
    ],
    [
      window([0, 1, 2, 3, 4, 5, 6], 0, 0, 0, 0),
      'every day from 00:00 to 00:00 next day',
      '每天 00:00 至 次日00:00',
      '每天 00:00 至 翌日00:00',
    ],
    [window([], 8, 0, 9, 0), 'never (no weekday selected)', '从不（未选星期）', '從不（未選星期）'],
  ])('%j', (rule, en, zh, tc) => {
    expect(codec.describe(rule, 'en')).toBe(en);
    expect(codec.describe(rule, 'zh')).toBe(zh);
    expect(codec.describe(rule, 'tc')).toBe(tc);
  });
});

describe('week interval validation', () => {
  it.each<[WeekInterval, string[]]>([
    [window([0, 6], 0, 0, 23, 59), []],
    [window([7], 0, 0, 23, 59), ['weekdays: 0-6 (0 = Sunday)']],
    [window([1], 24, 0, 23, 59), ['beginHour: 0-23']],
    [window([1], 0, 60, 23, 59), ['beginMinute: 0-59']],
    [window([1], 0, 0, 24, 59), ['endHour: 0-23']],
    [window([1], 0, 0, 23, 60), ['endMinute: 0-59']],
    [
      window([1], 25, 61, 25, 61),
      ['beginHour: 0-23', 'beginMinute: 0-59', 'endHour: 0-23', 'endMinute: 0-59'],
    ],
  ])('%j → %j', (rule, reasons) => {
    expect(codec.validate(rule)).toEqual(reasons);
  });
});

describe('weekIntervalContains', () => {
  const SUN = 0;
  const MON = 1;
  const THU = 4;
  const FRI = 5;
  const SAT = 6;
  it('a daytime window: begin included, end excluded, only on its weekdays', () => {
    const office = window([1, 2, 3, 4, 5], 8, 0, 17, 30);
    expect(weekIntervalCrossesMidnight(office)).toBe(false);
    expect(weekIntervalContains(office, { weekday: MON, hour: 8, minute: 0 })).toBe(true);
    expect(weekIntervalContains(office, { weekday: MON, hour: 17, minute: 29 })).toBe(true);
    expect(weekIntervalContains(office, { weekday: MON, hour: 17, minute: 30 })).toBe(false);
    expect(weekIntervalContains(office, { weekday: MON, hour: 7, minute: 59 })).toBe(false);
    expect(weekIntervalContains(office, { weekday: SAT, hour: 10, minute: 0 })).toBe(false);
  });
  it('a window past midnight runs into the day after a selected weekday', () => {
    const night = window([FRI], 22, 0, 6, 0);
    expect(weekIntervalCrossesMidnight(night)).toBe(true);
    expect(weekIntervalContains(night, { weekday: FRI, hour: 22, minute: 0 })).toBe(true);
    expect(weekIntervalContains(night, { weekday: FRI, hour: 23, minute: 59 })).toBe(true);
    expect(weekIntervalContains(night, { weekday: SAT, hour: 0, minute: 0 })).toBe(true);
    expect(weekIntervalContains(night, { weekday: SAT, hour: 5, minute: 59 })).toBe(true);
    expect(weekIntervalContains(night, { weekday: SAT, hour: 6, minute: 0 })).toBe(false);
    expect(weekIntervalContains(night, { weekday: SAT, hour: 23, minute: 0 })).toBe(false);
    expect(weekIntervalContains(night, { weekday: FRI, hour: 21, minute: 59 })).toBe(false);
    // Thursday is not selected, so Friday's early hours are outside.
    expect(weekIntervalContains(night, { weekday: FRI, hour: 3, minute: 0 })).toBe(false);
    expect(weekIntervalContains(night, { weekday: THU, hour: 23, minute: 0 })).toBe(false);
  });
  it('Saturday night runs into Sunday', () => {
    const night = window([SAT], 23, 0, 1, 0);
    expect(weekIntervalContains(night, { weekday: SUN, hour: 0, minute: 30 })).toBe(true);
    expect(weekIntervalContains(night, { weekday: SUN, hour: 1, minute: 0 })).toBe(false);
  });
  it('an end equal to the begin makes 24 hours from the begin', () => {
    const day = window([3], 8, 0, 8, 0);
    expect(weekIntervalContains(day, { weekday: 3, hour: 8, minute: 0 })).toBe(true);
    expect(weekIntervalContains(day, { weekday: 4, hour: 7, minute: 59 })).toBe(true);
    expect(weekIntervalContains(day, { weekday: 4, hour: 8, minute: 0 })).toBe(false);
    expect(weekIntervalContains(day, { weekday: 3, hour: 7, minute: 59 })).toBe(false);
  });
  it('agrees with minute-of-week arithmetic', () => {
    const hm = fc.record({ hour: fc.integer({ min: 0, max: 23 }), minute: fc.integer({ min: 0, max: 59 }) });
    const days = fc.uniqueArray(fc.integer({ min: 0, max: 6 }));
    fc.assert(
      fc.property(days, hm, hm, fc.integer({ min: 0, max: 6 }), hm, (weekdays, b, e, weekday, t) => {
        const rule = window(weekdays, b.hour, b.minute, e.hour, e.minute);
        const begin = b.hour * 60 + b.minute;
        let length = e.hour * 60 + e.minute - begin;
        if (length <= 0) length += 24 * 60;
        const now = weekday * 1440 + t.hour * 60 + t.minute;
        // The time lies in the window starting on `d` when it is within `length` minutes after that start.
        const expected = weekdays.some((d) => {
          const since = (((now - (d * 1440 + begin)) % 10080) + 10080) % 10080;
          return since < length;
        });
        expect(weekIntervalContains(rule, { weekday, ...t })).toBe(expected);
      }),
    );
  });
});

testProperties(codec, {
  rule: fc.record({
    weekdays: fc.uniqueArray(fc.integer({ min: 0, max: 6 })).map((xs) => [...xs].sort((a, b) => a - b)),
    beginHour: fc.integer({ min: 0, max: 255 }),
    beginMinute: fc.integer({ min: 0, max: 255 }),
    endHour: fc.integer({ min: 0, max: 255 }),
    endMinute: fc.integer({ min: 0, max: 255 }),
  }),
  buffer: bufferOf(6, (b) => {
    b[0] = b[0]! & 0x7f;
    b[5] = 0;
  }),
});
