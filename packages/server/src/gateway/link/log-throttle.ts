/**
 * Holds back repeated log lines: one line per key (a serial number, a kind of failure) per
 * interval, the next one telling how many were held back meanwhile. At most `maxKeys` keys are
 * kept, so a flood of distinct keys cannot grow it without bound: when it is full, the keys whose
 * last line is an interval old are forgotten, and if none is, the line of a new key is held back.
 */
export interface LogThrottleOptions {
  /** One line per key per this many ms; default 60 000. */
  readonly intervalMs?: number;
  /** Keys remembered at most; default 10 000. */
  readonly maxKeys?: number;
  readonly now?: () => number;
}

interface Entry {
  at: number;
  held: number;
}

export class LogThrottle {
  private readonly intervalMs: number;
  private readonly maxKeys: number;
  private readonly now: () => number;
  private readonly entries = new Map<string, Entry>();
  /** Lines held back because the table was full. */
  private overflow = 0;

  constructor(options: LogThrottleOptions = {}) {
    this.intervalMs = options.intervalMs ?? 60_000;
    this.maxKeys = options.maxKeys ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * Whether a line for `key` may be written now: null to hold it back, else the number of lines
   * for that key held back since the last one written.
   */
  take(key: string): number | null {
    const at = this.now();
    const entry = this.entries.get(key);
    if (entry) {
      if (at - entry.at < this.intervalMs) {
        entry.held++;
        return null;
      }
      const held = entry.held;
      entry.at = at;
      entry.held = 0;
      return held;
    }
    if (this.entries.size >= this.maxKeys) {
      this.prune(at);
      if (this.entries.size >= this.maxKeys) {
        this.overflow++;
        return null;
      }
    }
    this.entries.set(key, { at, held: 0 });
    return 0;
  }

  /** Lines held back because too many keys were remembered at once. */
  get overflowed(): number {
    return this.overflow;
  }

  private prune(at: number): void {
    for (const [key, entry] of this.entries) {
      if (at - entry.at >= this.intervalMs) this.entries.delete(key);
    }
  }
}
