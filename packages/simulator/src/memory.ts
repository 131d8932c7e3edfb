/**
 * The memory of one virtual device: relay outputs (coils), digital inputs, analog inputs
 * (input registers), analog outputs and rule pages (holding registers), laid out as the
 * register map of docs/protocol.md says, and the Modbus answers it gives from that memory.
 * Gateways add a plain area of holding registers where their meter lists keep values.
 */
import {
  DEFAULT_AO_REGISTER,
  EXCEPTION,
  MAX_CHANNELS,
  PAGE_TYPES,
  SERIES_2000_OFFSET,
} from '@fieldlink/protocol';
import type { ModbusRequest, ModbusResponse, PageType, PageTypeName } from '@fieldlink/protocol';

/** Anything that answers Modbus requests: a device's memory, or a layer of registers over it. */
export interface ModbusHandler {
  handle(req: ModbusRequest): ModbusResponse;
}

/**
 * Registers a layer answers for itself inside the memory's address space (the device registers:
 * status block, clock, a team host's radio): `count` input or holding registers from `start`.
 * A request wholly inside goes to the block; one that straddles its edge answers exception 2.
 */
export interface RegisterBlock {
  readonly table: 'input' | 'holding';
  readonly start: number;
  readonly count: number;
  handle(req: ModbusRequest): ModbusResponse;
}

/** A run of plain holding registers: `count` registers from `start`. */
export interface RegisterArea {
  readonly start: number;
  readonly count: number;
}

export interface EquipmentShape {
  readonly doCount: number;
  readonly diCount: number;
  readonly aiCount: number;
  readonly aoCount: number;
  /** First AO holding register (fAOReg); default 400. */
  readonly aoRegister?: number;
  /** 2000-series device: rule pages 10000 registers lower. */
  readonly series2000?: boolean;
  /** The rule page types held (default every type). */
  readonly pageTypes?: readonly PageTypeName[];
  /** Plain holding registers besides AO and pages, e.g. a gateway's master area. */
  readonly holdingAreas?: readonly RegisterArea[];
}

function channelCount(n: number, what: string): number {
  if (!Number.isInteger(n) || n < 0 || n > MAX_CHANNELS) {
    throw new RangeError(`${what} count must be 0-${MAX_CHANNELS}, got ${n}`);
  }
  return n;
}

export class EquipmentMemory implements ModbusHandler {
  readonly coils: boolean[];
  readonly inputs: boolean[];
  readonly inputRegisters: number[];
  readonly aoRegister: number;
  private readonly aoCount: number;
  private readonly holding = new Map<number, number>();
  private readonly spans: (readonly [number, number])[];
  private readonly blocks: RegisterBlock[] = [];
  private version = 0;
  /** Called after a Modbus write (FC06, FC16) of holding registers `start`…`start + count − 1`. */
  onHoldingWrite: ((start: number, count: number) => void) | undefined;

  constructor(shape: EquipmentShape) {
    this.coils = new Array<boolean>(channelCount(shape.doCount, 'DO')).fill(false);
    this.inputs = new Array<boolean>(channelCount(shape.diCount, 'DI')).fill(false);
    this.inputRegisters = new Array<number>(channelCount(shape.aiCount, 'AI')).fill(0);
    this.aoCount = channelCount(shape.aoCount, 'AO');
    this.aoRegister = shape.aoRegister ?? DEFAULT_AO_REGISTER;
    const offset = shape.series2000 ? SERIES_2000_OFFSET : 0;
    const types = shape.pageTypes ?? (Object.keys(PAGE_TYPES) as PageTypeName[]);
    this.spans = types.map((name) => {
      const t: PageType = PAGE_TYPES[name];
      return [t.start + offset, t.start + offset + t.maxPages * t.registers] as const;
    });
    for (const area of shape.holdingAreas ?? []) {
      if (
        !Number.isInteger(area.start) ||
        !Number.isInteger(area.count) ||
        area.start < 0 ||
        area.count < 0
      ) {
        throw new RangeError(`holding area must be whole registers from 0, got ${JSON.stringify(area)}`);
      }
      if (area.start + area.count > 0x10000) throw new RangeError('holding area must end by register 65535');
      this.spans.push([area.start, area.start + area.count]);
    }
  }

  /**
   * Adds a block of registers answered by a layer. Throws a RangeError when it overlaps another
   * block of the same table or the memory's own holding registers.
   */
  addBlock(block: RegisterBlock): void {
    const end = block.start + block.count;
    if (
      !Number.isInteger(block.start) ||
      !Number.isInteger(block.count) ||
      block.start < 0 ||
      end > 0x10000
    ) {
      throw new RangeError(`register block ${block.start}+${block.count} is outside 0-65535`);
    }
    for (const b of this.blocks) {
      if (b.table === block.table && block.start < b.start + b.count && end > b.start) {
        throw new RangeError(`register block at ${block.start} overlaps the one at ${b.start}`);
      }
    }
    for (let a = block.start; block.table === 'holding' && a < end; a++) {
      if (this.isHolding(a))
        throw new RangeError(`register block at ${block.start} overlaps holding register ${a}`);
    }
    this.blocks.push(block);
  }

