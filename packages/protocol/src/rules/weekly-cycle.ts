import { clampInt } from '../bytes.js';
import { say } from '../i18n.js';
import type { Lang, Phrase } from '../i18n.js';
import type { RuleCodec } from './types.js';

/**
 * Weekly cycle (6 bytes): fires at a minute and second of selected hours on selected
 * weekdays. See docs/protocol.md § Weekly cycle.
 */
export interface WeeklyCycle {
  /** Weekday bit indices, sorted: 0 = Sunday … 6 = Saturday (weeksel). */
  weekdays: number[];
  /** Hours 0-23, sorted (hoursel). */
  hours: number[];
  /** 0-59, or 60 for every minute. */
  minute: number;
  /** 0-59, or 60 for every second. */
  second: number;
}

/** A minute or second of 60 matches every minute or second. */
export const WEEKLY_WILDCARD = 60;

/** Weekday names by weeksel bit index; Sunday first, as JavaScript's Date#getDay counts. */
export const WEEKDAY_NAMES: readonly Phrase[] = [
  { en: 'Sun', zh: '周日', tc: '週日' },
  { en: 'Mon', zh: '周一', tc: '週一' },
  { en: 'Tue', zh: '周二', tc: '週二' },
  { en: 'Wed', zh: '周三', tc: '週三' },
  { en: 'Thu', zh: '周四', tc: '週四' },
  { en: 'Fri', zh: '周五', tc: '週五' },
  { en: 'Sat', zh: '周六', tc: '週六' },
];

/** Bit indices below `count` to a bit set; duplicates and indices outside the field are dropped. */
export function indicesToBits(indices: readonly number[], count: number): number {
  let bits = 0;
  for (const i of indices) if (Number.isInteger(i) && i >= 0 && i < count) bits |= 1 << i;
  return bits >>> 0;
}

/** The set bits among the low `count` bits, ascending. */
export function bitsToIndices(bits: number, count: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < count; i++) if ((bits >>> i) & 1) out.push(i);
  return out;
}

/** The spec's text form of a bit selection: ascending indices separated by spaces ('0 3 5'). */
export function formatBitList(indices: readonly number[]): string {
  return [...new Set(indices)].sort((a, b) => a - b).join(' ');
}

/**
 * Parses the text form of a bit selection: indices 0-`max` separated by spaces (commas are
 * accepted too, people type them). Returns them sorted without duplicates, [] for blank text,
 * and null when any token is not such an index.
 */
export function parseBitList(text: string, max: number): number[] | null {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  const out = new Set<number>();
  for (const token of trimmed.split(/[\s,]+/)) {
    if (!/^\d{1,3}$/.test(token)) return null;
    const n = Number(token);
    if (n > max) return null;
    out.add(n);
  }
  return [...out].sort((a, b) => a - b);
}

const PHRASES = {
  every: { en: 'every {days}', zh: '每{days}', tc: '每{days}' },
  everyDay: { en: 'every day', zh: '每天', tc: '每天' },
  at: { en: '{days} at {times}', zh: '{days} {times}', tc: '{days} {times}' },
  inHours: {
    en: '{days} at {time} in hours {hours}',
    zh: '{days} {hours}时的 {time}',
    tc: '{days} {hours}時的 {time}',
  },
  noDay: { en: 'never (no weekday selected)', zh: '从不（未选星期）', tc: '從不（未選星期）' },
  noHour: { en: 'never (no hour selected)', zh: '从不（未选小时）', tc: '從不（未選小時）' },
} as const satisfies Record<string, Phrase>;

/** Past this many hours a description names hour ranges instead of listing every time. */
const LISTED_HOURS_MAX = 6;

function listSeparator(lang: Lang): string {
  return lang === 'en' ? ' ' : '、';
}

export function pad2(n: number): string {
  return n >= 0 && n < 10 ? `0${n}` : String(n);
}

