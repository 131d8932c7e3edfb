/**
 * Times as the console shows and sends them: 'yyyy-MM-dd HH:mm:ss' in an IANA time zone (spec §7),
 * the zone offsets behind them, and the query times the history routes accept.
 */

import { wallClockAt, zoneOffsetMs } from '@fieldlink/protocol';

export { isTimeZone } from '@fieldlink/protocol';

/** The zone used when a request names none: the console's home market. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/** Modern zone transitions fall on whole quarter hours of UTC, so an offset holds for its slot. */
const SLOT_MS = 15 * 60_000;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/**
 * Wall-clock times of one zone, with the offset remembered per quarter hour: an export formats
 * every row, and asking Intl once per row would dominate it.
 */
export class ZonedTime {
  #slot = Number.NaN;
  #offset = 0;
  #second = Number.NaN;
  #text = '';

  constructor(readonly timeZone: string) {
    // Throws a RangeError at once for a zone the runtime does not know.
    wallClockAt(0, timeZone);
  }

  /** Milliseconds to add to UTC to get the wall clock at `ms`. */
  offset(ms: number): number {
    const slot = Math.floor(ms / SLOT_MS);
    if (slot !== this.#slot) {
      this.#slot = slot;
      this.#offset = zoneOffsetMs(ms, this.timeZone);
    }
    return this.#offset;
  }

  /** The wall-clock fields at `ms`, read from a Date in UTC. */
  #wall(ms: number): Date {
    return new Date(ms + this.offset(ms));
  }

  /** 'yyyy-MM-dd HH:mm:ss'; the last second's text is kept, as pushes ask for it thousands of times a second. */
  format(ms: number): string {
    const second = Math.floor(ms / 1000);
    if (second === this.#second) return this.#text;
    const d = this.#wall(ms);
    this.#second = second;
    this.#text =
      `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
      `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
    return this.#text;
  }

  /** 'yyyyMMddHHmmss', for file names. */
  stamp(ms: number): string {
    return this.format(ms).replace(/[-: ]/g, '');
  }

  /**
   * The instant at which the wall clock shows `wall` (given as the UTC fields of a Date). When it
   * shows it twice (clocks put back) the earlier one; when never (clocks put forward) the wall time
   * is read with the offset before the change, which lands after the gap.
   */
  fromWall(wall: number): number {
    const day = 86_400_000;
    const before = wall - this.offset(wall - day);
    const after = wall - this.offset(wall + day);
    const shows = (t: number): boolean => t + this.offset(t) === wall;
    const valid = [before, after].filter(shows);
    return valid.length > 0 ? Math.min(...valid) : before;
  }
}

/** 'yyyy-MM-dd HH:mm:ss' at `ms` in `timeZone`. */
export function formatLocalTime(ms: number, timeZone: string): string {
  return new ZonedTime(timeZone).format(ms);
}

/**
 * A time a query may carry: ISO 8601 with `Z` or an offset (an instant), or a wall-clock time
 * without one, 'yyyy-MM-dd', 'yyyy-MM-dd HH:mm' or 'yyyy-MM-dd HH:mm:ss' (a 'T' may stand for
 * the space), read in the request's zone.
 */
export const TIME_INPUT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** Epoch milliseconds of a query time (see TIME_INPUT), or null when it is not a valid time. */
export function parseTimeInput(text: string, zone: ZonedTime): number | null {
  const m = TIME_INPUT.exec(text);
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction, offset] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  if (offset !== undefined && m[4] === undefined) return null;
  const wall =
    Date.UTC(year, month - 1, day, hour, minute, second) + Math.floor(Number(fraction ?? 0) * 1000);
  // Date.UTC rolls 31 February over into March: refuse dates that do not exist.
  if (new Date(wall).getUTCDate() !== day || year < 1970 || year > 9999) return null;
  if (offset === undefined) return zone.fromWall(wall);
  if (offset.toUpperCase() === 'Z') return wall;
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
  if (minutes > 18 * 60) return null;
  return wall - sign * minutes * 60_000;
}
