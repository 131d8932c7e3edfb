// Checks docs/protocol.md § AI window.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bufferOf,
  testEncodes,
  testProperties,
  testVector,
  timeValueArb,
} from '../test-support/rule-vectors.js';
import type { TimeUnit } from '../time.js';
import { aiWindowCodec as codec, describeWindow, validateWindow, windowMatches } from './ai-window.js';
import type { AiWindowRule } from './ai-window.js';

const win = (band: boolean, value: number, unit: TimeUnit, high: number, low: number): AiWindowRule => ({
  band,
  holdTime: { value, unit },
  high,
  low,
});
const outside4to16 = win(false, 20, 0, 16000, 4000);

// Layout kept by hand so that each field's bytes share one line and one comment.
// prettier-ignore
const VECTORS: [string, AiWindowRule, number[]][] = [
  ['outside 4000-16000 for 2 s', outside4to16, [
    0x14, // byte 0: holdTime unit=0 (0.1 s) bits 7-6, value=20 bits 5-0 → 2 s
    0x3e, 0x80, // bytes 1-2: high=16000
    0x0f, 0xa0, // bytes 3-4: band=0 bit 15, low=4000 bits 14-0
  ]],
  ['band 4000-20000, no hold', win(true, 0, 0, 20000, 4000), [
    0x00, // byte 0: holdTime 0
    0x4e, 0x20, // bytes 1-2: high=20000
    0x8f, 0xa0, // bytes 3-4: band=1, low=4000
  ]],
  ['every field at its bound', win(true, 63, 3, 65535, 32767), [
    0xff, // byte 0: holdTime unit=3 (10 min), value=63 → 10 h 30 min
    0xff, 0xff, // bytes 1-2: high=65535
    0xff, 0xff, // bytes 3-4: band=1, low=32767
  ]],
  ['all zero', win(false, 0, 0, 0, 0), [
    0x00, // byte 0: holdTime 0
    0x00, 0x00, // bytes 1-2: high=0
    0x00, 0x00, // bytes 3-4: band=0, low=0
  ]],
  ['outside, low 32767 does not touch the band bit', win(false, 10, 1, 0, 32767), [
    0x4a, // byte 0: holdTime unit=1 (1 s), value=10 → 10 s
    0x00, 0x00, // bytes 1-2: high=0
    0x7f, 0xff, // bytes 3-4: band=0, low=32767
  ]],
  ['band 0-10000 for 1 min', win(true, 1, 2, 10000, 0), [
    0x81, // byte 0: holdTime unit=2 (minute), value=1
    0x27, 0x10, // bytes 1-2: high=10000
    0x80, 0x00, // bytes 3-4: band=1, low=0
  ]],
];

describe('AI window vectors', () => {
  for (const [name, rule, bytes] of VECTORS) testVector(codec, name, rule, bytes);
  // prettier-ignore
  testEncodes(codec, 'low 32768 (one past) is masked to 15 bits, leaving band 0', win(false, 0, 0, 65536, 32768), [
    0x00, // byte 0: holdTime 0
    0x00, 0x00, // bytes 1-2: high 65536 → 0
    0x00, 0x00, // bytes 3-4: band=0, low 32768 → 0
  ]);
});

testProperties(codec, {
  rule: fc.record({
    band: fc.boolean(),
    holdTime: timeValueArb,
    high: fc.integer({ min: 0, max: 65535 }),
    low: fc.integer({ min: 0, max: 32767 }),
  }),
  buffer: bufferOf(5),
});

