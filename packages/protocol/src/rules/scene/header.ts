/**
 * The header shared by scene types 1-7 (bytes 1-3): the rule that starts the scene, how long
 * its result holds, and two flags only the marquee and the water-flow light use.
 * docs/protocol.md § Scene header.
 */
import { maskBits } from '../../bytes.js';
import { say } from '../../i18n.js';
import type { Lang, Phrase } from '../../i18n.js';
import { byteToTimeValue, formatTimeValue, timeValueToByte } from '../../time.js';
import type { TimeValue } from '../../time.js';
import { describeRuleRef, RULE_TYPES, validateRuleRef, validateTimeValue } from '../logic.js';
import type { RuleRef } from '../logic.js';

// One table of rule references for every model that points at another rule.
export { RULE_TYPES };

/** The condition part every channel scene has. */
export interface SceneCondition extends RuleRef {
  /** 0-5, see RULE_TYPES; 6-7 are unknown and kept as read (3 bits). */
  readonly ruleType: number;
  /** Index 0-127 of the referenced rule (7 bits). */
  readonly rule: number;
  /** How long the scene's result holds. */
  readonly holdTime: TimeValue;
}

/** Flags of the marquee and the water-flow light; reserved (0) in types 3-7. */
export interface SceneRepeat {
  /** rulecycle: run again and again while the rule holds, instead of once per trigger. */
  readonly cycle: boolean;
  /** ruletypedir: run from the highest selected channel down. */
  readonly reverse: boolean;
}

const NO_REPEAT: SceneRepeat = { cycle: false, reverse: false };

export function writeHeader(out: Uint8Array, h: SceneCondition, repeat: SceneRepeat = NO_REPEAT): void {
  out[1] = ((repeat.cycle ? 1 : 0) << 7) | maskBits(h.rule, 7);
  out[2] = (maskBits(h.ruleType, 3) << 5) | ((repeat.reverse ? 1 : 0) << 4);
  out[3] = timeValueToByte(h.holdTime);
}

export function readCondition(bytes: Uint8Array): SceneCondition {
  return {
    rule: (bytes[1] ?? 0) & 0x7f,
    ruleType: (bytes[2] ?? 0) >> 5,
    holdTime: byteToTimeValue(bytes[3] ?? 0),
  };
}

export function readRepeat(bytes: Uint8Array): SceneRepeat {
  return { cycle: ((bytes[1] ?? 0) & 0x80) !== 0, reverse: ((bytes[2] ?? 0) & 0x10) !== 0 };
}

const TEXT = {
  when: { en: 'when {ref}', zh: '条件：{ref}', tc: '條件：{ref}' },
  hold: { en: 'hold {time}', zh: '保持{time}', tc: '保持{time}' },
} as const satisfies Record<string, Phrase>;

/** 'when switch rule 2'; empty for the constant reference, which holds always. */
export function whenPart(ref: RuleRef, lang: Lang): string {
  return ref.ruleType === 0 ? '' : say(TEXT.when, lang, { ref: describeRuleRef(ref, lang) });
}

/** 'hold 1 s'; empty for a zero hold, as the other rule models show it. */
export function holdPart(t: TimeValue, lang: Lang): string {
  return t.value === 0 ? '' : say(TEXT.hold, lang, { time: formatTimeValue(t, lang) });
}

/** The description parts of the condition: 'when switch rule 2', 'hold 1 s'. */
export function describeCondition(h: SceneCondition, lang: Lang): string[] {
  return [whenPart(h, lang), holdPart(h.holdTime, lang)];
}

export function validateCondition(h: SceneCondition): string[] {
  return [...validateRuleRef(h), ...validateTimeValue(h.holdTime, 'holdTime')];
}