/** 'every Mon Wed', 'every day'; '' when no day is selected. */
export function describeWeekdays(weekdays: readonly number[], lang: Lang): string {
  const days = bitsToIndices(indicesToBits(weekdays, 7), 7);
  if (days.length === 0) return '';
  if (days.length === 7) return say(PHRASES.everyDay, lang);
  const names = days.map((d) => say(WEEKDAY_NAMES[d]!, lang)).join(listSeparator(lang));
  // Chinese names share the 周/週 prefix with 每: 每周一、周五.
  return say(PHRASES.every, lang, { days: names });
}

function minuteSecond(value: number): string {
  return value === WEEKLY_WILDCARD ? '**' : pad2(value);
}

/** Consecutive hours as ranges: [0,1,2,5] → '00-02, 05'. */
function hourRanges(hours: readonly number[], lang: Lang): string {
  const runs: [number, number][] = [];
  for (const h of hours) {
    const last = runs[runs.length - 1];
    if (last && h === last[1] + 1) last[1] = h;
    else runs.push([h, h]);
  }
  return runs
    .map(([first, end]) => (first === end ? pad2(first) : `${pad2(first)}-${pad2(end)}`))
    .join(lang === 'en' ? ', ' : '、');
}

function describeWeekly(rule: WeeklyCycle, lang: Lang): string {
  const days = describeWeekdays(rule.weekdays, lang);
  if (days === '') return say(PHRASES.noDay, lang);
  const hours = bitsToIndices(indicesToBits(rule.hours, 24), 24);
  if (hours.length === 0) return say(PHRASES.noHour, lang);
  const ms = `${minuteSecond(rule.minute)}:${minuteSecond(rule.second)}`;
  if (hours.length === 24) return say(PHRASES.at, lang, { days, times: `**:${ms}` });
  if (hours.length <= LISTED_HOURS_MAX) {
    const times = hours.map((h) => `${pad2(h)}:${ms}`).join(lang === 'en' ? ', ' : '、');
    return say(PHRASES.at, lang, { days, times });
  }
  return say(PHRASES.inHours, lang, { days, time: `**:${ms}`, hours: hourRanges(hours, lang) });
}

function indexProblems(field: string, values: readonly number[], max: number, what: string): string[] {
  return values.every((v) => Number.isInteger(v) && v >= 0 && v <= max) ? [] : [`${field}: ${what}`];
}

function wildcardProblems(field: 'minute' | 'second', value: number): string[] {
  return Number.isInteger(value) && value >= 0 && value <= WEEKLY_WILDCARD
    ? []
    : [`${field}: 0-59 or 60 (every ${field})`];
}

export const weeklyCycleCodec: RuleCodec<WeeklyCycle> = {
  kind: 'weeklyCycle',
  size: 6,
  encode(rule) {
    const out = new Uint8Array(6);
    out[0] = indicesToBits(rule.weekdays, 7);
    const hours = indicesToBits(rule.hours, 24);
    out[1] = (hours >>> 16) & 0xff;
    out[2] = (hours >>> 8) & 0xff;
    out[3] = hours & 0xff;
    // Clamped, not wrapped: a minute of 300 must not turn into a real minute (44).
    out[4] = clampInt(rule.minute, 0, 255);
    out[5] = clampInt(rule.second, 0, 255);
    return out;
  },
  decode(bytes) {
    if (bytes.length < 6) return null;
    const hours = ((bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
    return {
      weekdays: bitsToIndices(bytes[0]!, 7),
      hours: bitsToIndices(hours, 24),
      minute: bytes[4]!,
      second: bytes[5]!,
    };
  },
  describe: describeWeekly,
  validate(rule) {
    return [
      ...indexProblems('weekdays', rule.weekdays, 6, '0-6 (0 = Sunday)'),
      ...indexProblems('hours', rule.hours, 23, '0-23'),
      ...wildcardProblems('minute', rule.minute),
      ...wildcardProblems('second', rule.second),
    ];
  },
};
