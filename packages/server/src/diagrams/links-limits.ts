/**
 * Bounds on the sign-in-free link routes, kept per node in memory like the live channel's sockets
 * per address: requests per client address in a fixed window, and open streams per link and per
 * address. A token has 256 random bits, so the bounds are there against load, not guessing.
 */

export interface LinkLimits {
  /** Requests one client address may make to the link routes per window. */
  readonly requestsPerWindow: number;
  readonly windowMs: number;
  /** Streams (wall displays) open at once on one link. */
  readonly streamsPerLink: number;
  /** Streams open at once from one client address. */
  readonly streamsPerAddress: number;
}

export const DEFAULT_LINK_LIMITS: LinkLimits = {
  requestsPerWindow: 120,
  windowMs: 60_000,
  streamsPerLink: 10,
  streamsPerAddress: 20,
};

/** Addresses tracked at most; past it the oldest windows are forgotten (they restart empty). */
const MAX_ADDRESSES = 50_000;

/** Requests per address in fixed windows. */
export class AddressWindow {
  readonly #windows = new Map<string, { count: number; endsAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts a request; the time to wait (ms) when it is one too many, else 0. */
  take(address: string, now: number): number {
    let window = this.#windows.get(address);
    if (!window || window.endsAt <= now) {
      this.#sweep(now);
      window = { count: 0, endsAt: now + this.windowMs };
      this.#windows.set(address, window);
    }
    if (window.count >= this.limit) return window.endsAt - now;
    window.count += 1;
    return 0;
  }

  #sweep(now: number): void {
    if (this.#windows.size < MAX_ADDRESSES) return;
    for (const [address, window] of this.#windows) {
      if (window.endsAt <= now || this.#windows.size >= MAX_ADDRESSES) this.#windows.delete(address);
      if (this.#windows.size < MAX_ADDRESSES / 2) break;
    }
  }
}

/** Open things counted per key, each with a bound. */
export class OpenCounter {
  readonly #open = new Map<string, number>();

  constructor(private readonly limit: number) {}

  /** Opens one more for `key`; false (nothing counted) when the key is at its bound. */
  open(key: string): boolean {
    const n = this.#open.get(key) ?? 0;
    if (n >= this.limit) return false;
    this.#open.set(key, n + 1);
    return true;
  }

  close(key: string): void {
    const n = (this.#open.get(key) ?? 1) - 1;
    if (n > 0) this.#open.set(key, n);
    else this.#open.delete(key);
  }
}
