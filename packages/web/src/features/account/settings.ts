/**
 * The personal center's values and their wire form: alarm sound choices (specification §4: alarm
 * type 0-5 and sound file number) and the quiet hours, kept by the server as minutes after
 * midnight (docs/api.md `param.quietHours`).
 */
import { PARAM_DEFAULTS } from '@fieldlink/protocol';

/** Alarm types in the order the choice shows them: mute, 1 beep, 10 s, 1 min, 10 min, continuous. */
export const ALARM_TYPES = [
  { type: 0, key: 'mute' },
  { type: 1, key: 'once' },
  { type: 2, key: 'tenSeconds' },
  { type: 3, key: 'oneMinute' },
  { type: 4, key: 'tenMinutes' },
  { type: 5, key: 'continuous' },
] as const;

/** Sound files alarm1.mp3 … alarm10.mp3, as `alarm.sound` 0-9. */
export const ALARM_SOUND_COUNT = 10;

export const MINUTES_PER_DAY = 1440;

/** Quiet hours when the record has none (specification §3, §9): 19:00 to 08:01. */
export const SLEEP_BEGIN_DEFAULT = PARAM_DEFAULTS.quietHours.start;
export const SLEEP_END_DEFAULT = PARAM_DEFAULTS.quietHours.end;

/** A stored minute of the day, or `fallback` when it is missing or no minute of the day. */
export function minuteOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < MINUTES_PER_DAY
    ? value
    : fallback;
}

/** 'HH:MM' of minutes after midnight (0-1439; others are brought into the day). */
export function minutesToTime(minutes: number): string {
  const m = ((Math.trunc(minutes) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** Minutes after midnight of 'H:MM' or 'HH:MM' (seconds ignored), or null when it is no time of day. */
export function timeToMinutes(time: string): number | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(time.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return hours * 60 + minutes;
}

/**
 * Whether a time of day lies in the quiet hours [begin, end). A window whose end is before its
 * begin runs over midnight (the default 19:00-08:01); equal ends make an empty window.
 */
export function inQuietHours(begin: number, end: number, minuteOfDay: number): boolean {
  if (begin === end) return false;
  return begin < end ? minuteOfDay >= begin && minuteOfDay < end : minuteOfDay >= begin || minuteOfDay < end;
}

/** The locale dates and times are written in for an interface language. */
export const localeOf = (language: string): string =>
  language === 'en' ? 'en' : language === 'tc' ? 'zh-TW' : 'zh-CN';
