import { say } from '../i18n.js';
import type { Phrase } from '../i18n.js';
import { FIXED_POINT_FIELDS, fixedPointCodec, formatFixedPoint } from './fixed-point.js';
import type { DateTimeParts, FixedPoint } from './fixed-point.js';
import type { RuleCodec } from './types.js';

/**
 * Date-time interval (12 bytes): a window between two fixed points, used as a condition by
 * other rules. See docs/protocol.md § Date-time interval.
 */
export interface DateTimeInterval {
  begin: FixedPoint;
  end: FixedPoint;
}

const PHRASES = {
  fromTo: { en: 'from {begin} to {end}', zh: '从 {begin} 到 {end}', tc: '從 {begin} 到 {end}' },
  wraps: { en: ' (wraps around)', zh: '（跨周期）', tc: '（跨週期）' },
} as const satisfies Record<string, Phrase>;

/**
 * Compares a date with a bound over the bound's fields that are not ignored, most significant
 * first: -1 before, 0 within the bound (at its resolution), 1 after.
 */
function compareToBound(date: DateTimeParts, bound: FixedPoint): number {
  for (const field of FIXED_POINT_FIELDS) {
    const b = bound[field];
    if (b === null) continue;
    if (date[field] !== b) return date[field] < b ? -1 : 1;
  }
  return 0;
}

function sameIgnoredFields(a: FixedPoint, b: FixedPoint): boolean {
  return FIXED_POINT_FIELDS.every((f) => (a[f] === null) === (b[f] === null));
}

/**
 * True when the interval recurs and its end comes before its begin, so each window runs over
 * the roll-over of an ignored field: 22:00 to 06:00 of any day is overnight, December to
 * February of any year spans the new year. Both bounds must ignore the same fields, and one
 * of them must rank above the first field where the bounds differ; otherwise the end before
 * the begin is simply an empty interval.
 */
export function intervalWraps(interval: DateTimeInterval): boolean {
  const { begin, end } = interval;
  if (!sameIgnoredFields(begin, end)) return false;
  let recurs = false;
  for (const field of FIXED_POINT_FIELDS) {
    const b = begin[field];
    const e = end[field];
    if (b === null || e === null) recurs = true;
    else if (b !== e) return recurs && e < b;
  }
  return false;
}

/**
 * True when the date lies in the interval, both ends included at the resolution of their
 * non-ignored fields (an end of 17:00:* includes 17:00:59). A wrapping interval contains the
 * dates from its begin on and up to its end.
 */
export function intervalContains(interval: DateTimeInterval, date: DateTimeParts): boolean {
  const afterBegin = compareToBound(date, interval.begin) >= 0;
  const beforeEnd = compareToBound(date, interval.end) <= 0;
  return intervalWraps(interval) ? afterBegin || beforeEnd : afterBegin && beforeEnd;
}

export const dateTimeIntervalCodec: RuleCodec<DateTimeInterval> = {
  kind: 'dateTimeInterval',
  size: 12,
  encode(interval) {
    const out = new Uint8Array(12);
    out.set(fixedPointCodec.encode(interval.begin), 0);
    out.set(fixedPointCodec.encode(interval.end), 6);
    return out;
  },
  decode(bytes) {
    if (bytes.length < 12) return null;
    const begin = fixedPointCodec.decode(bytes.subarray(0, 6));
    const end = fixedPointCodec.decode(bytes.subarray(6, 12));
    return begin && end ? { begin, end } : null;
  },
  describe(interval, lang) {
    const text = say(PHRASES.fromTo, lang, {
      begin: formatFixedPoint(interval.begin),
      end: formatFixedPoint(interval.end),
    });
    return intervalWraps(interval) ? text + say(PHRASES.wraps, lang) : text;
  },
  validate(interval) {
    return [
      ...fixedPointCodec.validate(interval.begin).map((r) => `begin.${r}`),
      ...fixedPointCodec.validate(interval.end).map((r) => `end.${r}`),
    ];
  },
};
