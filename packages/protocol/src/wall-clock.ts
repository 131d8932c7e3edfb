/**
 * The wall clock of an IANA time zone at an instant, read through Intl (one formatter per zone,
 * kept): what the server's history times and exports, and every time the console shows, are
 * written from.
 */

/** The wall-clock fields of an instant in a zone: month 1-12, hour 0-23. */
export interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's formatter; throws a RangeError for a zone this runtime does not know. */
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `name` is a time zone this runtime knows ('Asia/Shanghai', 'UTC', 'Europe/Berlin' …). */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  try {
    formatterOf(name);
    return true;
  } catch {
    return false;
  }
}

/**
 * The wall clock of `timeZone` at epoch milliseconds `ms` (whole seconds). Throws a RangeError for
 * a zone this runtime does not know.
 */
export function wallClockAt(ms: number, timeZone: string): WallClock {
  const fields: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(ms)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return {
    year: fields.year ?? 1970,
    month: fields.month ?? 1,
    day: fields.day ?? 1,
    // Some engines write midnight as 24 even with h23.
    hour: (fields.hour ?? 0) % 24,
    minute: fields.minute ?? 0,
    second: fields.second ?? 0,
  };
}

/**
 * Milliseconds to add to UTC to get the wall clock of `timeZone` at epoch milliseconds `ms`
 * (Asia/Shanghai: 8 hours; Europe/Berlin: 1 or 2 hours by the season).
 */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const c = wallClockAt(ms, timeZone);
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - Math.floor(ms / 1000) * 1000;
}
