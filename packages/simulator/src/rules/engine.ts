/**
 * The rule engine of a virtual device: decodes the rule pages held in the device's memory
 * (timers, switch and analog triggers, scenes, logic rules, analog-output rules) and, at each
 * step, evaluates them against the wall clock, the channels and the rule registers and applies
 * their outputs through the memory, so Modbus reads show the effect. A page written over
 * Modbus (or by a register operation) is decoded again at the next step; a rule that a
 * rewrite leaves unchanged keeps its timing state.
 *
 * Order within a step: relay holds that end, timers, switch triggers, analog triggers, logic
 * rules, scenes, analog-output rules. A rule that reads one later in this order (a trigger on a
 * scene or a logic rule, a scene on a later scene) sees it as it was at the previous step.
 */
import { decodePage, PAGE_TYPES, pageStart, registersToBytes } from '@fieldlink/protocol';
import type { PageRule, PageTypeName } from '@fieldlink/protocol';
import type { EquipmentMemory } from '../memory.js';
import { analogOutputRule } from './analog-output.js';
import type { AnalogOutputRule } from './analog-output.js';
import { REF_ANALOG, REF_CONSTANT, REF_SCENE_A, REF_SCENE_B, REF_SWITCH, REF_TIME } from './levels.js';
import type { RuleRef, RuleStates } from './levels.js';
import { logicRule } from './logic.js';
import type { LogicRule } from './logic.js';
import { OutputRunner } from './outputs.js';
import type { Output } from './outputs.js';
import { RuleRegisters } from './registers.js';
import { SceneRules, SCENES_PER_TYPE } from './scenes.js';
import { TimerRules } from './timers.js';
import { analogTriggerRule, switchTriggerRule } from './triggers.js';
import type { ConditionRule, TriggerContext } from './triggers.js';

export interface RuleEngineOptions {
  /** 2000-series device: rule pages 10000 registers lower. */
  readonly series2000?: boolean;
  /** The device clock's offset from UTC in minutes, east positive (default 0, UTC). */
  readonly utcOffsetMinutes?: number;
}

/** The page types the engine runs. */
export const RUN_PAGE_TYPES = [
  'rtc',
  'di',
  'ai',
  'scene',
  'scene2',
  'logic',
  'aorule',
] as const satisfies readonly PageTypeName[];

interface Loaded<T> {
  readonly text: string;
  readonly rule: T;
}

/** Keeps the loaded rule of `key` when its model is unchanged, else makes a new one. */
function keepOrMake<T>(
  old: ReadonlyMap<string, Loaded<T>>,
  next: Map<string, Loaded<T>>,
  key: string,
  model: unknown,
  make: () => T | null,
): void {
  const text = JSON.stringify(model);
  const kept = old.get(key);
  if (kept && kept.text === text) {
    next.set(key, kept);
    return;
  }
  const rule = make();
  if (rule) next.set(key, { text, rule });
}

export class RuleEngine implements RuleStates {
  /** The cache, time and flow registers, and the register reads and writes of the rules. */
  readonly registers: RuleRegisters;
  private readonly outputs: OutputRunner;
  private readonly scenes: SceneRules;
  private readonly series2000: boolean;
  private readonly offsetMinutes: number;
  private timers = new TimerRules([], 0);
  private timerText = '[]';
  /** Switch triggers then analog triggers, in page order, keyed `type:index`. */
  private conditions = new Map<string, Loaded<ConditionRule>>();
  /** The output of every enabled trigger slot, keyed `type:index`, for the `more` flag. */
  private slotOutputs = new Map<string, Output>();
  private logic = new Map<string, Loaded<LogicRule>>();
  private analogOutputs = new Map<string, Loaded<AnalogOutputRule>>();
  private dirty = true;
  /** The time of the step being evaluated, for time-rule references. */
  private now = 0;

  constructor(
    private readonly memory: EquipmentMemory,
    options: RuleEngineOptions = {},
  ) {
    this.series2000 = options.series2000 ?? false;
    this.offsetMinutes = options.utcOffsetMinutes ?? 0;
    this.registers = new RuleRegisters(memory);
    this.registers.onHoldingWrite = (start, count) => this.holdingWritten(start, count);
    this.scenes = new SceneRules({
      states: this,
      registers: this.registers,
      setRelay: (channel, on) => this.outputs.setRelay(channel, on),
    });
    this.outputs = new OutputRunner(memory, { registers: this.registers, scenes: this.scenes });
  }

  /** Holding registers `start`…`start + count − 1` were written: reload before the next step. */
  holdingWritten(start: number, count: number): void {
    const offset = this.series2000 ? -10000 : 0;
    for (const type of RUN_PAGE_TYPES) {
      const t = PAGE_TYPES[type];
      const from = t.start + offset;
      const to = from + t.maxPages * t.registers;
      if (start < to && start + count > from) this.dirty = true;
    }
  }

