/**
 * Report periods and due times on the wall clock of the server's zone: days from midnight to
 * midnight, weeks from Monday to Monday (ISO 8601), and the hour (and weekday) a user's report is
 * made. Days are counted on the wall clock, so a day with a clock change is 23 or 25 hours long.
 * No I/O.
 */
import type { ReportPeriod } from '@fieldlink/protocol';
import type { ZonedTime } from '../history/time.js';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export interface Period {
  readonly kind: ReportPeriod;
  /** Epoch milliseconds, inclusive. */
  readonly from: number;
  /** Epoch milliseconds, exclusive. */
  readonly to: number;
}

export interface ReportRange extends Period {
  /** The period is not over: `to` is now, before the period's end. */
  readonly partial: boolean;
}

/** When a user's report is made. */
export interface Schedule {
  readonly period: ReportPeriod;
  /** 0-23. */
  readonly hour: number;
  /** 1 Monday … 7 Sunday; weekly reports only. */
  readonly weekday: number;
}

/** The wall-clock midnight (as a UTC time) of the day that holds `ms` in the zone. */
function midnightWall(ms: number, zone: ZonedTime): number {
  return Math.floor((ms + zone.offset(ms)) / DAY_MS) * DAY_MS;
}

/** 1 Monday … 7 Sunday, of a wall-clock midnight. */
export function isoWeekday(wall: number): number {
  return ((new Date(wall).getUTCDay() + 6) % 7) + 1;
}

/** The day or week (Monday to Monday) that holds the instant `ms`. */
export function periodHolding(kind: ReportPeriod, ms: number, zone: ZonedTime): Period {
  let start = midnightWall(ms, zone);
  if (kind === 'weekly') start -= (isoWeekday(start) - 1) * DAY_MS;
  const length = kind === 'daily' ? DAY_MS : 7 * DAY_MS;
  return { kind, from: zone.fromWall(start), to: zone.fromWall(start + length) };
}

/** The last day or week that was over at `now`. */
export function lastComplete(kind: ReportPeriod, now: number, zone: ZonedTime): Period {
  return periodHolding(kind, periodHolding(kind, now, zone).from - 1, zone);
}

/**
 * The range a report query asks for (protocol ReportQuery): no end, the last complete period; an
 * end, the period holding the moment before it, up to that end, which is at most now.
 */
export function reportRange(
  kind: ReportPeriod,
  end: number | 'now' | undefined,
  now: number,
  zone: ZonedTime,
): ReportRange {
  if (end === undefined) return { ...lastComplete(kind, now, zone), partial: false };
  const to = end === 'now' ? now : Math.min(end, now);
  const period = periodHolding(kind, to - 1, zone);
  return { kind, from: period.from, to, partial: to < period.to };
}

/** The instant the report is due on the day starting at the wall-clock midnight `wall`; null on other days. */
function dueOn(schedule: Schedule, wall: number, zone: ZonedTime): number | null {
  if (schedule.period === 'weekly' && isoWeekday(wall) !== schedule.weekday) return null;
  return zone.fromWall(wall + schedule.hour * HOUR_MS);
}

/** The last time at or before `now` the report was due. */
export function latestDue(schedule: Schedule, now: number, zone: ZonedTime): number {
  const today = midnightWall(now, zone);
  for (let day = 0; day <= 8; day++) {
    const at = dueOn(schedule, today - day * DAY_MS, zone);
    if (at !== null && at <= now) return at;
  }
  throw new RangeError('no due time in the last eight days');
}

/** The next time after `now` the report is due. */
export function nextDue(schedule: Schedule, now: number, zone: ZonedTime): number {
  const today = midnightWall(now, zone);
  for (let day = 0; day <= 8; day++) {
    const at = dueOn(schedule, today + day * DAY_MS, zone);
    if (at !== null && at > now) return at;
  }
  throw new RangeError('no due time in the next eight days');
}

/** The period a report due at `at` covers: the last one complete by then. */
export function periodDueAt(schedule: Schedule, at: number, zone: ZonedTime): Period {
  return lastComplete(schedule.period, at, zone);
}
