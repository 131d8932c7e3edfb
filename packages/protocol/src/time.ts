import type { Lang } from './i18n.js';

/**
 * A rule time: a 6-bit value (0-63) and a 2-bit unit, packed in one byte as
 * `unit << 6 | value` (bits 7-6 unit, bits 5-0 value). See docs/protocol.md, "Time byte".
 */
export const TIME_UNITS = [
  { unit: 0, tenths: 1, name: '0.1 s' },
  { unit: 1, tenths: 10, name: '1 s' },
  { unit: 2, tenths: 600, name: 'minute' },
  { unit: 3, tenths: 6000, name: '10 minutes' },
] as const;

export type TimeUnit = 0 | 1 | 2 | 3;

export interface TimeValue {
  /** 0-63 */
  readonly value: number;
  /** 0 = 0.1 s, 1 = 1 s, 2 = minute, 3 = 10 minutes */
  readonly unit: TimeUnit;
}

export const TIME_VALUE_MAX = 63;
/** The longest representable time: 63 × 10 minutes. */
export const TIME_MAX_SECONDS = 63 * 600;

export function timeValueToByte(t: TimeValue): number {
  return ((t.unit & 3) << 6) | (t.value & 63);
}

export function byteToTimeValue(byte: number): TimeValue {
  return { value: byte & 63, unit: ((byte >> 6) & 3) as TimeUnit };
}

export function timeValueToSeconds(t: TimeValue): number {
  const tenths = (t.value & 63) * TIME_UNITS[t.unit & 3]!.tenths;
  // Divide (not multiply by 0.1) so that 3 tenths prints as 0.3, not 0.30000000000000004.
  return tenths / 10;
}

/**
 * The representable time nearest to `seconds`. Ties go to the finer unit, so every time
 * has one canonical encoding (1 s is value 10 in 0.1 s, not value 1 in seconds). Negative
 * and NaN become 0; anything above 63 × 10 minutes becomes that maximum.
 */
export function secondsToTimeValue(seconds: number): TimeValue {
  if (!(seconds > 0)) return { value: 0, unit: 0 };
  const tenths = seconds * 10;
  let best: TimeValue = { value: 0, unit: 0 };
  let bestErr = Infinity;
  for (const u of TIME_UNITS) {
    const v = Math.min(TIME_VALUE_MAX, Math.round(tenths / u.tenths));
    const err = Math.abs(v * u.tenths - tenths);
    if (err < bestErr) {
      best = { value: v, unit: u.unit };
      bestErr = err;
    }
  }
  return best;
}

/** Seconds → the time byte of the nearest representable time. */
export function encodeTime(seconds: number): number {
  return timeValueToByte(secondsToTimeValue(seconds));
}

/** A time byte → seconds. Only the low 8 bits of the argument are read. */
export function decodeTime(byte: number): number {
  return timeValueToSeconds(byteToTimeValue(byte & 0xff));
}

const UNIT_WORDS: Record<Lang, { s: string; min: string; h: string; sep: string }> = {
  en: { s: ' s', min: ' min', h: ' h', sep: ' ' },
  zh: { s: '秒', min: '分钟', h: '小时', sep: '' },
  tc: { s: '秒', min: '分鐘', h: '小時', sep: '' },
};

/** A duration in seconds as people read it: 0.5 s, 45 s, 2 min, 1 h 30 min, 1 min 5 s. */
export function formatDuration(seconds: number, lang: Lang): string {
  const w = UNIT_WORDS[lang];
  if (!Number.isFinite(seconds) || seconds < 0) return `0${w.s}`;
  const tenths = Math.round(seconds * 10);
  if (tenths % 10 !== 0 || tenths < 600) return `${tenths / 10}${w.s}`;
  const total = tenths / 10;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const parts: string[] = [];
  if (h) parts.push(`${h}${w.h}`);
  if (m) parts.push(`${m}${w.min}`);
  if (s) parts.push(`${s}${w.s}`);
  return parts.join(w.sep);
}

/** A time byte or value as text: formatDuration of its seconds. */
export function formatTimeValue(t: TimeValue, lang: Lang): string {
  return formatDuration(timeValueToSeconds(t), lang);
}
