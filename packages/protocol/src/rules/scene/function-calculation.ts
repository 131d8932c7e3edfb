/**
 * Scene type 10, function calculation: X = formula(A, B) goes into a cache register, and
 * the scene holds while X passes a comparison with B and C for the hold time.
 * docs/protocol.md § Function calculation.
 */
import { maskBits, readU16, writeU16 } from '../../bytes.js';
import { joinParts, say } from '../../i18n.js';
import type { Lang, Phrase } from '../../i18n.js';
import { byteToTimeValue, timeValueToByte } from '../../time.js';
import type { TimeValue } from '../../time.js';
import { validateTimeValue } from '../logic.js';
import { checkRange, titled } from './common.js';
import { COMPARISON_MAX, describeComparison, describeFormula, FORMULA_MAX } from './formulas.js';
import { describeOperand, validateOperand } from './operands.js';
import type { Operand } from './operands.js';
import { holdPart } from './header.js';
import { sceneTypeName } from './scene-types.js';

export interface FunctionScene {
  readonly type: 10;
  /** mathtype: 0-14, see FORMULAS; 15 is unknown and kept as read. */
  readonly formula: number;
  /** comptype: 0-4, see COMPARISONS; 5-15 are unknown and kept as read. */
  readonly comparison: number;
  readonly a: Operand;
  readonly b: Operand;
  readonly c: Operand;
  /** How long the comparison must keep passing. */
  readonly holdTime: TimeValue;
  /** Index 0-255 of the cache register that receives X. */
  readonly resultRegister: number;
}

export function encodeFunction(rule: FunctionScene, out: Uint8Array): void {
  out[1] = (maskBits(rule.formula, 4) << 4) | maskBits(rule.comparison, 4);
  out[2] = (maskBits(rule.a.source, 4) << 4) | maskBits(rule.b.source, 4);
  out[3] = maskBits(rule.c.source, 4) << 4;
  writeU16(out, 4, maskBits(rule.a.value, 16));
  writeU16(out, 6, maskBits(rule.b.value, 16));
  writeU16(out, 8, maskBits(rule.c.value, 16));
  out[10] = timeValueToByte(rule.holdTime);
  out[11] = maskBits(rule.resultRegister, 8);
}

export function decodeFunction(bytes: Uint8Array): FunctionScene {
  const b1 = bytes[1] ?? 0;
  const b2 = bytes[2] ?? 0;
  return {
    type: 10,
    formula: b1 >> 4,
    comparison: b1 & 15,
    a: { source: b2 >> 4, value: readU16(bytes, 4) },
    b: { source: b2 & 15, value: readU16(bytes, 6) },
    c: { source: (bytes[3] ?? 0) >> 4, value: readU16(bytes, 8) },
    holdTime: byteToTimeValue(bytes[10] ?? 0),
    resultRegister: bytes[11] ?? 0,
  };
}

const TEXT = {
  result: { en: 'X → cache register {n}', zh: 'X → 缓存寄存器 {n}', tc: 'X → 緩存寄存器 {n}' },
} as const satisfies Record<string, Phrase>;

export function describeFunction(rule: FunctionScene, lang: Lang): string {
  const a = describeOperand(rule.a, lang);
  const b = describeOperand(rule.b, lang);
  const c = describeOperand(rule.c, lang);
  return joinParts(
    [
      titled(sceneTypeName(10, lang), `X = ${describeFormula(rule.formula, a, b, lang)}`, lang),
      describeComparison(rule.comparison, 'X', b, c, lang),
      holdPart(rule.holdTime, lang),
      say(TEXT.result, lang, { n: rule.resultRegister }),
    ],
    lang,
  );
}

export function validateFunction(rule: FunctionScene): string[] {
  return [
    ...checkRange('formula', rule.formula, 0, FORMULA_MAX),
    ...checkRange('comparison', rule.comparison, 0, COMPARISON_MAX),
    ...validateOperand(rule.a, 'a'),
    ...validateOperand(rule.b, 'b'),
    ...validateOperand(rule.c, 'c'),
    ...validateTimeValue(rule.holdTime, 'holdTime'),
    ...checkRange('resultRegister', rule.resultRegister, 0, 255),
  ];
}
