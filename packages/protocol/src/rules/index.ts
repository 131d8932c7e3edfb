/**
 * The rule registry: every rule model by kind, behind the four public functions.
 * docs/protocol.md § Rule models.
 */
import { COMMON, isLang, say } from '../i18n.js';
import type { Lang } from '../i18n.js';
import { aiWindowCodec } from './ai-window.js';
import { analogOutputCodec } from './analog-output.js';
import { analogTriggerCodec } from './analog-trigger.js';
import { dateTimeIntervalCodec } from './date-time-interval.js';
import { digitalLevelCodec } from './digital-level.js';
import { dl645MeterCodec } from './dl645-meter.js';
import { fixedPointCodec } from './fixed-point.js';
import { isRuleKind, RULE_KINDS } from './kinds.js';
import type { RuleKind } from './kinds.js';
import { logicCodec } from './logic.js';
import { modbusMeterCodec } from './modbus-meter.js';
import { outputCodec } from './output.js';
import { registerOperationCodec } from './register-operation.js';
import { sceneCodec } from './scene/scene.js';
import { scheduleCodec } from './schedule.js';
import { triggerCodec } from './trigger.js';
import type { RuleCodec, RuleParts } from './types.js';
import { weekIntervalCodec } from './week-interval.js';
import { weeklyCycleCodec } from './weekly-cycle.js';

export const RULE_CODECS = {
  trigger: triggerCodec,
  analogTrigger: analogTriggerCodec,
  schedule: scheduleCodec,
  output: outputCodec,
  registerOperation: registerOperationCodec,
  scene: sceneCodec,
  analogOutput: analogOutputCodec,
  logic: logicCodec,
  aiWindow: aiWindowCodec,
  digitalLevel: digitalLevelCodec,
  weeklyCycle: weeklyCycleCodec,
  fixedPoint: fixedPointCodec,
  dateTimeInterval: dateTimeIntervalCodec,
  weekInterval: weekIntervalCodec,
  modbusMeter: modbusMeterCodec,
  dl645Meter: dl645MeterCodec,
} as const;

type Codecs = typeof RULE_CODECS;
/** The model type of a rule kind. */
export type RuleOf<K extends RuleKind> = Codecs[K] extends RuleCodec<infer T> ? T : never;
/** Any rule model. */
export type Rule = { [K in RuleKind]: RuleOf<K> }[RuleKind];

function codecOf<K extends RuleKind>(kind: K): RuleCodec<RuleOf<K>> {
  if (!isRuleKind(kind)) throw new TypeError(`unknown rule kind: ${String(kind)}`);
  // The map above pairs each kind with its codec; TypeScript cannot relate the two generics.
  return RULE_CODECS[kind] as unknown as RuleCodec<RuleOf<K>>;
}

/** The bytes of one rule (exactly RULE_KINDS[kind] long). Throws TypeError for an unknown kind. */
export function encodeRule<K extends RuleKind>(kind: K, rule: RuleOf<K>): Uint8Array {
  return codecOf(kind).encode(rule);
}

/** One rule from its bytes; null when the buffer is shorter than the model or the kind is unknown. */
export function decodeRule<K extends RuleKind>(kind: K, bytes: Uint8Array): RuleOf<K> | null {
  if (!isRuleKind(kind) || !(bytes instanceof Uint8Array)) return null;
  try {
    return codecOf(kind).decode(bytes);
  } catch {
    // Codecs are written not to throw; this keeps a device's bad bytes from reaching a caller as an exception.
    return null;
  }
}

/** Readable text of a rule in en, zh (default) or tc; 'err' when the rule cannot be read. */
export function describeRule<K extends RuleKind>(kind: K, rule: RuleOf<K>, lang: Lang = 'zh'): string {
  const l: Lang = isLang(lang) ? lang : 'zh';
  if (!isRuleKind(kind) || rule === null || rule === undefined) return say(COMMON.err, l);
  try {
    return codecOf(kind).describe(rule, l);
  } catch {
    return say(COMMON.err, l);
  }
}

/**
 * A rule's description in two parts, as a page row shows it: when it runs and what it does. Models
 * without an output part (scenes, logic, meters) give their whole description as the first part.
 */
export function describeRuleParts<K extends RuleKind>(
  kind: K,
  rule: RuleOf<K>,
  lang: Lang = 'zh',
): RuleParts {
  const l: Lang = isLang(lang) ? lang : 'zh';
  if (!isRuleKind(kind) || rule === null || rule === undefined)
    return { trigger: say(COMMON.err, l), operation: '' };
  try {
    const codec = codecOf(kind);
    return codec.parts ? codec.parts(rule, l) : { trigger: codec.describe(rule, l), operation: '' };
  } catch {
    return { trigger: say(COMMON.err, l), operation: '' };
  }
}

/** Reasons a rule is outside the specification's bounds; empty when it is fine. */
export function validateRule<K extends RuleKind>(kind: K, rule: RuleOf<K>): string[] {
  return codecOf(kind).validate(rule);
}

export { RULE_KINDS, isRuleKind };
// Each model's types and option tables, for editors.
export * from './models.js';
// The conditions the rules test, for whatever runs them (the simulator's engine).
export { windowMatches } from './ai-window.js';
export { intervalContains } from './date-time-interval.js';
export { fixedPointMatches } from './fixed-point.js';
export type { DateTimeParts } from './fixed-point.js';
export { evaluateLogic } from './logic.js';
export { effectiveAoRange, mapAnalog } from './analog-output.js';
export { applyFormula, compare, COMPARISONS, FORMULAS } from './scene/formulas.js';
export { weekIntervalContains } from './week-interval.js';
export type { WeekTime } from './week-interval.js';
export type { RuleKind, RuleCodec, RuleParts };
