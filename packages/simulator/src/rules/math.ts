/**
 * The arithmetic the calculation rules need besides the protocol's formulas, comparisons and AO
 * map (docs/protocol.md § Formulas and comparisons): which operands a formula reads, and how a
 * real result is stored in a register of a given range.
 */
import { FORMULAS } from '@fieldlink/protocol';

/** Whether a formula reads B (all but 0, X = A, and 11, |A|). */
export function formulaUsesB(formula: number): boolean {
  return FORMULAS[formula]?.usesB ?? true;
}

/** Whether a comparison reads B (the band comparisons 3 and 4). */
export function comparisonUsesB(comparison: number): boolean {
  return comparison === 3 || comparison === 4;
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
