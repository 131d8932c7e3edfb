// docs/protocol.md § Fixed point
import { describe, expect, it } from 'vitest';
import { LANGS } from '../i18n.js';
import { bufferOf, testEncodes, testProperties, testVector } from '../test-support/rule-vectors.js';
import { fixedPointArb } from '../test-support/arbitraries.js';
import {
  FIXED_POINT_IGNORE,
  fixedPointCodec,
  fixedPointMatches,
  formatFixedPoint,
  ignoredFields,
} from './fixed-point.js';
import type { DateTimeParts, FixedPoint } from './fixed-point.js';

const codec = fixedPointCodec;

const ANY: FixedPoint = { year: null, month: null, day: null, hour: null, minute: null, second: null };

describe('fixed point vectors', () => {
  testVector(
    codec,
    '2026-11-22 08:30:00',
    { year: 2026, month: 11, day: 22, hour: 8, minute: 30, second: 0 },
    [
      0x1a, // byte 0: year − 2000 = 26
      0x0b, // byte 1: month=11
      0x16, // byte 2: day=22
      0x08, // byte 3: hour=8
      0x1e, // byte 4: minute=30
      0x00, // byte 5: second=0
    ],
  );
  testVector(codec, 'every field ignored', ANY, [
    0x00, // byte 0: year ignored (0)
    0x00, // byte 1: month ignored (0)
    0x00, // byte 2: day ignored (0)
    0x18, // byte 3: hour ignored (24)
    0x3c, // byte 4: minute ignored (60)
    0x3c, // byte 5: second ignored (60)
  ]);
  testVector(codec, 'every day at 08:30:00', { ...ANY, hour: 8, minute: 30, second: 0 }, [
    0x00, // byte 0: year ignored
    0x00, // byte 1: month ignored
    0x00, // byte 2: day ignored
    0x08, // byte 3: hour=8
    0x1e, // byte 4: minute=30
    0x00, // byte 5: second=0
  ]);
  testVector(
    codec,
    'lower bounds: year byte 1 (2001), 01-01 00:00:00',
    { year: 2001, month: 1, day: 1, hour: 0, minute: 0, second: 0 },
    [
      0x01, // byte 0: year − 2000 = 1
      0x01, // byte 1: month=1
      0x01, // byte 2: day=1
      0x00, // byte 3: hour=0
      0x00, // byte 4: minute=0
      0x00, // byte 5: second=0
    ],
  );
  testVector(
    codec,
    'upper bounds: year byte 255 (2255), 12-31 23:59:59',
    { year: 2255, month: 12, day: 31, hour: 23, minute: 59, second: 59 },
    [
      0xff, // byte 0: year − 2000 = 255
      0x0c, // byte 1: month=12
      0x1f, // byte 2: day=31
      0x17, // byte 3: hour=23
      0x3b, // byte 4: minute=59
      0x3b, // byte 5: second=59
    ],
  );
  testVector(
    codec,
    'one past the bounds: month 13, day 32, hour 25, minute 61, second 61',
    { year: 2026, month: 13, day: 32, hour: 25, minute: 61, second: 61 },
    [
      0x1a, // byte 0: year − 2000 = 26
      0x0d, // byte 1: month=13 (invalid)
      0x20, // byte 2: day=32 (invalid)
      0x19, // byte 3: hour=25 (invalid)
      0x3d, // byte 4: minute=61 (invalid)
      0x3d, // byte 5: second=61 (invalid)
    ],
  );
  testVector(
    codec,
    'every byte 255',
    { year: 2255, month: 255, day: 255, hour: 255, minute: 255, second: 255 },
    [
      0xff, // byte 0: year − 2000 = 255
      0xff, // byte 1: month=255
      0xff, // byte 2: day=255
      0xff, // byte 3: hour=255
      0xff, // byte 4: minute=255
      0xff, // byte 5: second=255
    ],
  );
});

describe('fixed point encoding of non-canonical models', () => {
  testEncodes(
    codec,
    'a set value equal to its ignore code is written as that code',
    { year: 2000, month: 0, day: 0, hour: 24, minute: 60, second: 60 },
    [
      0x00, // byte 0: year 2000 − 2000 = 0 (reads back as ignored)
      0x00, // byte 1: month 0
      0x00, // byte 2: day 0
      0x18, // byte 3: hour 24
      0x3c, // byte 4: minute 60
      0x3c, // byte 5: second 60
    ],
  );
  testEncodes(
    codec,
    'values past the byte clamp',
    { year: 1999, month: 300, day: -4, hour: 8.4, minute: -5, second: 1000 },
    [
      0x00, // byte 0: year 1999 clamps to 0
      0xff, // byte 1: month 300 clamps to 255
      0x00, // byte 2: day -4 clamps to 0
      0x08, // byte 3: hour 8.4 rounds to 8
      0x00, // byte 4: minute -5 clamps to 0
      0xff, // byte 5: second 1000 clamps to 255
    ],
  );
  it('year 2300 clamps to year byte 255', () => {
    expect(codec.encode({ ...ANY, year: 2300 })[0]).toBe(0xff);
  });
  it('FIXED_POINT_IGNORE holds the spec’s codes', () => {
    expect(FIXED_POINT_IGNORE).toEqual({ year: 0, month: 0, day: 0, hour: 24, minute: 60, second: 60 });
  });
});

