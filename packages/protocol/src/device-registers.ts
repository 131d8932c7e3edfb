/**
 * Registers a device holds besides its channels and rule pages: the status block (battery level
 * and GPS position), the clock the server sets, the radio settings and slave table of a team
 * host, and how a sub-device is reached through its host's link. docs/protocol.md § Device
 * registers and § Sub-device addressing.
 */
import type { HostRole } from './equipment/catalogue.js';
import type { WallClock } from './wall-clock.js';

/** Input registers (FC04) of the status block: SOC, latitude, longitude, GPS fix. */
export const STATUS_REGISTER = 1000;
export const STATUS_REGISTERS = 6;
/** SOC register value of a device without a battery (mains powered). */
export const NO_BATTERY = 0xffff;

/** Holding registers (FC03 read, FC16 write) of the device clock: year − 2000 … weekday. */
export const CLOCK_REGISTER = 1100;
export const CLOCK_REGISTERS = 7;

/** Holding registers of a team host (hostRole `team`). */
export const LORA_COMMAND_REGISTER = 1200;
/** The command's argument: keep-awake time in LORA_KEEP_AWAKE_UNIT_MS. */
export const LORA_ARGUMENT_REGISTER = 1201;
export const LORA_KEEP_AWAKE_UNIT_MS = 100;
/** Auto-configuration state, read-only: see LORA_AUTO_STATES. */
export const LORA_STATE_REGISTER = 1202;
/** netId, channel, airRate, power. */
export const LORA_RADIO_REGISTER = 1210;
export const LORA_RADIO_REGISTERS = 4;
/** Report interval of the slaves in seconds. */
export const LORA_INTERVAL_REGISTER = 1214;
/** Slave table bitmap: bit n (register 1220 + ⌊n / 16⌋, bit n mod 16) set when slave id n is in the team. */
export const LORA_SLAVES_REGISTER = 1220;
export const LORA_SLAVES_REGISTERS = 16;
/** The last register of the team host block. */
export const LORA_LAST_REGISTER = LORA_SLAVES_REGISTER + LORA_SLAVES_REGISTERS - 1;

/** Values written to LORA_COMMAND_REGISTER: the LoraAutoCfg codes, the loraautocfg codes, and ours. */
export const LORA_COMMANDS = {
  start: 2,
  stop: 33,
  save: 34,
  resetRadio: 49,
  autoConfig: 17,
  cancel: 18,
  keepAwake: 19,
  sleepEnable: 20,
  clearSlaves: 64,
} as const;
export type LoraCommandName = keyof typeof LORA_COMMANDS;

/** LORA_STATE_REGISTER values. */
export const LORA_AUTO_STATES = ['idle', 'searching', 'done', 'cancelled', 'failed'] as const;
export type LoraAutoState = (typeof LORA_AUTO_STATES)[number];

/** Input registers (FC04) of a DL645 gateway holding its list entries' values: entry e at 3000 + 2e. */
export const DL645_VALUE_REGISTER = 3000;
/** Entries of the DL645 list: 7 pages of 10. */
export const DL645_ENTRIES = 70;
/** Entries (and so AI channels) given to each DL645 meter sub-device: one list page. */
export const DL645_ENTRIES_PER_METER = 10;

export interface DeviceStatus {
  /** Battery level 0-100 %, or null for a device without a battery (or a value out of range). */
  readonly soc: number | null;
  /** The GPS position when the device has a fix. */
  readonly gps: { readonly latitude: number; readonly longitude: number } | null;
}

const s32 = (hi: number, lo: number): number => (((hi & 0xffff) << 16) | (lo & 0xffff)) >> 0;
const words32 = (v: number): [number, number] => [(v >>> 16) & 0xffff, v & 0xffff];

/** Reads the status block (at least 6 registers from STATUS_REGISTER); null when too short. */
export function decodeDeviceStatus(words: readonly number[]): DeviceStatus | null {
  if (words.length < STATUS_REGISTERS) return null;
  const [soc, latHi, latLo, lonHi, lonLo, fix] = words as [number, number, number, number, number, number];
  const latitude = s32(latHi, latLo) / 1e6;
  const longitude = s32(lonHi, lonLo) / 1e6;
  const validPosition = Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
  return {
    soc: soc <= 100 ? soc : null,
    gps: fix === 1 && validPosition ? { latitude, longitude } : null,
  };
}

/** The status block's registers; SOC null writes NO_BATTERY, positions are rounded to 1e-6°. */
export function encodeDeviceStatus(status: DeviceStatus): number[] {
  const soc = status.soc === null ? NO_BATTERY : Math.max(0, Math.min(100, Math.round(status.soc)));
  if (!status.gps) return [soc, 0, 0, 0, 0, 0];
  const lat = Math.round(Math.max(-90, Math.min(90, status.gps.latitude)) * 1e6);
  const lon = Math.round(Math.max(-180, Math.min(180, status.gps.longitude)) * 1e6);
  return [soc, ...words32(lat), ...words32(lon), 1];
}

/** A wall-clock time as a device keeps it: local fields, no zone; the year 2000-2255. */
export interface ClockFields extends WallClock {
  /** 0 Sunday … 6 Saturday. */
  readonly weekday: number;
}

