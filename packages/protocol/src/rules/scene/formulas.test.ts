// docs/protocol.md § Formulas and comparisons.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../i18n.js';
import { applyFormula, compare, COMPARISONS, FORMULAS } from './scene.js';

describe('applyFormula', () => {
  it.each([
    [0, 7, 3, 7], // X = A
    [1, 7, 3, 10], // A+B
    [2, 7, 3, 4], // A-B
    [3, 7, 3, 21], // A*B
    [4, 7, 2, 3.5], // A/B on real numbers
    [4, 7, 0, 0], // A/0 gives 0
    [5, 7, 3, 1], // A%B
    [5, -7, 3, -1], // the remainder takes the sign of A
    [5, 7, 0, 0], // A%0 gives 0
    [6, 7, 3, 5], // average
    [7, -7, 3, 3], // max
    [8, -7, 3, -7], // min
    [9, -7, 3, 10], // |A|+|B|
    [10, 3, 7, 4], // |A-B|
    [11, -7, 3, 7], // |A|
    [12, 3, 4, 25], // A²+B²
    [13, 3, 4, 5], // √(A²+B²)
    [14, 10, 4, 10], // smoothing without a previous X starts at A
    [15, 7, 3, 0], // unknown formula
    [255, 7, 3, 0], // unknown formula
  ])('formula %i of A=%d, B=%d is %d', (formula, a, b, x) => {
    expect(applyFormula(formula, a, b)).toBe(x);
  });

  it('smooths the previous X a 1/B step towards A', () => {
    expect(applyFormula(14, 10, 4, 2)).toBe(4); // 2 + (10 - 2) / 4
    expect(applyFormula(14, 10, 1, 2)).toBe(10); // B = 1 jumps to A
    expect(applyFormula(14, 10, 0, 2)).toBe(10); // B below 1 counts as 1
    expect(applyFormula(14, 10, -5, 2)).toBe(10);
    expect(applyFormula(14, -8, 2, 0)).toBe(-4);
  });

  it('gives a finite number for any finite operands', () => {
    const operand = fc.integer({ min: -2_147_483_648, max: 2_147_483_647 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 255 }), operand, operand, operand, (formula, a, b, prev) => {
        expect(Number.isFinite(applyFormula(formula, a, b, prev))).toBe(true);
      }),
    );
  });

  it('keeps a smoothed X between the previous X and A', () => {
    const operand = fc.integer({ min: -65536, max: 65536 });
    fc.assert(
      fc.property(operand, fc.integer({ min: 1, max: 65535 }), operand, (a, b, prev) => {
        const x = applyFormula(14, a, b, prev);
        expect(x).toBeGreaterThanOrEqual(Math.min(a, prev));
        expect(x).toBeLessThanOrEqual(Math.max(a, prev));
      }),
    );
  });
});

describe('compare', () => {
  it.each([
    [0, 5, 0, 5, true], // X ≥ C at the bound
    [0, 4, 0, 5, false],
    [1, 5, 0, 5, true], // X ≤ C at the bound
    [1, 6, 0, 5, false],
    [2, 5, 0, 5, true], // X = C
    [2, 5.5, 0, 5, false],
    [3, 2, 2, 8, true], // B ≤ X ≤ C, both bounds inside
    [3, 8, 2, 8, true],
    [3, 5, 2, 8, true],
    [3, 1, 2, 8, false],
    [3, 9, 2, 8, false],
    [4, 2, 2, 8, true], // X ≤ B or X ≥ C, both bounds inside
    [4, 8, 2, 8, true],
    [4, 1, 2, 8, true],
    [4, 9, 2, 8, true],
    [4, 5, 2, 8, false],
    [5, 5, 5, 5, false], // unknown comparisons never pass
    [15, 5, 5, 5, false],
  ])('comparison %i of X=%d, B=%d, C=%d is %s', (comparison, x, b, c, result) => {
    expect(compare(comparison, x, b, c)).toBe(result);
  });

  it('within and outside are opposites away from the bounds', () => {
    const n = fc.integer({ min: -1000, max: 1000 });
    fc.assert(
      fc.property(n, n, n, (x, b, c) => {
        fc.pre(b < c && x !== b && x !== c);
        expect(compare(3, x, b, c)).toBe(!compare(4, x, b, c));
      }),
    );
  });

  it('at least and at most C cover every X, and meet at C', () => {
    const n = fc.integer({ min: -1000, max: 1000 });
    fc.assert(
      fc.property(n, n, (x, c) => {
        expect(compare(0, x, 0, c) || compare(1, x, 0, c)).toBe(true);
        expect(compare(0, x, 0, c) && compare(1, x, 0, c)).toBe(compare(2, x, 0, c));
      }),
    );
  });
});

describe('formula and comparison tables', () => {
  it('list codes 0-14 and 0-4 in order, named in every language', () => {
    expect(FORMULAS.map((f) => f.code)).toEqual(Array.from({ length: 15 }, (_, i) => i));
    expect(COMPARISONS.map((c) => c.code)).toEqual([0, 1, 2, 3, 4]);
    for (const entry of [...FORMULAS, ...COMPARISONS]) {
      for (const lang of LANGS) expect(entry.name[lang].length).toBeGreaterThan(0);
    }
    expect(FORMULAS.filter((f) => !f.usesB).map((f) => f.code)).toEqual([0, 11]);
  });
});
