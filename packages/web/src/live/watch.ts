/**
 * Watching the selected equipment (spec §4 "Selecting equipment", "Background timers"): on
 * selection a cyclic read (10 reads, 3000 ms apart) and a read of the analog outputs; the
 * outputs again on each register reply and when over 30 s old; another cyclic read when no push
 * came for the device for over 30 s. Checked on a 1 s tick.
 */
import { CYCLIC_READ_DEFAULTS } from '@fieldlink/protocol';
import type { Operation } from '@fieldlink/protocol';

export const STALE_MS = 30_000;
export const TICK_MS = 1_000;

export interface WatchedDevice {
  readonly id: number;
  readonly unid: string;
  readonly aoRegister: number;
  readonly aoCount: number;
}

export interface WatchDeps {
  now(): number;
  /** Sends a read for the device; false when it could not be sent (the next tick tries again). */
  send(device: WatchedDevice, operation: Operation): boolean;
  /** Epoch ms of the last push with channel values for the device; 0 for none. */
  lastPushAt(id: number): number;
}

export const cyclicRead = (): Operation => ({ opr: 'read', ...CYCLIC_READ_DEFAULTS });

export function aoRead(device: WatchedDevice): Operation | null {
  return device.aoCount > 0 ? { opr: 'rao', regstart: device.aoRegister, regnum: device.aoCount } : null;
}

export class SelectionWatcher {
  readonly #deps: WatchDeps;
  #device: WatchedDevice | null = null;
  #cyclicAt = 0;
  #aoAt = 0;

  constructor(deps: WatchDeps) {
    this.#deps = deps;
  }

  get device(): WatchedDevice | null {
    return this.#device;
  }

  select(device: WatchedDevice | null): void {
    this.#device = device;
    this.#cyclicAt = 0;
    this.#aoAt = 0;
    if (device) {
      this.#readCyclic();
      this.#readAo();
    }
  }

  /** The server accepted the token (a new socket, or a refreshed token): outputs are read again. */
  registered(): void {
    this.#readAo();
  }

  /** Pushes were missed: read everything of the selected device again. */
  resync(): void {
    this.#readCyclic();
    this.#readAo();
  }

  tick(): void {
    const device = this.#device;
    if (!device) return;
    const now = this.#deps.now();
    const lastSeen = Math.max(this.#deps.lastPushAt(device.id), this.#cyclicAt);
    if (now - lastSeen > STALE_MS) this.#readCyclic();
    if (aoRead(device) && now - this.#aoAt > STALE_MS) this.#readAo();
  }

  #readCyclic(): void {
    const device = this.#device;
    if (device && this.#deps.send(device, cyclicRead())) this.#cyclicAt = this.#deps.now();
  }

  #readAo(): void {
    const device = this.#device;
    const op = device ? aoRead(device) : null;
    if (device && op && this.#deps.send(device, op)) this.#aoAt = this.#deps.now();
  }
}
