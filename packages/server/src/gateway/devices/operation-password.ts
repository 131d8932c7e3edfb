/**
 * Secured operation with the password (the user's basic param, spec §3: `confirmOperations` with
 * `operationPassword`). For a user whose stored param has both on, every operation that writes
 * (`OPERATIONS[opr].writes`: switching, writing outputs or registers, LoRa settings) must carry
 * the user's current password; reads never do. The server enforces it, since a prompt in the
 * console alone protects nothing against a stolen access token:
 *
 * - the operations call takes it as `password` beside the operation: none → 403
 *   `password_required`, a wrong one → 403 `wrong_password`. Each check counts as a sign-in
 *   attempt from the client's address (accounts/password-check.ts), so past the sign-in limits
 *   it is 429 with Retry-After, and a right one resets them as a sign-in does.
 * - the live channel carries no password: its writing operations (damopr, loraopr, EquipOpr,
 *   ModbusReg writes) are refused for such users, with a message that names the operations call.
 *
 * The setting is read from the store on each operation, so switching it off or on applies to the
 * next operation.
 */
import { OPERATIONS } from '@fieldlink/protocol';
import type { Operation } from '@fieldlink/protocol';
import type { Kysely } from 'kysely';
import { AttemptCounter } from '../../accounts/attempts.js';
import { LoginLimits } from '../../accounts/login-limits.js';
import { passwordMatches } from '../../accounts/password-check.js';
import { readParam } from '../../accounts/stored-param.js';
import { ApiError } from '../../http/errors.js';
import type { Database, User } from '../../storage/schema.js';

export const PASSWORD_REQUIRED =
  'this account confirms operations with its password: send it as password with the operation';
export const WRONG_PASSWORD = 'the password is wrong';
export const LIVE_PASSWORD_REQUIRED =
  'this account confirms operations with its password: send this operation with the password ' +
  'through POST /api/v1/equipment/:id/operations';

type Account = Pick<User, 'user_name' | 'password_hash'>;

export class OperationPasswords {
  readonly #db: Kysely<Database>;
  readonly #limits: LoginLimits;

  constructor(db: Kysely<Database>, now: () => number) {
    this.#db = db;
    // The sign-in limits themselves: the same counters in the store, the same policy.
    this.#limits = new LoginLimits(new AttemptCounter(db), now);
  }

  /**
   * For the operations call: resolves when the operation may go, else throws 403
   * `password_required` / `wrong_password`, or 429 (RetryLater) when the limits hold it back.
   */
  async check(userId: number, op: Operation, password: string | null, address: string): Promise<void> {
    if (!OPERATIONS[op.opr].writes) return;
    const account = await this.#securedAccount(userId);
    if (account === null) return;
    if (password === null) throw new ApiError('password_required', PASSWORD_REQUIRED);
    if (!(await passwordMatches(this.#limits, account, password, address))) {
      throw new ApiError('wrong_password', WRONG_PASSWORD);
    }
  }

  /** For the live channel, which carries no password: a secured user's writes are refused. */
  async refuseOnLiveChannel(userId: number, op: Operation): Promise<void> {
    if (!OPERATIONS[op.opr].writes) return;
    if ((await this.#securedAccount(userId)) !== null) {
      throw new ApiError('password_required', LIVE_PASSWORD_REQUIRED);
    }
  }

  /** The account when its param asks for the password on operations, else null. */
  async #securedAccount(userId: number): Promise<Account | null> {
    const row = await this.#db
      .selectFrom('users')
      .select(['user_name', 'password_hash', 'param'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row) return null;
    const param = readParam(row.param);
    return param.confirmOperations && param.operationPassword ? row : null;
  }
}
