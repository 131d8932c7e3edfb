/**
 * The arithmetic the calculation rules need: the formulas and comparisons of
 * docs/protocol.md § Formulas and comparisons, the linear AI → AO map of § Analog-output rule,
 * and how a real result is stored in a register of a given range.
 *
 * The formulas, comparisons and the AO map follow the protocol package's `applyFormula`,
 * `compare` and `mapAnalog` exactly (math.test.ts checks that on random inputs); the package
 * does not export those from its entry point.
 */
import { clampInt } from '@fieldlink/protocol';

/** X for a formula (0-14) on real numbers; A/0 and A%0 give 0, an unknown formula 0. */
export function applyFormula(formula: number, a: number, b: number, previous?: number): number {
  switch (formula) {
    case 0:
      return a;
    case 1:
      return a + b;
    case 2:
      return a - b;
    case 3:
      return a * b;
    case 4:
      return b === 0 ? 0 : a / b;
    case 5:
      return b === 0 ? 0 : a % b;
    case 6:
      return (a + b) / 2;
    case 7:
      return Math.max(a, b);
    case 8:
      return Math.min(a, b);
    case 9:
      return Math.abs(a) + Math.abs(b);
    case 10:
      return Math.abs(a - b);
    case 11:
      return Math.abs(a);
    case 12:
      return a * a + b * b;
    case 13:
      return Math.hypot(a, b);
    case 14: {
      // Smoothing: the previous X moves 1/B of the way towards A; the first X is A.
      const prev = previous ?? a;
      return prev + (a - prev) / Math.max(b, 1);
    }
    default:
      return 0;
  }
}

/** Whether a formula reads B (all but 0, X = A, and 11, |A|). */
export function formulaUsesB(formula: number): boolean {
  return formula !== 0 && formula !== 11;
}

/** Whether X passes a comparison (0-4) with B and C, bounds inclusive; unknown never passes. */
export function compare(comparison: number, x: number, b: number, c: number): boolean {
  switch (comparison) {
    case 0:
      return x >= c;
    case 1:
      return x <= c;
    case 2:
      return x === c;
    case 3:
      return b <= x && x <= c;
    case 4:
      return x <= b || x >= c;
    default:
      return false;
  }
}

/** Whether a comparison reads B (the band comparisons 3 and 4). */
export function comparisonUsesB(comparison: number): boolean {
  return comparison === 3 || comparison === 4;
}

export interface AnalogMap {
  readonly aiLow: number;
  readonly aiHigh: number;
  readonly aoLow: number;
  readonly aoHigh: number;
}

/** The AO range applied: the stored bounds, or 400-2000 when both are 0. */
export function effectiveAoRange(rule: Pick<AnalogMap, 'aoLow' | 'aoHigh'>): { low: number; high: number } {
  if (rule.aoLow === 0 && rule.aoHigh === 0) return { low: 400, high: 2000 };
  return { low: rule.aoLow, high: rule.aoHigh };
}

/** AI value → AO value: linear on aiLow..aiHigh, clamped to the AO range and rounded. */
export function mapAnalog(rule: AnalogMap, aiValue: number): number {
  const { low, high } = effectiveAoRange(rule);
  const min = Math.min(low, high);
  const max = Math.max(low, high);
  if (rule.aiHigh === rule.aiLow) return clampInt(aiValue < rule.aiLow ? low : high, min, max);
  const value = low + ((aiValue - rule.aiLow) * (high - low)) / (rule.aiHigh - rule.aiLow);
  return clampInt(value, min, max);
}

/** The range of values a register holds, and how it keeps fractions. */
export interface ValueRange {
  readonly min: number;
  readonly max: number;
  /** integer: rounded to the nearest, halves away from zero; float32: 32-bit precision; real: as is. */
  readonly precision: 'integer' | 'float32' | 'real';
}

/** The largest finite 32-bit float. */
export const FLOAT32_MAX = 3.4028234663852886e38;

export const U16: ValueRange = { min: 0, max: 0xffff, precision: 'integer' };
export const S16: ValueRange = { min: -0x8000, max: 0x7fff, precision: 'integer' };
export const S32: ValueRange = { min: -0x80000000, max: 0x7fffffff, precision: 'integer' };
export const U32: ValueRange = { min: 0, max: 0xffffffff, precision: 'integer' };
export const FLOAT32: ValueRange = { min: -FLOAT32_MAX, max: FLOAT32_MAX, precision: 'float32' };
/** A flow total: fractions kept (a flow per second adds a share at every step), 0-4294967295. */
export const FLOW_TOTAL: ValueRange = { min: 0, max: 0xffffffff, precision: 'real' };

/**
 * A real value as a register of `range` holds it: NaN counts as 0, anything past the range
 * (±Infinity too) is the nearest bound, integers round halves away from zero, floats are
 * rounded to 32-bit precision. Never throws; the result is always finite and within range.
 */
export function storeValue(value: number, range: ValueRange): number {
  let v = Number.isNaN(value) ? 0 : value;
  if (range.precision === 'integer') v = v < 0 ? -Math.round(-v) : Math.round(v);
  if (v < range.min) v = range.min;
  else if (v > range.max) v = range.max;
  if (range.precision === 'float32') v = Math.fround(v);
  // `-0` and `0` are the same register value.
  return v === 0 ? 0 : v;
}
