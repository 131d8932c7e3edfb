/**
 * The three-input logic rule (6 bytes): combines three rule results X1, X2, X3 with one of
 * eight formulas. docs/protocol.md § Logic rule. Also home of the rule reference that the
 * analog-output rule shares.
 */
import { inRange, readU32, writeU32 } from '../bytes.js';
import { COMMON, joinParts, say } from '../i18n.js';
import type { Lang, Phrase } from '../i18n.js';
import { byteToTimeValue, formatTimeValue, timeValueToByte } from '../time.js';
import type { TimeValue } from '../time.js';
import type { RuleCodec } from './types.js';

/**
 * A reference to another rule whose result is a condition: `ruleType` (3 bits) picks the
 * rule family, `rule` (7 bits, 0-127) the rule's index in it. Type 0 is the constant "always
 * true" and ignores the index; types 6-7 are unknown and kept as read.
 */
export interface RuleRef {
  readonly ruleType: number;
  readonly rule: number;
}

export const RULE_TYPES = [
  { id: 'constant', en: 'always', zh: '恒成立', tc: '恆成立' },
  { id: 'time', en: 'time rule', zh: '定时规则', tc: '定時規則' },
  { id: 'switch', en: 'switch rule', zh: '开关量规则', tc: '開關量規則' },
  { id: 'analog', en: 'analog rule', zh: '模拟量规则', tc: '模擬量規則' },
  { id: 'sceneA', en: 'scene A rule', zh: '场景A规则', tc: '場景A規則' },
  { id: 'sceneB', en: 'scene B rule', zh: '场景B规则', tc: '場景B規則' },
] as const satisfies readonly (Phrase & { id: string })[];

export const RULE_TYPE_MAX = RULE_TYPES.length - 1;
export const RULE_INDEX_MAX = 127;

/** 'time rule 3', '定时规则3'; 'always' for the constant; 'err' for an unknown type. */
export function describeRuleRef(ref: RuleRef, lang: Lang): string {
  const type = RULE_TYPES[ref.ruleType];
  if (!type) return say(COMMON.err, lang);
  if (ref.ruleType === 0) return say(type, lang);
  // The index is shown as stored, the same number the rule's own page row shows.
  return `${say(type, lang)}${lang === 'en' ? ' ' : ''}${ref.rule}`;
}

/** Reasons a rule reference is out of bounds, each prefixed with `field`. */
export function validateRuleRef(ref: RuleRef, field = ''): string[] {
  const out: string[] = [];
  const p = field ? `${field}.` : '';
  if (!inRange(ref.ruleType, 0, RULE_TYPE_MAX)) out.push(`${p}ruleType: 0-${RULE_TYPE_MAX}`);
  if (!inRange(ref.rule, 0, RULE_INDEX_MAX)) out.push(`${p}rule: 0-${RULE_INDEX_MAX}`);
  return out;
}

/** Reasons a time field is out of bounds (value 0-63, unit 0-3). */
export function validateTimeValue(t: TimeValue, field: string): string[] {
  return inRange(t.value, 0, 63) && inRange(t.unit, 0, 3) ? [] : [`${field}: value 0-63, unit 0-3`];
}

export const LOGIC_TYPES = [
  { en: 'disabled', zh: '禁用', tc: '禁用', formula: '' },
  { en: 'OR', zh: '或', tc: '或', formula: 'X1|X2|X3' },
  { en: 'AND', zh: '与', tc: '與', formula: 'X1&X2&X3' },
  { en: 'AND of OR', zh: '与或', tc: '與或', formula: 'X1&(X2|X3)' },
  { en: 'OR of AND', zh: '或与', tc: '或與', formula: 'X1|(X2&X3)' },
  { en: 'XOR of OR', zh: '异或或', tc: '異或或', formula: 'X1^(X2|X3)' },
  { en: 'XOR of AND', zh: '异或与', tc: '異或與', formula: 'X1^(X2&X3)' },
  { en: 'NOR', zh: '或非', tc: '或非', formula: '!(X1|X2|X3)' },
  { en: 'NAND', zh: '与非', tc: '與非', formula: '!(X1&X2&X3)' },
] as const satisfies readonly (Phrase & { formula: string })[];

