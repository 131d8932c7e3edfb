import { clampInt } from '../bytes.js';
import type { RuleCodec } from './types.js';
import { pad2 } from './weekly-cycle.js';

/**
 * Fixed point (6 bytes): a date and time whose fields may each be ignored, so one point can
 * mean a single second or a recurring one ('*-*-* 08:30:00' is every day at 08:30:00).
 * See docs/protocol.md § Fixed point.
 */
export interface FixedPoint {
  /** Full year 2001-2255; null = any year. */
  year: number | null;
  /** 1-12; null = any month. */
  month: number | null;
  /** 1-31; null = any day. */
  day: number | null;
  /** 0-23; null = any hour. */
  hour: number | null;
  /** 0-59; null = any minute. */
  minute: number | null;
  /** 0-59; null = any second. */
  second: number | null;
}

export const FIXED_POINT_FIELDS = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;
export type FixedPointField = (typeof FIXED_POINT_FIELDS)[number];

/** The byte that marks each field as ignored (the year byte holds year − 2000). */
export const FIXED_POINT_IGNORE = {
  year: 0,
  month: 0,
  day: 0,
  hour: 24,
  minute: 60,
  second: 60,
} as const satisfies Record<FixedPointField, number>;

export const YEAR_OFFSET = 2000;

/** A calendar date and wall-clock time (month 1-12, day 1-31), all fields present. */
export interface DateTimeParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const BOUNDS: Record<FixedPointField, readonly [number, number]> = {
  year: [YEAR_OFFSET + 1, YEAR_OFFSET + 255],
  month: [1, 12],
  day: [1, 31],
  hour: [0, 23],
  minute: [0, 59],
  second: [0, 59],
};

/** The names of the ignored fields, in wire order (the spec's begintimeIgnore list). */
export function ignoredFields(point: FixedPoint): FixedPointField[] {
  return FIXED_POINT_FIELDS.filter((f) => point[f] === null);
}

/** True when every field that is not ignored equals the date's field. */
export function fixedPointMatches(point: FixedPoint, date: DateTimeParts): boolean {
  return FIXED_POINT_FIELDS.every((f) => point[f] === null || point[f] === date[f]);
}

/** '2026-11-22 08:30:00', ignored fields as '*'. Language-neutral. */
export function formatFixedPoint(point: FixedPoint): string {
  const f = (field: FixedPointField): string => {
    const v = point[field];
    if (v === null) return '*';
    return field === 'year' ? String(v) : pad2(v);
  };
  return `${f('year')}-${f('month')}-${f('day')} ${f('hour')}:${f('minute')}:${f('second')}`;
}

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** Days in a month; February has 29 when the year is ignored (a leap year may come). */
function daysInMonth(month: number, year: number | null): number {
  if (month === 2) return year === null || isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function validateFixedPoint(point: FixedPoint): string[] {
  const problems: string[] = [];
  for (const field of FIXED_POINT_FIELDS) {
    const v = point[field];
    const [min, max] = BOUNDS[field];
    if (v !== null && !(Number.isInteger(v) && v >= min && v <= max))
      problems.push(`${field}: ${min}-${max} or null (any)`);
  }
  const { year, month, day } = point;
  const monthOk = month !== null && BOUNDS.month[0] <= month && month <= BOUNDS.month[1];
  if (monthOk && day !== null && day >= 1 && day <= 31) {
    const last = daysInMonth(month, year);
    if (day > last) problems.push(`day: 1-${last} in month ${month}`);
  }
  return problems;
}

export const fixedPointCodec: RuleCodec<FixedPoint> = {
  kind: 'fixedPoint',
  size: 6,
  encode(point) {
    const out = new Uint8Array(6);
    FIXED_POINT_FIELDS.forEach((field, i) => {
      const v = point[field];
      // A value equal to its ignore code (hour 24) reads back as ignored; validate reports it.
      out[i] =
        v === null ? FIXED_POINT_IGNORE[field] : clampInt(field === 'year' ? v - YEAR_OFFSET : v, 0, 255);
    });
    return out;
  },
  decode(bytes) {
    if (bytes.length < 6) return null;
    const field = (i: number, name: FixedPointField): number | null => {
      const b = bytes[i]!;
      if (b === FIXED_POINT_IGNORE[name]) return null;
      return name === 'year' ? b + YEAR_OFFSET : b;
    };
    return {
      year: field(0, 'year'),
      month: field(1, 'month'),
      day: field(2, 'day'),
      hour: field(3, 'hour'),
      minute: field(4, 'minute'),
      second: field(5, 'second'),
    };
  },
  describe(point) {
    return formatFixedPoint(point);
  },
  validate: validateFixedPoint,
};
