/**
 * Failed attempts counted in the store over a sliding window (`login_attempts`), so every server
 * node sees the same counts: sign-ins per account name and per client address, share-code
 * redemptions per user.
 */
import type { Kysely } from 'kysely';
import type { Database, LoginAttemptKind } from '../storage/schema.js';

export class AttemptCounter {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly windowMs: number,
  ) {}

  /** Failures of `kind` for `key` within the window ending at `now`. */
  async count(kind: LoginAttemptKind, key: string, now: number): Promise<number> {
    const row = await this.db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', kind)
      .where('key', '=', key)
      .where('at', '>', now - this.windowMs)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Records failures at `now` and drops those keys' rows that have aged out of the window. */
  async record(failures: readonly { kind: LoginAttemptKind; key: string }[], now: number): Promise<void> {
    if (failures.length === 0) return;
    await this.db
      .insertInto('login_attempts')
      .values(failures.map((f) => ({ ...f, at: now })))
      .execute();
    await this.db
      .deleteFrom('login_attempts')
      .where('at', '<=', now - this.windowMs)
      .where(
        'key',
        'in',
        failures.map((f) => f.key),
      )
      .execute();
  }

  /** Forgets every failure of `kind` for `key`. */
  async clear(kind: LoginAttemptKind, key: string): Promise<void> {
    await this.db.deleteFrom('login_attempts').where('kind', '=', kind).where('key', '=', key).execute();
  }
}
