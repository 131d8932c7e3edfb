/**
 * Rule references (docs/protocol.md § Rule reference) and the stable hold behind every
 * "holds": the logic rules, the analog-output rules and the scenes act while the rule they
 * point at holds, once their own condition has held for their hold time without a break.
 */
import { timeValueToSeconds } from '@fieldlink/protocol';
import type { TimeValue } from '@fieldlink/protocol';

/** A reference to another rule: ruleType 0-5 (constant, time, switch, analog, scene A, scene B). */
export interface RuleRef {
  readonly ruleType: number;
  readonly rule: number;
}

export const REF_CONSTANT = 0;
export const REF_TIME = 1;
export const REF_SWITCH = 2;
export const REF_ANALOG = 3;
export const REF_SCENE_A = 4;
export const REF_SCENE_B = 5;

/** Whether the rule a reference names holds now; a reference to no rule never holds. */
export interface RuleStates {
  holds(ref: RuleRef): boolean;
}

/** A time byte in ms. */
export function timeMs(t: TimeValue): number {
  return timeValueToSeconds(t) * 1000;
}

/**
 * A condition that counts once it has held for `holdMs` without a break: true from the first
 * step at or after the hold, false again as soon as the condition fails. The hold of a
 * condition already true when the tracker is made counts from its first step.
 */
export class StableLevel {
  private since: number | null = null;
  private value = false;

  constructor(private readonly holdMs: number) {}

  /** Feeds the condition at `now`; returns whether it holds. */
  step(condition: boolean, now: number): boolean {
    if (!condition) this.since = null;
    else if (this.since === null || now < this.since) this.since = now;
    this.value = condition && now - (this.since ?? now) >= this.holdMs;
    return this.value;
  }

  /** The result of the last step. */
  get holds(): boolean {
    return this.value;
  }

  reset(): void {
    this.since = null;
    this.value = false;
  }
}
