import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyFormula } from '@fieldlink/protocol';
import { FLOAT32, FLOAT32_MAX, FLOW_TOTAL, S16, S32, storeValue, U16, U32 } from './math.js';

const RANGES = { U16, S16, S32, U32, FLOAT32, FLOW_TOTAL };

/** Any number a register or a formula can produce, the awkward ones included. */
const anyNumber = fc.oneof(
  fc.double(),
  fc.integer({ min: -0x80000000, max: 0xffffffff }),
  fc.constantFrom(0, -0, 0.5, -0.5, 1.5, -1.5, NaN, Infinity, -Infinity, FLOAT32_MAX * 2),
);

describe('formulas', () => {
  it('a formula stored in any register never throws and stays within the register’s range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 15 }),
        anyNumber,
        anyNumber,
        anyNumber,
        fc.constantFrom(...Object.values(RANGES)),
        (formula, a, b, previous, range) => {
          const v = storeValue(applyFormula(formula, a, b, previous), range);
          expect(Number.isFinite(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(range.min);
          expect(v).toBeLessThanOrEqual(range.max);
          if (range.precision === 'integer') expect(Number.isInteger(v)).toBe(true);
          if (range.precision === 'float32') expect(Math.fround(v)).toBe(v);
        },
      ),
    );
  });
});

describe('storeValue', () => {
  it('holds each range at its bounds and clamps one past them', () => {
    expect(storeValue(65535, U16)).toBe(65535);
    expect(storeValue(65536, U16)).toBe(65535);
    expect(storeValue(0, U16)).toBe(0);
    expect(storeValue(-1, U16)).toBe(0);
    expect(storeValue(-32768, S16)).toBe(-32768);
    expect(storeValue(-32769, S16)).toBe(-32768);
    expect(storeValue(32767, S16)).toBe(32767);
    expect(storeValue(32768, S16)).toBe(32767);
    expect(storeValue(2 ** 31 - 1, S32)).toBe(2 ** 31 - 1);
    expect(storeValue(2 ** 31, S32)).toBe(2 ** 31 - 1);
    expect(storeValue(-(2 ** 31) - 1, S32)).toBe(-(2 ** 31));
    expect(storeValue(2 ** 32 - 1, U32)).toBe(2 ** 32 - 1);
    expect(storeValue(2 ** 32, U32)).toBe(2 ** 32 - 1);
    expect(storeValue(FLOAT32_MAX, FLOAT32)).toBe(FLOAT32_MAX);
    expect(storeValue(FLOAT32_MAX * 1.01, FLOAT32)).toBe(FLOAT32_MAX);
    expect(storeValue(-Infinity, FLOAT32)).toBe(-FLOAT32_MAX);
  });

  it('rounds integers halves away from zero, keeps float fractions at 32 bits, NaN as 0', () => {
    expect(storeValue(2.5, S16)).toBe(3);
    expect(storeValue(-2.5, S16)).toBe(-3);
    expect(storeValue(2.4999, U16)).toBe(2);
    expect(storeValue(0.1, FLOAT32)).toBe(Math.fround(0.1));
    expect(storeValue(0.1, FLOW_TOTAL)).toBe(0.1);
    expect(storeValue(NaN, S32)).toBe(0);
    expect(Object.is(storeValue(-0.2, S16), 0)).toBe(true);
  });
});
