/**
 * The sign-in limits. Each attempt is reserved before its password is checked (attempts.ts), so a
 * burst of concurrent sign-ins checks no more passwords than the limits allow. Three counters:
 *
 * - per account and client address pair, strictly: 5 attempts in 15 minutes, then 429 until the
 *   window ends. A success clears it.
 * - per account, across addresses, a growing delay rather than a lock: 5 attempts at once, then a
 *   wait of 1 s before the next, doubling after each attempt up to 15 minutes; forgotten after a day
 *   without attempts, or at a success from an address the account had not signed in from.
 * - per client address, across accounts: 50 attempts in 15 minutes; a success gives its attempt
 *   back, so only failures (and attempts still being checked) use it up. It bounds password
 *   spraying and the hashing one client can cause; it is loose, and trusted pairs pass it, because
 *   an address is often shared (an office, a carrier's NAT) and must not lock everyone behind it out.
 *
 * A pair that signed in within 30 days is trusted: neither the account's delay nor the address's
 * limit applies to it, only its own 5 in 15 minutes. So strangers hammering an account from
 * elsewhere slow it down for new addresses but do not lock the owner out of the usual one, and a
 * client spraying many accounts from an address that others share (an office, a proxy) holds back
 * only accounts that never signed in from there. A trusted pair that uses up its 5 failures loses
 * its trust: whoever is failing there is treated as a stranger afterwards.
 */
import type { AttemptKind } from '../storage/schema.js';
import { RetryLater } from './attempts.js';
import type { AttemptCounter, DelayLimit, Slot, WindowLimit } from './attempts.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface LoginPolicy {
  readonly pair: WindowLimit;
  readonly account: DelayLimit;
  readonly address: WindowLimit;
  /** How long a successful sign-in trusts its account and address pair. */
  readonly trustMs: number;
}

export const LOGIN_POLICY: LoginPolicy = {
  pair: { limit: 5, windowMs: 15 * MINUTE },
  account: { free: 5, baseDelayMs: 1000, maxDelayMs: 15 * MINUTE, forgetMs: DAY },
  address: { limit: 50, windowMs: 15 * MINUTE },
  trustMs: 30 * DAY,
};

const REFUSED: Partial<Record<AttemptKind, string>> = {
  'login-pair': 'too many failed sign-ins for this account from your address',
  'login-address': 'too many failed sign-ins from your address',
  'login-account': 'too many failed sign-ins for this account',
};

/** A reserved sign-in attempt, settled by `succeeded` or `failed` once the password is checked. */
export interface LoginAttempt {
  readonly userName: string;
  readonly pairKey: string;
  readonly trusted: boolean;
  readonly pair: Slot;
  readonly address: Slot | undefined;
}

export class LoginLimits {
  constructor(
    private readonly counter: AttemptCounter,
    private readonly now: () => number,
    private readonly policy: LoginPolicy = LOGIN_POLICY,
  ) {}

  /** Reserves the attempt, or throws a 429 that says when to come back. */
  async reserve(userName: string, address: string): Promise<LoginAttempt> {
    const now = this.now();
    // The name is any text up to 64 characters: JSON keeps the two parts apart.
    const pairKey = JSON.stringify([userName, address]);
    const trusted = await this.counter.isMarked('login-trusted', pairKey, now);
    const windows = await this.counter.take(
      [
        { kind: 'login-pair', key: pairKey, limit: this.policy.pair },
        ...(trusted ? [] : [{ kind: 'login-address' as const, key: address, limit: this.policy.address }]),
      ],
      now,
    );
    if (!windows.granted) throw new RetryLater(REFUSED[windows.kind]!, windows.retryAt, now);
    if (!trusted) {
      const account = await this.counter.takeDelayed('login-account', userName, this.policy.account, now);
      if (!account.granted) {
        await this.counter.giveBack(windows.slots);
        throw new RetryLater(REFUSED['login-account']!, account.retryAt, now);
      }
    }
    const [pair, addressSlot] = windows.slots;
    return { userName, pairKey, trusted, pair: pair!, address: addressSlot };
  }

  /** The password was right: the pair is trusted and its failures, and the account's, forgotten. */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    await this.counter.clear('login-pair', attempt.pairKey);
    if (attempt.address) await this.counter.giveBack([attempt.address]);
    if (!attempt.trusted) await this.counter.clear('login-account', attempt.userName);
    await this.counter.mark('login-trusted', attempt.pairKey, this.now() + this.policy.trustMs);
  }

  /** The password was wrong: the reservations stand; a trusted pair out of tries loses its trust. */
  async failed(attempt: LoginAttempt): Promise<void> {
    if (attempt.trusted && attempt.pair.attempts >= this.policy.pair.limit) {
      await this.counter.clear('login-trusted', attempt.pairKey);
    }
  }

  /** After a password reset by code: the owner starts with a clean account. */
  async forgetAccount(userName: string): Promise<void> {
    await this.counter.clear('login-account', userName);
  }
}
