/**
 * The edit dialog's model: the authority choices (§2's groups with their numbers), the values an
 * account starts from, the roles' checks (the contract's RoleName, 16 at most) and the change
 * sent, holding only what differs.
 */
import { ABILITIES, ADMIN_LEVEL, RoleName, Roles } from '@fieldlink/protocol';
import type { Ability } from '@fieldlink/protocol';
import type { AdminUserPatch, AdminUserRow } from '../../../api/admin-users';
import type { KeyUnder } from '../../../i18n';
import { AUTHORITY_GROUPS, authorityGroups } from '../../../routes/access';
import type { AuthorityGroup } from '../../../routes/access';

/** The roles §6 names, offered in the roles field; others may be typed. */
export const SUGGESTED_ROLES: readonly string[] = ['admin', 'editor'];

/** The most roles an account holds (the contract's `Roles`). */
export const MAX_ROLES = 16;

export interface UserFormValues {
  readonly authority: number;
  readonly roles: readonly string[];
  readonly abilities: readonly Ability[];
}

export interface AuthorityChoice {
  readonly value: number;
  /** The highest group the level reaches (none below 0). */
  readonly group: AuthorityGroup | undefined;
  /** An administrator editing themself keeps the level 1000 (the server refuses less). */
  readonly disabled: boolean;
}

/** The group the level belongs to, for its name beside the number. */
export const groupOf = (level: number): AuthorityGroup | undefined => authorityGroups(level).at(-1);

/**
 * One choice per §2 group at its threshold, and the account's own level when it lies between
 * thresholds (so opening the dialog changes nothing); for one's own account only the levels of
 * an administrator.
 */
export function authorityChoices(current: number, self: boolean): AuthorityChoice[] {
  const levels = new Set<number>(AUTHORITY_GROUPS.map((g) => g.min));
  levels.add(current);
  return [...levels]
    .sort((a, b) => a - b)
    .map((value) => ({ value, group: groupOf(value), disabled: self && value < ADMIN_LEVEL }));
}

export const formValuesOf = (user: AdminUserRow): UserFormValues => ({
  authority: user.authority,
  roles: [...user.roles],
  abilities: [...user.abilities],
});

/** The role field's problem, as a key under adminUsers.validation, or null. */
export function rolesProblem(roles: readonly string[]): KeyUnder<'adminUsers.validation'> | null {
  if (roles.some((role) => !RoleName.safeParse(role).success)) return 'roleName';
  if (!Roles.safeParse(roles).success) return 'tooManyRoles';
  return null;
}

const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((x) => b.includes(x));

/** The abilities in the contract's order (READ, WRITE, OPR, DELETE). */
const ordered = (abilities: readonly Ability[]): Ability[] => ABILITIES.filter((a) => abilities.includes(a));

/** What to send for the edited values: only the fields that changed (none: nothing to send). */
export function userPatch(user: AdminUserRow, values: UserFormValues): AdminUserPatch {
  const roles = [...new Set(values.roles.map((r) => r.trim()).filter((r) => r !== ''))];
  return {
    ...(values.authority !== user.authority ? { authority: values.authority } : {}),
    ...(sameSet(roles, user.roles) ? {} : { roles }),
    ...(sameSet(values.abilities, user.abilities) ? {} : { abilities: ordered(values.abilities) }),
  };
}