  /** Decodes every rule page of the types the engine runs. */
  load(): void {
    this.dirty = false;
    const schedules = this.rulesOf('rtc');
    const text = JSON.stringify(schedules);
    if (text !== this.timerText) {
      this.timers = new TimerRules(schedules, this.offsetMinutes, this.timers);
      this.timerText = text;
    }
    const conditions = new Map<string, Loaded<ConditionRule>>();
    const outputs = new Map<string, Output>();
    this.rulesOf('di').forEach((r, i) => {
      if (!r || r.source === 0) return;
      outputs.set(`di:${i}`, r.output);
      keepOrMake(this.conditions, conditions, `di:${i}`, r, () => switchTriggerRule(r));
    });
    this.rulesOf('ai').forEach((r, i) => {
      if (!r || r.source === 0) return;
      outputs.set(`ai:${i}`, r.output);
      keepOrMake(this.conditions, conditions, `ai:${i}`, r, () => analogTriggerRule(r));
    });
    this.conditions = conditions;
    this.slotOutputs = outputs;
    this.scenes.load([...this.rulesOf('scene'), ...this.rulesOf('scene2')]);
    const logic = new Map<string, Loaded<LogicRule>>();
    this.rulesOf('logic').forEach(
      (r, i) => r && keepOrMake(this.logic, logic, String(i), r, () => logicRule(r)),
    );
    this.logic = logic;
    const analogOutputs = new Map<string, Loaded<AnalogOutputRule>>();
    this.rulesOf('aorule').forEach(
      (r, i) => r && keepOrMake(this.analogOutputs, analogOutputs, String(i), r, () => analogOutputRule(r)),
    );
    this.analogOutputs = analogOutputs;
  }

  /** Evaluates every rule at `now` (ms) and applies the outputs that run. */
  step(now: number): void {
    if (this.dirty) this.load();
    this.now = now;
    this.registers.step(now);
    this.outputs.step(now);
    const run = (output: Output): void => void this.outputs.run(output, now);
    this.timers.step(now, { run, reverse: (o) => OutputRunner.reversed(o) });
    const ctx = this.triggerContext(now);
    for (const [key, { rule }] of this.conditions) {
      const condition = rule.condition(ctx);
      rule.level.step(condition === true, now);
      if (condition === null || !rule.held.step(condition, now)) continue;
      run(rule.output);
      if (!rule.more) continue;
      // `more`: the output of the next slot of the same page type runs too.
      const [type, index] = key.split(':');
      const next = this.slotOutputs.get(`${type}:${Number(index) + 1}`);
      if (next) run(next);
    }
    for (const { rule } of this.logic.values()) rule.step(this, now);
    this.scenes.step(now);
    for (const { rule } of this.analogOutputs.values()) rule.step(this, this.memory, now);
  }

  /**
   * Whether the rule a reference names holds: rule n is slot n of its family's pages counted
   * across pages (page p, slot s is 10p + s). A reference to no rule never holds.
   */
  holds(ref: RuleRef): boolean {
    switch (ref.ruleType) {
      case REF_CONSTANT:
        return true;
      case REF_TIME:
        return this.timers.holds(ref.rule, this.now);
      case REF_SWITCH:
        return this.conditions.get(`di:${ref.rule}`)?.rule.level.holds ?? false;
      case REF_ANALOG:
        return this.conditions.get(`ai:${ref.rule}`)?.rule.level.holds ?? false;
      case REF_SCENE_A:
      case REF_SCENE_B: {
        if (ref.rule >= SCENES_PER_TYPE) return false;
        const index = ref.rule + (ref.ruleType === REF_SCENE_B ? SCENES_PER_TYPE : 0);
        return this.scenes.holds(index) ?? false;
      }
      default:
        return false;
    }
  }

  private triggerContext(now: number): TriggerContext {
    return {
      memory: this.memory,
      registers: this.registers,
      now,
      sceneRunning: (index) => this.scenes.running(index),
      sceneHolds: (index, kind) => this.scenes.holds(index, kind),
      logicHolds: (index) => this.logic.get(String(index))?.rule.holds ?? null,
    };
  }

  /** The rules of every page of a type, in page order; empty pages read as disabled slots. */
  private rulesOf<T extends PageTypeName>(type: T): (PageRule<T> | null)[] {
    const t = PAGE_TYPES[type];
    const out: (PageRule<T> | null)[] = [];
    for (let page = 0; page < t.maxPages; page++) {
      const start = pageStart(type, page, { series2000: this.series2000 });
      const registers = Array.from({ length: t.registers }, (_, i) => this.memory.readHolding(start + i));
      if (registers.every((r) => r === 0)) {
        out.push(...new Array<null>(10).fill(null));
        continue;
      }
      out.push(...decodePage(type, registersToBytes(registers)));
    }
    return out;
  }
}
