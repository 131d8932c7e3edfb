/**
 * One-time verification codes: 6 digits, valid 10 minutes, single use, dead after 5 wrong tries.
 * Codes are stored as an HMAC bound to their target and purpose, so a copy of the table neither
 * reveals them nor lets a code for one number be replayed for another.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ApiError } from '../http/errors.js';
import type { Database, VerificationPurpose } from '../storage/schema.js';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
/** Per target: one code a minute and ten an hour, whatever the purpose. */
export const CODE_MIN_INTERVAL_MS = 60 * 1000;
export const CODES_PER_HOUR = 10;

const HOUR_MS = 60 * 60 * 1000;

export const WRONG_CODE = 'verification code wrong or expired';

export class VerificationCodes {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly key: Uint8Array,
    private readonly now: () => number,
  ) {}

  /** Stores a fresh code for the target and returns it with its expiry; 429 when asked too often. */
  async issue(
    target: string,
    purpose: VerificationPurpose,
  ): Promise<{ id: number; code: string; expiresAt: number }> {
    const now = this.now();
    const recent = await this.db
      .selectFrom('verification_codes')
      .select('created_at')
      .where('target', '=', target)
      .where('created_at', '>', now - HOUR_MS)
      .orderBy('created_at', 'desc')
      .execute();
    if (recent.length > 0 && recent[0]!.created_at > now - CODE_MIN_INTERVAL_MS) {
      throw new ApiError('rate_limited', 'a code was sent to this target less than a minute ago');
    }
    if (recent.length >= CODES_PER_HOUR) {
      throw new ApiError('rate_limited', `at most ${CODES_PER_HOUR} codes an hour may be sent to one target`);
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
    return { id: row.id, code, expiresAt };
  }

  /** Forgets a code that could not be delivered, so it does not hold back the next request. */
  async discard(id: number): Promise<void> {
    await this.db.deleteFrom('verification_codes').where('id', '=', id).execute();
  }

  /**
   * Checks `code` against the latest code sent to the target for the purpose, without using it up,
   * and returns that code's id. A wrong code counts against the latest one; after the last allowed
   * try even the right code is refused.
   */
  async check(target: string, purpose: VerificationPurpose, code: string): Promise<number> {
    const latest = await this.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('target', '=', target)
      .where('purpose', '=', purpose)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!latest || latest.used_at !== null || latest.expires_at <= this.now()) {
      throw new ApiError('bad_request', WRONG_CODE);
    }
    if (latest.attempts >= MAX_CODE_ATTEMPTS) {
      throw new ApiError('rate_limited', 'too many wrong codes; request a new code');
    }
    const expected = Buffer.from(latest.code_hash, 'hex');
    const given = Buffer.from(this.#hash(target, purpose, code), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      await this.db
        .updateTable('verification_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', latest.id)
        .execute();
      throw new ApiError('bad_request', WRONG_CODE);
    }
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
