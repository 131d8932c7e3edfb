// docs/protocol.md § Date-time interval
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bufferOf, testProperties, testVector } from '../test-support/rule-vectors.js';
import { fixedPointArb } from '../test-support/arbitraries.js';
import { dateTimeIntervalCodec, intervalContains, intervalWraps } from './date-time-interval.js';
import type { DateTimeInterval } from './date-time-interval.js';
import type { DateTimeParts, FixedPoint } from './fixed-point.js';

const codec = dateTimeIntervalCodec;

const ANY: FixedPoint = { year: null, month: null, day: null, hour: null, minute: null, second: null };
const at = (hour: number, minute: number, second: number): FixedPoint => ({ ...ANY, hour, minute, second });
const full = (year: number, month: number, day: number, hour: number, minute: number, second: number) => ({
  year,
  month,
  day,
  hour,
  minute,
  second,
});

describe('date-time interval vectors', () => {
  testVector(
    codec,
    'the whole of 2026',
    { begin: full(2026, 1, 1, 0, 0, 0), end: full(2026, 12, 31, 23, 59, 59) },
    [
      0x1a, // byte 0: begin year − 2000 = 26
      0x01, // byte 1: begin month=1
      0x01, // byte 2: begin day=1
      0x00, // byte 3: begin hour=0
      0x00, // byte 4: begin minute=0
      0x00, // byte 5: begin second=0
      0x1a, // byte 6: end year − 2000 = 26
      0x0c, // byte 7: end month=12
      0x1f, // byte 8: end day=31
      0x17, // byte 9: end hour=23
      0x3b, // byte 10: end minute=59
      0x3b, // byte 11: end second=59
    ],
  );
  testVector(codec, 'every day from 08:00:00 to 17:30:00', { begin: at(8, 0, 0), end: at(17, 30, 0) }, [
    0x00, // byte 0: begin year ignored (0)
    0x00, // byte 1: begin month ignored (0)
    0x00, // byte 2: begin day ignored (0)
    0x08, // byte 3: begin hour=8
    0x00, // byte 4: begin minute=0
    0x00, // byte 5: begin second=0
    0x00, // byte 6: end year ignored
    0x00, // byte 7: end month ignored
    0x00, // byte 8: end day ignored
    0x11, // byte 9: end hour=17
    0x1e, // byte 10: end minute=30
    0x00, // byte 11: end second=0
  ]);
  testVector(codec, 'overnight: 22:00:00 to 06:00:00', { begin: at(22, 0, 0), end: at(6, 0, 0) }, [
    0x00, // byte 0: begin year ignored
    0x00, // byte 1: begin month ignored
    0x00, // byte 2: begin day ignored
    0x16, // byte 3: begin hour=22
    0x00, // byte 4: begin minute=0
    0x00, // byte 5: begin second=0
    0x00, // byte 6: end year ignored
    0x00, // byte 7: end month ignored
    0x00, // byte 8: end day ignored
    0x06, // byte 9: end hour=6
    0x00, // byte 10: end minute=0
    0x00, // byte 11: end second=0
  ]);
  testVector(codec, 'both ends fully ignored', { begin: ANY, end: ANY }, [
    0x00, // byte 0: begin year ignored (0)
    0x00, // byte 1: begin month ignored (0)
    0x00, // byte 2: begin day ignored (0)
    0x18, // byte 3: begin hour ignored (24)
    0x3c, // byte 4: begin minute ignored (60)
    0x3c, // byte 5: begin second ignored (60)
    0x00, // byte 6: end year ignored
    0x00, // byte 7: end month ignored
    0x00, // byte 8: end day ignored
    0x18, // byte 9: end hour ignored (24)
    0x3c, // byte 10: end minute ignored (60)
    0x3c, // byte 11: end second ignored (60)
  ]);
  testVector(
    codec,
    'bounds: year bytes 1 and 255',
    { begin: full(2001, 1, 1, 0, 0, 0), end: full(2255, 12, 31, 23, 59, 59) },
    [
      0x01, // byte 0: begin year − 2000 = 1
      0x01, // byte 1: begin month=1
      0x01, // byte 2: begin day=1
      0x00, // byte 3: begin hour=0
      0x00, // byte 4: begin minute=0
      0x00, // byte 5: begin second=0
      0xff, // byte 6: end year − 2000 = 255
      0x0c, // byte 7: end month=12
      0x1f, // byte 8: end day=31
      0x17, // byte 9: end hour=23
      0x3b, // byte 10: end minute=59
      0x3b, // byte 11: end second=59
    ],
  );
  testVector(
    codec,
    'one past the bounds in the end',
    { begin: at(8, 0, 0), end: { year: null, month: 13, day: 32, hour: 25, minute: 61, second: 61 } },
    [
      0x00, // byte 0: begin year ignored
      0x00, // byte 1: begin month ignored
      0x00, // byte 2: begin day ignored
      0x08, // byte 3: begin hour=8
      0x00, // byte 4: begin minute=0
      0x00, // byte 5: begin second=0
      0x00, // byte 6: end year ignored
      0x0d, // byte 7: end month=13 (invalid)
      0x20, // byte 8: end day=32 (invalid)
      0x19, // byte 9: end hour=25 (invalid)
      0x3d, // byte 10: end minute=61 (invalid)
      0x3d, // byte 11: end second=61 (invalid)
    ],
  );
});

