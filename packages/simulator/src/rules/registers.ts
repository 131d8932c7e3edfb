/**
 * The registers the rules read and write (docs/protocol.md § Register operation, § Operand
 * sources): the device's channels and Modbus registers, and three banks of the device's own
 * rule registers that have no Modbus address:
 *
 * - cache registers 0-255: 32-bit floats, 0 until written;
 * - time registers 0-255: whole seconds since the register was last written (or since the
 *   engine's first step), counting by themselves, 0-4294967295;
 * - flow registers 0-255: a cumulative flow total (fractions kept, 0-4294967295) and a changed
 *   flow (flow per second, 0-65535) that is added to the total continuously.
 *
 * Holding s32 and float values take two registers, the high word first. A value is stored as
 * its register holds it (`storeValue`): integers round, everything is clamped to the range.
 */
import { isException } from '@fieldlink/protocol';
import type { RuleOf } from '@fieldlink/protocol';
import type { EquipmentMemory } from '../memory.js';
import { FLOAT32, FLOW_TOTAL, S16, S32, storeValue, U16, U32 } from './math.js';
import type { ValueRange } from './math.js';

export type RegisterOperation = RuleOf<'registerOperation'>;

/** A register or AO channel as register operations name it (regType 0-8, regAddr). */
export interface RegisterTarget {
  readonly regType: number;
  readonly regAddr: number;
}

/** Registers in each bank of rule registers (cache, time, flow). */
export const BANK_SIZE = 256;

type Format = 'u16' | 's16' | 's32' | 'float';

const FORMAT_RANGE: Record<Format, ValueRange> = { u16: U16, s16: S16, s32: S32, float: FLOAT32 };

/** Operand sources 3-10: read-only (FC04) then holding (FC03) registers, in four formats each. */
const REGISTER_SOURCES: Record<number, readonly [3 | 4, Format]> = {
  3: [4, 'u16'],
  4: [4, 's16'],
  5: [4, 's32'],
  6: [4, 'float'],
  7: [3, 'u16'],
  8: [3, 's16'],
  9: [3, 's32'],
  10: [3, 'float'],
};

/** Register-operation targets 1-4: holding registers by format. */
const HOLDING_TARGETS: Record<number, Format> = { 1: 'u16', 2: 's16', 3: 's32', 4: 'float' };

const scratch = new DataView(new ArrayBuffer(4));

function wordsToValue(words: readonly number[], format: Format): number {
  const [hi = 0, lo = 0] = words;
  switch (format) {
    case 'u16':
      return hi;
    case 's16':
      return hi >= 0x8000 ? hi - 0x10000 : hi;
    case 's32':
      return (hi << 16) | lo | 0;
    case 'float':
      scratch.setUint16(0, hi);
      scratch.setUint16(2, lo);
      return scratch.getFloat32(0);
  }
}

/** The register words of a value already stored as `format` holds it. */
function valueToWords(value: number, format: Format): number[] {
  switch (format) {
    case 'u16':
      return [value];
    case 's16':
      return [value & 0xffff];
    case 's32':
      return [(value >>> 16) & 0xffff, value & 0xffff];
    case 'float':
      scratch.setFloat32(0, value);
      return [scratch.getUint16(0), scratch.getUint16(2)];
  }
}

const inBank = (index: number): boolean => Number.isInteger(index) && index >= 0 && index < BANK_SIZE;

export class RuleRegisters {
  private readonly cache = new Map<number, number>();
  private readonly times = new Map<number, { readonly base: number; readonly since: number }>();
  private readonly flows = new Map<number, number>();
  /** Changed flow (per second) of the flow registers that have one. */
  private readonly rates = new Map<number, number>();
  /** Where time registers never written count from: the first step. */
  private origin: number | null = null;
  private last: number | null = null;
  /** Called after holding registers `start`…`start + count − 1` were written. */
  onHoldingWrite: ((start: number, count: number) => void) | undefined;

  constructor(private readonly memory: EquipmentMemory) {}

  /** Advances to `now`: each changed flow adds its share of the elapsed time to its total. */
  step(now: number): void {
    if (this.origin === null) this.origin = now;
    const elapsed = this.last === null ? 0 : now - this.last;
    if (elapsed > 0) {
      for (const [i, rate] of this.rates) {
        this.flows.set(i, storeValue((this.flows.get(i) ?? 0) + (rate * elapsed) / 1000, FLOW_TOTAL));
      }
    }
    if (this.last === null || now > this.last) this.last = now;
  }

