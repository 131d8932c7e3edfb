/**
 * The devices behind a host (docs/protocol.md § Sub-device addressing): wireless slaves of a
 * team host and Modbus meters on a Modbus gateway's bus, each with its own memory on the base
 * register map, and DL/T 645 meters read by a DL645 gateway. The host decides who is reached;
 * here each device answers for itself.
 */
import { equipmentType, subDeviceRoute } from '@fieldlink/protocol';
import type { EquipmentType, HostRole, ModbusRequest, ModbusResponse } from '@fieldlink/protocol';
import { checkGps, DeviceRegisters } from '../device-registers.js';
import type { GpsPosition, SocSetting } from '../device-registers.js';
import { channelWaveforms, checkDiPattern, updateInputs } from '../inputs.js';
import type { DeviceSnapshot, DiPattern } from '../inputs.js';
import { EquipmentMemory } from '../memory.js';
import type { ModbusHandler } from '../memory.js';
import type { Waveform } from '../waveforms.js';
import { DL645_ITEMS, dl645Item, dl645ItemValue, modbusMeterWaveform } from './meters.js';

/** One device behind a host, as given to VirtualDevice's `subDevices` option. */
export interface SubDeviceSpec {
  /** A catalogue type that attaches to the host's role (FL-LR4, FL-LAI4, FL-MBMETER, FL-DL645METER). */
  readonly type: string;
  /**
   * Team slaves: the slave id 0-249 (answers at unit id + 1); Modbus meters: the meter's
   * address 1-247; DL645 meters: the slave id 1-7, whose AI channels are DL645 list page id − 1.
   */
  readonly address: number;
  /** DL645 meters: the 12 BCD digits printed on the meter (default the slave id, zero-padded). */
  readonly meterAddress?: string;
  /** Team slaves: in the host's slave table at start (default true). */
  readonly joined?: boolean;
  /** Team slaves and Modbus meters: per AI channel; a missing entry gets the type's default. */
  readonly waveforms?: readonly (Waveform | undefined)[];
  /** Team slaves: digital inputs toggling on their own. */
  readonly diPattern?: DiPattern;
  /** Team slaves: the battery (default 100 %). */
  readonly soc?: SocSetting;
  /** Team slaves: a GPS position. */
  readonly gps?: GpsPosition | null;
  /** DL645 meters: the average load in kW behind their readings (default 1 + slave id / 2). */
  readonly loadKw?: number;
}

/** A Modbus meter's holding registers 0-31: settings that keep what is written (FC03, FC06, FC16). */
export const METER_SETTINGS = { start: 0, count: 32 } as const;

/** A team slave or a Modbus meter: a memory on the base register map, answering Modbus requests. */
export class SlaveBoard implements ModbusHandler {
  readonly kind = 'board';
  readonly memory: EquipmentMemory;
  /** The status block of a team slave (its own battery); null on a Modbus meter. */
  readonly registers: DeviceRegisters | null;
  private readonly waveforms: readonly Waveform[];
  private readonly diPattern: DiPattern | undefined;

  constructor(
    readonly type: EquipmentType,
    readonly address: number,
    spec: SubDeviceSpec,
  ) {
    const meter = type.attachesTo === 'modbus';
    this.waveforms = channelWaveforms(
      type,
      spec.waveforms,
      meter ? (channel) => modbusMeterWaveform(channel, address) : undefined,
    );
    checkDiPattern(spec.diPattern);
    this.diPattern = spec.diPattern;
    this.memory = new EquipmentMemory({
      doCount: type.counts.do,
      diCount: type.counts.di,
      aiCount: type.counts.ai,
      aoCount: type.counts.ao,
      aoRegister: type.aoRegister,
      series2000: type.series2000,
      pageTypes: type.rulePages,
      holdingAreas: meter ? [METER_SETTINGS] : [],
    });
    if (meter && (spec.soc !== undefined || spec.gps !== undefined)) {
      throw new RangeError(`${type.type} has no status block: no SOC or GPS`);
    }
    this.registers = meter
      ? null
      : new DeviceRegisters(this.memory, {
          soc: spec.soc === undefined ? 100 : spec.soc,
          gps: spec.gps ?? null,
          clock: false,
        });
  }

  handle(req: ModbusRequest): ModbusResponse {
    return (this.registers ?? this.memory).handle(req);
  }

  tick(now: number): void {
    updateInputs(this.memory, this.waveforms, this.diPattern, now);
    this.registers?.tick(now);
  }

  snapshot(): DeviceSnapshot {
    return {
      coils: [...this.memory.coils],
      inputs: [...this.memory.inputs],
      inputRegisters: [...this.memory.inputRegisters],
      ao: this.memory.analogOutputs,
      soc: this.registers?.soc ?? null,
    };
  }
}

/**
 * A DL645 meter's snapshot: a DeviceSnapshot like every sub-device's, with no channels of its own
 * (its AI channels are the gateway's DL645 values) and no battery, plus its data items.
 */
