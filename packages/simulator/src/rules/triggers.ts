/**
 * The switch triggers (di pages, docs/protocol.md § Trigger) and analog triggers (ai pages,
 * § Analog trigger) run against the device's channels, scenes, logic rules and rule registers,
 * with the timed hold of spec § 3.3: the condition must hold for the hold time, the output
 * runs, the rule then waits the unhold (release) time and then waits for a re-trigger.
 *
 * - An event is the condition becoming true: a condition already true when the rule is loaded
 *   must first end. Single rules (repeat off) re-arm only once the condition has ended; repeat
 *   rules re-arm after the release time and run again after another hold while it still holds.
 * - Event-forced rules run their output at every step while the condition holds past the hold.
 */
import type { RuleOf } from '@fieldlink/protocol';
import { windowMatches } from '@fieldlink/protocol';
import type { EquipmentMemory } from '../memory.js';
import { StableLevel, timeMs } from './levels.js';
import type { Output } from './outputs.js';
import type { RuleRegisters } from './registers.js';

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

/** What a trigger's condition can read besides the channels. */
export interface TriggerContext {
  readonly memory: EquipmentMemory;
  readonly registers: RuleRegisters;
  readonly now: number;
  /** Whether scene n (0-139) is running; null when there is no such scene. */
  sceneRunning(index: number): boolean | null;
  /** Whether scene n holds; null when there is no such scene or it is not of `kind`. */
  sceneHolds(index: number, kind: 'channel' | 'calculation'): boolean | null;
  /** Whether logic rule n holds; null when there is no such logic rule. */
  logicHolds(index: number): boolean | null;
}

/** A rule the engine can step: its condition, its timed hold and its output. */
export interface ConditionRule {
  readonly held: HeldCondition;
  /** Whether the rule holds, for references to it: its condition held for the hold time. */
  readonly level: StableLevel;
  readonly more: boolean;
  readonly output: Output;
  /** The condition now, or null when its source names nothing on this device. */
  condition(ctx: TriggerContext): boolean | null;
}

const DI_SOURCE = 1;
const DO_SOURCE = 2;
const SCENE_CHANNEL = 3;
const ALGORITHM = 5;
const SCENE_APPLICATION = 6;
const CONDITION = 7;

/** The level of a switch trigger's source, or null when the source names nothing. */
function switchSource(source: number, channel: number, ctx: TriggerContext): boolean | null {
  switch (source) {
    case DI_SOURCE:
      return ctx.memory.inputs[channel] ?? null;
    case DO_SOURCE:
      return ctx.memory.coils[channel] ?? null;
    case SCENE_CHANNEL:
      return ctx.sceneRunning(channel);
    case ALGORITHM:
      return ctx.sceneHolds(channel, 'calculation');
    case SCENE_APPLICATION:
      return ctx.sceneHolds(channel, 'channel');
    case CONDITION:
      return ctx.logicHolds(channel);
    default:
      return null;
  }
}

/**
 * A switch trigger: sources 1 (DI), 2 (DO), 3 (scene n running), 5 (calculation scene n
 * holds), 6 (channel scene n holds), 7 (logic rule n holds); null for 0 and the reserved 4.
 */
export function switchTriggerRule(rule: SwitchTrigger): ConditionRule | null {
  if (rule.source === 0 || rule.source === 4 || rule.source > CONDITION) return null;
  const wanted = rule.level === 'active';
  const holdMs = rule.holdTime * 100;
  return {
    held: new HeldCondition(holdMs, rule.unholdTime * 100, rule.repeat, rule.forced),
    level: new StableLevel(holdMs),
    more: rule.more,
    output: rule.output,
    condition(ctx) {
      const level = switchSource(rule.source, rule.channel, ctx);
      return level === null ? null : level === wanted;
    },
  };
}

/** Analog-trigger sources 3-7: rule registers, then the read-only (input) registers. */
const ANALOG_REGISTERS: Record<number, { readonly regType?: number; readonly operand?: number }> = {
  3: { regType: 5 }, // cache register n
  4: { regType: 6 }, // time register n
  5: { regType: 7 }, // flow register n (cumulative)
  6: { regType: 8 }, // changed flow n
  7: { operand: 3 }, // read-only register (u16) n
};

/** The value an analog trigger watches, or null when its source names nothing. */
function analogSource(source: number, channel: number, ctx: TriggerContext): number | null {
  if (source === 1) return ctx.memory.inputRegisters[channel] ?? null;
  if (source === 2) return ctx.registers.read({ regType: 0, regAddr: channel }, ctx.now);
  const register = ANALOG_REGISTERS[source];
  if (register?.regType !== undefined)
    return ctx.registers.read({ regType: register.regType, regAddr: channel }, ctx.now);
  if (register?.operand !== undefined) return ctx.registers.operand(register.operand, channel, ctx.now);
  return null;
}

/**
 * An analog trigger on an AI (1) or AO (2) channel, a cache (3), time (4), flow (5) or
 * changed-flow (6) register, or a read-only register (7); null when disabled.
 */
export function analogTriggerRule(rule: AnalogTrigger): ConditionRule | null {
  if (rule.source === 0 || rule.source > 7) return null;
  const holdMs = timeMs(rule.window.holdTime);
  return {
    held: new HeldCondition(holdMs, 0, rule.repeat, rule.forced),
    level: new StableLevel(holdMs),
    more: rule.more,
    output: rule.output,
    condition(ctx) {
      const value = analogSource(rule.source, rule.channel, ctx);
      return value === null ? null : windowMatches(rule.window, value);
    },
  };
}