  /**
   * An operand's value (sources 0-13); null when it cannot be read: a channel or register the
   * device does not have, a rule register index past 255, an unknown source.
   */
  operand(source: number, value: number, now: number): number | null {
    if (source === 0) return value;
    if (source === 1) return this.memory.inputRegisters[value] ?? null;
    if (source === 2) return this.read({ regType: 0, regAddr: value }, now);
    const register = REGISTER_SOURCES[source];
    if (register) return this.readWords(register[0], value, register[1]);
    if (source === 11) return this.read({ regType: 5, regAddr: value }, now);
    if (source === 12) return this.read({ regType: 6, regAddr: value }, now);
    if (source === 13) return this.read({ regType: 7, regAddr: value }, now);
    return null;
  }

  /** The current value of a register-operation target; null when there is no such register. */
  read(target: RegisterTarget, now: number): number | null {
    const { regType, regAddr } = target;
    if (regType === 0) {
      const address = this.aoAddress(regAddr);
      return address === null ? null : this.memory.readHolding(address);
    }
    const format = HOLDING_TARGETS[regType];
    if (format) return this.readWords(3, regAddr, format);
    if (!inBank(regAddr)) return null;
    switch (regType) {
      case 5:
        return this.cache.get(regAddr) ?? 0;
      case 6:
        return this.timeValue(regAddr, now);
      case 7:
        return this.flows.get(regAddr) ?? 0;
      case 8:
        return this.rates.get(regAddr) ?? 0;
      default:
        return null;
    }
  }

  /**
   * Stores `value` in a target as that register holds it (rounded, clamped). False when the
   * target does not exist; nothing is written then.
   */
  write(target: RegisterTarget, value: number, now: number): boolean {
    const { regType, regAddr } = target;
    if (regType === 0) {
      const address = this.aoAddress(regAddr);
      if (address === null) return false;
      this.memory.writeHolding(address, storeValue(value, U16));
      return true;
    }
    const format = HOLDING_TARGETS[regType];
    if (format)
      return this.writeWords(regAddr, valueToWords(storeValue(value, FORMAT_RANGE[format]), format));
    if (!inBank(regAddr)) return false;
    switch (regType) {
      case 5:
        this.cache.set(regAddr, storeValue(value, FLOAT32));
        return true;
      case 6:
        this.times.set(regAddr, { base: storeValue(value, U32), since: now });
        return true;
      case 7:
        this.flows.set(regAddr, storeValue(value, FLOW_TOTAL));
        return true;
      case 8: {
        const rate = storeValue(value, U16);
        if (rate === 0) this.rates.delete(regAddr);
        else this.rates.set(regAddr, rate);
        return true;
      }
      default:
        return false;
    }
  }

  /**
   * Runs a register operation (output mode 6): `=`, `+=` or `-=` the raw value, read as signed
   * for a holding s16 target; the result saturates at the register's range. False when the
   * math type or the target is unknown or the register does not exist.
   */
  apply(op: RegisterOperation, now: number): boolean {
    const operand = op.regType === 2 && op.value >= 0x8000 ? op.value - 0x10000 : op.value;
    if (op.mathType < 0 || op.mathType > 2) return false;
    const current = this.read(op, now);
    if (current === null) return false;
    const next = op.mathType === 0 ? operand : op.mathType === 1 ? current + operand : current - operand;
    return this.write(op, next, now);
  }

  private timeValue(index: number, now: number): number {
    const entry = this.times.get(index) ?? { base: 0, since: this.origin ?? now };
    return storeValue(entry.base + Math.max(0, Math.floor((now - entry.since) / 1000)), U32);
  }

  private aoAddress(channel: number): number | null {
    if (!Number.isInteger(channel) || channel < 0 || channel >= this.memory.analogOutputs.length) return null;
    return this.memory.aoRegister + channel;
  }

  /** Reads 1 or 2 registers (FC03 holding, FC04 read-only) through the device's register map. */
  private readWords(fn: 3 | 4, address: number, format: Format): number | null {
    const count = format === 'u16' || format === 's16' ? 1 : 2;
    if (!Number.isInteger(address) || address < 0 || address + count > 0x10000) return null;
    const reply = this.memory.handle({ fn, address, count });
    if (isException(reply) || !('values' in reply)) return null;
    return wordsToValue(reply.values as readonly number[], format);
  }

  /** Writes holding registers from `address` on, only if every one of them exists. */
  private writeWords(address: number, words: readonly number[]): boolean {
    if (this.readWords(3, address, words.length === 1 ? 'u16' : 's32') === null) return false;
    words.forEach((w, i) => this.memory.writeHolding(address + i, w));
    this.onHoldingWrite?.(address, words.length);
    return true;
  }
}
