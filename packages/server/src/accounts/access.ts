/**
 * An account's roles, abilities and disabled state (spec §6; protocol api/admin.ts): how the store
 * keeps them, what GET /me says of them, and the checks the routes make with them.
 *
 * - Roles and abilities are JSON arrays in `users.roles` and `users.abilities`. Reading is lenient:
 *   unparsable text gives none, unknown or malformed entries are dropped, repeats kept once.
 * - An administrator (authority ≥ 1000) passes every ability check, whatever is stored.
 * - A disabled account cannot sign in, refresh or use a token it still holds (sessions.ts,
 *   authenticate.ts); disabling ends its sessions at once.
 */
import {
  ABILITIES,
  Ability,
  ADMIN_LEVEL,
  RoleName,
  TENANT_ADMIN_LEVEL,
  TENANT_ADMIN_ROLE,
} from '@fieldlink/protocol';
import type { AccessReply } from '@fieldlink/protocol';
import type { Kysely } from 'kysely';
import { ApiError } from '../http/errors.js';
import type { Database, User } from '../storage/schema.js';
import { parseJson } from './preferences.js';

/** What a disabled account is told when it signs in or refreshes. */
export const ACCOUNT_DISABLED = 'this account is disabled; contact the administrator';

function arrayOf(text: string): unknown[] {
  const json = parseJson(text);
  return Array.isArray(json) ? json : [];
}

/** The role names of a stored `users.roles` text. */
export function readRoles(text: string): string[] {
  const roles = arrayOf(text).filter((r): r is string => RoleName.safeParse(r).success);
  return [...new Set(roles)];
}

/** The abilities of a stored `users.abilities` text, in the catalogue's order. */
export function readAbilities(text: string): Ability[] {
  const held = new Set(arrayOf(text).filter((a) => Ability.safeParse(a).success));
  return ABILITIES.filter((a) => held.has(a));
}

/** The `users.roles` text of a list of roles, each once. */
export function storedRoles(roles: readonly string[]): string {
  return JSON.stringify([...new Set(roles)]);
}

/** The `users.abilities` text of a list of abilities, each once, in the catalogue's order. */
export function storedAbilities(abilities: readonly Ability[]): string {
  return JSON.stringify(ABILITIES.filter((a) => abilities.includes(a)));
}

export function isAdministrator(authority: number): boolean {
  return authority >= ADMIN_LEVEL;
}

/** GET /me's `access`; a tenant administrator holds the derived role TENANT_ADMIN_ROLE too. */
export function accessOf(user: Pick<User, 'authority' | 'roles' | 'abilities' | 'tenant_id'>): AccessReply {
  const roles = readRoles(user.roles);
  const tenantAdmin = user.tenant_id !== null && user.authority >= TENANT_ADMIN_LEVEL;
  return {
    admin: isAdministrator(user.authority),
    roles: tenantAdmin ? [...roles, TENANT_ADMIN_ROLE] : roles,
    abilities: readAbilities(user.abilities),
  };
}

/** What the ability checks need of the caller. */
export interface AbilityHolder {
  readonly authority: number;
  readonly abilities: readonly Ability[];
}

/**
 * 403 naming the ability unless the caller holds it or is an administrator. `what` completes
 * "your account may not …".
 */
export function requireAbility(user: AbilityHolder, ability: Ability, what: string): void {
  if (isAdministrator(user.authority) || user.abilities.includes(ability)) return;
  throw new ApiError(
    'forbidden',
    `your account may not ${what}: it lacks the ${ability} ability (ask an administrator)`,
  );
}

/**
 * Disables (at `now`) or enables the account. Disabling ends every session of the account and
 * keeps the time of an earlier disable. Run it in a transaction with whatever else changes. False
 * when there is no such account.
 */
export async function setDisabled(
  db: Kysely<Database>,
  userId: number,
  disabled: boolean,
  now: number,
): Promise<boolean> {
  const user = await db.selectFrom('users').select('disabled_at').where('id', '=', userId).executeTakeFirst();
  if (!user) return false;
  if (disabled !== (user.disabled_at !== null)) {
    await db
      .updateTable('users')
      .set({ disabled_at: disabled ? now : null, updated_at: now })
      .where('id', '=', userId)
      .execute();
  }
  if (disabled) {
    await db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }
  return true;
}
