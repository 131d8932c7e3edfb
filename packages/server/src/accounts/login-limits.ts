/**
 * Failed sign-ins counted per account name and per client address over a sliding window. Only
 * failures are recorded; a success clears the account's count.
 */
import type { Kysely } from 'kysely';
import { ApiError } from '../http/errors.js';
import type { Database } from '../storage/schema.js';
import { AttemptCounter } from './attempts.js';

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

export class LoginLimits {
  readonly #attempts: AttemptCounter;

  constructor(
    db: Kysely<Database>,
    private readonly now: () => number,
  ) {
    this.#attempts = new AttemptCounter(db, LOGIN_WINDOW_MS);
  }

  /** 429 when either the account or the address has used up its failures. */
  async check(userName: string, address: string): Promise<void> {
    const now = this.now();
    if ((await this.#attempts.count('account', userName, now)) >= MAX_FAILURES_PER_ACCOUNT) {
      throw new ApiError('rate_limited', 'too many failed sign-ins for this account; try again later');
    }
    if ((await this.#attempts.count('address', address, now)) >= MAX_FAILURES_PER_ADDRESS) {
      throw new ApiError('rate_limited', 'too many failed sign-ins from this address; try again later');
    }
  }

  async recordFailure(userName: string, address: string): Promise<void> {
    await this.#attempts.record(
      [
        { kind: 'account', key: userName },
        { kind: 'address', key: address },
      ],
      this.now(),
    );
  }

  async recordSuccess(userName: string): Promise<void> {
    await this.#attempts.clear('account', userName);
  }
}