export interface Dl645MeterSnapshot extends DeviceSnapshot {
  readonly meterAddress: string;
  /** Every data item's value now, keyed by its printed 2007 identifier ('00-01-00-00'). */
  readonly values: Readonly<Record<string, number>>;
}

/** A DL/T 645 meter: answers data items by identifier, nothing over Modbus. */
export class Dl645Meter {
  readonly kind = 'dl645';
  readonly meterAddress: string;
  readonly loadKw: number;
  private now = 0;

  constructor(
    readonly type: EquipmentType,
    readonly address: number,
    spec: SubDeviceSpec,
  ) {
    const meterAddress = (spec.meterAddress ?? String(address).padStart(12, '0')).toUpperCase();
    if (!/^\d{12}$/.test(meterAddress)) {
      throw new RangeError(
        `a DL645 meter address is 12 BCD digits, got ${JSON.stringify(spec.meterAddress)}`,
      );
    }
    this.meterAddress = meterAddress;
    this.loadKw = spec.loadKw ?? 1 + address / 2;
    if (!Number.isFinite(this.loadKw) || this.loadKw < 0 || this.loadKw > 10_000) {
      throw new RangeError(`a DL645 meter's load must be 0-10000 kW, got ${spec.loadKw}`);
    }
    for (const key of ['waveforms', 'diPattern', 'soc', 'gps', 'joined'] as const) {
      if (spec[key] !== undefined) throw new RangeError(`${type.type} takes no ${key}`);
    }
  }

  /** Whether `pattern` (12 hex digits, a byte AA matching any) names this meter. */
  answersTo(pattern: string): boolean {
    const p = pattern.toUpperCase();
    if (p.length !== 12) return false;
    for (let i = 0; i < 12; i += 2) {
      const byte = p.slice(i, i + 2);
      if (byte !== 'AA' && byte !== this.meterAddress.slice(i, i + 2)) return false;
    }
    return true;
  }

  /** A data item's value at `now` (default the last tick), or null for an item the meter lacks. */
  read(dataId: number, edition: 2007 | 1997, now: number = this.now): number | null {
    const item = dl645Item(dataId, edition);
    return item ? dl645ItemValue(item, now, this.loadKw, this.address) : null;
  }

  tick(now: number): void {
    this.now = now;
  }

  snapshot(): Dl645MeterSnapshot {
    const values: Record<string, number> = {};
    for (const item of DL645_ITEMS) {
      const hex = item.id.toString(16).toUpperCase().padStart(8, '0');
      values[(hex.match(/../g) ?? []).join('-')] = this.read(item.id, 2007)!;
    }
    return {
      coils: [],
      inputs: [],
      inputRegisters: [],
      ao: [],
      soc: null,
      meterAddress: this.meterAddress,
      values,
    };
  }
}

export type SubDevice = SlaveBoard | Dl645Meter;

/**
 * The sub-devices of a host of `role` from their specs, sorted by address. Throws a RangeError
 * for a type that does not attach to the role, an address the role cannot reach or given twice,
 * a DL645 meter address given twice, or a bad waveform, SOC or position.
 */
export function buildSubDevices(host: EquipmentType, specs: readonly SubDeviceSpec[]): SubDevice[] {
  const role: HostRole | null = host.hostRole;
  if (specs.length > 0 && role === null) {
    throw new RangeError(`${host.type} is not a host: it carries no sub-devices`);
  }
  const out: SubDevice[] = [];
  const addresses = new Set<number>();
  const meters = new Set<string>();
  for (const spec of specs) {
    const type = equipmentType(spec.type);
    if (!type) throw new RangeError(`unknown equipment type ${JSON.stringify(spec.type)}`);
    if (type.attachesTo !== role) {
      throw new RangeError(`${type.type} does not hang under a ${role} host like ${host.type}`);
    }
    const route = subDeviceRoute(role!, spec.address);
    if (route.kind === 'unreachable')
      throw new RangeError(`${type.type} at ${spec.address}: ${route.reason}`);
    if (addresses.has(spec.address)) throw new RangeError(`two sub-devices at address ${spec.address}`);
    addresses.add(spec.address);
    if (spec.joined !== undefined && role !== 'team')
      throw new RangeError('only team slaves join a slave table');
    if (role === 'dl645') {
      const meter = new Dl645Meter(type, spec.address, spec);
      if (meters.has(meter.meterAddress)) throw new RangeError(`two DL645 meters at ${meter.meterAddress}`);
      meters.add(meter.meterAddress);
      out.push(meter);
    } else {
      if (spec.meterAddress !== undefined || spec.loadKw !== undefined) {
        throw new RangeError(`${type.type} takes no meterAddress or loadKw`);
      }
      checkGps(spec.gps);
      out.push(new SlaveBoard(type, spec.address, spec));
    }
  }
  return out.sort((a, b) => a.address - b.address);
}
