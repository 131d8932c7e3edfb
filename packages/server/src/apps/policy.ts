/**
 * Who may manage what in the apps domain, and which addresses the console may frame.
 *
 * - An administrator (authority ≥ ADMIN_LEVEL) manages every custom route and value-added entry
 *   and reviews every user app.
 * - A tenant administrator (an account of a tenant, authority ≥ TENANT_ADMIN_LEVEL) manages only
 *   their tenant's entries and reviews only its users' apps: another tenant's entry or app answers
 *   404 as if it did not exist; naming another tenant in a body or query is 403.
 * - Creating and changing need the WRITE ability, deleting DELETE (accounts/access.ts), except
 *   for administrators.
 */
import { ADMIN_LEVEL, appOrigin, TENANT_ADMIN_LEVEL } from '@fieldlink/protocol';
import type { Ability } from '@fieldlink/protocol';
import type { Kysely } from 'kysely';
import { ApiError } from '../http/errors.js';
import type { Database } from '../storage/schema.js';
import type { SignedInUser } from '../accounts/authenticate.js';

/** The signed-in user with the tenant the apps domain scopes by. */
export interface Caller {
  readonly id: number;
  readonly authority: number;
  readonly abilities: readonly Ability[];
  readonly tenantId: number | null;
}

/** What a caller may manage: everything, or one tenant's. */
export type Manager = { readonly kind: 'admin' } | { readonly kind: 'tenant'; readonly tenantId: number };

export const NOT_A_MANAGER = 'only administrators and tenant administrators may';
export const OTHER_TENANT = 'tenant administrators manage only their own tenant’s entries';
export const NO_TENANT = 'no such tenant';

export async function callerOf(db: Kysely<Database>, user: SignedInUser): Promise<Caller> {
  const row = await db.selectFrom('users').select('tenant_id').where('id', '=', user.id).executeTakeFirst();
  return {
    id: user.id,
    authority: user.authority,
    abilities: user.abilities,
    tenantId: row?.tenant_id ?? null,
  };
}

export function managerOf(caller: Caller): Manager | null {
  if (caller.authority >= ADMIN_LEVEL) return { kind: 'admin' };
  if (caller.tenantId !== null && caller.authority >= TENANT_ADMIN_LEVEL) {
    return { kind: 'tenant', tenantId: caller.tenantId };
  }
  return null;
}

/** The caller's manager scope, or 403 naming what they tried (`manage custom routes`, `review apps`). */
export function requireManager(caller: Caller, what: string): Manager {
  const manager = managerOf(caller);
  if (!manager) throw new ApiError('forbidden', `${NOT_A_MANAGER} ${what}`);
  return manager;
}

/** Whether the manager may see and change an entry of this tenant scope (null: everyone's). */
export function manages(manager: Manager, tenantId: number | null): boolean {
  return manager.kind === 'admin' || tenantId === manager.tenantId;
}

/**
 * The tenant a manager lists by: an administrator's choice (undefined: all), a tenant
 * administrator's own (naming another is 403).
 */
export function listedTenant(manager: Manager, requested: number | undefined): number | undefined {
  if (manager.kind === 'admin') return requested;
  if (requested !== undefined && requested !== manager.tenantId)
    throw new ApiError('forbidden', OTHER_TENANT);
  return manager.tenantId;
}

async function requireTenant(db: Kysely<Database>, id: number): Promise<void> {
  const tenant = await db.selectFrom('tenants').select('id').where('id', '=', id).executeTakeFirst();
  if (!tenant) throw new ApiError('not_found', NO_TENANT);
}

/**
 * The tenant a new entry is given: an administrator's choice (an existing tenant, or null for
 * everyone); a tenant administrator's own, whether they named it or left it out (null), and 403
 * when they name another.
 */
export async function tenantForNew(
  db: Kysely<Database>,
  manager: Manager,
  requested: number | null,
): Promise<number | null> {
  if (manager.kind === 'tenant') {
    if (requested !== null && requested !== manager.tenantId) throw new ApiError('forbidden', OTHER_TENANT);
    return manager.tenantId;
  }
  if (requested !== null) await requireTenant(db, requested);
  return requested;
}

/**
 * The tenant a change moves an entry to (undefined: it stays): an administrator's choice; a
 * tenant administrator may only name their own (not null, which would give it to everyone).
 */
export async function tenantForChange(
  db: Kysely<Database>,
  manager: Manager,
  requested: number | null | undefined,
): Promise<number | null | undefined> {
  if (requested === undefined) return undefined;
  if (manager.kind === 'tenant') {
    if (requested !== manager.tenantId) throw new ApiError('forbidden', OTHER_TENANT);
    return requested;
  }
  if (requested !== null) await requireTenant(db, requested);
  return requested;
}

/**
 * The console frames micro-apps (the CSP's frame-src): any https address, and http only on the
 * origins the operator listed in MICRO_APP_ORIGINS, so an http address outside them would be
 * refused by the browser. Refused here first, with the reason.
 */
export function requireFramable(url: string, microAppOrigins: readonly string[]): void {
  const origin = appOrigin(url);
  if (origin === null) throw new ApiError('bad_request', `not an app address: ${url}`);
  if (origin.startsWith('http:') && !microAppOrigins.includes(origin)) {
    throw new ApiError(
      'bad_request',
      `plain-http apps must be listed in MICRO_APP_ORIGINS (the console may not frame ${origin} otherwise); use an https:// address or ask the operator to list the origin`,
    );
  }
}