describe('windowMatches', () => {
  const band = win(true, 0, 0, 16000, 4000);
  it.each([
    [3999, false],
    [4000, true],
    [10000, true],
    [16000, true],
    [16001, false],
  ])('band 4000-16000 at %i: %s', (value, matches) => {
    expect(windowMatches(band, value)).toBe(matches);
  });
  it.each([
    [0, true],
    [4000, true],
    [4001, false],
    [15999, false],
    [16000, true],
    [65535, true],
  ])('outside 4000-16000 at %i: %s', (value, matches) => {
    expect(windowMatches(outside4to16, value)).toBe(matches);
  });
  it('takes a threshold of 0 as not set outside a band', () => {
    expect(windowMatches(win(false, 0, 0, 16000, 0), 0)).toBe(false);
    expect(windowMatches(win(false, 0, 0, 16000, 0), 16000)).toBe(true);
    expect(windowMatches(win(false, 0, 0, 0, 4000), 65535)).toBe(false);
    expect(windowMatches(win(false, 0, 0, 0, 4000), 4000)).toBe(true);
    expect(windowMatches(win(false, 0, 0, 0, 0), 0)).toBe(false);
  });
  it('inside and outside are complements away from the two thresholds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 32767 }),
        fc.integer({ min: 0, max: 65535 }),
        fc.integer({ min: 0, max: 65535 }),
        (low, high, value) => {
          fc.pre(low < high && value !== low && value !== high);
          const inside = windowMatches(win(true, 0, 0, high, low), value);
          expect(windowMatches(win(false, 0, 0, high, low), value)).toBe(!inside);
        },
      ),
    );
  });
});

describe('AI window descriptions', () => {
  it.each([
    [
      outside4to16,
      'AI ≤ 4000 or ≥ 16000 for 2 s',
      'AI ≤ 4000 或 ≥ 16000持续2秒',
      'AI ≤ 4000 或 ≥ 16000持續2秒',
    ],
    [win(true, 0, 0, 20000, 4000), '4000 ≤ AI ≤ 20000', '4000 ≤ AI ≤ 20000', '4000 ≤ AI ≤ 20000'],
    [
      win(true, 63, 3, 65535, 32767),
      '32767 ≤ AI ≤ 65535 for 10 h 30 min',
      '32767 ≤ AI ≤ 65535持续10小时30分钟',
      '32767 ≤ AI ≤ 65535持續10小時30分鐘',
    ],
  ])('%o', (rule, en, zh, tc) => {
    expect(codec.describe(rule, 'en')).toBe(en);
    expect(codec.describe(rule, 'zh')).toBe(zh);
    expect(codec.describe(rule, 'tc')).toBe(tc);
  });
  it('names the channel when given', () => {
    expect(describeWindow(outside4to16, 'en', 'AI2')).toBe('AI2 ≤ 4000 or ≥ 16000 for 2 s');
  });
});

describe('AI window validation', () => {
  it.each([
    [win(false, 0, 0, 4000, 4000), []],
    [win(false, 0, 0, 4000, 4001), ['low: not above high']],
    [win(false, 0, 0, 0, 5000), []], // high not set
    [win(false, 0, 0, 5000, 0), []], // low not set
    [win(false, 63, 3, 65535, 32767), []],
    [win(false, 64, 3, 65536, 32768), ['holdTime: value 0-63, unit 0-3', 'high: 0-65535', 'low: 0-32767']],
  ])('%o → %o', (rule, reasons) => {
    expect(codec.validate(rule)).toEqual(reasons);
  });
  it.each([
    [win(false, 0, 0, 20000, 4000), '4-20mA', []],
    [win(false, 0, 0, 20001, 3999), '4-20mA', ['high: 4000-20000 for 4-20mA', 'low: 4000-20000 for 4-20mA']],
    [win(false, 0, 0, 0, 0), '4-20mA', []],
    [win(true, 0, 0, 10000, 0), '0-10V', []],
    [win(true, 0, 0, 10001, 1), '0-10V', ['high: 0-10000 for 0-10V']],
    [win(true, 0, 0, 5000, 6000), '0-10V', ['low: not above high']],
  ] as const)('%o in %s → %o', (rule, range, reasons) => {
    expect(validateWindow(rule, range)).toEqual(reasons);
  });
});
