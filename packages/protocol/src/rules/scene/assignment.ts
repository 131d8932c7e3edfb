/**
 * Scene type 20, assignment calculation: every period the target register or AO channel
 * is set to formula(A, B). docs/protocol.md § Assignment calculation.
 */
import { maskBits, readU16, writeU16 } from '../../bytes.js';
import { COMMON, joinParts, say } from '../../i18n.js';
import type { Lang, Phrase } from '../../i18n.js';
import { byteToTimeValue, formatTimeValue, timeValueToByte } from '../../time.js';
import type { TimeValue } from '../../time.js';
import { validateTimeValue } from '../logic.js';
import { REGISTER_TYPE_AO_CHANNEL, REGISTER_TYPES, registerTypeName } from '../register-operation.js';
import { CHANNEL_MAX, checkRange, titled } from './common.js';
import { describeFormula, FORMULA_MAX } from './formulas.js';
import { describeOperand, validateOperand } from './operands.js';
import type { Operand } from './operands.js';
import { sceneTypeName } from './scene-types.js';

/** Where the result goes: the register types of register operations. */
export interface AssignmentTarget {
  /** 0-8, see REGISTER_TYPES; 9-15 are unknown and kept as read (4 bits). */
  readonly regType: number;
  /** The register address, or the AO channel (from 0) when regType is 0. */
  readonly regAddr: number;
}

export interface AssignmentScene {
  readonly type: 20;
  /** mathtype: 0-14, see FORMULAS; 15 is unknown and kept as read. */
  readonly formula: number;
  readonly a: Operand;
  readonly b: Operand;
  readonly target: AssignmentTarget;
  /** How often the target is written. */
  readonly period: TimeValue;
}

export function encodeAssignment(rule: AssignmentScene, out: Uint8Array): void {
  out[1] = (maskBits(rule.formula, 4) << 4) | maskBits(rule.target.regType, 4);
  out[2] = (maskBits(rule.a.source, 4) << 4) | maskBits(rule.b.source, 4);
  writeU16(out, 3, maskBits(rule.a.value, 16));
  writeU16(out, 5, maskBits(rule.b.value, 16));
  writeU16(out, 7, maskBits(rule.target.regAddr, 16));
  out[9] = timeValueToByte(rule.period);
}

export function decodeAssignment(bytes: Uint8Array): AssignmentScene {
  const b1 = bytes[1] ?? 0;
  const b2 = bytes[2] ?? 0;
  return {
    type: 20,
    formula: b1 >> 4,
    a: { source: b2 >> 4, value: readU16(bytes, 3) },
    b: { source: b2 & 15, value: readU16(bytes, 5) },
    target: { regType: b1 & 15, regAddr: readU16(bytes, 7) },
    period: byteToTimeValue(bytes[9] ?? 0),
  };
}

const EVERY: Phrase = { en: 'every {time}', zh: '每{time}', tc: '每{time}' };

/** The target as register operations show it: AO1, or 'holding register (u16) 40'. */
export function describeTarget(target: AssignmentTarget, lang: Lang): string {
  if (!REGISTER_TYPES[target.regType]) return say(COMMON.err, lang);
  if (target.regType === REGISTER_TYPE_AO_CHANNEL) return `AO${target.regAddr + 1}`;
  return `${registerTypeName(target.regType, lang)} ${target.regAddr}`;
}

export function describeAssignment(rule: AssignmentScene, lang: Lang): string {
  const formula = describeFormula(
    rule.formula,
    describeOperand(rule.a, lang),
    describeOperand(rule.b, lang),
    lang,
  );
  return joinParts(
    [
      titled(sceneTypeName(20, lang), `${describeTarget(rule.target, lang)} = ${formula}`, lang),
      say(EVERY, lang, { time: formatTimeValue(rule.period, lang) }),
    ],
    lang,
  );
}

export function validateAssignment(rule: AssignmentScene): string[] {
  const { regType, regAddr } = rule.target;
  const out = [
    ...checkRange('formula', rule.formula, 0, FORMULA_MAX),
    ...validateOperand(rule.a, 'a'),
    ...validateOperand(rule.b, 'b'),
    ...checkRange('target.regType', regType, 0, REGISTER_TYPES.length - 1),
  ];
  if (regType === REGISTER_TYPE_AO_CHANNEL)
    out.push(...checkRange('target.regAddr', regAddr, 0, CHANNEL_MAX));
  else out.push(...checkRange('target.regAddr', regAddr, 0, 0xffff));
  out.push(...validateTimeValue(rule.period, 'period'));
  return out;
}
