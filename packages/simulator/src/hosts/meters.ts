/**
 * What the simulated meters measure. A Modbus energy meter keeps eight input registers of raw
 * values (voltages in 0.1 V, currents in 0.01 A, power in W, an energy counter in 0.1 kWh); a
 * DL/T 645 meter answers data items by identifier in their own units (kWh, V, A, kW). Every value
 * is a function of the time alone, like the waveforms of a board's analog inputs.
 */
import type { Waveform } from '../waveforms.js';

/** Period of the load swing of both kinds of meter, in ms. */
const LOAD_PERIOD_MS = 600_000;
/** The Modbus meter's energy register grows by one (0.1 kWh) every this many ms, wrapping at 65535. */
export const ENERGY_STEP_MS = 36_000;

/** What each of a Modbus meter's input registers 0-7 holds. */
export const MODBUS_METER_REGISTERS = [
  'voltage L1 (0.1 V)',
  'voltage L2 (0.1 V)',
  'voltage L3 (0.1 V)',
  'current L1 (0.01 A)',
  'current L2 (0.01 A)',
  'current L3 (0.01 A)',
  'active power (W)',
  'energy (0.1 kWh, wraps at 65535)',
] as const;

/**
 * The waveform of input register `channel` of a Modbus meter at `address`: voltages wander
 * between 220.0 and 240.0 V, currents and power swing with the load over ten minutes, the energy
 * register counts up. Meters at different addresses differ.
 */
export function modbusMeterWaveform(channel: number, address: number): Waveform {
  const phase = (((address * 0.137) % 1) + (channel % 3) / 3) % 1;
  if (channel < 3) {
    return { kind: 'random-walk', min: 2200, max: 2400, seed: address * 8 + channel, maxStep: 15 };
  }
  if (channel < 6) return { kind: 'sine', min: 200, max: 1500, periodMs: LOAD_PERIOD_MS, phase };
  if (channel === 6) return { kind: 'sine', min: 1500, max: 9000, periodMs: LOAD_PERIOD_MS, phase };
  if (channel === 7) {
    return {
      kind: 'ramp',
      min: 0,
      max: 0xffff,
      periodMs: 0x10000 * ENERGY_STEP_MS,
      phase: (address * 0.1) % 1,
    };
  }
  return { kind: 'constant', value: 0 };
}

/** The energy counter of a DL645 meter starts at this time (as if it had run since). */
export const ENERGY_EPOCH = Date.UTC(2024, 0, 1);

export interface Dl645Item {
  /** The DL/T 645-2007 identifier. */
  readonly id: number;
  /** The DL/T 645-1997 identifier of the same item. */
  readonly id1997: number;
  readonly name: string;
  readonly unit: string;
}

/** The data items a simulated DL645 meter answers. */
export const DL645_ITEMS: readonly Dl645Item[] = [
  { id: 0x00010000, id1997: 0x9010, name: 'forward active energy, total', unit: 'kWh' },
  { id: 0x02010100, id1997: 0xb611, name: 'voltage, phase A', unit: 'V' },
  { id: 0x02010200, id1997: 0xb612, name: 'voltage, phase B', unit: 'V' },
  { id: 0x02010300, id1997: 0xb613, name: 'voltage, phase C', unit: 'V' },
  { id: 0x02020100, id1997: 0xb621, name: 'current, phase A', unit: 'A' },
  { id: 0x02020200, id1997: 0xb622, name: 'current, phase B', unit: 'A' },
  { id: 0x02020300, id1997: 0xb623, name: 'current, phase C', unit: 'A' },
  { id: 0x02030000, id1997: 0xb630, name: 'active power, total', unit: 'kW' },
];

const round2 = (v: number): number => Math.round(v * 100) / 100;

/**
 * The value of a DL645 data item at `now` for a meter carrying `loadKw` on average: energy grows
 * by loadKw per hour since ENERGY_EPOCH (never below 0), voltages swing 222-238 V, currents and
 * power follow the load. `seed` shifts the swings so meters differ. Null for an unknown item.
 */
export function dl645ItemValue(item: Dl645Item, now: number, loadKw: number, seed: number): number | null {
  const swing = (shift: number): number =>
    Math.sin(2 * Math.PI * (now / LOAD_PERIOD_MS + shift + seed * 0.137));
  const index = DL645_ITEMS.indexOf(item);
  if (index < 0) return null;
  if (index === 0) return round2(Math.max(0, ((now - ENERGY_EPOCH) / 3_600_000) * loadKw));
  if (index <= 3) return round2(230 + 8 * swing((index - 1) / 3));
  if (index <= 6) return round2(((loadKw * 1000) / 3 / 230) * (1 + 0.2 * swing((index - 4) / 3 + 0.1)));
  return round2(loadKw * (1 + 0.2 * swing(0.1)));
}

/** The item of an identifier: a 4-byte one in DL/T 645-2007 (mode 1), a 2-byte one in 1997 (mode 2). */
export function dl645Item(dataId: number, edition: 2007 | 1997): Dl645Item | null {
  return DL645_ITEMS.find((i) => (edition === 2007 ? i.id : i.id1997) === dataId) ?? null;
}
