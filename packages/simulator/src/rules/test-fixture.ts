/**
 * A device memory with a rule engine, pages written the way the server writes them, and a
 * controlled clock: what the rule tests drive. Not used by the simulator itself.
 */
import { pageWrite } from '@fieldlink/protocol';
import type { PageRule, PageTypeName, RuleOf } from '@fieldlink/protocol';
import { EquipmentMemory } from '../memory.js';
import type { EquipmentShape } from '../memory.js';
import { RuleEngine } from './engine.js';

export type Output = RuleOf<'output'>;

/** Monday 2026-03-02 00:00:00 UTC. */
export const MONDAY = Date.UTC(2026, 2, 2);
export const DAY = 86_400_000;

/** `day` + hour:minute:second, in ms. */
export const at = (hour: number, minute = 0, second = 0, day = MONDAY): number =>
  day + ((hour * 60 + minute) * 60 + second) * 1000;

export const close = (channel: number, value = 0): Output => ({ mode: 1, channel, value, addr: 0 });
export const open = (channel: number, value = 0): Output => ({ mode: 2, channel, value, addr: 0 });
export const stopScene = (index: number): Output => ({ mode: 4, channel: index, value: 0, addr: 0 });
export const startScene = (index: number): Output => ({ mode: 5, channel: index, value: 0, addr: 0 });

/** A time byte of `tenths` × 0.1 s (0-63). */
export const tenths = (value: number): { value: number; unit: 0 } => ({ value, unit: 0 });
/** A time byte of `value` s (0-63). */
export const seconds = (value: number): { value: number; unit: 1 } => ({ value, unit: 1 });

/** Writes a page as the server does, one FC16 through the device's memory. */
export function writePage<T extends PageTypeName>(
  memory: EquipmentMemory,
  type: T,
  rules: (PageRule<T> | null)[],
  page = 0,
): void {
  const w = pageWrite(type, page, rules);
  const reply = memory.handle({ fn: 16, address: w.start, values: w.registers });
  if (!('count' in reply) || reply.count !== w.registers.length) {
    throw new Error(`page write refused: ${JSON.stringify(reply)}`);
  }
}

export interface Rig {
  readonly memory: EquipmentMemory;
  readonly engine: RuleEngine;
}

/** 4 DO, 4 DI, 2 AI, 2 AO unless `shape` says otherwise; Modbus page writes reach the engine. */
export function setup(shape: Partial<EquipmentShape> = {}): Rig {
  const memory = new EquipmentMemory({ doCount: 4, diCount: 4, aiCount: 2, aoCount: 2, ...shape });
  const engine = new RuleEngine(memory);
  memory.onHoldingWrite = (start, count) => engine.holdingWritten(start, count);
  return { memory, engine };
}

/** The relays as an FC01 read shows them. */
export function coils(memory: EquipmentMemory): boolean[] {
  const reply = memory.handle({ fn: 1, address: 0, count: memory.coils.length });
  return 'values' in reply ? (reply.values as boolean[]) : [];
}

/** The relays as a string of 1 and 0, DO1 first: '1000'. */
export function relays(memory: EquipmentMemory): string {
  return coils(memory)
    .map((on) => (on ? '1' : '0'))
    .join('');
}

/** AO channel values as an FC03 read shows them. */
export function aoValues(memory: EquipmentMemory): number[] {
  const count = memory.analogOutputs.length;
  const reply = memory.handle({ fn: 3, address: memory.aoRegister, count });
  return 'values' in reply ? [...(reply.values as number[])] : [];
}

type Scene = RuleOf<'scene'>;
type Ref = { ruleType: number; rule: number };

/** Rule references: constant, time rule n, switch rule n, analog rule n, scene A / B rule n. */
export const ALWAYS: Ref = { ruleType: 0, rule: 0 };
export const timeRule = (rule: number): Ref => ({ ruleType: 1, rule });
export const switchRule = (rule: number): Ref => ({ ruleType: 2, rule });
export const analogRule = (rule: number): Ref => ({ ruleType: 3, rule });
export const sceneA = (rule: number): Ref => ({ ruleType: 4, rule });
export const sceneB = (rule: number): Ref => ({ ruleType: 5, rule });
/** A reference to a rule that never holds: time rule 127 (there are 70 time rules). */
export const NEVER: Ref = timeRule(127);