describe('fixed point descriptions', () => {
  it.each<[FixedPoint, string]>([
    [{ year: 2026, month: 11, day: 22, hour: 8, minute: 30, second: 0 }, '2026-11-22 08:30:00'],
    [{ ...ANY, hour: 8, minute: 30, second: 0 }, '*-*-* 08:30:00'],
    [ANY, '*-*-* *:*:*'],
    [{ year: 2027, month: 1, day: 5, hour: null, minute: 0, second: 0 }, '2027-01-05 *:00:00'],
    [{ year: 2026, month: 13, day: 32, hour: 25, minute: 61, second: 255 }, '2026-13-32 25:61:255'],
  ])('%j → %s in every language', (point, text) => {
    for (const lang of LANGS) expect(codec.describe(point, lang)).toBe(text);
    expect(formatFixedPoint(point)).toBe(text);
  });
});

describe('fixed point validation', () => {
  const ok: FixedPoint = { year: 2026, month: 11, day: 22, hour: 8, minute: 30, second: 0 };
  it.each<[Partial<FixedPoint>, string[]]>([
    [{}, []],
    [ANY, []],
    [{ year: 2001 }, []],
    [{ year: 2255 }, []],
    [{ year: 2000 }, ['year: 2001-2255 or null (any)']],
    [{ year: 2256 }, ['year: 2001-2255 or null (any)']],
    [{ month: 12 }, []],
    [{ month: 13 }, ['month: 1-12 or null (any)']],
    [{ month: 0 }, ['month: 1-12 or null (any)']],
    [{ month: 12, day: 31 }, []],
    [{ month: 12, day: 32 }, ['day: 1-31 or null (any)']],
    [{ day: 0 }, ['day: 1-31 or null (any)']],
    [{ hour: 0 }, []],
    [{ hour: 23 }, []],
    [{ hour: 24 }, ['hour: 0-23 or null (any)']],
    [{ hour: 25 }, ['hour: 0-23 or null (any)']],
    [{ minute: 59 }, []],
    [{ minute: 60 }, ['minute: 0-59 or null (any)']],
    [{ second: 59 }, []],
    [{ second: 60 }, ['second: 0-59 or null (any)']],
    [{ second: 1.5 }, ['second: 0-59 or null (any)']],
    [{ month: 4, day: 30 }, []],
    [{ month: 4, day: 31 }, ['day: 1-30 in month 4']],
    [{ year: 2026, month: 2, day: 28 }, []],
    [{ year: 2026, month: 2, day: 29 }, ['day: 1-28 in month 2']],
    [{ year: 2028, month: 2, day: 29 }, []],
    [{ year: 2100, month: 2, day: 29 }, ['day: 1-28 in month 2']],
    [{ year: null, month: 2, day: 29 }, []],
    [{ year: null, month: 2, day: 30 }, ['day: 1-29 in month 2']],
  ])('%j → %j', (change, reasons) => {
    expect(codec.validate({ ...ok, ...change })).toEqual(reasons);
  });
});

describe('fixedPointMatches and ignoredFields', () => {
  const date: DateTimeParts = { year: 2026, month: 11, day: 22, hour: 8, minute: 30, second: 0 };
  it('matches a fully set point only at that second', () => {
    expect(fixedPointMatches({ ...date }, date)).toBe(true);
    expect(fixedPointMatches({ ...date }, { ...date, second: 1 })).toBe(false);
    expect(fixedPointMatches({ ...date }, { ...date, year: 2027 })).toBe(false);
  });
  it('ignored fields match anything', () => {
    const daily: FixedPoint = { ...ANY, hour: 8, minute: 30, second: 0 };
    expect(fixedPointMatches(daily, date)).toBe(true);
    expect(fixedPointMatches(daily, { ...date, year: 2031, month: 2, day: 3 })).toBe(true);
    expect(fixedPointMatches(daily, { ...date, hour: 9 })).toBe(false);
    expect(fixedPointMatches(ANY, date)).toBe(true);
  });
  it('a point never matches a date its set field cannot equal', () => {
    expect(fixedPointMatches({ ...ANY, month: 13 }, date)).toBe(false);
  });
  it('lists ignored fields in wire order', () => {
    expect(ignoredFields({ ...ANY, hour: 8, minute: 30, second: 0 })).toEqual(['year', 'month', 'day']);
    expect(ignoredFields(ANY)).toEqual(['year', 'month', 'day', 'hour', 'minute', 'second']);
    expect(ignoredFields({ ...date })).toEqual([]);
    expect(ignoredFields({ ...date, minute: null })).toEqual(['minute']);
  });
  it('decoding an ignore code gives an ignored field', () => {
    const p = codec.decode(Uint8Array.from([26, 11, 22, 24, 60, 60]))!;
    expect(ignoredFields(p)).toEqual(['hour', 'minute', 'second']);
  });
});

testProperties(codec, { rule: fixedPointArb, buffer: bufferOf(6) });
