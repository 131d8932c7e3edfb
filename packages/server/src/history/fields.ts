/**
 * Request and reply shapes of the history routes, and how a request's time range and interval are
 * settled: defaults (spec §7, §9: curves and notices over the last 24 h, a user's events over the
 * last 7 days, 60 s buckets), bounds, and the bucket grid.
 */
import { z } from 'zod';
import { ApiError } from '../http/errors.js';
import type { Buckets } from './queries.js';
import { DEFAULT_TIME_ZONE, isTimeZone, parseTimeInput, TIME_INPUT } from './time.js';
import type { ZonedTime } from './time.js';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** Curves, exports and an equipment's events default to the last 24 hours. */
export const DEFAULT_SPAN_MS = DAY_MS;
/** A user's events across their equipment default to the last 7 days. */
export const USER_EVENTS_SPAN_MS = 7 * DAY_MS;
/** The longest range one request may cover. */
export const MAX_SPAN_MS = 400 * DAY_MS;
/** The curve interval when none is given (spec §9). */
export const DEFAULT_INTERVAL_S = 60;
export const MAX_INTERVAL_S = 86_400;
/** Event lists: at most 2,000 rows a page (spec §7, §9). */
export const MAX_EVENTS = 2000;
/** Points per series in a curve reply; a finer interval is widened to stay within it. */
export const MAX_POINTS = 20_000;
/** Rows of one export; stays under a spreadsheet's 1,048,576. */
export const MAX_EXPORT_ROWS = 1_000_000;

/** Intervals a curve is widened to, in seconds. */
const STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400];

export const TimeZone = z
  .string()
  .max(64)
  .refine(isTimeZone, 'an IANA time zone such as Asia/Shanghai')
  .default(DEFAULT_TIME_ZONE);

const TimeText = z
  .string()
  .max(40)
  .regex(TIME_INPUT, 'ISO 8601 (2026-01-05T08:00:00Z, with Z or an offset) or yyyy-MM-dd HH:mm:ss in tz');

const Interval = z.coerce.number().int().min(1).max(MAX_INTERVAL_S).default(DEFAULT_INTERVAL_S);
const Channels = z.string().max(1024);

export const HistoryQuery = z.strictObject({
  from: TimeText.optional(),
  to: TimeText.optional(),
  channels: Channels.optional(),
  interval: Interval,
  tz: TimeZone,
});

export const ExportQuery = HistoryQuery.extend({ format: z.enum(['csv', 'xlsx']).default('csv') });

export const EventsQuery = z.strictObject({
  from: TimeText.optional(),
  to: TimeText.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_EVENTS).default(MAX_EVENTS),
  offset: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  /** Only events of these kinds, comma-separated (`alarm,alarm_clear`); checked by `eventKinds`. */
  kind: z.string().max(200).optional(),
  /** `hide` leaves out the alarms the caller cleared from their alarm list (default `show`). */
  cleared: z.enum(['show', 'hide']).default('show'),
  tz: TimeZone,
});

export interface TimeRange {
  readonly from: number;
  readonly to: number;
}

/**
 * The range of a request: `to` defaults to now and `from` to `to` minus `defaultSpanMs`. 400 when
 * a time does not exist, `from` is not before `to`, or the range is longer than 400 days.
 */
export function resolveRange(
  query: { readonly from?: string | undefined; readonly to?: string | undefined },
  zone: ZonedTime,
  now: number,
  defaultSpanMs: number,
): TimeRange {
  const read = (name: 'from' | 'to'): number | undefined => {
    const text = query[name];
    if (text === undefined) return undefined;
    const ms = parseTimeInput(text, zone);
    if (ms === null) throw new ApiError('bad_request', `querystring.${name}: ${text} is not a valid time`);
    return ms;
  };
  const to = read('to') ?? now;
  const from = read('from') ?? to - defaultSpanMs;
  if (from >= to) throw new ApiError('bad_request', 'querystring.from: must be before to');
  if (to - from > MAX_SPAN_MS) {
    throw new ApiError('bad_request', `querystring: a range covers at most ${MAX_SPAN_MS / DAY_MS} days`);
  }
  return { from, to };
}

/**
 * Buckets of `intervalS` aligned on the wall clock of the zone (whole minutes, hours, or days at
 * local midnight), starting with the one that holds `from`.
 */
export function bucketGrid(from: number, intervalS: number, zone: ZonedTime): Buckets {
  const intervalMs = intervalS * 1000;
  const offset = zone.offset(from);
  return { origin: Math.floor((from + offset) / intervalMs) * intervalMs - offset, intervalMs };
}

/** How many buckets of the grid the range touches. */
export function bucketCount(range: TimeRange, grid: Buckets): number {
  return Math.ceil((range.to - grid.origin) / grid.intervalMs);
}

/** The interval itself, or the next step that keeps the range within `maxBuckets` buckets. */
export function fitInterval(intervalS: number, range: TimeRange, maxBuckets: number): number {
  const fits = (s: number): boolean => (range.to - range.from) / (s * 1000) + 1 <= maxBuckets;
  if (fits(intervalS)) return intervalS;
  return STEPS.find((s) => s > intervalS && fits(s)) ?? MAX_INTERVAL_S;
}