export const trigger = (over: Partial<RuleOf<'trigger'>> = {}): RuleOf<'trigger'> => ({
  dev: 0,
  source: 1,
  more: false,
  forced: false,
  repeat: false,
  channel: 0,
  level: 'active',
  holdTime: 10,
  unholdTime: 5,
  output: { mode: 3, channel: 0, value: 0, addr: 0 },
  ...over,
});

export const analog = (over: Partial<RuleOf<'analogTrigger'>> = {}): RuleOf<'analogTrigger'> => ({
  dev: 0,
  source: 1,
  more: false,
  forced: false,
  repeat: false,
  channel: 0,
  window: { band: false, holdTime: { value: 2, unit: 1 }, high: 16000, low: 4000 },
  output: close(0),
  ...over,
});

export const marquee = (over: Partial<Extract<Scene, { type: 1 | 2 }>> = {}): Scene => ({
  type: 1,
  cycle: false,
  reverse: false,
  ...NEVER,
  holdTime: tenths(0),
  cycleCount: 1,
  waitTime: tenths(0),
  openTime: seconds(1),
  closeTime: tenths(0),
  channels: [0, 1, 2],
  ...over,
});

export const steps = (
  type: 3 | 4 | 5 | 6,
  over: Partial<Extract<Scene, { type: 3 | 4 | 5 | 6 }>> = {},
): Scene => ({
  type,
  ...NEVER,
  holdTime: tenths(0),
  stepTime: seconds(1),
  channels: [0, 1, 2],
  ...over,
});

export const simultaneous = (over: Partial<Extract<Scene, { type: 7 }>> = {}): Scene => ({
  type: 7,
  ...NEVER,
  holdTime: tenths(0),
  openChannels: [0, 1],
  closeChannels: [2, 3],
  ...over,
});

/** Function calculation: X = A (AI1) into cache register 0, X ≥ 1000. */
export const calculation = (over: Partial<Extract<Scene, { type: 10 }>> = {}): Scene => ({
  type: 10,
  formula: 0,
  comparison: 0,
  a: { source: 1, value: 0 },
  b: { source: 0, value: 0 },
  c: { source: 0, value: 1000 },
  holdTime: tenths(0),
  resultRegister: 0,
  ...over,
});

/** Assignment calculation: AO1 = A + B (AI1 + 100) every second. */
export const assignment = (over: Partial<Extract<Scene, { type: 20 }>> = {}): Scene => ({
  type: 20,
  formula: 1,
  a: { source: 1, value: 0 },
  b: { source: 0, value: 100 },
  target: { regType: 0, regAddr: 0 },
  period: seconds(1),
  ...over,
});

/** Cumulative flow, module 1 (target in cache register 1), DO switch on DO1, flow register 0. */
export const flow = (over: Partial<Extract<Scene, { type: 30 }>> = {}): Scene => ({
  type: 30,
  module: 1,
  mode: 1,
  doChannel: 0,
  regSource: 13,
  regAddr: 0,
  advance: 0,
  openTime: seconds(2),
  closeTime: seconds(1),
  ...over,
});

export const logic = (
  logicType: number,
  inputs: readonly [Ref, Ref, Ref],
  holdTime: { value: number; unit: 0 | 1 | 2 | 3 } = tenths(0),
): RuleOf<'logic'> => ({ logicType, inputs: [...inputs] as [Ref, Ref, Ref], holdTime });

/** AI1 0-10000 → AO1 0-1000 while the reference holds. */
export const aoRule = (over: Partial<RuleOf<'analogOutput'>> = {}): RuleOf<'analogOutput'> => ({
  aiRange: '0-10V',
  aiChannel: 0,
  aiLow: 0,
  aiHigh: 10000,
  aoLow: 0,
  aoHigh: 1000,
  aoChannel: 0,
  ...ALWAYS,
  holdTime: tenths(0),
  ...over,
});
