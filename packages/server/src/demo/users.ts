/**
 * The demo server's users of spec §6 beside `demo`: `admin` (an administrator), `editor` and
 * `test`, with their roles and abilities and published passwords (README, docs/operations.md).
 *
 * A published password must not open an administrator account on a server that is no longer a
 * demo: with DEMO off, an administrator `admin` still holding the demo's password is disabled at
 * start (retireDemoAdmin).
 */
import type { Ability } from '@fieldlink/protocol';
import { ADMIN_LEVEL } from '@fieldlink/protocol';
import type { Kysely } from 'kysely';
import { setDisabled, storedAbilities, storedRoles } from '../accounts/access.js';
import { hashPassword, verifyPassword } from '../accounts/passwords.js';
import { isUniqueViolation } from '../storage/errors.js';
import type { Database } from '../storage/schema.js';
import {
  DEMO_ADMIN_PASSWORD,
  DEMO_EDITOR_PASSWORD,
  DEMO_PASSWORD,
  DEMO_TEST_PASSWORD,
  DEMO_USER_NAME,
} from './seed.js';

export interface DemoUser {
  readonly userName: string;
  readonly password: string;
  readonly authority: number;
  readonly roles: readonly string[];
  readonly abilities: readonly Ability[];
}

export const DEMO_ADMIN_USER_NAME = 'admin';

export const DEMO_USERS: readonly DemoUser[] = [
  {
    userName: DEMO_ADMIN_USER_NAME,
    password: DEMO_ADMIN_PASSWORD,
    authority: ADMIN_LEVEL,
    roles: ['admin'],
    abilities: ['READ', 'WRITE', 'DELETE'],
  },
  {
    userName: 'editor',
    password: DEMO_EDITOR_PASSWORD,
    authority: 100,
    roles: ['editor'],
    abilities: ['READ', 'WRITE'],
  },
  {
    userName: 'test',
    password: DEMO_TEST_PASSWORD,
    authority: 10,
    roles: ['admin', 'editor'],
    abilities: ['READ'],
  },
];

/** Every password the project publishes, for checks that a real account does not use one. */
export const PUBLISHED_PASSWORDS: readonly string[] = [DEMO_PASSWORD, ...DEMO_USERS.map((u) => u.password)];

/** The names of every demo account with a published password, for the start's warning. */
export const DEMO_ACCOUNT_NAMES: readonly string[] = [DEMO_USER_NAME, ...DEMO_USERS.map((u) => u.userName)];

/**
 * Creates each demo user that does not exist; an existing account of the name is left as it is
 * (someone may have registered it, or an administrator changed it). Gives the names created.
 */
export async function seedDemoUsers(db: Kysely<Database>, now: number): Promise<string[]> {
  const created: string[] = [];
  for (const user of DEMO_USERS) {
    const existing = await db
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', user.userName)
      .executeTakeFirst();
    if (existing) continue;
    try {
      await db
        .insertInto('users')
        .values({
          user_name: user.userName,
          password_hash: await hashPassword(user.password),
          phone: null,
          email: null,
          authority: user.authority,
          roles: storedRoles(user.roles),
          abilities: storedAbilities(user.abilities),
          language: 'en',
          // Shared by every visitor, so no sign-in is anyone's first: no welcome (§4).
          first_sign_in_at: now,
          registered_at: now,
          updated_at: now,
        })
        .execute();
      created.push(user.userName);
    } catch (error) {
      // Another process created it between the look-up and the insert.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return created;
}

/**
 * With DEMO off: disables `admin` (ending its sessions) when it is an administrator whose password
 * is still the published demo one. Gives its id when it was disabled now, else null.
 */
export async function retireDemoAdmin(db: Kysely<Database>, now: number): Promise<number | null> {
  const admin = await db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('user_name', '=', DEMO_ADMIN_USER_NAME)
    .where('authority', '>=', ADMIN_LEVEL)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  if (!admin || !(await verifyPassword(admin.password_hash, DEMO_ADMIN_PASSWORD))) return null;
  await db.transaction().execute((trx) => setDisabled(trx, admin.id, true, now));
  return admin.id;
}
