/**
 * A bound on how often one user may call a route: at most `perMinute` calls in any 60 s, counted
 * in this process (a console asks far less often: a faster client is not the console). The 429
 * says `message`. The table forgets everyone once it holds 10,000 users, so it stays small.
 */
import { ApiError } from './errors.js';

const WINDOW_MS = 60_000;
const MAX_USERS = 10_000;

export class PerUserRate {
  readonly #calls = new Map<number, number[]>();

  constructor(
    private readonly perMinute: number,
    private readonly message: string,
  ) {}

  /** Counts a call of `userId` at `now`, or throws `rate_limited` when the minute's are used up. */
  take(userId: number, now: number): void {
    const recent = (this.#calls.get(userId) ?? []).filter((at) => at > now - WINDOW_MS);
    if (recent.length >= this.perMinute) throw new ApiError('rate_limited', this.message);
    recent.push(now);
    this.#calls.set(userId, recent);
    if (this.#calls.size > MAX_USERS) this.#calls.clear();
  }
}
