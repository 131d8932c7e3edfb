/**
 * One virtual device of a catalogue type: its memory, sized and laid out by the type, the RTU
 * slave answering from it at the type's slave address, analog inputs driven by waveforms and,
 * optionally, digital inputs toggling on a schedule. It has no link of its own; DtuClient
 * carries its bytes. Types that exist only behind a host are not simulated on their own; a host
 * is simulated as its own board.
 */
import { equipmentType } from '@fieldlink/protocol';
import type { EquipmentType } from '@fieldlink/protocol';
import { EquipmentMemory } from './memory.js';
import { RtuSlave } from './rtu-slave.js';
import { RuleEngine } from './rules/engine.js';
import { checkWaveform, defaultWaveform, waveValue } from './waveforms.js';
import type { Waveform } from './waveforms.js';

/** Digital inputs toggling on their own: each flips every `periodMs`, channels offset evenly. */
export interface DiPattern {
  readonly periodMs: number;
}

export interface VirtualDeviceOptions {
  /** Time source in ms for the first tick and for tick() without a time (default Date.now). */
  readonly clock?: () => number;
  /** Per AI channel (index 0 is AI1); a missing entry gets defaultWaveform. */
  readonly waveforms?: readonly (Waveform | undefined)[];
  /** Toggle the digital inputs; without it they stay off unless set through `memory`. */
  readonly diPattern?: DiPattern;
  /** Device secret sent after the serial number in the registration packet. */
  readonly secret?: string;
  /** The device clock's offset from UTC in minutes for its timer rules (default 0, UTC). */
  readonly utcOffsetMinutes?: number;
}

export interface DeviceSnapshot {
  readonly coils: boolean[];
  readonly inputs: boolean[];
  readonly inputRegisters: number[];
  readonly ao: number[];
}

/** Printable ASCII without spaces, and no `:` (it separates the secret). */
/** What the server accepts as a serial number (letters, digits, '-' and '.'; 4-32). */
const SERIAL = /^[A-Za-z0-9.-]{4,32}$/;
/** Printable ASCII; the registration line ends at the newline. */
const SECRET = /^[\x20-\x7e]{1,64}$/;

export function checkSerial(serial: string): void {
  if (!SERIAL.test(serial)) {
    throw new RangeError(
      `serial number must be 4-32 letters, digits, '-' or '.', got ${JSON.stringify(serial)}`,
    );
  }
}

export function checkSecret(secret: string): void {
  if (!SECRET.test(secret)) throw new RangeError('device secret must be 1-64 printable ASCII characters');
}

/** The catalogue types that can be simulated standalone (those not attached behind a host). */
export function standaloneType(name: string): EquipmentType {
  const type = equipmentType(name);
  if (!type) throw new RangeError(`unknown equipment type ${JSON.stringify(name)}`);
  if (type.attachesTo !== null) {
    throw new RangeError(
      `${type.type} exists only behind a ${type.attachesTo} host and is not simulated on its own; ` +
        'simulate a host type instead',
    );
  }
  return type;
}

export class VirtualDevice {
  readonly type: EquipmentType;
  readonly serial: string;
  readonly secret: string | undefined;
  readonly memory: EquipmentMemory;
  readonly slave: RtuSlave;
  /** Runs the rules stored in the memory's rule pages at each tick. */
  readonly rules: RuleEngine;
  private readonly clock: () => number;
  private readonly waveforms: readonly Waveform[];
  private readonly diPattern: DiPattern | undefined;

  /** Throws a RangeError for an unknown or attached-only type, a bad serial, secret or waveform. */
  constructor(typeName: string, serial: string, options: VirtualDeviceOptions = {}) {
    this.type = standaloneType(typeName);
    checkSerial(serial);
    if (options.secret !== undefined) checkSecret(options.secret);
    this.serial = serial;
    this.secret = options.secret;
    this.clock = options.clock ?? Date.now;
    const { counts } = this.type;
    const given = options.waveforms ?? [];
    if (given.length > counts.ai) {
      throw new RangeError(`${this.type.type} has ${counts.ai} AI channels, got ${given.length} waveforms`);
    }
    this.waveforms = Array.from({ length: counts.ai }, (_, i) => given[i] ?? defaultWaveform(i, counts.ai));
    this.waveforms.forEach(checkWaveform);
    if (options.diPattern !== undefined) {
      const { periodMs } = options.diPattern;
      if (!Number.isFinite(periodMs) || periodMs <= 0) {
        throw new RangeError(`DI pattern period must be a positive number of ms, got ${periodMs}`);
      }
    }
    this.diPattern = options.diPattern;
    this.memory = new EquipmentMemory({
      doCount: counts.do,
      diCount: counts.di,
      aiCount: counts.ai,
      aoCount: counts.ao,
      aoRegister: this.type.aoRegister,
      series2000: this.type.series2000,
    });
    this.rules = new RuleEngine(this.memory, {
      series2000: this.type.series2000,
      utcOffsetMinutes: options.utcOffsetMinutes,
    });
    this.memory.onHoldingWrite = (start, count) => this.rules.holdingWritten(start, count);
    this.slave = new RtuSlave(this.memory, { address: this.type.slaveAddress });
    this.tick();
  }

  /** The registration packet: `SN` or `SN:secret`, then a newline. */
  registration(): Uint8Array {
    const text = this.secret === undefined ? this.serial : `${this.serial}:${this.secret}`;
    return new TextEncoder().encode(`${text}\n`);
  }

  /**
   * Set the analog inputs (and patterned digital inputs) to their values at `now` (ms), then
   * run the rules stored in the rule pages.
   */
  tick(now: number = this.clock()): void {
    const registers = this.memory.inputRegisters;
    for (let i = 0; i < registers.length; i++) registers[i] = waveValue(this.waveforms[i]!, now);
    if (this.diPattern) {
      const inputs = this.memory.inputs;
      const cycles = now / this.diPattern.periodMs;
      for (let i = 0; i < inputs.length; i++) {
        inputs[i] = Math.floor(cycles + i / inputs.length) % 2 !== 0;
      }
    }
    this.rules.step(now);
  }

  /** Bytes from the link → reply frames to send back. */
  receive(chunk: Uint8Array): Uint8Array[] {
    return this.slave.push(chunk);
  }

  /** A copy of the channel values: relay outputs, digital inputs, analog inputs, analog outputs. */
  snapshot(): DeviceSnapshot {
    return {
      coils: [...this.memory.coils],
      inputs: [...this.memory.inputs],
      inputRegisters: [...this.memory.inputRegisters],
      ao: this.memory.analogOutputs,
    };
  }
}
