/**
 * Attempt counters in the store (`attempt_counters`), so every server node sees the same counts.
 * An attempt is reserved before the work it limits is done (a password hash checked, a code sent),
 * by one upsert that both counts and decides: PostgreSQL locks the conflicting row and evaluates
 * the update against its latest version, SQLite has a single writer, so however many requests
 * arrive at once, no more than the limit are ever granted. A refused attempt leaves no trace.
 *
 * Two shapes: a window (at most `limit` attempts from the first until `windowMs` later) and a
 * streak (the first `free` attempts at once, then a wait that doubles from `baseDelayMs` up to
 * `maxDelayMs` before each next one, forgotten after `forgetMs` without an attempt).
 */
import { sql } from 'kysely';
import type { Expression, ExpressionBuilder, Kysely } from 'kysely';
import { ApiError } from '../http/errors.js';
import type { AttemptKind, Database } from '../storage/schema.js';

export interface WindowLimit {
  readonly limit: number;
  readonly windowMs: number;
}

export interface DelayLimit {
  readonly free: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly forgetMs: number;
}

/** A granted window attempt, to give back when the attempt turns out not to count. */
export interface Slot {
  readonly kind: AttemptKind;
  readonly key: string;
  /** Identifies the window, so a give-back never lands in a later one. */
  readonly expiresAt: number;
  /** Attempts in the window, this one included. */
  readonly attempts: number;
}

export type Reservation =
  | { readonly granted: true; readonly slots: readonly Slot[] }
  | { readonly granted: false; readonly kind: AttemptKind; readonly retryAt: number };

export interface WindowRequest {
  readonly kind: AttemptKind;
  readonly key: string;
  readonly limit: WindowLimit;
}

/** A 429 that says when to come back, in its message and in a `Retry-After` header. */
export class RetryLater extends ApiError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAt: number, now: number) {
    const seconds = Math.max(1, Math.ceil((retryAt - now) / 1000));
    super('rate_limited', `${message}; try again in ${readableWait(seconds)}`);
    this.retryAfterSeconds = seconds;
  }
}

