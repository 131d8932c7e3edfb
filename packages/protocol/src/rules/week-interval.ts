import { clampInt } from '../bytes.js';
import { say } from '../i18n.js';
import type { Phrase } from '../i18n.js';
import type { RuleCodec } from './types.js';
import { bitsToIndices, describeWeekdays, indicesToBits, pad2 } from './weekly-cycle.js';

/**
 * Week interval (6 bytes): a daily window from a begin to an end time on selected weekdays.
 * An end at or before the begin runs past midnight into the next day.
 * See docs/protocol.md § Week interval.
 */
export interface WeekInterval {
  /** Weekday bit indices the window begins on, sorted: 0 = Sunday … 6 = Saturday. */
  weekdays: number[];
  /** 0-23 */
  beginHour: number;
  /** 0-59 */
  beginMinute: number;
  /** 0-23 */
  endHour: number;
  /** 0-59 */
  endMinute: number;
}

/** A weekday (0 = Sunday, as Date#getDay) and a time of day. */
export interface WeekTime {
  weekday: number;
  hour: number;
  minute: number;
}

const PHRASES = {
  window: {
    en: '{days} from {begin} to {end}',
    zh: '{days} {begin} 至 {end}',
    tc: '{days} {begin} 至 {end}',
  },
  nextDay: { en: '{time} next day', zh: '次日{time}', tc: '翌日{time}' },
  noDay: { en: 'never (no weekday selected)', zh: '从不（未选星期）', tc: '從不（未選星期）' },
} as const satisfies Record<string, Phrase>;

/** True when the window runs past midnight: its end is at or before its begin. */
export function weekIntervalCrossesMidnight(rule: WeekInterval): boolean {
  return rule.endHour * 60 + rule.endMinute <= rule.beginHour * 60 + rule.beginMinute;
}

/**
 * True when the time lies in a window: from the begin (included) to the end (excluded), on a
 * selected weekday. A window past midnight also holds the hours after midnight of the day
 * after a selected weekday (Friday 22:00 to 06:00 contains Saturday 05:59); an end equal to
 * the begin makes a full 24 hours.
 */
export function weekIntervalContains(rule: WeekInterval, time: WeekTime): boolean {
  const days = indicesToBits(rule.weekdays, 7);
  const onDay = (weekday: number): boolean => ((days >>> (((weekday % 7) + 7) % 7)) & 1) === 1;
  const t = time.hour * 60 + time.minute;
  const begin = rule.beginHour * 60 + rule.beginMinute;
  const end = rule.endHour * 60 + rule.endMinute;
  if (!weekIntervalCrossesMidnight(rule)) return onDay(time.weekday) && t >= begin && t < end;
  return (onDay(time.weekday) && t >= begin) || (onDay(time.weekday - 1) && t < end);
}

function hourMinute(hour: number, minute: number): string {
  return `${pad2(hour)}:${pad2(minute)}`;
}

function check(field: keyof WeekInterval, value: number, max: number): string[] {
  return Number.isInteger(value) && value >= 0 && value <= max ? [] : [`${field}: 0-${max}`];
}

export const weekIntervalCodec: RuleCodec<WeekInterval> = {
  kind: 'weekInterval',
  size: 6,
  encode(rule) {
    const out = new Uint8Array(6);
    out[0] = indicesToBits(rule.weekdays, 7);
    // Clamped, not wrapped: an hour of 264 must not become a real 08:00.
    out[1] = clampInt(rule.beginHour, 0, 255);
    out[2] = clampInt(rule.beginMinute, 0, 255);
    out[3] = clampInt(rule.endHour, 0, 255);
    out[4] = clampInt(rule.endMinute, 0, 255);
    return out;
  },
  decode(bytes) {
    if (bytes.length < 6) return null;
    return {
      weekdays: bitsToIndices(bytes[0]!, 7),
      beginHour: bytes[1]!,
      beginMinute: bytes[2]!,
      endHour: bytes[3]!,
      endMinute: bytes[4]!,
    };
  },
  describe(rule, lang) {
    const days = describeWeekdays(rule.weekdays, lang);
    if (days === '') return say(PHRASES.noDay, lang);
    const endTime = hourMinute(rule.endHour, rule.endMinute);
    const end = weekIntervalCrossesMidnight(rule) ? say(PHRASES.nextDay, lang, { time: endTime }) : endTime;
    return say(PHRASES.window, lang, { days, begin: hourMinute(rule.beginHour, rule.beginMinute), end });
  },
  validate(rule) {
    return [
      ...(rule.weekdays.every((d) => Number.isInteger(d) && d >= 0 && d <= 6)
        ? []
        : ['weekdays: 0-6 (0 = Sunday)']),
      ...check('beginHour', rule.beginHour, 23),
      ...check('beginMinute', rule.beginMinute, 59),
      ...check('endHour', rule.endHour, 23),
      ...check('endMinute', rule.endMinute, 59),
    ];
  },
};
