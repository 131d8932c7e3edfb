/**
 * Failed sign-ins counted per account name and per client address over a sliding window. Only
 * failures are recorded; a success clears the account's count.
 */
import type { Kysely } from 'kysely';
import { ApiError } from '../http/errors.js';
import type { Database, LoginAttemptKind } from '../storage/schema.js';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

export class LoginLimits {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
  ) {}

  /** 429 when either the account or the address has used up its failures. */
  async check(userName: string, address: string): Promise<void> {
    if ((await this.#count('account', userName)) >= MAX_FAILURES_PER_ACCOUNT) {
      throw new ApiError('rate_limited', 'too many failed sign-ins for this account; try again later');
    }
    if ((await this.#count('address', address)) >= MAX_FAILURES_PER_ADDRESS) {
      throw new ApiError('rate_limited', 'too many failed sign-ins from this address; try again later');
    }
  }

  async recordFailure(userName: string, address: string): Promise<void> {
    const at = this.now();
    await this.db
      .insertInto('login_attempts')
      .values([
        { kind: 'account', key: userName, at },
        { kind: 'address', key: address, at },
      ])
      .execute();
    // Rows older than the window count for nothing; dropping them here keeps the table small.
    await this.db
      .deleteFrom('login_attempts')
      .where('at', '<=', at - LOGIN_WINDOW_MS)
      .where('key', 'in', [userName, address])
      .execute();
  }

  async recordSuccess(userName: string): Promise<void> {
    await this.db
      .deleteFrom('login_attempts')
      .where('kind', '=', 'account')
      .where('key', '=', userName)
      .execute();
  }

  async #count(kind: LoginAttemptKind, key: string): Promise<number> {
    const row = await this.db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', kind)
      .where('key', '=', key)
      .where('at', '>', this.now() - LOGIN_WINDOW_MS)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
