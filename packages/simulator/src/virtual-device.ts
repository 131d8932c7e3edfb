/**
 * One virtual device of a catalogue type: its memory, sized and laid out by the type, its device
 * registers (status block, clock, and on a team host the radio block), the RTU slave answering
 * at the type's slave address, analog inputs driven by waveforms and, optionally, digital inputs
 * toggling on a schedule. A host carries the devices behind it and answers for them: a team host
 * its wireless slaves at unit id + 1, a Modbus gateway its meters at their addresses, and a DL645
 * gateway reads its DL645 meters into its own registers. It has no link of its own; DtuClient or
 * ModbusTcpServer carries its bytes.
 */
import { equipmentType, subDeviceAddressOfUnit } from '@fieldlink/protocol';
import type { EquipmentType, ModbusRequest, ModbusResponse } from '@fieldlink/protocol';
import { DeviceRegisters } from './device-registers.js';
import type { GpsPosition, SocSetting } from './device-registers.js';
import { Dl645List } from './hosts/dl645-list.js';
import { ModbusList } from './hosts/modbus-list.js';
import { buildSubDevices, Dl645Meter, SlaveBoard } from './hosts/sub-devices.js';
import type { SubDevice, SubDeviceSpec } from './hosts/sub-devices.js';
import { TeamRadio } from './hosts/team-radio.js';
import { channelWaveforms, checkDiPattern, updateInputs } from './inputs.js';
import type { DeviceSnapshot, DiPattern } from './inputs.js';
import { EquipmentMemory } from './memory.js';
import type { ModbusHandler, RegisterArea } from './memory.js';
import type { RefusedBlocks } from './refused-blocks.js';
import { RtuSlave } from './rtu-slave.js';
import { RuleEngine } from './rules/engine.js';
import type { Waveform } from './waveforms.js';

export type { DeviceSnapshot, DiPattern } from './inputs.js';

/** A gateway's master area: holding registers 0-999 where its meter lists keep values. */
export const MASTER_AREA: RegisterArea = { start: 0, count: 1000 };

/** A clock write that moves the device's time by more than this restarts its rules (ms). */
export const CLOCK_JUMP_MS = 2000;

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
  /** The battery: a percentage, a waveform of percentages (batteryWave), or null (default: none). */
  readonly soc?: SocSetting;
  /** The GPS position the status block reports (default none: no fix). */
  readonly gps?: GpsPosition | null;
  /** The devices behind a host (only for types with a host role). */
  readonly subDevices?: readonly SubDeviceSpec[];
  /**
   * Channel blocks the board does not have, each answered with this exception code (a third-party
   * board: `{ ai: 2 }` refuses its input registers with "illegal data address"); default none.
   */
  readonly refuse?: RefusedBlocks;
}