describe('date-time interval descriptions', () => {
  it.each<[DateTimeInterval, string, string, string]>([
    [
      { begin: full(2026, 1, 1, 0, 0, 0), end: full(2026, 12, 31, 23, 59, 59) },
      'from 2026-01-01 00:00:00 to 2026-12-31 23:59:59',
      '从 2026-01-01 00:00:00 到 2026-12-31 23:59:59',
      '從 2026-01-01 00:00:00 到 2026-12-31 23:59:59',
    ],
    [
      { begin: at(22, 0, 0), end: at(6, 0, 0) },
      'from *-*-* 22:00:00 to *-*-* 06:00:00 (wraps around)',
      '从 *-*-* 22:00:00 到 *-*-* 06:00:00（跨周期）',
      '從 *-*-* 22:00:00 到 *-*-* 06:00:00（跨週期）',
    ],
  ])('%j', (interval, en, zh, tc) => {
    expect(codec.describe(interval, 'en')).toBe(en);
    expect(codec.describe(interval, 'zh')).toBe(zh);
    expect(codec.describe(interval, 'tc')).toBe(tc);
  });
});

describe('date-time interval validation', () => {
  it('is empty at the bounds', () => {
    expect(codec.validate({ begin: full(2001, 1, 1, 0, 0, 0), end: full(2255, 12, 31, 23, 59, 59) })).toEqual(
      [],
    );
  });
  it('names the end and the field one past its bound', () => {
    expect(
      codec.validate({ begin: at(24, 0, 0), end: { ...ANY, month: 13, hour: 23, minute: 60, second: 59 } }),
    ).toEqual([
      'begin.hour: 0-23 or null (any)',
      'end.month: 1-12 or null (any)',
      'end.minute: 0-59 or null (any)',
    ]);
  });
});

