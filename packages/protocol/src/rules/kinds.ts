/**
 * The rule models and their byte sizes. docs/protocol.md § Rule models.
 * Kept apart from the codecs so the register map can name kinds without importing them.
 */
export const RULE_KINDS = {
  trigger: 14,
  analogTrigger: 14,
  schedule: 14,
  output: 6,
  registerOperation: 5,
  scene: 12,
  analogOutput: 12,
  logic: 6,
  aiWindow: 5,
  digitalLevel: 6,
  weeklyCycle: 6,
  fixedPoint: 6,
  dateTimeInterval: 12,
  weekInterval: 6,
  modbusMeter: 8,
  dl645Meter: 14,
} as const;

export type RuleKind = keyof typeof RULE_KINDS;

export function isRuleKind(value: unknown): value is RuleKind {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(RULE_KINDS, value);
}
