// Checks docs/protocol.md § Scaling and § AO limits and AI ranges.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aiRangeFromMax,
  AI_RANGES,
  aoLimits,
  clampAo,
  isScalingActive,
  isWithinAiRange,
  scaleToDisplay,
  scaleToRaw,
  scaleValue,
  scalingFromLists,
} from './scaling.js';

const mA = { x1: 4000, x2: 20000, y1: 0, y2: 1.6 }; // 4-20 mA as 0-1.6 MPa

describe('scaleToDisplay / scaleToRaw', () => {
  it.each([
    [4000, 0],
    [20000, 1.6],
    [12000, 0.8],
    [0, -0.4], // below x1 the line continues
    [24000, 2],
  ])('raw %s shows as %s', (raw, shown) => {
    expect(scaleToDisplay(raw, mA)).toBe(shown);
    expect(scaleToRaw(shown, mA)).toBe(raw);
  });

  it('scaleValue gives what the line rounded to 12 significant digits gives, whole results included', () => {
    const num = fc.oneof(fc.integer({ min: -1e13, max: 1e13 }), fc.double({ noNaN: false }));
    fc.assert(
      fc.property(num, num, num, num, num, (raw, x1, x2, y1, y2) => {
        const line = y1 + ((raw - x1) * (y2 - y1)) / (x2 - x1);
        const active = [raw, x1, x2, y1, y2].every(Number.isFinite) && x1 !== x2 && y1 !== y2;
        const expected = !Number.isFinite(raw)
          ? 0
          : !active
            ? raw
            : !Number.isFinite(line) || line === 0
              ? 0
              : Number(line.toPrecision(12));
        expect(scaleValue(raw, x1, x2, y1, y2)).toBe(expected);
        expect(scaleToDisplay(raw, { x1, x2, y1, y2 })).toBe(expected);
      }),
    );
  });

  it('drops binary noise (0.1 + 0.2 shows as 0.3)', () => {
    expect(scaleToDisplay(3, { x1: 0, x2: 10, y1: 0, y2: 1 })).toBe(0.3);
  });

  it('handles a falling line', () => {
    const p = { x1: 0, x2: 100, y1: 50, y2: -50 };
    expect(scaleToDisplay(25, p)).toBe(25);
    expect(scaleToDisplay(100, p)).toBe(-50);
    expect(scaleToRaw(-50, p)).toBe(100);
  });

  it.each([
    ['x1 = x2', { x1: 5, x2: 5, y1: 0, y2: 10 }],
    ['y1 = y2', { x1: 0, x2: 10, y1: 3, y2: 3 }],
    ['all 0 (unset)', { x1: 0, x2: 0, y1: 0, y2: 0 }],
    ['a point not finite', { x1: 0, x2: Number.NaN, y1: 0, y2: 1 }],
  ])('leaves values as they are when %s', (_name, p) => {
    expect(isScalingActive(p)).toBe(false);
    expect(scaleToDisplay(1234.5, p)).toBe(1234.5);
    expect(scaleToRaw(1234.5, p)).toBe(1234.5);
  });

  it('gives 0 for non-finite values', () => {
    expect(scaleToDisplay(Number.NaN, mA)).toBe(0);
    expect(scaleToRaw(Infinity, mA)).toBe(0);
  });

  it('scaleToRaw inverts scaleToDisplay (up to rounding) whenever x1 ≠ x2 and y1 ≠ y2', () => {
    const coord = fc.integer({ min: -100000, max: 100000 });
    const points = fc
      .record({ x1: coord, x2: coord, y1: coord, y2: coord })
      .filter((p) => p.x1 !== p.x2 && p.y1 !== p.y2);
    fc.assert(
      fc.property(points, fc.integer({ min: -100000, max: 100000 }), (p, raw) => {
        const back = scaleToRaw(scaleToDisplay(raw, p), p);
        expect(Math.abs(back - raw)).toBeLessThan(0.01);
        expect(Math.round(back) === raw).toBe(true); // === so that -0 matches 0
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws and gives finite results for finite input', () => {
    const num = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 });
    fc.assert(
      fc.property(num, num, num, num, num, (v, x1, x2, y1, y2) => {
        expect(Number.isFinite(scaleToDisplay(v, { x1, x2, y1, y2 }))).toBe(true);
        expect(Number.isFinite(scaleToRaw(v, { x1, x2, y1, y2 }))).toBe(true);
      }),
    );
  });

  it('reads the four point lists of a record', () => {
    expect(scalingFromLists({ x1: '4000;0', x2: '20000', y1: '0;x', y2: '100' }, 3)).toEqual([
      { x1: 4000, x2: 20000, y1: 0, y2: 100 },
      { x1: 0, x2: 0, y1: 0, y2: 0 },
      { x1: 0, x2: 0, y1: 0, y2: 0 },
    ]);
  });
});

describe('AO limits', () => {
  it('defaults to 400/2000 only when both are 0', () => {
    expect(aoLimits(0, 0)).toEqual({ min: 400, max: 2000 });
    expect(aoLimits(0, 1000)).toEqual({ min: 0, max: 1000 });
    expect(aoLimits(500, 0)).toEqual({ min: 500, max: 0 });
    expect(aoLimits(100, 900)).toEqual({ min: 100, max: 900 });
    expect(aoLimits(Number.NaN, Number.NaN)).toEqual({ min: 400, max: 2000 });
  });

  it.each([
    [399, 400], // one below min
    [400, 400],
    [1234.4, 1234],
    [2000, 2000],
    [2001, 2000], // one past max
    [Number.NaN, 400],
    [-Infinity, 400],
    [Infinity, 2000],
  ])('clampAo(%s) with the default limits is %s', (value, clamped) => {
    expect(clampAo(value, aoLimits(0, 0))).toBe(clamped);
  });

  it('reads limits given in the wrong order low-high', () => {
    expect(clampAo(5000, { min: 3000, max: 1000 })).toBe(3000);
    expect(clampAo(0, { min: 3000, max: 1000 })).toBe(1000);
  });

  it('always gives a whole number within the limits', () => {
    fc.assert(
      fc.property(
        fc.double(),
        fc.integer({ min: 0, max: 65535 }),
        fc.integer({ min: 0, max: 65535 }),
        (v, a, b) => {
          const limits = aoLimits(a, b);
          const out = clampAo(v, limits);
          expect(Number.isInteger(out)).toBe(true);
          expect(out).toBeGreaterThanOrEqual(Math.min(limits.min, limits.max));
          expect(out).toBeLessThanOrEqual(Math.max(limits.min, limits.max));
        },
      ),
    );
  });
});

describe('AI ranges', () => {
  it('names the range by its maximum', () => {
    expect(aiRangeFromMax(20000)).toBe('4-20mA');
    expect(aiRangeFromMax(10000)).toBe('0-10V');
    expect(aiRangeFromMax(20001)).toBeNull();
    expect(aiRangeFromMax(0)).toBeNull();
  });

  it.each([
    ['4-20mA', 3999, false],
    ['4-20mA', 4000, true],
    ['4-20mA', 20000, true],
    ['4-20mA', 20001, false],
    ['0-10V', -1, false],
    ['0-10V', 0, true],
    ['0-10V', 10000, true],
    ['0-10V', 10001, false],
    ['0-10V', 5.5, false],
  ] as const)('%s: %s within is %s', (range, raw, within) => {
    expect(isWithinAiRange(raw, range)).toBe(within);
  });

  it('gives each range its raw bounds', () => {
    expect(AI_RANGES['4-20mA']).toEqual({ min: 4000, max: 20000 });
    expect(AI_RANGES['0-10V']).toEqual({ min: 0, max: 10000 });
  });
});
