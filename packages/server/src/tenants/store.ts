/**
 * The queries of the tenants domain: tenants with how many accounts each has, the tenant user
 * list, moving accounts in and out, and deleting an empty tenant.
 */
import type { TenantReply, TenantUser } from '@fieldlink/protocol';
import type { Kysely } from 'kysely';
import { ApiError } from '../http/errors.js';
import { isUniqueViolation } from '../storage/errors.js';
import type { Database, NewTenant, Tenant, TenantUpdate } from '../storage/schema.js';

export const KEY_TAKEN = 'a tenant already uses this key';
export const NO_TENANT = 'no such tenant';
export const HAS_USERS = 'the tenant still has users; move them out first';
export const HAS_PROJECTS = 'the tenant still has project files or diagrams';

type Db = Kysely<Database>;

export interface TenantRow extends Tenant {
  readonly user_count: number | string | bigint | null;
}

/** The project space of a tenant's accounts (storage/file-schema.ts FileTable.space). */
export const tenantSpace = (id: number): string => `t:${id}`;

function tenantsWithCount(db: Db) {
  return db
    .selectFrom('tenants')
    .selectAll('tenants')
    .select((eb) =>
      eb
        .selectFrom('users')
        .select(eb.fn.countAll().as('n'))
        .whereRef('users.tenant_id', '=', 'tenants.id')
        .as('user_count'),
    );
}

export function tenantOf(row: TenantRow): TenantReply {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    logo: row.logo,
    loginTitleImage: row.login_title_image,
    pageTitle: row.page_title,
    userNamePrefix: row.user_name_prefix,
    userCount: Number(row.user_count ?? 0),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** The tenant, or a 404. */
export async function loadTenant(db: Db, id: number): Promise<TenantRow> {
  const row = await tenantsWithCount(db).where('tenants.id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError('not_found', NO_TENANT);
  return row;
}

export async function tenantByKey(db: Db, key: string): Promise<Tenant | undefined> {
  return db.selectFrom('tenants').selectAll().where('key', '=', key).executeTakeFirst();
}

export async function listTenants(
  db: Db,
  offset: number,
  limit: number,
): Promise<{ items: TenantReply[]; total: number }> {
  const rows = await tenantsWithCount(db).orderBy('tenants.id').limit(limit).offset(offset).execute();
  const count = await db
    .selectFrom('tenants')
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirstOrThrow();
  return { items: rows.map(tenantOf), total: Number(count.total) };
}

/** Whether a tenant other than `exceptId` has the key (0: any tenant). */
export async function keyTaken(db: Db, key: string, exceptId: number): Promise<boolean> {
  const row = await db
    .selectFrom('tenants')
    .select('id')
    .where('key', '=', key)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A concurrent request took the key between the check and the write. */
function conflictOnDuplicateKey(error: unknown): never {
  if (isUniqueViolation(error)) throw new ApiError('conflict', KEY_TAKEN);
  throw error;
}

export async function insertTenant(db: Db, values: NewTenant): Promise<TenantReply> {
  if (await keyTaken(db, values.key, 0)) throw new ApiError('conflict', KEY_TAKEN);
  const tenant = await db
    .insertInto('tenants')
    .values(values)
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch(conflictOnDuplicateKey);
  return tenantOf({ ...tenant, user_count: 0 });
}

export async function updateTenant(db: Db, id: number, changes: TenantUpdate): Promise<void> {
  if (changes.key !== undefined && (await keyTaken(db, changes.key, id))) {
    throw new ApiError('conflict', KEY_TAKEN);
  }
  await db.updateTable('tenants').set(changes).where('id', '=', id).execute().catch(conflictOnDuplicateKey);
}

/**
 * Deletes a tenant that has no accounts and no project files or diagrams (ids are never reused,
 * but its files would be left where no one can reach them); 409 otherwise, 404 when it is gone.
 */
export async function deleteTenant(db: Db, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await loadTenant(trx, id);
    const member = await trx.selectFrom('users').select('id').where('tenant_id', '=', id).executeTakeFirst();
    if (member) throw new ApiError('conflict', HAS_USERS);
    const space = tenantSpace(id);
    const file = await trx.selectFrom('files').select('id').where('space', '=', space).executeTakeFirst();
    const project = await trx
      .selectFrom('diagram_projects')
      .select('id')
      .where('space', '=', space)
      .executeTakeFirst();
    if (file || project) throw new ApiError('conflict', HAS_PROJECTS);
    await trx.deleteFrom('tenants').where('id', '=', id).execute();
  });
}

export async function tenantUsers(
  db: Db,
  id: number,
  offset: number,
  limit: number,
): Promise<{ items: TenantUser[]; total: number }> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'user_name'])
    .where('tenant_id', '=', id)
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
  const count = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('total'))
    .where('tenant_id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    items: rows.map((row) => ({ id: row.id, userName: row.user_name, tenantId: id })),
    total: Number(count.total),
  };
}

export async function userByName(
  db: Db,
  userName: string,
): Promise<{ id: number; user_name: string; tenant_id: number | null } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'user_name', 'tenant_id'])
    .where('user_name', '=', userName)
    .executeTakeFirst();
}

/** Puts the account into the tenant (null: out of any); false when the account is gone. */
export async function setUserTenant(
  db: Db,
  userId: number,
  tenantId: number | null,
  at: number,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ tenant_id: tenantId, updated_at: at })
    .where('id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Takes the account out of this tenant; false when it is not one of its accounts. */
export async function removeUserFromTenant(
  db: Db,
  tenantId: number,
  userId: number,
  at: number,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ tenant_id: null, updated_at: at })
    .where('id', '=', userId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
