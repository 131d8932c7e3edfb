/**
 * The queries of user apps: what a user sees (their own in any state, and the approved apps of
 * their tenant scope), the reviewers' lists, and writes that keep each owner's names unique (in
 * any case) and their count within USER_APPS_MAX.
 *
 * An app's tenant scope is its owner's current tenant: an owner who moves takes their apps along.
 */
import { USER_APPS_MAX } from '@fieldlink/protocol';
import type { AppStatus, UserApp } from '@fieldlink/protocol';
import type { Kysely } from 'kysely';
import { iso } from '../http/iso.js';
import { ApiError } from '../http/errors.js';
import { isUniqueViolation } from '../storage/errors.js';
import { dialectOf } from '../storage/migrations/columns.js';
import type { Database } from '../storage/schema.js';
import type { Caller, Manager } from './policy.js';
import type { UserAppRow, UserAppUpdate } from './schema.js';

type Db = Kysely<Database>;

export const NO_APP = 'no such app';
export const TOO_MANY_APPS = `you have registered ${USER_APPS_MAX} apps, the most one user may; delete one first`;
/** The reviewers' list holds the newest this many of a state. */
export const REVIEW_LIST_MAX = 500;

export const appNameTaken = (name: string): string =>
  `you already have an app named ${name} (names compare in any case)`;

/** An app with what is needed of its owner. */
export interface AppWithOwner extends UserAppRow {
  readonly owner_name: string;
  readonly owner_tenant_id: number | null;
}

function appsWithOwner(db: Db) {
  return db
    .selectFrom('user_apps as a')
    .innerJoin('users as u', 'u.id', 'a.owner_id')
    .selectAll('a')
    .select(['u.user_name as owner_name', 'u.tenant_id as owner_tenant_id']);
}

export function userAppOf(row: AppWithOwner): UserApp {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    url: row.url,
    defaultUrl: row.default_url,
    icon: row.icon,
    description: row.description,
    ownerId: row.owner_id,
    ownerName: row.owner_name,
    status: row.status,
    reviewNote: row.review_note,
    createdAt: iso(row.created_at),
    reviewedAt: row.reviewed_at === null ? null : iso(row.reviewed_at),
  };
}

/** The caller's own apps in any state and the approved apps of their tenant scope, by id. */
export async function appsFor(db: Db, caller: Caller): Promise<UserApp[]> {
  const rows = await appsWithOwner(db)
    .where((eb) =>
      eb.or([
        eb('a.owner_id', '=', caller.id),
        eb.and([
          eb('a.status', '=', 'approved'),
          caller.tenantId === null ? eb('u.tenant_id', 'is', null) : eb('u.tenant_id', '=', caller.tenantId),
        ]),
      ]),
    )
    .orderBy('a.id')
    .execute();
  return rows.map(userAppOf);
}

/** The apps of a state a manager reviews (a tenant administrator: their tenant's users'), newest first. */
export async function appsToReview(db: Db, manager: Manager, status: AppStatus): Promise<UserApp[]> {
  let query = appsWithOwner(db).where('a.status', '=', status);
  if (manager.kind === 'tenant') query = query.where('u.tenant_id', '=', manager.tenantId);
  const rows = await query.orderBy('a.id', 'desc').limit(REVIEW_LIST_MAX).execute();
  return rows.map(userAppOf);
}

export async function loadApp(db: Db, id: number): Promise<AppWithOwner | undefined> {
  return appsWithOwner(db).where('a.id', '=', id).executeTakeFirst();
}

async function loadAppOrThrow(db: Db, id: number): Promise<UserApp> {
  const row = await loadApp(db, id);
  if (!row) throw new ApiError('not_found', NO_APP);
  return userAppOf(row);
}

/**
 * Whether the caller sees the app at all: its owner, anyone of its tenant scope once approved,
 * and those who review it.
 */
export function seesApp(app: AppWithOwner, caller: Caller, manager: Manager | null): boolean {
  return (
    app.owner_id === caller.id ||
    (app.status === 'approved' && app.owner_tenant_id === caller.tenantId) ||
    reviews(manager, app)
  );
}

/** Whether the manager reviews the app (a tenant administrator: an app of their tenant's users). */
export function reviews(manager: Manager | null, app: AppWithOwner): boolean {
  if (manager === null) return false;
  return manager.kind === 'admin' || app.owner_tenant_id === manager.tenantId;
}

function conflictOnDuplicate(name: string) {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) throw new ApiError('conflict', appNameTaken(name));
    throw error;
  };
}

export interface NewApp {
  readonly name: string;
  readonly title: string;
  readonly url: string;
  readonly defaultUrl: string | null;
  readonly icon: string | null;
  readonly description: string;
}

/** Registers an app for its owner, pending review; 409 on a taken name or past the count. */
export async function insertApp(db: Db, ownerId: number, app: NewApp, now: number): Promise<UserApp> {
  const id = await db.transaction().execute(async (trx) => {
    // Two registrations at once must not both pass the count: on PostgreSQL the owner's row is
    // locked until this one commits (SQLite runs one write transaction at a time anyway).
    if (dialectOf(trx as unknown as Kysely<unknown>) === 'postgres') {
      await trx.selectFrom('users').select('id').where('id', '=', ownerId).forUpdate().execute();
    }
    const owned = await trx
      .selectFrom('user_apps')
      .select(['name'])
      .where('owner_id', '=', ownerId)
      .execute();
    if (owned.some((row) => row.name.toLowerCase() === app.name.toLowerCase())) {
      throw new ApiError('conflict', appNameTaken(app.name));
    }
    if (owned.length >= USER_APPS_MAX) throw new ApiError('conflict', TOO_MANY_APPS);
    const row = await trx
      .insertInto('user_apps')
      .values({
        owner_id: ownerId,
        name: app.name,
        title: app.title,
        url: app.url,
        default_url: app.defaultUrl,
        icon: app.icon,
        description: app.description,
        status: 'pending',
        review_note: null,
        reviewed_by: null,
        reviewed_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch(conflictOnDuplicate(app.name));
    return row.id;
  });
  return loadAppOrThrow(db, id);
}

export async function updateApp(db: Db, id: number, changes: UserAppUpdate): Promise<UserApp> {
  await db.updateTable('user_apps').set(changes).where('id', '=', id).execute();
  return loadAppOrThrow(db, id);
}

export async function deleteApp(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('user_apps').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
