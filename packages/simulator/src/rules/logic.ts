/**
 * The three-input logic rules (logic pages, docs/protocol.md § Logic rule): each step the
 * rule reads whether its three referenced rules X1, X2, X3 hold and combines them with its
 * formula; it holds once the formula has been true for its hold time without a break.
 * A logic rule has no output of its own: switch triggers with source 7 (conditional
 * execution) act on it.
 */
import { evaluateLogic } from '@fieldlink/protocol';
import type { RuleOf } from '@fieldlink/protocol';
import { StableLevel, timeMs } from './levels.js';
import type { RuleStates } from './levels.js';

export type LogicModel = RuleOf<'logic'>;

export class LogicRule {
  private readonly level: StableLevel;

  constructor(private readonly rule: LogicModel) {
    this.level = new StableLevel(timeMs(rule.holdTime));
  }

  /** Whether the rule holds (as of its last step). */
  get holds(): boolean {
    return this.level.holds;
  }

  step(states: RuleStates, now: number): void {
    const [x1, x2, x3] = this.rule.inputs.map((ref) => states.holds(ref)) as [boolean, boolean, boolean];
    // A disabled (0) or unknown type never holds.
    this.level.step(evaluateLogic(this.rule.logicType, x1, x2, x3) === true, now);
  }
}

/** A logic rule the engine runs; null for a disabled slot (type 0). */
export function logicRule(rule: LogicModel): LogicRule | null {
  return rule.logicType === 0 ? null : new LogicRule(rule);
}
