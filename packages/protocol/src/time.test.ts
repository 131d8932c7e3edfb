import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeTime,
  encodeTime,
  formatDuration,
  secondsToTimeValue,
  timeValueToByte,
  timeValueToSeconds,
  TIME_MAX_SECONDS,
} from './time.js';

// docs/protocol.md, "Time byte": bits 7-6 unit (0 = 0.1 s, 1 = 1 s, 2 = min, 3 = 10 min), bits 5-0 value.
describe('time byte', () => {
  it.each([
    [0x00, 0], // unit 0, value 0
    [0x01, 0.1], // unit 0, value 1
    [0x3f, 6.3], // unit 0, value 63 (bound)
    [0x40, 0], // unit 1, value 0
    [0x4a, 10], // unit 1, value 10
    [0x7f, 63], // unit 1, value 63
    [0x81, 60], // unit 2, value 1
    [0xbf, 3780], // unit 2, value 63
    [0xc1, 600], // unit 3, value 1
    [0xff, 37800], // unit 3, value 63: the longest time
  ])('decodeTime(%s) = %s s', (byte, seconds) => {
    expect(decodeTime(byte)).toBe(seconds);
  });

  it.each([
    [0, 0x00],
    [0.1, 0x01],
    [0.3, 0x03],
    [1, 0x0a], // finer unit wins a tie: 10 × 0.1 s, not 1 × 1 s
    [6.3, 0x3f],
    [6.4, 0x3f], // one past the 0.1 s range: 6.3 s (off by 0.1) beats 6 s (off by 0.4)
    [7, 0x47],
    [63, 0x7f],
    [64, 0x7f], // one past the 1 s range: 63 s (off by 1) beats 1 min (off by 4)
    [90, 0x7f], // 63 s (off by 27) beats 1 min and 2 min (off by 30)
    [120, 0x82],
    [3780, 0xbf],
    [3781, 0xbf],
    [37800, 0xff],
    [1e9, 0xff], // clamps to the longest time
    [-5, 0x00],
    [Number.NaN, 0x00],
  ])('encodeTime(%s) = 0x%s', (seconds, byte) => {
    expect(encodeTime(seconds)).toBe(byte);
  });

  it('every byte decodes to a time whose encoding decodes to the same seconds', () => {
    for (let b = 0; b < 256; b++) {
      const s = decodeTime(b);
      expect(decodeTime(encodeTime(s))).toBe(s);
    }
  });

  it('encodeTime gives the nearest representable time for any seconds', () => {
    const all = Array.from({ length: 256 }, (_, b) => decodeTime(b));
    fc.assert(
      fc.property(fc.double({ min: 0, max: TIME_MAX_SECONDS * 1.1, noNaN: true }), (s) => {
        const got = decodeTime(encodeTime(s));
        const best = Math.min(...all.map((t) => Math.abs(t - s)));
        expect(Math.abs(got - s)).toBeCloseTo(best, 9);
      }),
      { numRuns: 2000 },
    );
  });

  it('value and unit round trip through the byte', () => {
    for (let b = 0; b < 256; b++) {
      const tv = secondsToTimeValue(decodeTime(b));
      expect(timeValueToSeconds(tv)).toBe(decodeTime(b));
      expect(decodeTime(timeValueToByte(tv))).toBe(decodeTime(b));
    }
  });
});

describe('formatDuration', () => {
  it.each([
    [0.5, 'en', '0.5 s'],
    [45, 'en', '45 s'],
    [120, 'en', '2 min'],
    [5400, 'en', '1 h 30 min'],
    [65, 'en', '1 min 5 s'],
    [120, 'zh', '2分钟'],
    [3600, 'tc', '1小時'],
  ] as const)('%s s in %s is %s', (s, lang, text) => {
    expect(formatDuration(s, lang)).toBe(text);
  });
});
