/**
 * The analog-output rule (12 bytes): while its rule reference holds, an AI input's range is
 * mapped linearly onto an AO output's range. docs/protocol.md § Analog-output rule.
 */
import { clampInt, inRange, maskBits, readU16, writeU16 } from '../bytes.js';
import { COMMON, joinParts, say } from '../i18n.js';
import type { Phrase } from '../i18n.js';
import { byteToTimeValue, formatTimeValue, timeValueToByte } from '../time.js';
import type { TimeValue } from '../time.js';
import { describeRuleRef, validateRuleRef, validateTimeValue } from './logic.js';
import type { RuleCodec } from './types.js';

/** The two AI input ranges and the channel values that bound them (spec § 5, analog threshold). */
export const AI_RANGES = {
  '4-20mA': { max: 20000, min: 4000 },
  '0-10V': { max: 10000, min: 0 },
} as const;

export type AiRange = keyof typeof AI_RANGES;

/** The AI range whose full scale is `max`; null for any other value. */
export function aiRangeFromMax(max: number): AiRange | null {
  if (max === AI_RANGES['4-20mA'].max) return '4-20mA';
  if (max === AI_RANGES['0-10V'].max) return '0-10V';
  return null;
}

/** The AO range used when both stored bounds are 0. */
export const DEFAULT_AO_RANGE = { low: 400, high: 2000 } as const;

export interface AnalogOutputRule {
  readonly aiRange: AiRange;
  /** The AI input read, 0-31 (AI1 = 0). */
  readonly aiChannel: number;
  readonly aiLow: number;
  readonly aiHigh: number;
  /** Stored AO bounds; both 0 means the default 400-2000 (see effectiveAoRange). */
  readonly aoLow: number;
  readonly aoHigh: number;
  /** The AO output driven, 0-31 (AO1 = 0). */
  readonly aoChannel: number;
  /** The rule reference: while it holds, the output follows the input. */
  readonly ruleType: number;
  readonly rule: number;
  readonly holdTime: TimeValue;
}

/** The AO range the device applies: the stored bounds, or 400-2000 when both are 0. */
export function effectiveAoRange(rule: Pick<AnalogOutputRule, 'aoLow' | 'aoHigh'>): {
  low: number;
  high: number;
} {
  if (rule.aoLow === 0 && rule.aoHigh === 0) return { ...DEFAULT_AO_RANGE };
  return { low: rule.aoLow, high: rule.aoHigh };
}

/**
 * A slot whose AI bounds are both 0 has no input span to map, which is what an empty (all
 * zero) slot reads as; it is shown as disabled and not validated further.
 */
export function isAnalogOutputUnset(rule: Pick<AnalogOutputRule, 'aiLow' | 'aiHigh'>): boolean {
  return rule.aiLow === 0 && rule.aiHigh === 0;
}

/**
 * The AO value for an AI value: aiLow..aiHigh mapped linearly onto the effective AO range,
 * clamped to it and rounded to the integer an AO register holds. An empty AI span
 * (aiLow = aiHigh) steps from the low to the high output at aiLow.
 */
export function mapAnalog(
  rule: Pick<AnalogOutputRule, 'aiLow' | 'aiHigh' | 'aoLow' | 'aoHigh'>,
  aiValue: number,
): number {
  const { low, high } = effectiveAoRange(rule);
  const min = Math.min(low, high);
  const max = Math.max(low, high);
  if (rule.aiHigh === rule.aiLow) return clampInt(aiValue < rule.aiLow ? low : high, min, max);
  const value = low + ((aiValue - rule.aiLow) * (high - low)) / (rule.aiHigh - rule.aiLow);
  return clampInt(value, min, max);
}

const SIZE = 12;

const RANGE_NAMES: Record<AiRange, string> = { '4-20mA': '4-20 mA', '0-10V': '0-10 V' };

const TEXT = {
  map: {
    en: 'AI{ai} ({range}) {aiLow}-{aiHigh} → AO{ao} {aoLow}-{aoHigh}',
    zh: 'AI{ai}（{range}）{aiLow}-{aiHigh} → AO{ao} {aoLow}-{aoHigh}',
    tc: 'AI{ai}（{range}）{aiLow}-{aiHigh} → AO{ao} {aoLow}-{aoHigh}',
  },
  when: { en: 'when {ref}', zh: '条件：{ref}', tc: '條件：{ref}' },
  hold: { en: 'hold {time}', zh: '保持{time}', tc: '保持{time}' },
} as const satisfies Record<string, Phrase>;