/** The clock registers, year written less 2000. Throws a RangeError for a field out of range. */
export function encodeClock(c: ClockFields): number[] {
  const fields: [string, number, number, number][] = [
    ['year', c.year, 2000, 2255],
    ['month', c.month, 1, 12],
    ['day', c.day, 1, 31],
    ['hour', c.hour, 0, 23],
    ['minute', c.minute, 0, 59],
    ['second', c.second, 0, 59],
    ['weekday', c.weekday, 0, 6],
  ];
  for (const [name, v, min, max] of fields) {
    if (!Number.isInteger(v) || v < min || v > max) {
      throw new RangeError(`clock ${name} must be ${min}-${max}, got ${v}`);
    }
  }
  return [c.year - 2000, c.month, c.day, c.hour, c.minute, c.second, c.weekday];
}

/** Reads the clock registers; null when too short or a field is out of range. */
export function decodeClock(words: readonly number[]): ClockFields | null {
  if (words.length < CLOCK_REGISTERS) return null;
  const [y, month, day, hour, minute, second, weekday] = words as number[] as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const fields = { year: y + 2000, month, day, hour, minute, second, weekday };
  try {
    encodeClock(fields);
  } catch {
    return null;
  }
  return fields;
}

/** The fields of `at` (epoch ms) as seen `offsetMinutes` east of UTC. */
export function clockAt(at: number, offsetMinutes: number): ClockFields {
  const d = new Date(at + offsetMinutes * 60_000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    weekday: d.getUTCDay(),
  };
}

/** The clock's fields read as if they were UTC, in epoch ms (the device's local time line). */
export function clockToUtcMs(c: ClockFields): number {
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
}

/** The slave table bitmap of a set of slave ids 0-249 (16 registers). Throws on an id out of range. */
export function encodeSlaveTable(ids: Iterable<number>): number[] {
  const words = new Array<number>(LORA_SLAVES_REGISTERS).fill(0);
  for (const id of ids) {
    if (!Number.isInteger(id) || id < 0 || id > 249)
      throw new RangeError(`slave id must be 0-249, got ${id}`);
    words[id >> 4]! |= 1 << (id & 15);
  }
  return words;
}

/** The slave ids of a bitmap, ascending; bits past 249 are ignored. */
export function decodeSlaveTable(words: readonly number[]): number[] {
  const ids: number[] = [];
  for (let id = 0; id < 250 && id >> 4 < words.length; id++) {
    if ((words[id >> 4]! >> (id & 15)) & 1) ids.push(id);
  }
  return ids;
}

/** How the server reaches a sub-device through its host's link. */
export type SubDeviceRoute =
  /** Requests go to this Modbus unit on the host's link, on the base register map. */
  | { readonly kind: 'unit'; readonly unit: number }
  /** The meter's values are input registers of the host (a DL645 gateway), 2 per AI channel. */
  | { readonly kind: 'dl645'; readonly register: number }
  | { readonly kind: 'unreachable'; readonly reason: string };

/**
 * Team slaves (ids 0-249) answer at unit id + 1 (1-250) through their host; Modbus meters at
 * their own address, which must be 1-247; a DL645 meter with slave id s (1-7) takes the values of
 * DL645 list page s − 1, kept by the gateway from DL645_VALUE_REGISTER + 20 (s − 1).
 */
export function subDeviceRoute(role: HostRole, address: number): SubDeviceRoute {
  if (!Number.isInteger(address)) return { kind: 'unreachable', reason: 'the slave id is not a number' };
  switch (role) {
    case 'team':
      return address >= 0 && address <= 249
        ? { kind: 'unit', unit: address + 1 }
        : { kind: 'unreachable', reason: 'a team slave id is 0-249' };
    case 'modbus':
      return address >= 1 && address <= 247
        ? { kind: 'unit', unit: address }
        : { kind: 'unreachable', reason: 'a Modbus meter answers at addresses 1-247' };
    case 'dl645': {
      const pages = DL645_ENTRIES / DL645_ENTRIES_PER_METER;
      return address >= 1 && address <= pages
        ? { kind: 'dl645', register: DL645_VALUE_REGISTER + 2 * DL645_ENTRIES_PER_METER * (address - 1) }
        : { kind: 'unreachable', reason: `a DL645 meter's slave id is 1-${pages}, its list page + 1` };
    }
  }
}

/** Which sub-device of a host answers at `unit` (the inverse of subDeviceRoute for units). */
export function subDeviceAddressOfUnit(role: HostRole, unit: number): number | null {
  if (role === 'team') return unit >= 1 && unit <= 250 ? unit - 1 : null;
  if (role === 'modbus') return unit >= 1 && unit <= 247 ? unit : null;
  return null;
}

/** DL645 values are kept as u32 in hundredths (BCD decoded by the gateway); two registers each. */
export function decodeDl645Values(words: readonly number[], count: number): number[] {
  const values: number[] = [];
  for (let i = 0; i < count && 2 * i + 1 < words.length; i++) {
    values.push((((words[2 * i]! & 0xffff) * 0x10000 + (words[2 * i + 1]! & 0xffff)) as number) / 100);
  }
  return values;
}

/** A value in hundredths, as two registers (clamped to 0 … 0xFFFFFFFF hundredths). */
export function encodeDl645Value(value: number): [number, number] {
  const h = Math.max(0, Math.min(0xffffffff, Math.round(value * 100)));
  return [Math.floor(h / 0x10000) & 0xffff, h & 0xffff];
}
