/**
 * The analog-input window (5 bytes): the condition of an analog trigger, a band or the
 * outside of one, held for a time. docs/protocol.md § AI window.
 */
import { AI_RANGES } from './analog-output.js';
import type { AiRange } from './analog-output.js';
import { inRange, maskBits, readU16, writeU16 } from '../bytes.js';
import { say } from '../i18n.js';
import type { Lang, Phrase } from '../i18n.js';
import { byteToTimeValue, formatTimeValue, timeValueToByte, timeValueToSeconds } from '../time.js';
import type { TimeValue } from '../time.js';
import type { RuleCodec } from './types.js';

export interface AiWindowRule {
  /** true: low ≤ AI ≤ high (spec mode 2); false: AI ≤ low or AI ≥ high. */
  readonly band: boolean;
  /** How long the condition must hold. */
  readonly holdTime: TimeValue;
  /** Raw channel value, u16. */
  readonly high: number;
  /** Raw channel value, 0-32767 (15 bits: the top bit of its u16 is the band flag). */
  readonly low: number;
}

export const LOW_MAX = 0x7fff;
const SIZE = 5;
const BAND_BIT = 0x8000;

/**
 * The window's condition on one raw value (the hold time is the caller's concern). Outside a
 * band, a threshold of 0 is not set and adds no condition of its own.
 */
export function windowMatches(rule: AiWindowRule, value: number): boolean {
  if (rule.band) return rule.low <= value && value <= rule.high;
  return (rule.low !== 0 && value <= rule.low) || (rule.high !== 0 && value >= rule.high);
}

function encode(rule: AiWindowRule): Uint8Array {
  const out = new Uint8Array(SIZE);
  out[0] = timeValueToByte(rule.holdTime);
  writeU16(out, 1, maskBits(rule.high, 16));
  writeU16(out, 3, (rule.band ? BAND_BIT : 0) | maskBits(rule.low, 15));
  return out;
}

function decode(bytes: Uint8Array): AiWindowRule | null {
  if (bytes.length < SIZE) return null;
  const lowWord = readU16(bytes, 3);
  return {
    band: (lowWord & BAND_BIT) !== 0,
    holdTime: byteToTimeValue(bytes[0] ?? 0),
    high: readU16(bytes, 1),
    low: lowWord & LOW_MAX,
  };
}

const PHRASES = {
  band: { en: '{low} ≤ {name} ≤ {high}', zh: '{low} ≤ {name} ≤ {high}', tc: '{low} ≤ {name} ≤ {high}' },
  outside: {
    en: '{name} ≤ {low} or ≥ {high}',
    zh: '{name} ≤ {low} 或 ≥ {high}',
    tc: '{name} ≤ {low} 或 ≥ {high}',
  },
  hold: { en: ' for {time}', zh: '持续{time}', tc: '持續{time}' },
} as const satisfies Record<string, Phrase>;

/**
 * The condition as text, e.g. 'AI1 ≤ 4000 or ≥ 16000 for 2 s'. `name` is the channel as
 * shown ('AI1'); a hold of 0 is not shown.
 */
export function describeWindow(rule: AiWindowRule, lang: Lang, name = 'AI'): string {
  const vars = { name, low: rule.low, high: rule.high };
  const condition = say(rule.band ? PHRASES.band : PHRASES.outside, lang, vars);
  const hold =
    timeValueToSeconds(rule.holdTime) > 0
      ? say(PHRASES.hold, lang, { time: formatTimeValue(rule.holdTime, lang) })
      : '';
  return condition + hold;
}

function validate(rule: AiWindowRule): string[] {
  const reasons: string[] = [];
  const { value, unit } = rule.holdTime;
  if (!inRange(value, 0, 63) || !inRange(unit, 0, 3)) reasons.push('holdTime: value 0-63, unit 0-3');
  if (!inRange(rule.high, 0, 65535)) reasons.push('high: 0-65535');
  if (!inRange(rule.low, 0, LOW_MAX)) reasons.push('low: 0-32767');
  // 0 means the threshold is not set, so the order only matters when both are.
  if (rule.low !== 0 && rule.high !== 0 && rule.low > rule.high) reasons.push('low: not above high');
  return reasons;
}

/**
 * validate, plus the channel's range: each threshold that is set (not 0) must be a raw
 * value the channel can report.
 */
export function validateWindow(rule: AiWindowRule, range: AiRange): string[] {
  const reasons = validate(rule);
  const { min, max } = AI_RANGES[range];
  if (rule.high !== 0 && !inRange(rule.high, min, max)) reasons.push(`high: ${min}-${max} for ${range}`);
  if (rule.low !== 0 && !inRange(rule.low, min, max)) reasons.push(`low: ${min}-${max} for ${range}`);
  return reasons;
}

export const aiWindowCodec: RuleCodec<AiWindowRule> = {
  kind: 'aiWindow',
  size: SIZE,
  encode,
  decode,
  describe: (rule, lang) => describeWindow(rule, lang),
  validate,
};
