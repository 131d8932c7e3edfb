/**
 * The registers a device holds besides its channels and rule pages (docs/protocol.md § Device
 * registers), added to its memory as blocks: the status block (battery level and GPS position,
 * FC04 1000-1005), the clock (FC03/FC16 1100-1106), a team host's radio block (1200-1235) and
 * any further block of input registers a host keeps (a DL645 gateway's values at 3000). The
 * memory answers every request, these blocks included, so a rule reading registers sees them too;
 * a board told to refuse channel blocks (refused-blocks.ts) answers those with an exception on
 * the link, while its rules still see them.
 */
import {
  CLOCK_REGISTER,
  CLOCK_REGISTERS,
  clockAt,
  clockToUtcMs,
  decodeClock,
  encodeClock,
  encodeDeviceStatus,
  EXCEPTION,
  LORA_COMMAND_REGISTER,
  LORA_LAST_REGISTER,
  STATUS_REGISTER,
  STATUS_REGISTERS,
} from '@fieldlink/protocol';
import type { ClockFields, ModbusRequest, ModbusResponse } from '@fieldlink/protocol';
import type { TeamRadio } from './hosts/team-radio.js';
import type { EquipmentMemory, ModbusHandler } from './memory.js';
import { checkRefused, refusal } from './refused-blocks.js';
import type { RefusedBlocks } from './refused-blocks.js';
import { checkWaveform, waveValue } from './waveforms.js';
import type { Waveform } from './waveforms.js';

export interface GpsPosition {
  /** Degrees, −90 … 90. */
  readonly latitude: number;
  /** Degrees, −180 … 180. */
  readonly longitude: number;
}

/**
 * A battery level: a fixed percentage 0-100, a waveform of percentages (a slow drain and
 * charge, see batteryWave), or null for a device without a battery (SOC reads 0xFFFF).
 */
export type SocSetting = number | Waveform | null;

/** A block of input registers a host fills itself (e.g. DL645 values). */
export interface InputBlock {
  readonly start: number;
  readonly values: readonly number[];
}

export interface DeviceRegistersOptions {
  readonly soc?: SocSetting;
  /** The GPS position; with one the fix flag reads 1, without one the block reads no fix. */
  readonly gps?: GpsPosition | null;
  /** Whether the device has the clock registers (default true). */
  readonly clock?: boolean;
  /** The clock's offset from UTC in minutes, east positive (default 0). */
  readonly utcOffsetMinutes?: number;
  /** A team host's radio block. */
  readonly team?: TeamRadio | null;
  readonly inputBlocks?: readonly InputBlock[];
  /** Channel blocks the board does not have, each with the exception it answers (default none). */
  readonly refuse?: RefusedBlocks;
}

/** A battery that drains and charges between `min` and `max` % once every `periodMs` (default a day). */
export function batteryWave(options: { min?: number; max?: number; periodMs?: number } = {}): Waveform {
  return {
    kind: 'sine',
    min: options.min ?? 20,
    max: options.max ?? 100,
    periodMs: options.periodMs ?? 86_400_000,
  };
}

/** Throws a RangeError unless the setting is a whole 0-100, null, or a waveform within 0-100. */
export function checkSoc(soc: SocSetting | undefined): void {
  if (soc === undefined || soc === null) return;
  if (typeof soc === 'number') {
    if (!Number.isInteger(soc) || soc < 0 || soc > 100) {
      throw new RangeError(`SOC must be a whole percentage 0-100, got ${soc}`);
    }
    return;
  }
  checkWaveform(soc);
  const top = soc.kind === 'constant' ? soc.value : soc.max;
  if (top > 100) throw new RangeError(`an SOC waveform must stay within 0-100, got up to ${top}`);
}

export function checkGps(gps: GpsPosition | null | undefined): void {
  if (!gps) return;
  const { latitude, longitude } = gps;
  if (!Number.isFinite(latitude) || Math.abs(latitude) > 90) {
    throw new RangeError(`latitude must be −90 … 90, got ${latitude}`);
  }
  if (!Number.isFinite(longitude) || Math.abs(longitude) > 180) {
    throw new RangeError(`longitude must be −180 … 180, got ${longitude}`);
  }
}

/** A fallback for clock fields when the time line is outside 2000-2255 (a test clock at 0). */
const EPOCH_2000: ClockFields = { year: 2000, month: 1, day: 1, hour: 0, minute: 0, second: 0, weekday: 6 };

export class DeviceRegisters implements ModbusHandler {
  readonly team: TeamRadio | null;
  readonly utcOffsetMinutes: number;
  private readonly hasClock: boolean;
  private readonly refused: RefusedBlocks | null;
  private socSetting: SocSetting;
  private gpsPosition: GpsPosition | null;
  private status: number[];
  private now = 0;
  private offsetMs = 0;
  private changes = 0;
  /** Called after a clock write moved the device's time by `jumpMs`. */
  onClockSet: ((jumpMs: number) => void) | undefined;

