/**
 * The rule engine of a virtual device: decodes the rule pages held in the device's memory
 * (timers, switch triggers, analog triggers) and, at each step, evaluates them against the
 * wall clock and the channels and applies their outputs through the memory, so Modbus reads
 * show the effect. A page written over Modbus is decoded again at the next step; a rule that a
 * rewrite leaves unchanged keeps its timing state.
 */
import { decodePage, PAGE_TYPES, pageStart, registersToBytes } from '@fieldlink/protocol';
import type { PageRule, PageTypeName } from '@fieldlink/protocol';
import type { EquipmentMemory } from '../memory.js';
import { OutputRunner } from './outputs.js';
import type { Output } from './outputs.js';
import { TimerRules } from './timers.js';
import { analogTriggerRule, switchTriggerRule } from './triggers.js';
import type { ConditionRule } from './triggers.js';

export interface RuleEngineOptions {
  /** 2000-series device: rule pages 10000 registers lower. */
  readonly series2000?: boolean;
  /** The device clock's offset from UTC in minutes, east positive (default 0, UTC). */
  readonly utcOffsetMinutes?: number;
}

/** The page types the engine runs. */
export const RUN_PAGE_TYPES = ['rtc', 'di', 'ai'] as const satisfies readonly PageTypeName[];

interface LoadedRule {
  readonly text: string;
  readonly rule: ConditionRule;
}

export class RuleEngine {
  private readonly outputs: OutputRunner;
  private readonly series2000: boolean;
  private readonly offsetMinutes: number;
  private timers = new TimerRules([], 0);
  private timerText = '[]';
  /** Switch triggers then analog triggers, in page order, keyed `type:page:slot`. */
  private conditions = new Map<string, LoadedRule>();
  /** The output of every enabled trigger slot, keyed `type:index`, for the `more` flag. */
  private slotOutputs = new Map<string, Output>();
  private dirty = true;

  constructor(
    private readonly memory: EquipmentMemory,
    options: RuleEngineOptions = {},
  ) {
    this.outputs = new OutputRunner(memory);
    this.series2000 = options.series2000 ?? false;
    this.offsetMinutes = options.utcOffsetMinutes ?? 0;
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
      this.timers = new TimerRules(schedules, this.offsetMinutes);
      this.timerText = text;
    }
    const next = new Map<string, LoadedRule>();
    const keep = (key: string, value: unknown, make: () => ConditionRule | null): void => {
      const ruleText = JSON.stringify(value);
      const old = this.conditions.get(key);
      if (old && old.text === ruleText) {
        next.set(key, old);
        return;
      }
      const rule = make();
      if (rule) next.set(key, { text: ruleText, rule });
    };
    const outputs = new Map<string, Output>();
    this.rulesOf('di').forEach((r, i) => {
      if (!r || r.source === 0) return;
      outputs.set(`di:${i}`, r.output);
      keep(`di:${i}`, r, () => switchTriggerRule(r));
    });
    this.rulesOf('ai').forEach((r, i) => {
      if (!r || r.source === 0) return;
      outputs.set(`ai:${i}`, r.output);
      keep(`ai:${i}`, r, () => analogTriggerRule(r));
    });
    this.conditions = next;
    this.slotOutputs = outputs;
  }

  /** Evaluates every rule at `now` (ms) and applies the outputs that run. */
  step(now: number): void {
    if (this.dirty) this.load();
    this.outputs.step(now);
    const run = (output: Output): void => void this.outputs.run(output, now);
    this.timers.step(now, { run, reverse: (o) => OutputRunner.reversed(o) });
    for (const [key, { rule }] of this.conditions) {
      const condition = rule.condition(this.memory);
      if (condition === null || !rule.held.step(condition, now)) continue;
      run(rule.output);
      if (!rule.more) continue;
      // `more`: the output of the next slot of the same page type runs too.
      const [type, index] = key.split(':');
      const next = this.slotOutputs.get(`${type}:${Number(index) + 1}`);
      if (next) run(next);
    }
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