  /** Whether a holding register exists: an AO channel, a register of a rule page or of a holding area. */
  isHolding(address: number): boolean {
    if (address >= this.aoRegister && address < this.aoRegister + this.aoCount) return true;
    return this.spans.some(([from, to]) => address >= from && address < to);
  }

  readHolding(address: number): number {
    return this.holding.get(address) ?? 0;
  }

  /**
   * Stores a holding register. `tracked` false keeps the change out of `holdingVersion`: values
   * the device refreshes itself (a meter list's readings) are not state worth saving.
   */
  writeHolding(address: number, value: number, tracked = true): void {
    if (!this.isHolding(address)) throw new RangeError(`no holding register ${address}`);
    const v = value & 0xffff;
    if (tracked && (this.holding.get(address) ?? 0) !== v) this.version++;
    if (v === 0) this.holding.delete(address);
    else this.holding.set(address, v);
  }

  /** Grows with every tracked change of a holding register's value. */
  get holdingVersion(): number {
    return this.version;
  }

  /** Every holding register that is not 0, by address. */
  holdingEntries(): [number, number][] {
    return [...this.holding.entries()].sort((a, b) => a[0] - b[0]);
  }

  /** Throws a RangeError for a register the device does not have or a value that is not 0-65535. */
  checkHolding(entries: Iterable<readonly [number, number]>): void {
    for (const [address, value] of entries) {
      if (!Number.isInteger(address) || !this.isHolding(address))
        throw new RangeError(`no holding register ${address}`);
      if (!Number.isInteger(value) || value < 0 || value > 0xffff)
        throw new RangeError(`holding register ${address} must be 0-65535, got ${value}`);
    }
  }

  /**
   * Replaces every holding register with `entries` (registers left out read 0). Throws a
   * RangeError, changing nothing, for a register the device does not have or a value that is
   * not 0-65535.
   */
  replaceHolding(entries: Iterable<readonly [number, number]>): void {
    const list = [...entries];
    this.checkHolding(list);
    this.holding.clear();
    for (const [address, value] of list) if (value !== 0) this.holding.set(address, value);
    this.version++;
  }

  /** AO channel values (0-based channels). */
  get analogOutputs(): number[] {
    return Array.from({ length: this.aoCount }, (_, i) => this.readHolding(this.aoRegister + i));
  }

  /** The reply to one request, from and into this memory (or a block added to it). */
  handle(req: ModbusRequest): ModbusResponse {
    const illegalAddress = { fn: req.fn, exception: EXCEPTION.illegalDataAddress };
    if (this.blocks.length > 0) {
      const block = this.blockOf(req);
      if (block === 'straddles') return illegalAddress;
      if (block) return block.handle(req);
    }
    switch (req.fn) {
      case 1:
      case 2: {
        const bits = req.fn === 1 ? this.coils : this.inputs;
        if (req.address + req.count > bits.length) return illegalAddress;
        return { fn: req.fn, values: bits.slice(req.address, req.address + req.count) };
      }
      case 4: {
        if (req.address + req.count > this.inputRegisters.length) return illegalAddress;
        return { fn: 4, values: this.inputRegisters.slice(req.address, req.address + req.count) };
      }
      case 3: {
        const values: number[] = [];
        for (let a = req.address; a < req.address + req.count; a++) {
          if (!this.isHolding(a)) return illegalAddress;
          values.push(this.readHolding(a));
        }
        return { fn: 3, values };
      }
      case 5: {
        if (req.address >= this.coils.length) return illegalAddress;
        this.coils[req.address] = req.value;
        return req;
      }
      case 15: {
        if (req.address + req.values.length > this.coils.length) return illegalAddress;
        req.values.forEach((v, i) => (this.coils[req.address + i] = v));
        return { fn: 15, address: req.address, count: req.values.length };
      }
      case 6: {
        if (!this.isHolding(req.address)) return illegalAddress;
        this.writeHolding(req.address, req.value);
        this.onHoldingWrite?.(req.address, 1);
        return req;
      }
      case 16: {
        for (let i = 0; i < req.values.length; i++)
          if (!this.isHolding(req.address + i)) return illegalAddress;
        req.values.forEach((v, i) => this.writeHolding(req.address + i, v));
        this.onHoldingWrite?.(req.address, req.values.length);
        return { fn: 16, address: req.address, count: req.values.length };
      }
    }
  }

  /** The block a register request falls in, 'straddles' when it crosses a block's edge. */
  private blockOf(req: ModbusRequest): RegisterBlock | 'straddles' | null {
    let table: 'input' | 'holding';
    let count: number;
    switch (req.fn) {
      case 3:
      case 4:
        table = req.fn === 4 ? 'input' : 'holding';
        count = req.count;
        break;
      case 6:
        table = 'holding';
        count = 1;
        break;
      case 16:
        table = 'holding';
        count = req.values.length;
        break;
      default:
        return null;
    }
    const from = req.address;
    const to = from + count;
    for (const b of this.blocks) {
      if (b.table !== table || to <= b.start || from >= b.start + b.count) continue;
      return from >= b.start && to <= b.start + b.count ? b : 'straddles';
    }
    return null;
  }
}
