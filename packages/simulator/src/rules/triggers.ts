/**
 * The switch triggers (di pages, docs/protocol.md § Trigger) and analog triggers (ai pages,
 * § Analog trigger) run against the device's channels, with the timed hold of spec § 3.3:
 * the condition must hold for the hold time, the output runs, the rule then waits the unhold
 * (release) time and then waits for a re-trigger.
 *
 * - An event is the condition becoming true: a condition already true when the rule is loaded
 *   must first end. Single rules (repeat off) re-arm only once the condition has ended; repeat
 *   rules re-arm after the release time and run again after another hold while it still holds.
 * - Event-forced rules run their output at every step while the condition holds past the hold.
 */
import type { RuleOf } from '@fieldlink/protocol';
import { timeValueToSeconds, windowMatches } from '@fieldlink/protocol';
import type { EquipmentMemory } from '../memory.js';
import type { Output } from './outputs.js';

export type SwitchTrigger = RuleOf<'trigger'>;
export type AnalogTrigger = RuleOf<'analogTrigger'>;

type Phase =
  | { readonly kind: 'armed' }
  | { readonly kind: 'holding'; readonly since: number }
  | { readonly kind: 'forcing' }
  | { readonly kind: 'releasing'; readonly until: number }
  | { readonly kind: 'waitingEnd' };

/** The timed hold of one rule: when its condition has held long enough, it fires. */
export class HeldCondition {
  private phase: Phase | null = null;

  constructor(
    private readonly holdMs: number,
    private readonly unholdMs: number,
    private readonly repeat: boolean,
    private readonly forced: boolean,
  ) {}

  /** Feeds the condition at `now`; true when the output runs now. */
  step(condition: boolean, now: number): boolean {
    const p = this.phase;
    if (p === null) {
      // First look: a condition already true is not an event.
      this.phase = condition ? { kind: 'waitingEnd' } : { kind: 'armed' };
      return false;
    }
    switch (p.kind) {
      case 'waitingEnd':
        if (!condition) this.phase = { kind: 'armed' };
        return false;
      case 'releasing':
        if (now < p.until) return false;
        this.phase = this.repeat || !condition ? { kind: 'armed' } : { kind: 'waitingEnd' };
        return this.step(condition, now);
      case 'forcing':
        if (condition) return true;
        this.phase = { kind: 'armed' };
        return false;
      case 'armed':
        if (!condition) return false;
        this.phase = { kind: 'holding', since: now };
        return this.step(condition, now);
      case 'holding':
        if (!condition) {
          this.phase = { kind: 'armed' };
          return false;
        }
        if (now - p.since < this.holdMs) return false;
        this.phase = this.forced ? { kind: 'forcing' } : { kind: 'releasing', until: now + this.unholdMs };
        return true;
    }
  }
}

/** A rule the engine can step: its condition on the memory and its output. */
export interface ConditionRule {
  readonly held: HeldCondition;
  readonly more: boolean;
  readonly output: Output;
  /** The condition now, or null when the simulator does not evaluate this source. */
  condition(memory: EquipmentMemory): boolean | null;
}

const DI_SOURCE = 1;
const DO_SOURCE = 2;

/** A switch trigger on a DI (source 1) or DO (source 2) channel; null for other sources. */
export function switchTriggerRule(rule: SwitchTrigger): ConditionRule | null {
  if (rule.source !== DI_SOURCE && rule.source !== DO_SOURCE) return null;
  const wanted = rule.level === 'active';
  return {
    held: new HeldCondition(rule.holdTime * 100, rule.unholdTime * 100, rule.repeat, rule.forced),
    more: rule.more,
    output: rule.output,
    condition(memory) {
      const bits = rule.source === DI_SOURCE ? memory.inputs : memory.coils;
      const level = bits[rule.channel];
      return level === undefined ? null : level === wanted;
    },
  };
}

const AI_SOURCE = 1;
const AO_SOURCE = 2;

/** An analog trigger on an AI (source 1) or AO (source 2) channel; null for other sources. */
export function analogTriggerRule(rule: AnalogTrigger): ConditionRule | null {
  if (rule.source !== AI_SOURCE && rule.source !== AO_SOURCE) return null;
  return {
    held: new HeldCondition(timeValueToSeconds(rule.window.holdTime) * 1000, 0, rule.repeat, rule.forced),
    more: rule.more,
    output: rule.output,
    condition(memory) {
      const values = rule.source === AI_SOURCE ? memory.inputRegisters : memory.analogOutputs;
      const value = values[rule.channel];
      return value === undefined ? null : windowMatches(rule.window, value);
    },
  };
}
