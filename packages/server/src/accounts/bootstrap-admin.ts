/**
 * The first administrator outside the demo, from ADMIN_USER and ADMIN_PASSWORD (config.ts checks
 * both, and the password's strength), applied at every start after the migrations:
 *
 * - a missing account is created: authority 1000, role `admin`, every ability;
 * - an existing one is raised to 1000, given the role `admin` and enabled, and its password is left
 *   alone, so a password changed in the console sticks across restarts; only a password the
 *   project publishes (a demo one) is replaced by ADMIN_PASSWORD, since it guards nothing.
 *
 * There is no built-in administrator: without the two settings this does nothing.
 */
import { ABILITIES, ADMIN_LEVEL } from '@fieldlink/protocol';
import type { Kysely } from 'kysely';
import type { AdminAccount } from '../config.js';
import { PUBLISHED_PASSWORDS } from '../demo/users.js';
import { isUniqueViolation } from '../storage/errors.js';
import type { Database, User } from '../storage/schema.js';
import { readRoles, storedAbilities, storedRoles } from './access.js';
import { hashPassword, verifyPassword } from './passwords.js';

export interface AdminBootstrap {
  readonly userId: number;
  /** created: a new account; raised: an existing one was changed; unchanged: it already was one. */
  readonly outcome: 'created' | 'raised' | 'unchanged';
  /** The existing account's password was a published one and is now ADMIN_PASSWORD. */
  readonly passwordReplaced: boolean;
}

async function isPublished(passwordHash: string): Promise<boolean> {
  for (const password of PUBLISHED_PASSWORDS) {
    if (await verifyPassword(passwordHash, password)) return true;
  }
  return false;
}

async function findUser(db: Kysely<Database>, userName: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('user_name', '=', userName).executeTakeFirst();
}

export async function bootstrapAdmin(
  db: Kysely<Database>,
  admin: AdminAccount,
  now: number,
): Promise<AdminBootstrap> {
  let user = await findUser(db, admin.userName);
  if (!user) {
    try {
      const row = await db
        .insertInto('users')
        .values({
          user_name: admin.userName,
          password_hash: await hashPassword(admin.password),
          phone: null,
          email: null,
          authority: ADMIN_LEVEL,
          roles: storedRoles(['admin']),
          abilities: storedAbilities(ABILITIES),
          registered_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { userId: row.id, outcome: 'created', passwordReplaced: false };
    } catch (error) {
      // Another node created it between the look-up and the insert: raise that one instead.
      if (!isUniqueViolation(error)) throw error;
      user = await findUser(db, admin.userName);
      if (!user) throw error;
    }
  }
  const roles = readRoles(user.roles);
  const changes: Partial<Pick<User, 'authority' | 'roles' | 'disabled_at' | 'password_hash'>> = {};
  if (user.authority < ADMIN_LEVEL) changes.authority = ADMIN_LEVEL;
  if (!roles.includes('admin')) changes.roles = storedRoles([...roles, 'admin']);
  if (user.disabled_at !== null) changes.disabled_at = null;
  const passwordReplaced = await isPublished(user.password_hash);
  if (passwordReplaced) changes.password_hash = await hashPassword(admin.password);
  if (Object.keys(changes).length === 0) {
    return { userId: user.id, outcome: 'unchanged', passwordReplaced: false };
  }
  await db
    .updateTable('users')
    .set({ ...changes, updated_at: now })
    .where('id', '=', user.id)
    .execute();
  return { userId: user.id, outcome: 'raised', passwordReplaced };
}

/** The start's log line for what bootstrapAdmin did. */
export function adminBootstrapMessage(userName: string, done: AdminBootstrap): string {
  if (done.outcome === 'created') {
    return `Administrator ${userName} created from ADMIN_USER and ADMIN_PASSWORD`;
  }
  const raised =
    done.outcome === 'raised'
      ? `Administrator ${userName} (ADMIN_USER) existed: raised to authority ${ADMIN_LEVEL} with role admin and enabled`
      : `Administrator ${userName} (ADMIN_USER) is set up`;
  return done.passwordReplaced
    ? `${raised}; its password was a published demo password and is now ADMIN_PASSWORD`
    : `${raised}; its password is left as it is (ADMIN_PASSWORD is used only to create the account)`;
}
