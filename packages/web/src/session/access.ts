/**
 * The access helper of specification §6: what the signed-in user may see and do, from the admin
 * flag, roles and abilities GET /me gives (`access`, @fieldlink/protocol admin.ts).
 *
 * - The admin flag grants everything.
 * - A need is a list of roles (the user holds one of them) or a rule `{ roles, abilities, mode }`.
 *   Each list the rule gives is checked in its mode against what the user holds: `oneOf` (the
 *   default) at least one, `allOf` every one, `except` none. A rule giving both lists needs both
 *   to pass. An absent or empty list asks nothing, so a rule asking nothing grants.
 * - Until the user's record is known nothing that asks something is granted.
 *
 * The console only hides what the server would refuse: every call is checked again there.
 */
import type { Ability, AccessReply } from '@fieldlink/protocol';
import type { Reply } from '../api/validated';
import { useMe } from './me';

/** The user's access as GET /me gives it. */
export type Access = Reply<AccessReply>;

export type AccessMode = 'oneOf' | 'allOf' | 'except';
export const ACCESS_MODES: readonly AccessMode[] = ['oneOf', 'allOf', 'except'];

export interface AccessRule {
  readonly roles?: readonly string[];
  readonly abilities?: readonly Ability[];
  /** How each list is checked; `oneOf` when not given. */
  readonly mode?: AccessMode;
}

/** What an element needs: a list of roles of which one suffices, or a rule. */
export type AccessNeed = readonly string[] | AccessRule;

const asRule = (need: AccessNeed): AccessRule =>
  Array.isArray(need) ? { roles: need as readonly string[], mode: 'oneOf' } : (need as AccessRule);

/** Whether `held` passes `wanted` in `mode` (an empty `wanted` always passes). */
function passes(held: readonly string[], wanted: readonly string[], mode: AccessMode): boolean {
  if (wanted.length === 0) return true;
  switch (mode) {
    case 'oneOf':
      return wanted.some((w) => held.includes(w));
    case 'allOf':
      return wanted.every((w) => held.includes(w));
    case 'except':
      return !wanted.some((w) => held.includes(w));
  }
}

/** Whether a need asks anything at all (a rule of empty lists does not). */
export function asksAnything(need: AccessNeed): boolean {
  const rule = asRule(need);
  return (rule.roles?.length ?? 0) > 0 || (rule.abilities?.length ?? 0) > 0;
}

/** Whether the user with this access meets the need. */
export function can(access: Access | null | undefined, need: AccessNeed): boolean {
  if (access?.admin) return true;
  if (!asksAnything(need)) return true;
  if (!access) return false;
  const rule = asRule(need);
  const mode = rule.mode ?? 'oneOf';
  return passes(access.roles, rule.roles ?? [], mode) && passes(access.abilities, rule.abilities ?? [], mode);
}

/**
 * The items the user may have, in order: an item whose need is denied is removed; an item
 * without a need (`needOf` gives undefined) is kept.
 */
export function allowedOnly<T>(
  items: readonly T[],
  access: Access | null | undefined,
  needOf: (item: T) => AccessNeed | undefined,
): T[] {
  return items.filter((item) => {
    const need = needOf(item);
    return need === undefined || can(access, need);
  });
}

/** The signed-in user's access, or null until GET /me has answered (and when signed out). */
export function useAccess(): Access | null {
  return useMe((s) => s.me?.access ?? null);
}

/** Whether the signed-in user meets the need (see {@link can}). */
export function useCan(need: AccessNeed): boolean {
  return can(useAccess(), need);
}
