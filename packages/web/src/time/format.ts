/**
 * How the console writes an instant: on the wall clock of one zone (the user's choice, see
 * zone.ts), in one format per language. The server sends instants (ISO 8601 with `Z` or an offset,
 * or epoch ms); every time the console shows goes through here, so two times on one screen never
 * read in two zones. The digits come from Intl (latn, 24 hours) and are laid out by the language's
 * pattern, not by the browser's locale conventions, so the same instant reads the same on every
 * browser.
 */
import { wallClockAt, zoneOffsetMs } from '@fieldlink/protocol';

/** The console's languages (src/i18n's `Language`; named here so this file imports no i18n). */
export type TimeLanguage = 'en' | 'zh' | 'tc';

/** An instant: epoch milliseconds, an ISO 8601 string with `Z` or an offset, or a Date. */
export type Instant = number | string | Date;

/** What part of the instant is shown. */
export type TimeStyle = 'dateTime' | 'minute' | 'date' | 'time';

interface Parts {
  readonly year: string;
  readonly month: string;
  readonly day: string;
  readonly hour: string;
  readonly minute: string;
  readonly second: string;
}

type Pattern = (p: Parts) => string;

/**
 * One format per language. Simplified Chinese and English follow the specification's
 * `yyyy-MM-dd HH:mm:ss`; traditional Chinese writes the date with slashes, as Taiwan and Hong Kong
 * read it. Always 24 hours: operators compare alarm times across shifts.
 */
export const TIME_PATTERNS: Readonly<Record<TimeLanguage, Readonly<Record<TimeStyle, Pattern>>>> = {
  en: dashed(),
  zh: dashed(),
  tc: {
    dateTime: (p) => `${p.year}/${p.month}/${p.day} ${p.hour}:${p.minute}:${p.second}`,
    minute: (p) => `${p.year}/${p.month}/${p.day} ${p.hour}:${p.minute}`,
    date: (p) => `${p.year}/${p.month}/${p.day}`,
    time: (p) => `${p.hour}:${p.minute}:${p.second}`,
  },
};

function dashed(): Readonly<Record<TimeStyle, Pattern>> {
  return {
    dateTime: (p) => `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`,
    minute: (p) => `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`,
    date: (p) => `${p.year}-${p.month}-${p.day}`,
    time: (p) => `${p.hour}:${p.minute}:${p.second}`,
  };
}

/** Epoch ms of an instant; NaN for one that is not (a zone-less wall-clock text included). */
export function instantMs(at: Instant): number {
  if (typeof at === 'number') return at;
  if (at instanceof Date) return at.getTime();
  // A text without `Z` or an offset would be read on the browser's clock: refuse it.
  return /(?:Z|[+-]\d{2}:?\d{2})$/i.test(at.trim()) ? Date.parse(at) : Number.NaN;
}

/** The wall-clock fields of `at` in `timeZone`, written with their leading zeros; null for no instant. */
export function wallClock(at: Instant, timeZone: string): Parts | null {
  const ms = instantMs(at);
  if (!Number.isFinite(ms)) return null;
  const c = wallClockAt(ms, timeZone);
  const two = (n: number): string => String(n).padStart(2, '0');
  return {
    year: String(c.year).padStart(4, '0'),
    month: two(c.month),
    day: two(c.day),
    hour: two(c.hour),
    minute: two(c.minute),
    second: two(c.second),
  };
}

/** `at` on the wall clock of `timeZone`, in `language`'s format; '' for a value that is no instant. */
export function formatInstant(
  at: Instant,
  timeZone: string,
  language: TimeLanguage,
  style: TimeStyle = 'dateTime',
): string {
  const parts = wallClock(at, timeZone);
  return parts ? TIME_PATTERNS[language][style](parts) : '';
}

/**
 * The zone's offset from UTC at `at` as shown beside a zone's name: `UTC+8`, `UTC-3:30`, `UTC`.
 */
export function offsetLabel(at: Instant, timeZone: string): string {
  const ms = instantMs(at);
  if (!Number.isFinite(ms)) return '';
  const minutes = Math.round(zoneOffsetMs(ms, timeZone) / 60_000);
  if (minutes === 0) return 'UTC';
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const rest = abs % 60;
  return `UTC${sign}${Math.floor(abs / 60)}${rest === 0 ? '' : `:${String(rest).padStart(2, '0')}`}`;
}

/** The browser's IANA zone; UTC when the browser does not tell. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Whether `zone` is an IANA zone this browser knows. */
export { isTimeZone } from '@fieldlink/protocol';
