/**
 * The memory of one virtual device: relay outputs (coils), digital inputs, analog inputs
 * (input registers), analog outputs and rule pages (holding registers), laid out as the
 * register map of docs/protocol.md says, and the Modbus answers it gives from that memory.
 */
import {
  DEFAULT_AO_REGISTER,
  EXCEPTION,
  MAX_CHANNELS,
  PAGE_TYPES,
  SERIES_2000_OFFSET,
} from '@fieldlink/protocol';
import type { ModbusRequest, ModbusResponse, PageType } from '@fieldlink/protocol';

export interface EquipmentShape {
  readonly doCount: number;
  readonly diCount: number;
  readonly aiCount: number;
  readonly aoCount: number;
  /** First AO holding register (fAOReg); default 400. */
  readonly aoRegister?: number;
  /** 2000-series device: rule pages 10000 registers lower. */
  readonly series2000?: boolean;
}

function channelCount(n: number, what: string): number {
  if (!Number.isInteger(n) || n < 0 || n > MAX_CHANNELS) {
    throw new RangeError(`${what} count must be 0-${MAX_CHANNELS}, got ${n}`);
  }
  return n;
}

export class EquipmentMemory {
  readonly coils: boolean[];
  readonly inputs: boolean[];
  readonly inputRegisters: number[];
  readonly aoRegister: number;
  private readonly aoCount: number;
  private readonly holding = new Map<number, number>();
  private readonly pageSpans: (readonly [number, number])[];
  /** Called after a Modbus write (FC06, FC16) of holding registers `start`…`start + count − 1`. */
  onHoldingWrite: ((start: number, count: number) => void) | undefined;

  constructor(shape: EquipmentShape) {
    this.coils = new Array<boolean>(channelCount(shape.doCount, 'DO')).fill(false);
    this.inputs = new Array<boolean>(channelCount(shape.diCount, 'DI')).fill(false);
    this.inputRegisters = new Array<number>(channelCount(shape.aiCount, 'AI')).fill(0);
    this.aoCount = channelCount(shape.aoCount, 'AO');
    this.aoRegister = shape.aoRegister ?? DEFAULT_AO_REGISTER;
    const offset = shape.series2000 ? SERIES_2000_OFFSET : 0;
    this.pageSpans = (Object.values(PAGE_TYPES) as PageType[]).map(
      (t) => [t.start + offset, t.start + offset + t.maxPages * t.registers] as const,
    );
  }

  /** Whether a holding register exists: an AO channel or a register of some rule page. */
  private isHolding(address: number): boolean {
    if (address >= this.aoRegister && address < this.aoRegister + this.aoCount) return true;
    return this.pageSpans.some(([from, to]) => address >= from && address < to);
  }

  readHolding(address: number): number {
    return this.holding.get(address) ?? 0;
  }

  writeHolding(address: number, value: number): void {
    if (!this.isHolding(address)) throw new RangeError(`no holding register ${address}`);
    this.holding.set(address, value & 0xffff);
  }

  /** AO channel values (0-based channels). */
  get analogOutputs(): number[] {
    return Array.from({ length: this.aoCount }, (_, i) => this.readHolding(this.aoRegister + i));
  }

  /** The reply to one request, from and into this memory. */
  handle(req: ModbusRequest): ModbusResponse {
    const illegalAddress = { fn: req.fn, exception: EXCEPTION.illegalDataAddress };
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
}
