/**
 * A bounded cache of recent answers with one look-up in flight per key: a hundred consoles signing
 * in at once ask the provider once. Entries live `ttlMs`; failures live `failureTtlMs` (the
 * provider is not asked again at once when it is down); the oldest go first past `max` entries.
 */
export class TimedCache<T> {
  readonly #entries = new Map<string, { value: T | Error; until: number }>();
  readonly #inflight = new Map<string, Promise<T>>();

  constructor(
    private readonly options: {
      readonly ttlMs: number;
      readonly failureTtlMs: number;
      readonly max: number;
      readonly now: () => number;
    },
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  async get(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.options.now();
    const hit = this.#entries.get(key);
    if (hit && hit.until > now) {
      if (hit.value instanceof Error) throw hit.value;
      return hit.value;
    }
    if (hit) this.#entries.delete(key);
    const pending = this.#inflight.get(key);
    if (pending) return pending;
    const loading = load().then(
      (value) => {
        this.#store(key, value, this.options.ttlMs);
        return value;
      },
      (error: unknown) => {
        this.#store(
          key,
          error instanceof Error ? error : new Error(String(error)),
          this.options.failureTtlMs,
        );
        throw error;
      },
    );
    this.#inflight.set(key, loading);
    try {
      return await loading;
    } finally {
      this.#inflight.delete(key);
    }
  }

  #store(key: string, value: T | Error, ttl: number): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, until: this.options.now() + ttl });
    while (this.#entries.size > this.options.max) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }
}