export const LOGIC_TYPE_MAX = LOGIC_TYPES.length - 1;

/**
 * The result of a logic type for three inputs. A disabled rule (type 0) never holds, so it
 * is false; an unknown type gives null.
 */
export function evaluateLogic(logicType: number, x1: boolean, x2: boolean, x3: boolean): boolean | null {
  switch (logicType) {
    case 0:
      return false;
    case 1:
      return x1 || x2 || x3;
    case 2:
      return x1 && x2 && x3;
    case 3:
      return x1 && (x2 || x3);
    case 4:
      return x1 || (x2 && x3);
    case 5:
      return x1 !== (x2 || x3);
    case 6:
      return x1 !== (x2 && x3);
    case 7:
      return !(x1 || x2 || x3);
    case 8:
      return !(x1 && x2 && x3);
    default:
      return null;
  }
}

export interface LogicRule {
  /** 0 disabled, 1-8 the formulas of LOGIC_TYPES; 9-255 unknown, kept as read. */
  readonly logicType: number;
  /** X1, X2, X3. */
  readonly inputs: readonly [RuleRef, RuleRef, RuleRef];
  readonly holdTime: TimeValue;
}

const SIZE = 6;
/** Bit offsets of each input's ruleType inside the u32 of bytes 1-4; its rule sits just below. */
const INPUT_SHIFTS = [29, 19, 9] as const;

function packInputs(inputs: readonly RuleRef[]): number {
  let word = 0;
  INPUT_SHIFTS.forEach((shift, i) => {
    const ref = inputs[i];
    if (!ref) return;
    // Multiplying instead of shifting keeps bit 31 from turning the word negative.
    word += (ref.ruleType & 7) * 2 ** shift + (ref.rule & 127) * 2 ** (shift - 7);
  });
  return word;
}

function unpackInput(word: number, shift: number): RuleRef {
  return { ruleType: (word >>> shift) & 7, rule: (word >>> (shift - 7)) & 127 };
}

const HOLD: Phrase = { en: 'hold {time}', zh: '保持{time}', tc: '保持{time}' };

export const logicCodec: RuleCodec<LogicRule> = {
  kind: 'logic',
  size: SIZE,

  encode(rule) {
    const out = new Uint8Array(SIZE);
    out[0] = rule.logicType & 0xff;
    writeU32(out, 1, packInputs(rule.inputs));
    out[5] = timeValueToByte(rule.holdTime);
    return out;
  },

  decode(bytes) {
    if (bytes.length < SIZE) return null;
    const word = readU32(bytes, 1);
    return {
      logicType: bytes[0] ?? 0,
      inputs: [unpackInput(word, 29), unpackInput(word, 19), unpackInput(word, 9)],
      holdTime: byteToTimeValue(bytes[5] ?? 0),
    };
  },

  describe(rule, lang) {
    const type = LOGIC_TYPES[rule.logicType];
    if (!type) return say(COMMON.err, lang);
    if (rule.logicType === 0) return say(COMMON.disabled, lang);
    const eq = lang === 'en' ? ' = ' : '=';
    const inputs = rule.inputs.map((ref, i) => `X${i + 1}${eq}${describeRuleRef(ref, lang)}`);
    const parts = [
      `${type.formula}${lang === 'en' ? ': ' : '：'}${inputs.join(lang === 'en' ? ', ' : '，')}`,
    ];
    if (rule.holdTime.value !== 0)
      parts.push(say(HOLD, lang, { time: formatTimeValue(rule.holdTime, lang) }));
    return joinParts(parts, lang);
  },

  validate(rule) {
    const out: string[] = [];
    if (!inRange(rule.logicType, 0, LOGIC_TYPE_MAX)) out.push(`logicType: 0-${LOGIC_TYPE_MAX}`);
    rule.inputs.forEach((ref, i) => out.push(...validateRuleRef(ref, `inputs[${i}]`)));
    out.push(...validateTimeValue(rule.holdTime, 'holdTime'));
    return out;
  },
};
