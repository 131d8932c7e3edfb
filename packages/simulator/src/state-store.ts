/**
 * Device state kept on disk (`--state-dir`): one JSON file per serial number holding what the
 * device would keep through a power cut — its holding registers (rule pages, AO, meter lists,
 * a team host's radio and slave table) and its clock offset. A file is loaded when the device
 * is attached, written at most once a second after a change and once more on close. A file
 * that cannot be read or does not fit the device is reported and left alone: the device starts
 * fresh, and its next change overwrites the file.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SYSTEM_TIMERS } from './dtu-client.js';
import type { Timers } from './dtu-client.js';
import type { DeviceState, VirtualDevice } from './virtual-device.js';

/** The file format written; a file with another is refused. */
export const STATE_FORMAT = 1;
/** Least time between two writes of a changed device's file, in ms. */
export const STATE_WRITE_MS = 1000;

type Registers = [number, number][];

function fail(message: string): never {
  throw new SyntaxError(message);
}

function registers(value: unknown, where: string): Registers {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(`${where} is not an object`);
  const out: Registers = [];
  for (const [key, v] of Object.entries(value)) {
    if (!/^\d{1,5}$/.test(key) || Number(key) > 0xffff)
      fail(`${where}: ${JSON.stringify(key)} is not a register`);
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 0xffff) {
      fail(`${where}: register ${key} must hold 0-65535`);
    }
    out.push([Number(key), v]);
  }
  return out.sort((a, b) => a[0] - b[0]);
}

/** The file's text for a device's state: registers as `{ "12000": 2561, … }`. */
export function formatDeviceState(serial: string, state: DeviceState): string {
  const object = (entries: readonly (readonly [number, number])[]): Record<string, number> =>
    Object.fromEntries(entries.map(([a, v]) => [String(a), v]));
  const subDevices = Object.fromEntries(state.subDevices.map((s) => [String(s.address), object(s.holding)]));
  return `${JSON.stringify(
    {
      format: STATE_FORMAT,
      serial,
      type: state.type,
      clockOffsetMs: state.clockOffsetMs,
      holding: object(state.holding),
      subDevices,
    },
    null,
    1,
  )}\n`;
}

/**
 * Reads a state file's text. Returns the state, or the reason it cannot be used: not JSON,
 * another format or serial, a field missing or of the wrong kind, a register number or value out
 * of range. Never throws.
 */
export function parseDeviceState(
  text: string,
  serial: string,
): { ok: true; state: DeviceState } | { ok: false; error: string } {
  try {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      fail('not JSON');
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) fail('not a JSON object');
    const o = json as Record<string, unknown>;
    if (o.format !== STATE_FORMAT) fail(`format must be ${STATE_FORMAT}`);
    if (o.serial !== serial) fail(`the file is of ${JSON.stringify(o.serial)}`);
    if (typeof o.type !== 'string') fail('type is not a string');
    const offset = o.clockOffsetMs;
    if (typeof offset !== 'number' || !Number.isFinite(offset) || Math.abs(offset) > 1e13) {
      fail('clockOffsetMs is not a number of ms');
    }
    const holding = registers(o.holding, 'holding');
    const subs = o.subDevices ?? {};
    if (typeof subs !== 'object' || subs === null || Array.isArray(subs)) fail('subDevices is not an object');
    const subDevices = Object.entries(subs).map(([key, value]) => {
      if (!/^\d{1,3}$/.test(key)) fail(`subDevices: ${JSON.stringify(key)} is not an address`);
      return { address: Number(key), holding: registers(value, `sub-device ${key}`) };
    });
    return { ok: true, state: { type: o.type, clockOffsetMs: offset, holding, subDevices } };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}

export interface DeviceStateStoreOptions {
  /** Where problems go: an unreadable file, a write that failed (default: ignored). */
  readonly report?: (message: string) => void;
  readonly timers?: Timers;
}

/** What attach found. */
export type AttachResult = 'loaded' | 'fresh' | 'ignored';

interface Tracked {
  readonly device: VirtualDevice;
  readonly file: string;
  saved: number;
}

export class DeviceStateStore {
  private readonly tracked = new Map<string, Tracked>();
  private readonly report: (message: string) => void;
  private readonly timers: Timers;
  private timer: unknown;

  /** Creates the directory if needed (throws when it cannot). */
  constructor(
    readonly dir: string,
    options: DeviceStateStoreOptions = {},
  ) {
    mkdirSync(dir, { recursive: true });
    this.report = options.report ?? (() => {});
    this.timers = options.timers ?? SYSTEM_TIMERS;
  }

  /** The file of a serial number. */
  fileOf(serial: string): string {
    return join(this.dir, `${serial}.json`);
  }

  /**
   * Loads the device's saved state if it has a file, and keeps the file up to date from now on.
   * 'fresh': no file; 'ignored': a file that could not be used (reported).
   */
  attach(device: VirtualDevice): AttachResult {
    const file = this.fileOf(device.serial);
    let result: AttachResult = 'fresh';
    let text: string | null = null;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.report(`${file}: cannot read (${(e as Error).message}); ${device.serial} starts fresh`);
        result = 'ignored';
      }
    }
    if (text !== null) {
      const parsed = parseDeviceState(text, device.serial);
      try {
        if (!parsed.ok) throw new SyntaxError(parsed.error);
        device.importState(parsed.state);
        result = 'loaded';
      } catch (e) {
        this.report(`${file}: ${(e as Error).message}; ${device.serial} starts fresh`);
        result = 'ignored';
      }
    }
    this.tracked.set(device.serial, { device, file, saved: device.stateVersion });
    return result;
  }

  /** Writes the changed devices every STATE_WRITE_MS until close. */
  start(): void {
    if (this.timer !== undefined) return;
    this.timer = this.timers.setInterval(() => this.flush(), STATE_WRITE_MS);
  }

  /** Writes the file of every device that changed since its last write. */
  flush(): void {
    for (const t of this.tracked.values()) {
      const version = t.device.stateVersion;
      if (version === t.saved) continue;
      t.saved = version;
      const tmp = `${t.file}.tmp`;
      try {
        writeFileSync(tmp, formatDeviceState(t.device.serial, t.device.exportState()));
        renameSync(tmp, t.file);
      } catch (e) {
        this.report(`${t.file}: cannot write (${(e as Error).message})`);
      }
    }
  }

  /** Stops the timer and writes what changed. */
  close(): void {
    if (this.timer !== undefined) this.timers.clearInterval(this.timer);
    this.timer = undefined;
    this.flush();
  }
}
