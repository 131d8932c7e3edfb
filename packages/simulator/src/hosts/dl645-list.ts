/**
 * A DL645 gateway's list (`dl645` pages, docs/protocol.md § DL645 meter entry and § DL645
 * values) run against its meters: every active entry, at its poll delay, reads its data item
 * from the meter its address names and keeps the value, in hundredths, at input registers
 * 3000 + 2e and 3001 + 2e, and copies the two registers to the entry's masterStart holding
 * registers. An entry whose meter or data item does not exist keeps its last value.
 */
import {
  decodePage,
  DL645_ENTRIES,
  DL645_VALUE_REGISTER,
  encodeDl645Value,
  PAGE_TYPES,
  pageStart,
  registersToBytes,
} from '@fieldlink/protocol';
import type { RuleOf } from '@fieldlink/protocol';
import type { InputBlock } from '../device-registers.js';
import type { EquipmentMemory, RegisterArea } from '../memory.js';
import { pollMs } from './modbus-list.js';
import type { Dl645Meter } from './sub-devices.js';

type Dl645MeterEntry = RuleOf<'dl645Meter'>;

/** What the last poll of an entry did. */
export type Dl645Result = 'ok' | 'no meter' | 'no such item' | 'no room';

interface Running {
  readonly text: string;
  readonly entry: Dl645MeterEntry;
  nextAt: number | null;
  result: Dl645Result | null;
}

export class Dl645List implements InputBlock {
  readonly start = DL645_VALUE_REGISTER;
  /** Input registers 3000-3139: entry e's value at 2e, 2e + 1. */
  readonly values: number[] = new Array<number>(2 * DL645_ENTRIES).fill(0);
  private readonly span: readonly [number, number];
  private entries = new Map<number, Running>();
  private dirty = true;

  constructor(
    private readonly memory: EquipmentMemory,
    private readonly meters: () => readonly Dl645Meter[],
    /** Where entries may keep values (the gateway's master area). */
    private readonly area: RegisterArea,
    private readonly series2000 = false,
  ) {
    const t = PAGE_TYPES.dl645;
    const from = pageStart('dl645', 0, { series2000 });
    this.span = [from, from + t.maxPages * t.registers];
  }

  holdingWritten(start: number, count: number): void {
    if (start < this.span[1] && start + count > this.span[0]) this.dirty = true;
  }

  /** The last poll's result of entry `index` (page × 10 + slot); null before its first poll. */
  result(index: number): Dl645Result | null {
    return this.entries.get(index)?.result ?? null;
  }

  /** Polls every active entry that is due at `now` (ms). */
  step(now: number): void {
    if (this.dirty) this.load();
    for (const [index, running] of this.entries) {
      if (running.nextAt !== null && now < running.nextAt) continue;
      running.nextAt = now + pollMs(running.entry.pollDelay);
      running.result = this.poll(index, running.entry, now);
    }
  }

  private load(): void {
    this.dirty = false;
    const next = new Map<number, Running>();
    const t = PAGE_TYPES.dl645;
    for (let page = 0; page < t.maxPages; page++) {
      const start = pageStart('dl645', page, { series2000: this.series2000 });
      const registers = Array.from({ length: t.registers }, (_, i) => this.memory.readHolding(start + i));
      if (registers.every((r) => r === 0)) continue;
      decodePage('dl645', registersToBytes(registers)).forEach((entry, slot) => {
        if (!entry || (entry.mode !== 1 && entry.mode !== 2)) return;
        const index = page * 10 + slot;
        const text = JSON.stringify(entry);
        const old = this.entries.get(index);
        next.set(index, old && old.text === text ? old : { text, entry, nextAt: null, result: null });
      });
    }
    this.entries = next;
  }

  private poll(index: number, e: Dl645MeterEntry, now: number): Dl645Result {
    const meter = this.meters().find((m) => m.answersTo(e.address));
    if (!meter) return 'no meter';
    const value = meter.read(e.dataId, e.mode === 1 ? 2007 : 1997, now);
    if (value === null) return 'no such item';
    const words = encodeDl645Value(value);
    this.values[2 * index] = words[0];
    this.values[2 * index + 1] = words[1];
    const { start, count } = this.area;
    if (e.masterStart < start || e.masterStart + 2 > start + count) return 'no room';
    this.memory.writeHolding(e.masterStart, words[0], false);
    this.memory.writeHolding(e.masterStart + 1, words[1], false);
    return 'ok';
  }
}