/** 45 seconds, 11 minutes, 23 hours: rounded up, so the client never comes back too early. */
export function readableWait(seconds: number): string {
  const [n, unit] =
    seconds < 60
      ? [seconds, 'second']
      : seconds < 120 * 60
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

const SWEEP_EVERY_MS = 60_000;

type Counters = ExpressionBuilder<Database, 'attempt_counters'>;

/**
 * A timestamp in arithmetic: PostgreSQL would otherwise type the parameter after the integer
 * operand beside it and overflow.
 */
function epoch(ms: number): Expression<number> {
  return sql<number>`cast(${ms} as bigint)`;
}

export class AttemptCounter {
  #nextSweep = 0;

  constructor(private readonly db: Kysely<Database>) {}

  /** Takes one attempt in each window, in order; on a refusal, gives back those already taken. */
  async take(requests: readonly WindowRequest[], now: number): Promise<Reservation> {
    await this.#sweep(now);
    const slots: Slot[] = [];
    for (const { kind, key, limit } of requests) {
      const slot = await this.#takeWindow(kind, key, limit, now);
      if (slot === null) {
        await this.giveBack(slots);
        return { granted: false, kind, retryAt: await this.#expiry(kind, key, now) };
      }
      slots.push(slot);
    }
    return { granted: true, slots };
  }

  /** Returns window attempts that did not count (nothing was checked, or it succeeded). */
  async giveBack(slots: readonly Slot[]): Promise<void> {
    for (const slot of slots) {
      await this.db
        .updateTable('attempt_counters')
        .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
        .where('kind', '=', slot.kind)
        .where('key', '=', slot.key)
        .where('expires_at', '=', slot.expiresAt)
        .where('attempts', '>', 0)
        .execute();
    }
  }

  /** Takes the next attempt of a streak, or says when it may be made. */
  async takeDelayed(
    kind: AttemptKind,
    key: string,
    limit: DelayLimit,
    now: number,
  ): Promise<{ granted: true } | { granted: false; retryAt: number }> {
    await this.#sweep(now);
    // The wait after the streak's first attempt, and after each next one given the wait before it.
    const first = limit.free > 1 ? 0 : limit.baseDelayMs;
    const delay = (eb: Counters) => {
      const lapsed = eb('attempt_counters.expires_at', '<=', now);
      return eb
        .case()
        .when(lapsed)
        .then(first)
        .when('attempt_counters.attempts', '<', limit.free - 1)
        .then(0)
        .when('attempt_counters.delay_ms', '=', 0)
        .then(limit.baseDelayMs)
        .when(eb('attempt_counters.delay_ms', '*', 2), '>=', limit.maxDelayMs)
        .then(limit.maxDelayMs)
        .else(eb('attempt_counters.delay_ms', '*', 2))
        .end();
    };
    const row = await this.db
      .insertInto('attempt_counters')
      .values({
        kind,
        key,
        attempts: 1,
        delay_ms: first,
        next_at: now + first,
        expires_at: now + limit.forgetMs,
      })
      .onConflict((oc) =>
        oc
          .columns(['kind', 'key'])
          .doUpdateSet((eb) => ({
            attempts: eb
              .case()
              .when('attempt_counters.expires_at', '<=', now)
              .then(1)
              .else(eb('attempt_counters.attempts', '+', 1))
              .end(),
            delay_ms: delay(eb),
            next_at: eb(epoch(now), '+', delay(eb)),
            expires_at: now + limit.forgetMs,
          }))
          .where((eb) =>
            eb.or([eb('attempt_counters.expires_at', '<=', now), eb('attempt_counters.next_at', '<=', now)]),
          ),
      )
      .returning('attempts')
      .executeTakeFirst();
    if (row) return { granted: true };
    const held = await this.db
      .selectFrom('attempt_counters')
      .select('next_at')
      .where('kind', '=', kind)
      .where('key', '=', key)
      .executeTakeFirst();
    return { granted: false, retryAt: held?.next_at ?? now };
  }

  /** Remembers `key` until `until` (a trusted pair). */
  async mark(kind: AttemptKind, key: string, until: number): Promise<void> {
    await this.db
      .insertInto('attempt_counters')
      .values({ kind, key, attempts: 0, expires_at: until })
      .onConflict((oc) => oc.columns(['kind', 'key']).doUpdateSet({ attempts: 0, expires_at: until }))
      .execute();
  }

  async isMarked(kind: AttemptKind, key: string, now: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('attempt_counters')
      .select('kind')
      .where('kind', '=', kind)
      .where('key', '=', key)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Forgets the counter: a window or streak starts afresh, a mark is gone. */
  async clear(kind: AttemptKind, key: string): Promise<void> {
    await this.db.deleteFrom('attempt_counters').where('kind', '=', kind).where('key', '=', key).execute();
  }

  /** Counts and decides in one statement; null when the window is full. */
  async #takeWindow(kind: AttemptKind, key: string, limit: WindowLimit, now: number): Promise<Slot | null> {
    const end = now + limit.windowMs;
    const row = await this.db
      .insertInto('attempt_counters')
      .values({ kind, key, attempts: 1, expires_at: end })
      .onConflict((oc) =>
        oc
          .columns(['kind', 'key'])
          .doUpdateSet((eb) => {
            const lapsed = eb('attempt_counters.expires_at', '<=', now);
            return {
              attempts: eb
                .case()
                .when(lapsed)
                .then(1)
                .else(eb('attempt_counters.attempts', '+', 1))
                .end(),
              expires_at: eb.case().when(lapsed).then(end).else(eb.ref('attempt_counters.expires_at')).end(),
            };
          })
          .where((eb) =>
            eb.or([
              eb('attempt_counters.expires_at', '<=', now),
              eb('attempt_counters.attempts', '<', limit.limit),
            ]),
          ),
      )
      .returning(['attempts', 'expires_at'])
      .executeTakeFirst();
    return row ? { kind, key, expiresAt: row.expires_at, attempts: row.attempts } : null;
  }

  async #expiry(kind: AttemptKind, key: string, now: number): Promise<number> {
    const row = await this.db
      .selectFrom('attempt_counters')
      .select('expires_at')
      .where('kind', '=', kind)
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.expires_at ?? now;
  }

  /** Drops rows past their time, at most once a minute per node, so abandoned keys do not pile up. */
  async #sweep(now: number): Promise<void> {
    if (now < this.#nextSweep) return;
    this.#nextSweep = now + SWEEP_EVERY_MS;
    await this.db.deleteFrom('attempt_counters').where('expires_at', '<=', now).execute();
  }
}
