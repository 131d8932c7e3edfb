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