describe('intervalContains', () => {
  const d = full;
  it('an absolute interval contains its ends and what lies between', () => {
    const year: DateTimeInterval = { begin: d(2026, 1, 1, 0, 0, 0), end: d(2026, 12, 31, 23, 59, 59) };
    expect(intervalContains(year, d(2026, 1, 1, 0, 0, 0))).toBe(true);
    expect(intervalContains(year, d(2026, 6, 15, 12, 0, 0))).toBe(true);
    expect(intervalContains(year, d(2026, 12, 31, 23, 59, 59))).toBe(true);
    expect(intervalContains(year, d(2025, 12, 31, 23, 59, 59))).toBe(false);
    expect(intervalContains(year, d(2027, 1, 1, 0, 0, 0))).toBe(false);
  });
  it('an absolute interval whose end is before its begin is empty', () => {
    const backwards: DateTimeInterval = { begin: d(2026, 12, 1, 0, 0, 0), end: d(2026, 1, 1, 0, 0, 0) };
    expect(intervalWraps(backwards)).toBe(false);
    expect(intervalContains(backwards, d(2026, 12, 5, 0, 0, 0))).toBe(false);
    expect(intervalContains(backwards, d(2026, 6, 1, 0, 0, 0))).toBe(false);
  });
  it('a daily window', () => {
    const day: DateTimeInterval = { begin: at(8, 0, 0), end: at(17, 30, 0) };
    expect(intervalWraps(day)).toBe(false);
    expect(intervalContains(day, d(2026, 3, 4, 8, 0, 0))).toBe(true);
    expect(intervalContains(day, d(2031, 9, 9, 17, 30, 0))).toBe(true);
    expect(intervalContains(day, d(2026, 3, 4, 7, 59, 59))).toBe(false);
    expect(intervalContains(day, d(2026, 3, 4, 17, 30, 1))).toBe(false);
  });
  it('an overnight window wraps past midnight', () => {
    const night: DateTimeInterval = { begin: at(22, 0, 0), end: at(6, 0, 0) };
    expect(intervalWraps(night)).toBe(true);
    expect(intervalContains(night, d(2026, 3, 4, 22, 0, 0))).toBe(true);
    expect(intervalContains(night, d(2026, 3, 4, 23, 59, 59))).toBe(true);
    expect(intervalContains(night, d(2026, 3, 5, 0, 0, 0))).toBe(true);
    expect(intervalContains(night, d(2026, 3, 5, 6, 0, 0))).toBe(true);
    expect(intervalContains(night, d(2026, 3, 5, 6, 0, 1))).toBe(false);
    expect(intervalContains(night, d(2026, 3, 5, 21, 59, 59))).toBe(false);
    expect(intervalContains(night, d(2026, 3, 5, 12, 0, 0))).toBe(false);
  });
  it('a yearly window wraps over the new year', () => {
    const winter: DateTimeInterval = {
      begin: { ...ANY, month: 12, day: 1 },
      end: { ...ANY, month: 2, day: 28 },
    };
    expect(intervalWraps(winter)).toBe(true);
    expect(intervalContains(winter, d(2026, 12, 1, 0, 0, 0))).toBe(true);
    expect(intervalContains(winter, d(2027, 1, 10, 12, 0, 0))).toBe(true);
    expect(intervalContains(winter, d(2027, 2, 28, 23, 59, 59))).toBe(true);
    expect(intervalContains(winter, d(2027, 3, 1, 0, 0, 0))).toBe(false);
    expect(intervalContains(winter, d(2026, 11, 30, 23, 59, 59))).toBe(false);
  });
  it('a month with ignored days and times does not wrap when its end month is earlier', () => {
    // Nothing above the month is ignored, so no roll-over exists.
    const backwards: DateTimeInterval = {
      begin: { ...ANY, year: 2026, month: 12 },
      end: { ...ANY, year: 2026, month: 2 },
    };
    expect(intervalWraps(backwards)).toBe(false);
    expect(intervalContains(backwards, d(2026, 12, 5, 0, 0, 0))).toBe(false);
  });
  it('an end ignoring seconds includes its whole minute', () => {
    const interval: DateTimeInterval = { begin: at(8, 0, 0), end: { ...ANY, hour: 17, minute: 0 } };
    expect(intervalWraps(interval)).toBe(false);
    expect(intervalContains(interval, d(2026, 3, 4, 17, 0, 59))).toBe(true);
    expect(intervalContains(interval, d(2026, 3, 4, 17, 1, 0))).toBe(false);
  });
  it('bounds ignoring different fields are compared each on its own fields', () => {
    const interval: DateTimeInterval = { begin: d(2026, 1, 1, 0, 0, 0), end: at(17, 0, 0) };
    expect(intervalContains(interval, d(2026, 5, 1, 16, 0, 0))).toBe(true);
    expect(intervalContains(interval, d(2026, 5, 1, 18, 0, 0))).toBe(false);
    expect(intervalContains(interval, d(2025, 5, 1, 16, 0, 0))).toBe(false);
  });
  it('a fully ignored interval contains every date', () => {
    expect(intervalContains({ begin: ANY, end: ANY }, d(2026, 3, 4, 5, 6, 7))).toBe(true);
  });
  it('daily windows agree with seconds-of-day arithmetic', () => {
    const time = fc.record({
      hour: fc.integer({ min: 0, max: 23 }),
      minute: fc.integer({ min: 0, max: 59 }),
      second: fc.integer({ min: 0, max: 59 }),
    });
    const secs = (t: { hour: number; minute: number; second: number }) =>
      t.hour * 3600 + t.minute * 60 + t.second;
    fc.assert(
      fc.property(time, time, time, (b, e, t) => {
        const interval = { begin: at(b.hour, b.minute, b.second), end: at(e.hour, e.minute, e.second) };
        const date: DateTimeParts = { year: 2026, month: 3, day: 4, ...t };
        const expected =
          secs(b) <= secs(e)
            ? secs(b) <= secs(t) && secs(t) <= secs(e)
            : secs(t) >= secs(b) || secs(t) <= secs(e);
        expect(intervalContains(interval, date)).toBe(expected);
      }),
    );
  });
});

testProperties(codec, {
  rule: fc.record({ begin: fixedPointArb, end: fixedPointArb }),
  buffer: bufferOf(12),
});