/** What a device keeps across restarts (see state-store.ts). */
export interface DeviceState {
  readonly type: string;
  /** How far the device's clock runs ahead of the simulator's time, in ms. */
  readonly clockOffsetMs: number;
  /** Every holding register that is not 0 (rule pages, AO, master area, radio and slave table). */
  readonly holding: readonly (readonly [number, number])[];
  /** The holding registers of sub-devices that have any, by address. */
  readonly subDevices: readonly {
    readonly address: number;
    readonly holding: readonly (readonly [number, number])[];
  }[];
}

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
  /** The device registers over the memory: what the device answers at its own address. */
  readonly registers: DeviceRegisters;
  readonly slave: RtuSlave;
  /** The devices behind a host, by ascending address; empty on a board. */
  readonly subDevices: readonly SubDevice[];
  /** A Modbus gateway's list runner; null on other types. */
  readonly modbusList: ModbusList | null;
  /** A DL645 gateway's list runner (its values are input registers 3000-3139); null on other types. */
  readonly dl645List: Dl645List | null;
  private engine: RuleEngine;
  private readonly clock: () => number;
  private readonly waveforms: readonly Waveform[];
  private readonly diPattern: DiPattern | undefined;
  private readonly byAddress: ReadonlyMap<number, SubDevice>;
  private readonly utcOffsetMinutes: number | undefined;

  /**
   * Throws a RangeError for an unknown or attached-only type, a bad serial, secret, waveform,
   * SOC, position or refused block, or sub-devices the type cannot carry.
   */
  constructor(typeName: string, serial: string, options: VirtualDeviceOptions = {}) {
    this.type = standaloneType(typeName);
    checkSerial(serial);
    if (options.secret !== undefined) checkSecret(options.secret);
    this.serial = serial;
    this.secret = options.secret;
    this.clock = options.clock ?? Date.now;
    this.waveforms = channelWaveforms(this.type, options.waveforms);
    checkDiPattern(options.diPattern);
    this.diPattern = options.diPattern;
    const { counts, hostRole } = this.type;
    this.subDevices = buildSubDevices(this.type, options.subDevices ?? []);
    this.byAddress = new Map(this.subDevices.map((d) => [d.address, d]));
    const gateway = hostRole === 'modbus' || hostRole === 'dl645';
    this.memory = new EquipmentMemory({
      doCount: counts.do,
      diCount: counts.di,
      aiCount: counts.ai,
      aoCount: counts.ao,
      aoRegister: this.type.aoRegister,
      series2000: this.type.series2000,
      holdingAreas: gateway ? [MASTER_AREA] : [],
    });
    const boards = this.subDevices.filter((d): d is SlaveBoard => d instanceof SlaveBoard);
    const dl645Meters = this.subDevices.filter((d): d is Dl645Meter => d instanceof Dl645Meter);
    const team =
      hostRole === 'team'
        ? new TeamRadio(
            () => boards.map((b) => b.address),
            options.subDevices?.filter((s) => s.joined !== false).map((s) => s.address),
          )
        : null;
    const series2000 = this.type.series2000;
    this.modbusList =
      hostRole === 'modbus'
        ? new ModbusList(
            this.memory,
            (a) => this.slaveAt(a),
            () => boards,
            MASTER_AREA,
            series2000,
          )
        : null;
    this.dl645List =
      hostRole === 'dl645' ? new Dl645List(this.memory, () => dl645Meters, MASTER_AREA, series2000) : null;
    this.registers = new DeviceRegisters(this.memory, {
      soc: options.soc ?? null,
      gps: options.gps ?? null,
      utcOffsetMinutes: options.utcOffsetMinutes,
      team,
      inputBlocks: this.dl645List ? [this.dl645List] : [],
      ...(options.refuse ? { refuse: options.refuse } : {}),
    });
    this.utcOffsetMinutes = options.utcOffsetMinutes;
    this.engine = this.newEngine();
    this.memory.onHoldingWrite = (start, count) => {
      this.engine.holdingWritten(start, count);
      this.modbusList?.holdingWritten(start, count);
      this.dl645List?.holdingWritten(start, count);
    };
    this.registers.onClockSet = (jump) => {
      // A clock set far from the old time starts the rules afresh on the new time line.
      if (Math.abs(jump) > CLOCK_JUMP_MS) this.engine = this.newEngine();
    };
    this.slave = new RtuSlave(this.registers, {
      address: this.type.slaveAddress,
      units: (unit) => this.unit(unit),
    });
    this.tick();
  }

  /** Runs the rules stored in the memory's rule pages at each tick. */
  get rules(): RuleEngine {
    return this.engine;
  }

  /** The team radio of a team host; null on other types. */
  get team(): TeamRadio | null {
    return this.registers.team;
  }

  /** The registration packet: `SN` or `SN:secret`, then a newline. */
  registration(): Uint8Array {
    const text = this.secret === undefined ? this.serial : `${this.serial}:${this.secret}`;
    return new TextEncoder().encode(`${text}\n`);
  }

  /**
   * Brings the device to `now` (ms): its analog and patterned digital inputs, its battery, the
   * devices behind it and its meter lists, then runs the rules stored in the rule pages on the
   * device's own clock.
   */
  tick(now: number = this.clock()): void {
    updateInputs(this.memory, this.waveforms, this.diPattern, now);
    for (const sub of this.subDevices) sub.tick(now);
    this.registers.tick(now);
    this.modbusList?.step(now);
    this.dl645List?.step(now);
    this.engine.step(this.registers.deviceTime(now));
  }

  /** Bytes from the link → reply frames to send back. */
  receive(chunk: Uint8Array): Uint8Array[] {
    return this.slave.push(chunk);
  }

  /** The sub-device at `address` (slave id, Modbus address or DL645 slave id). */
  subDevice(address: number): SubDevice | undefined {
    return this.byAddress.get(address);
  }

  /**
   * Who answers at Modbus unit `unit` besides the device itself: a team slave at unit id + 1
   * that is in the slave table, or the Modbus meter at that address; null when nobody does.
   */
  unit(unit: number): ModbusHandler | null {
    const role = this.type.hostRole;
    if (role !== 'team' && role !== 'modbus') return null;
    const address = subDeviceAddressOfUnit(role, unit);
    if (address === null) return null;
    if (role === 'team' && !this.registers.team!.has(address)) return null;
    return this.slaveAt(address);
  }

  /**
   * The reply to a request for `unit` as the link would give it: the device itself at its own
   * address, 0 or 255, a sub-device at its unit; null when nobody answers.
   */
  request(unit: number, req: ModbusRequest): ModbusResponse | null {
    const own = unit === this.slave.address || unit === 0 || unit === 255;
    return (own ? this.registers : this.unit(unit))?.handle(req) ?? null;
  }

  /** A copy of the channel values: relay outputs, digital inputs, analog inputs, analog outputs, SOC. */
  snapshot(): DeviceSnapshot {
    return {
      coils: [...this.memory.coils],
      inputs: [...this.memory.inputs],
      inputRegisters: [...this.memory.inputRegisters],
      ao: this.memory.analogOutputs,
      soc: this.registers.soc,
    };
  }

  /** Grows with every change worth saving (see exportState). */
  get stateVersion(): number {
    let v = this.memory.holdingVersion + this.registers.version;
    for (const sub of this.subDevices) if (sub instanceof SlaveBoard) v += sub.memory.holdingVersion;
    return v;
  }

  /** What the device keeps across restarts: its holding registers and its clock offset. */
  exportState(): DeviceState {
    const holding = [...this.memory.holdingEntries(), ...(this.team?.persistent() ?? [])];
    return {
      type: this.type.type,
      clockOffsetMs: this.registers.clockOffsetMs,
      holding: holding.sort((a, b) => a[0] - b[0]),
      subDevices: this.subDevices
        .filter((d): d is SlaveBoard => d instanceof SlaveBoard)
        .map((d) => ({ address: d.address, holding: d.memory.holdingEntries() }))
        .filter((d) => d.holding.length > 0),
    };
  }

  /**
   * Takes a saved state. Throws a RangeError, changing nothing, when it does not fit the device:
   * another type, a register the device does not have, a value out of range, or a sub-device
   * that is not there.
   */
  importState(state: DeviceState): void {
    if (state.type !== this.type.type) {
      throw new RangeError(`the state is of a ${state.type}, the device a ${this.type.type}`);
    }
    if (!Number.isFinite(state.clockOffsetMs)) throw new RangeError('the clock offset is not a number');
    const team = this.team;
    const radio = state.holding.filter(([a]) => team !== null && TeamRadio.covers(a));
    const own = state.holding.filter(([a]) => !(team !== null && TeamRadio.covers(a)));
    // Check every part first, so that a bad one changes nothing.
    this.memory.checkHolding(own);
    team?.checkRestore(radio);
    const subs = state.subDevices.map((s) => {
      const sub = this.byAddress.get(s.address);
      if (!(sub instanceof SlaveBoard)) throw new RangeError(`no sub-device with registers at ${s.address}`);
      sub.memory.checkHolding(s.holding);
      return [sub, s.holding] as const;
    });
    this.memory.replaceHolding(own);
    team?.restore(radio);
    for (const [sub, holding] of subs) sub.memory.replaceHolding(holding);
    this.registers.clockOffsetMs = state.clockOffsetMs;
    this.engine = this.newEngine();
    this.memory.onHoldingWrite?.(0, 0x10000);
  }

  private slaveAt(address: number): SlaveBoard | null {
    const sub = this.byAddress.get(address);
    return sub instanceof SlaveBoard ? sub : null;
  }

  private newEngine(): RuleEngine {
    return new RuleEngine(this.memory, {
      series2000: this.type.series2000,
      utcOffsetMinutes: this.utcOffsetMinutes,
    });
  }
}
