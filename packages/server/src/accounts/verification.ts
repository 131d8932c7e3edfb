/**
 * One-time verification codes: 6 digits, valid 10 minutes, single use, dead after 5 wrong tries.
 * Codes are stored as an HMAC bound to their target and purpose, so a copy of the table neither
 * reveals them nor lets a code for one number be replayed for another.
 *
 * Sending is limited per target and per client address, and each try at a code is counted before
 * it is compared, both atomically (attempts.ts), so concurrent requests cannot slip past a limit.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ApiError } from '../http/errors.js';
import type { AttemptKind, Database, VerificationPurpose } from '../storage/schema.js';
import { RetryLater } from './attempts.js';
import type { AttemptCounter, Slot, WindowLimit } from './attempts.js';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
/** Per target: one code a minute and ten an hour, whatever the purpose. */
export const CODE_MIN_INTERVAL_MS = 60 * 1000;
export const CODES_PER_HOUR = 10;

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/**
 * Per client address: enough for a person registering, binding and recovering on a few numbers
 * with retries, far too few to bomb a list of numbers with codes.
 */
export const CODES_PER_ADDRESS: WindowLimit = { limit: 5, windowMs: 10 * MINUTE };
export const CODES_PER_ADDRESS_DAY: WindowLimit = { limit: 20, windowMs: 24 * HOUR };

const SEND_LIMITS: readonly {
  kind: AttemptKind;
  by: 'target' | 'address';
  limit: WindowLimit;
  refused: string;
}[] = [
  {
    kind: 'code-target',
    by: 'target',
    limit: { limit: 1, windowMs: CODE_MIN_INTERVAL_MS },
    refused: 'a code was sent to this target less than a minute ago',
  },
  {
    kind: 'code-target-hour',
    by: 'target',
    limit: { limit: CODES_PER_HOUR, windowMs: HOUR },
    refused: `at most ${CODES_PER_HOUR} codes an hour may be sent to one target`,
  },
  {
    kind: 'code-address',
    by: 'address',
    limit: CODES_PER_ADDRESS,
    refused: `at most ${CODES_PER_ADDRESS.limit} codes in 10 minutes may be asked for from one address`,
  },
  {
    kind: 'code-address-day',
    by: 'address',
    limit: CODES_PER_ADDRESS_DAY,
    refused: `at most ${CODES_PER_ADDRESS_DAY.limit} codes a day may be asked for from one address`,
  },
];

export const WRONG_CODE = 'verification code wrong or expired';

/** A stored code and the send reservations it holds. */
export interface IssuedCode {
  readonly id: number;
  readonly code: string;
  readonly expiresAt: number;
  readonly slots: readonly Slot[];
}

export class VerificationCodes {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly key: Uint8Array,
    private readonly now: () => number,
    private readonly counter: AttemptCounter,
  ) {}

  /**
   * Stores a fresh code for the target asked for from `address` and returns it with its expiry;
   * 429 when the target or the address has asked too often.
   */
  async issue(target: string, purpose: VerificationPurpose, address: string): Promise<IssuedCode> {
    const now = this.now();
    const taken = await this.counter.take(
      SEND_LIMITS.map(({ kind, by, limit }) => ({ kind, key: by === 'target' ? target : address, limit })),
      now,
    );
    if (!taken.granted) {
      const refused = SEND_LIMITS.find((l) => l.kind === taken.kind)!.refused;
      throw new RetryLater(refused, taken.retryAt, now);
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = now + CODE_TTL_MS;
    const row = await this.db
      .insertInto('verification_codes')
      .values({
        target,
        purpose,
        code_hash: this.#hash(target, purpose, code),
        expires_at: expiresAt,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, code, expiresAt, slots: taken.slots };
  }

  /** Forgets a code that could not be delivered, so it does not hold back the next request. */
  async discard(issued: IssuedCode): Promise<void> {
    await this.db.deleteFrom('verification_codes').where('id', '=', issued.id).execute();
    await this.counter.giveBack(issued.slots);
  }

  /**
   * Checks `code` against the latest code sent to the target for the purpose, without using it up,
   * and returns that code's id. Each try takes one of the code's tries before the comparison, in
   * one statement, so concurrent guesses cannot compare more than the allowed number; the right
   * code gives its try back. With no try left even the right code is refused.
   */
  async check(target: string, purpose: VerificationPurpose, code: string): Promise<number> {
    const latest = await this.db
      .selectFrom('verification_codes')
      .select(['id', 'code_hash', 'used_at', 'expires_at'])
      .where('target', '=', target)
      .where('purpose', '=', purpose)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!latest || latest.used_at !== null || latest.expires_at <= this.now()) {
      throw new ApiError('bad_request', WRONG_CODE);
    }
    const tried = await this.db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', latest.id)
      .where('attempts', '<', MAX_CODE_ATTEMPTS)
      .returning('attempts')
      .executeTakeFirst();
    if (!tried) throw new ApiError('rate_limited', 'too many wrong codes; request a new code');
    const expected = Buffer.from(latest.code_hash, 'hex');
    const given = Buffer.from(this.#hash(target, purpose, code), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new ApiError('bad_request', WRONG_CODE);
    }
    await this.db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
      .where('id', '=', latest.id)
      .execute();
    return latest.id;
  }

  /** Marks a checked code used; false when another request used it first. */
  async use(db: Kysely<Database>, id: number): Promise<boolean> {
    const result = await db
      .updateTable('verification_codes')
      .set({ used_at: this.now() })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  #hash(target: string, purpose: VerificationPurpose, code: string): string {
    return createHmac('sha256', this.key)
      .update(`verification-code\0${purpose}\0${target}\0${code}`)
      .digest('hex');
  }
}
