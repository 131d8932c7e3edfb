/**
 * Analog channel values: linear scaling between the raw register value and the value shown
 * (fAIX1/X2/Y1/Y2, fAOX1/X2/Y1/Y2), AO output limits (fAOMin/fAOMax) and the AI range types.
 * See docs/protocol.md § Scaling and § AO limits and AI ranges.
 */
import { clampInt } from './bytes.js';
import { clampListCount, parseNumberList } from './equipment/lists.js';
import { AI_RANGES } from './rules/analog-output.js';
import type { AiRange } from './rules/analog-output.js';

/** Two points of the line: raw x1 shows as y1, raw x2 shows as y2. */
export interface ScalingPoints {
  readonly x1: number;
  readonly x2: number;
  readonly y1: number;
  readonly y2: number;
}

/**
 * Whether the points define a line that can be used both ways. Points that are not finite, or
 * with x1 = x2 or y1 = y2, cannot (one direction would divide by zero or lose the value), and
 * then both directions leave the value as it is.
 */
export function isScalingActive(p: ScalingPoints): boolean {
  return lineDefined(p.x1, p.x2, p.y1, p.y2);
}

function lineDefined(x1: number, x2: number, y1: number, y2: number): boolean {
  return (
    Number.isFinite(x1) &&
    Number.isFinite(x2) &&
    Number.isFinite(y1) &&
    Number.isFinite(y2) &&
    x1 !== x2 &&
    y1 !== y2
  );
}

// Twelve significant digits drop binary noise (0.30000000000000004 shows as 0.3) and keep
// every digit a register value or a typed number can carry.
// A result too large for a number (points nearly equal) reads 0 like any non-numeric value.
function tidy(value: number): number {
  if (!Number.isFinite(value) || value === 0) return 0;
  // A whole number of up to 12 digits is its own 12-digit form: no string round trip.
  if (Number.isInteger(value) && Math.abs(value) < 1e12) return value;
  return Number(value.toPrecision(12));
}

/**
 * Raw register value → the value shown, to 12 significant digits. Identity when the points
 * are unusable; non-finite input (or a result out of number range) gives 0.
 */
export function scaleToDisplay(raw: number, points: ScalingPoints): number {
  return scaleValue(raw, points.x1, points.x2, points.y1, points.y2);
}

/** scaleToDisplay with the points given one by one (no object for each value scaled). */
export function scaleValue(raw: number, x1: number, x2: number, y1: number, y2: number): number {
  if (!Number.isFinite(raw)) return 0;
  if (!lineDefined(x1, x2, y1, y2)) return raw;
  return tidy(y1 + ((raw - x1) * (y2 - y1)) / (x2 - x1));
}

/**
 * The value shown → raw register value (12 significant digits, not rounded to whole: see
 * clampAo). The inverse of scaleToDisplay; the same identity and 0 cases.
 */
export function scaleToRaw(display: number, points: ScalingPoints): number {
  if (!Number.isFinite(display)) return 0;
  if (!isScalingActive(points)) return display;
  const { x1, x2, y1, y2 } = points;
  return tidy(x1 + ((display - y1) * (x2 - x1)) / (y2 - y1));
}

/** The four point lists of an equipment record (fAIX1;… strings) → one ScalingPoints per channel. */
export function scalingFromLists(
  lists: { readonly x1: unknown; readonly x2: unknown; readonly y1: unknown; readonly y2: unknown },
  count: number,
): ScalingPoints[] {
  const n = clampListCount(count);
  const x1 = parseNumberList(lists.x1, n);
  const x2 = parseNumberList(lists.x2, n);
  const y1 = parseNumberList(lists.y1, n);
  const y2 = parseNumberList(lists.y2, n);
  return Array.from({ length: n }, (_, i) => ({ x1: x1[i]!, x2: x2[i]!, y1: y1[i]!, y2: y2[i]! }));
}

/** The raw range an analog output may be set to. */
export interface AoLimits {
  readonly min: number;
  readonly max: number;
}

/** The range used when an equipment stores both limits as 0 (4-20 mA in 0.01 mA). */
export const DEFAULT_AO_LIMITS: AoLimits = { min: 400, max: 2000 };

/** fAOMin/fAOMax → limits: 400/2000 when both are 0, else as given (non-finite reads 0). */
export function aoLimits(min: number, max: number): AoLimits {
  const lo = Number.isFinite(min) ? min : 0;
  const hi = Number.isFinite(max) ? max : 0;
  if (lo === 0 && hi === 0) return DEFAULT_AO_LIMITS;
  return { min: lo, max: hi };
}

/**
 * A raw AO value as it may be written: a whole number within the limits. Limits pass through
 * aoLimits first (0/0 is 400/2000), limits in the wrong order are read low-high, NaN gives the
 * low limit.
 */
export function clampAo(value: number, limits: AoLimits): number {
  const { min, max } = aoLimits(limits.min, limits.max);
  const lo = Math.ceil(Math.min(min, max));
  const hi = Math.floor(Math.max(min, max));
  if (lo > hi) return lo;
  return clampInt(value, lo, hi);
}

// The AI ranges belong to the analog-output rule's model; re-exported so that channel code
// finds them here, with one definition for the whole package.
export { AI_RANGES, aiRangeFromMax } from './rules/analog-output.js';
export type { AiRange } from './rules/analog-output.js';

/** Whether a raw value lies within its range's bounds (whole numbers only). */
export function isWithinAiRange(raw: number, range: AiRange): boolean {
  const { min, max } = AI_RANGES[range];
  return Number.isInteger(raw) && raw >= min && raw <= max;
}