export const analogOutputCodec: RuleCodec<AnalogOutputRule> = {
  kind: 'analogOutput',
  size: SIZE,

  encode(rule) {
    const out = new Uint8Array(SIZE);
    out[0] = ((rule.aiRange === '0-10V' ? 1 : 0) << 5) | maskBits(rule.aiChannel, 5);
    writeU16(out, 1, maskBits(rule.aiLow, 16));
    writeU16(out, 3, maskBits(rule.aiHigh, 16));
    writeU16(out, 5, maskBits(rule.aoLow, 16));
    writeU16(out, 7, maskBits(rule.aoHigh, 16));
    out[9] = (maskBits(rule.ruleType, 3) << 5) | maskBits(rule.aoChannel, 5);
    out[10] = maskBits(rule.rule, 7);
    out[11] = timeValueToByte(rule.holdTime);
    return out;
  },

  decode(bytes) {
    if (bytes.length < SIZE) return null;
    const b0 = bytes[0] ?? 0;
    const b9 = bytes[9] ?? 0;
    return {
      aiRange: (b0 & 0x20) !== 0 ? '0-10V' : '4-20mA',
      aiChannel: b0 & 0x1f,
      aiLow: readU16(bytes, 1),
      aiHigh: readU16(bytes, 3),
      aoLow: readU16(bytes, 5),
      aoHigh: readU16(bytes, 7),
      aoChannel: b9 & 0x1f,
      ruleType: b9 >> 5,
      rule: (bytes[10] ?? 0) & 0x7f,
      holdTime: byteToTimeValue(bytes[11] ?? 0),
    };
  },

  describe(rule, lang) {
    if (isAnalogOutputUnset(rule)) return say(COMMON.disabled, lang);
    const ao = effectiveAoRange(rule);
    const parts = [
      say(TEXT.map, lang, {
        ai: rule.aiChannel + 1,
        range: RANGE_NAMES[rule.aiRange] ?? say(COMMON.err, lang),
        aiLow: rule.aiLow,
        aiHigh: rule.aiHigh,
        ao: rule.aoChannel + 1,
        aoLow: ao.low,
        aoHigh: ao.high,
      }),
    ];
    // The constant reference holds always, so it adds nothing to say.
    if (rule.ruleType !== 0) parts.push(say(TEXT.when, lang, { ref: describeRuleRef(rule, lang) }));
    if (rule.holdTime.value !== 0) {
      parts.push(say(TEXT.hold, lang, { time: formatTimeValue(rule.holdTime, lang) }));
    }
    return joinParts(parts, lang);
  },

  validate(rule) {
    const out: string[] = [];
    const bounds = AI_RANGES[rule.aiRange];
    if (!bounds) out.push("aiRange: '4-20mA' or '0-10V'");
    if (!inRange(rule.aiChannel, 0, 31)) out.push('aiChannel: 0-31');
    if (!inRange(rule.aoChannel, 0, 31)) out.push('aoChannel: 0-31');
    if (!inRange(rule.aoLow, 0, 0xffff)) out.push('aoLow: 0-65535');
    if (!inRange(rule.aoHigh, 0, 0xffff)) out.push('aoHigh: 0-65535');
    out.push(...validateRuleRef(rule));
    out.push(...validateTimeValue(rule.holdTime, 'holdTime'));
    if (isAnalogOutputUnset(rule) || !bounds) return out;
    const span = `${bounds.min}-${bounds.max}`;
    if (!inRange(rule.aiLow, bounds.min, bounds.max)) out.push(`aiLow: ${span} for ${rule.aiRange}`);
    if (!inRange(rule.aiHigh, bounds.min, bounds.max)) out.push(`aiHigh: ${span} for ${rule.aiRange}`);
    if (!(rule.aiLow < rule.aiHigh)) out.push('aiLow: below aiHigh');
    const ao = effectiveAoRange(rule);
    if (!(ao.low <= ao.high)) out.push('aoLow: at most aoHigh');
    return out;
  },
};
