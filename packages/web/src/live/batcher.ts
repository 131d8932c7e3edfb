/**
 * Device-info bursts (spec §4: info within 300 ms of the previous batch is cached and flushed
 * later): the first update after a quiet window is applied at once; updates inside the window
 * wait, merged per device with the later fields winning, and go in one batch when it ends. So
 * the store changes at most once per window however many devices report.
 */
import { mergeUpdates } from '../equipment/live-state';
import type { DeviceUpdate } from '../equipment/live-state';
import type { Timers } from './client';

export const BATCH_WINDOW_MS = 300;

/** Timers and the time, as the batcher and the live client use them. */
export type Clock = Timers;

const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class DeviceInfoBatcher {
  readonly #apply: (updates: DeviceUpdate[]) => void;
  readonly #windowMs: number;
  readonly #clock: Clock;
  #pending = new Map<string, DeviceUpdate>();
  #lastFlush = Number.NEGATIVE_INFINITY;
  #timer: unknown = null;

  constructor(
    apply: (updates: DeviceUpdate[]) => void,
    windowMs = BATCH_WINDOW_MS,
    clock: Clock = systemClock,
  ) {
    this.#apply = apply;
    this.#windowMs = windowMs;
    this.#clock = clock;
  }

  push(update: DeviceUpdate): void {
    const before = this.#pending.get(update.SN);
    this.#pending.set(update.SN, before ? mergeUpdates(before, update) : update);
    if (this.#timer !== null) return;
    const wait = this.#lastFlush + this.#windowMs - this.#clock.now();
    if (wait <= 0) this.flush();
    else this.#timer = this.#clock.setTimeout(() => this.flush(), wait);
  }

  /** Applies what is pending now. */
  flush(): void {
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#timer = null;
    if (this.#pending.size === 0) return;
    const batch = [...this.#pending.values()];
    this.#pending = new Map();
    this.#lastFlush = this.#clock.now();
    this.#apply(batch);
  }

  /** Drops what is pending (sign-out). */
  dispose(): void {
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#timer = null;
    this.#pending.clear();
  }
}
