/**
 * When the baseline poll reads each online device: once per period, the devices spread evenly over
 * the period in ticks (100 ms by default), each device in a tick of its own turn, handed out
 * round-robin as devices come online, so that thousands of devices linking at once still make an
 * even load.
 *
 * A tick that comes late because the event loop was busy (the server is behind) does not fire the
 * ticks it missed all at once: that would bunch their polls into a burst that blocks the server
 * again (one interval timer per device does that: after a stall every timer due meanwhile fires
 * together, and stays together). The missed ticks wait in a backlog, and each tick that comes on
 * time after that (the server has room again) runs its own devices and the oldest missed tick's,
 * catching up at twice the pace; a late tick runs only its own. A tick missed
 * again while it still waits (the server stays behind for a period and more) is not queued twice:
 * its devices get one poll for both turns, so an overloaded server sheds baseline polls instead
 * of piling them up.
 */
export interface PollScheduleOptions {
  /** How often each device is polled. */
  readonly periodMs: number;
  /** The tick; default 100 ms, or the period when shorter. */
  readonly tickMs?: number;
  readonly now?: () => number;
  /** Told, after a tick that shed turns, how many polls it shed. */
  readonly onSkipped?: (polls: number) => void;
}

export class PollSchedule {
  readonly #poll: (id: number) => void;
  readonly #tickMs: number;
  readonly #slots: Set<number>[];
  readonly #slotOf = new Map<number, number>();
  readonly #now: () => number;
  readonly #onSkipped: ((polls: number) => void) | undefined;
  #next = 0;
  /** The last tick run (time / tickMs). */
  #last: number;
  #timer: NodeJS.Timeout | null = null;
  /** Slots whose tick was missed, oldest first, each at most once (#waiting). */
  #backlog: number[] = [];
  readonly #waiting: boolean[];
  #skipped = 0;

  constructor(options: PollScheduleOptions, poll: (id: number) => void) {
    const { periodMs } = options;
    if (!Number.isInteger(periodMs) || periodMs < 1) {
      throw new RangeError(`periodMs must be a whole number ≥ 1, got ${periodMs}`);
    }
    this.#tickMs = Math.min(options.tickMs ?? 100, periodMs);
    if (!Number.isInteger(this.#tickMs) || this.#tickMs < 1) {
      throw new RangeError(`tickMs must be a whole number ≥ 1, got ${this.#tickMs}`);
    }
    this.#slots = Array.from({ length: Math.max(1, Math.round(periodMs / this.#tickMs)) }, () => new Set());
    this.#waiting = this.#slots.map(() => false);
    this.#now = options.now ?? Date.now;
    this.#onSkipped = options.onSkipped;
    this.#poll = poll;
    this.#last = this.#tick();
  }

  /** Devices scheduled. */
  get size(): number {
    return this.#slotOf.size;
  }

  /** Polls not made because a tick was missed again before it was made up, since the start. */
  get skipped(): number {
    return this.#skipped;
  }

  /** Polls the device every period from now on, its first poll within one period. */
  add(id: number): void {
    if (this.#slotOf.has(id)) return;
    const slot = this.#next;
    this.#next = (this.#next + 1) % this.#slots.length;
    this.#slots[slot]!.add(id);
    this.#slotOf.set(id, slot);
    if (this.#timer === null) {
      this.#last = this.#tick();
      this.#timer = setInterval(() => this.run(), this.#tickMs);
      this.#timer.unref();
    }
  }

  remove(id: number): void {
    const slot = this.#slotOf.get(id);
    if (slot === undefined) return;
    this.#slots[slot]!.delete(id);
    this.#slotOf.delete(id);
    if (this.#slotOf.size === 0) this.stop();
  }

  /** Ticks missed and not yet made up. */
  get behind(): number {
    return this.#backlog.length;
  }

  /** No more polls until a device is added again. */
  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#backlog = [];
    this.#waiting.fill(false);
  }

  /**
   * Runs the tick due now, if it has not run: its devices are polled, and, when it comes on time
   * (right after the last tick run), those of the oldest tick missed before.
   */
  run(): void {
    const tick = this.#tick();
    if (tick <= this.#last) return;
    const onTime = tick === this.#last + 1;
    const skippedBefore = this.#skipped;
    const slots = this.#slots.length;
    // Behind by more than a period: the turns before the last period's are lost outright.
    const lost = tick - slots - (this.#last + 1);
    if (lost > 0) {
      this.#skipped += Math.floor(lost / slots) * this.#slotOf.size;
      for (let k = tick - slots - (lost % slots); k < tick - slots; k++) {
        this.#skipped += this.#slots[k % slots]!.size;
      }
    }
    for (let k = Math.max(this.#last + 1, tick - slots); k < tick; k++) this.#miss(k % slots);
    this.#last = tick;
    const now = tick % slots;
    // The slot due now is polled now: a turn of it still waiting is lost in this one.
    if (this.#waiting[now]) {
      this.#skipped += this.#slots[now]!.size;
      this.#waiting[now] = false;
      this.#backlog.splice(this.#backlog.indexOf(now), 1);
    }
    this.#pollSlot(now);
    const late = onTime ? this.#backlog.shift() : undefined;
    if (late !== undefined) {
      this.#waiting[late] = false;
      this.#pollSlot(late);
    }
    if (this.#skipped > skippedBefore) this.#onSkipped?.(this.#skipped - skippedBefore);
  }

  #miss(slot: number): void {
    if (this.#waiting[slot]) {
      this.#skipped += this.#slots[slot]!.size;
      return;
    }
    this.#waiting[slot] = true;
    this.#backlog.push(slot);
  }

  #pollSlot(slot: number): void {
    for (const id of this.#slots[slot]!) this.#poll(id);
  }

  #tick(): number {
    return Math.floor(this.#now() / this.#tickMs);
  }
}
