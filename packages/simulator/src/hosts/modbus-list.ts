/**
 * A Modbus gateway's list (`mb` pages, docs/protocol.md § Modbus meter entry) run against the
 * meters on its bus: every active entry, at its poll delay, reads `count` registers or coils of
 * its meter and keeps them from `masterStart` in the gateway's own holding registers, or writes
 * them from there to the meter. Coils and discrete inputs take one register each (0 or 1).
 */
import { decodePage, MAX_QUANTITY, PAGE_TYPES, pageStart, registersToBytes } from '@fieldlink/protocol';
import type { ModbusRequest, ModbusResponse, RuleOf } from '@fieldlink/protocol';
import type { EquipmentMemory, ModbusHandler, RegisterArea } from '../memory.js';

type ModbusMeterEntry = RuleOf<'modbusMeter'>;

/** Seconds between polls of each delay code 1-13 (docs/protocol.md § Poll delay); 0 is the default. */
const POLL_SECONDS = [0, 0.5, 1, 3, 5, 10, 30, 60, 300, 600, 1800, 3600, 43_200, 86_400];

/** The poll period of an entry whose delay is 0 (the gateway's default), in ms. */
export const DEFAULT_POLL_MS = 1000;

/** What the last poll of an entry did. */
export type EntryResult = 'ok' | 'no answer' | 'no room' | 'too many' | `exception ${number}`;

interface Running {
  readonly text: string;
  readonly entry: ModbusMeterEntry;
  nextAt: number | null;
  result: EntryResult | null;
}

/** The poll period of a delay code in ms. */
export function pollMs(code: number): number {
  const seconds = POLL_SECONDS[code];
  return seconds ? seconds * 1000 : DEFAULT_POLL_MS;
}

export class ModbusList {
  private readonly span: readonly [number, number];
  private entries = new Map<number, Running>();
  private dirty = true;

  /**
   * `memory`: the gateway's; `meter(address)`: the meter at a bus address, or null; `meters()`:
   * every meter, for broadcast writes (slave 0).
   */
  constructor(
    private readonly memory: EquipmentMemory,
    private readonly meter: (address: number) => ModbusHandler | null,
    private readonly meters: () => readonly ModbusHandler[],
    /** Where entries may keep values (the gateway's master area). */
    private readonly area: RegisterArea,
    private readonly series2000 = false,
  ) {
    const t = PAGE_TYPES.mb;
    const from = pageStart('mb', 0, { series2000 });
    this.span = [from, from + t.maxPages * t.registers];
  }

  /** Holding registers were written: reload the list before the next step if its pages were. */
  holdingWritten(start: number, count: number): void {
    if (start < this.span[1] && start + count > this.span[0]) this.dirty = true;
  }

  /** The last poll's result of entry `index` (page × 10 + slot); null before its first poll. */
  result(index: number): EntryResult | null {
    return this.entries.get(index)?.result ?? null;
  }

  /** Polls every active entry that is due at `now` (ms). */
  step(now: number): void {
    if (this.dirty) this.load();
    for (const running of this.entries.values()) {
      if (running.nextAt !== null && now < running.nextAt) continue;
      running.nextAt = now + pollMs(running.entry.pollDelay);
      running.result = this.poll(running.entry);
    }
  }

  private load(): void {
    this.dirty = false;
    const next = new Map<number, Running>();
    const t = PAGE_TYPES.mb;
    for (let page = 0; page < t.maxPages; page++) {
      const start = pageStart('mb', page, { series2000: this.series2000 });
      const registers = Array.from({ length: t.registers }, (_, i) => this.memory.readHolding(start + i));
      if (registers.every((r) => r === 0)) continue;
      decodePage('mb', registersToBytes(registers)).forEach((entry, slot) => {
        if (!entry || entry.regType < 1 || entry.regType > 8) return;
        const index = page * 10 + slot;
        const text = JSON.stringify(entry);
        const old = this.entries.get(index);
        next.set(index, old && old.text === text ? old : { text, entry, nextAt: null, result: null });
      });
    }
    this.entries = next;
  }

  private fits(start: number, count: number): boolean {
    return start >= this.area.start && start + count <= this.area.start + this.area.count;
  }

  private poll(e: ModbusMeterEntry): EntryResult {
    if (e.count === 0 && e.regType !== 5 && e.regType !== 6) return 'ok';
    return e.regType <= 4 ? this.read(e) : this.write(e);
  }

  private read(e: ModbusMeterEntry): EntryResult {
    const fn = e.regType as 1 | 2 | 3 | 4;
    if (e.count > MAX_QUANTITY[fn] || e.slaveStart + e.count > 0x10000) return 'too many';
    if (!this.fits(e.masterStart, e.count)) return 'no room';
    const meter = e.slave === 0 ? null : this.meter(e.slave);
    if (!meter) return 'no answer';
    const reply = meter.handle({ fn, address: e.slaveStart, count: e.count });
    if ('exception' in reply) return `exception ${reply.exception}`;
    if (!('values' in reply)) return 'no answer';
    const values: readonly (number | boolean)[] = reply.values;
    values.forEach((v, i) => this.memory.writeHolding(e.masterStart + i, Number(v), false));
    return 'ok';
  }

  private write(e: ModbusMeterEntry): EntryResult {
    const count = e.regType === 5 || e.regType === 6 ? 1 : e.count;
    const fn = ({ 5: 6, 6: 5, 7: 16, 8: 15 } as const)[e.regType as 5 | 6 | 7 | 8];
    if ((fn === 15 || fn === 16) && count > MAX_QUANTITY[fn]) return 'too many';
    if (e.slaveStart + count > 0x10000) return 'too many';
    if (!this.fits(e.masterStart, count)) return 'no room';
    const words = Array.from({ length: count }, (_, i) => this.memory.readHolding(e.masterStart + i));
    const request: ModbusRequest =
      fn === 6
        ? { fn, address: e.slaveStart, value: words[0]! }
        : fn === 5
          ? { fn, address: e.slaveStart, value: words[0] !== 0 }
          : fn === 16
            ? { fn, address: e.slaveStart, values: words }
            : { fn, address: e.slaveStart, values: words.map((w) => w !== 0) };
    if (e.slave === 0) {
      // Broadcast: every meter acts, none answers.
      for (const meter of this.meters()) meter.handle(request);
      return 'ok';
    }
    const meter = this.meter(e.slave);
    if (!meter) return 'no answer';
    const reply: ModbusResponse = meter.handle(request);
    return 'exception' in reply ? `exception ${reply.exception}` : 'ok';
  }
}