  constructor(
    readonly memory: EquipmentMemory,
    options: DeviceRegistersOptions = {},
  ) {
    checkSoc(options.soc);
    checkGps(options.gps);
    checkRefused(options.refuse);
    this.refused = options.refuse && Object.keys(options.refuse).length > 0 ? options.refuse : null;
    const offset = options.utcOffsetMinutes ?? 0;
    if (!Number.isInteger(offset) || Math.abs(offset) > 14 * 60) {
      throw new RangeError(`UTC offset must be whole minutes within ±14 h, got ${offset}`);
    }
    this.utcOffsetMinutes = offset;
    this.socSetting = options.soc ?? null;
    this.gpsPosition = options.gps ?? null;
    this.hasClock = options.clock ?? true;
    this.team = options.team ?? null;
    this.status = this.statusAt(0);
    const team = this.team;
    memory.addBlock({
      table: 'input',
      start: STATUS_REGISTER,
      count: STATUS_REGISTERS,
      handle: (req) =>
        req.fn === 4
          ? {
              fn: 4,
              values: this.status.slice(
                req.address - STATUS_REGISTER,
                req.address - STATUS_REGISTER + req.count,
              ),
            }
          : { fn: req.fn, exception: EXCEPTION.illegalDataAddress },
    });
    if (this.hasClock) {
      memory.addBlock({
        table: 'holding',
        start: CLOCK_REGISTER,
        count: CLOCK_REGISTERS,
        handle: (req) => this.clockRequest(req),
      });
    }
    if (team) {
      memory.addBlock({
        table: 'holding',
        start: LORA_COMMAND_REGISTER,
        count: LORA_LAST_REGISTER - LORA_COMMAND_REGISTER + 1,
        handle: (req) => this.teamRequest(team, req),
      });
    }
    for (const block of options.inputBlocks ?? []) {
      memory.addBlock({
        table: 'input',
        start: block.start,
        count: block.values.length,
        handle: (req) =>
          req.fn === 4
            ? {
                fn: 4,
                values: block.values.slice(req.address - block.start, req.address - block.start + req.count),
              }
            : { fn: req.fn, exception: EXCEPTION.illegalDataAddress },
      });
    }
  }

  /** Brings the SOC and the team radio up to `now` (ms), the time writes are taken at. */
  tick(now: number): void {
    this.now = now;
    if (this.socSetting !== null && typeof this.socSetting !== 'number') this.status = this.statusAt(now);
    this.team?.tick(now);
  }

  /** The battery level the status block reads now: 0-100, or null without a battery. */
  get soc(): number | null {
    const v = this.status[0]!;
    return v <= 100 ? v : null;
  }

  set soc(setting: SocSetting) {
    checkSoc(setting);
    this.socSetting = setting;
    this.status = this.statusAt(this.now);
  }

  get gps(): GpsPosition | null {
    return this.gpsPosition;
  }

  /** A new position (the fix flag reads 1) or null (no fix). */
  set gps(position: GpsPosition | null) {
    checkGps(position);
    this.gpsPosition = position;
    this.status = this.statusAt(this.now);
  }

  /** How far the device's clock is ahead of the tick time, in ms (0 until the clock is written). */
  get clockOffsetMs(): number {
    return this.offsetMs;
  }

  /** Sets the clock offset directly (a saved state); throws a RangeError for a non-finite value. */
  set clockOffsetMs(ms: number) {
    if (!Number.isFinite(ms)) throw new RangeError(`clock offset must be a number of ms, got ${ms}`);
    if (ms !== this.offsetMs) this.changes++;
    this.offsetMs = ms;
  }

  /** The device's time line at tick time `now`: what its timer rules run on. */
  deviceTime(now: number = this.now): number {
    return now + this.offsetMs;
  }

  /** The clock's fields now, as an FC03 of 1100-1106 reads them. */
  clock(): ClockFields {
    return clockAt(this.deviceTime(), this.utcOffsetMinutes);
  }

  /** Grows with every change worth saving: the clock offset and the team radio's settings. */
  get version(): number {
    return this.changes + (this.team?.version ?? 0);
  }

  /** The memory's answer, these registers included; a refused block's exception. */
  handle(req: ModbusRequest): ModbusResponse {
    const exception = this.refused ? refusal(req, this.memory, this.refused) : null;
    if (exception !== null) return { fn: req.fn, exception };
    return this.memory.handle(req);
  }

  private statusAt(now: number): number[] {
    const s = this.socSetting;
    const soc = s === null ? null : typeof s === 'number' ? s : Math.min(100, waveValue(s, now));
    return encodeDeviceStatus({ soc, gps: this.gpsPosition });
  }

  private clockRequest(req: ModbusRequest): ModbusResponse {
    let fields: ClockFields;
    try {
      fields = this.clock();
      encodeClock(fields);
    } catch {
      fields = EPOCH_2000;
    }
    const words = encodeClock(fields);
    if (req.fn === 3) {
      return {
        fn: 3,
        values: words.slice(req.address - CLOCK_REGISTER, req.address - CLOCK_REGISTER + req.count),
      };
    }
    const values = req.fn === 6 ? [req.value] : req.fn === 16 ? [...req.values] : [];
    values.forEach((v, i) => (words[req.address - CLOCK_REGISTER + i] = v));
    const written = decodeClock(words);
    if (!written || !realDate(written)) return { fn: req.fn, exception: EXCEPTION.illegalDataValue };
    const local = clockToUtcMs(written);
    const before = this.offsetMs;
    this.clockOffsetMs = local - this.utcOffsetMinutes * 60_000 - this.now;
    this.onClockSet?.(this.offsetMs - before);
    return req.fn === 6 ? req : { fn: 16, address: req.address, count: values.length };
  }

  private teamRequest(team: TeamRadio, req: ModbusRequest): ModbusResponse {
    if (req.fn === 3) {
      return { fn: 3, values: Array.from({ length: req.count }, (_, i) => team.read(req.address + i)) };
    }
    const values = req.fn === 6 ? [req.value] : req.fn === 16 ? req.values : [];
    const refusal = team.write(req.address, values, this.now);
    if (refusal !== null) return { fn: req.fn, exception: refusal };
    return req.fn === 6 ? req : { fn: 16, address: req.address, count: values.length };
  }
}

/** Whether the fields name a day that exists (no 31 April); the weekday is not checked. */
function realDate(c: ClockFields): boolean {
  const back = clockAt(clockToUtcMs(c), 0);
  return back.year === c.year && back.month === c.month && back.day === c.day;
}
