/**
 * The queries of custom routes: the administrators' list, what one user sees, and writes that keep
 * names unique. A user sees the routes for everyone and their tenant's, so a name is refused when
 * a route of the same scope has it, and also across those two scopes (a tenant's route and one for
 * everyone of the same name would both reach the tenant's users at `/{name}`). Names compare in
 * any case.
 */
import { meetsUserIdCondition, UserIdCondition } from '@fieldlink/protocol';
import type { CustomRoute, CustomRouteChild, MyCustomRoutes } from '@fieldlink/protocol';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { parseJson } from '../accounts/preferences.js';
import { iso } from '../http/iso.js';
import { ApiError } from '../http/errors.js';
import { isUniqueViolation } from '../storage/errors.js';
import type { Database } from '../storage/schema.js';
import type { CustomRouteRow, CustomRouteUpdate, NewCustomRouteRow } from './schema.js';

type Db = Kysely<Database>;

export const NO_ROUTE = 'no such custom route';

const StoredChildren = z.array(
  z.object({ name: z.string(), title: z.string(), url: z.string(), defaultUrl: z.string().nullable() }),
);

/**
 * A condition no user id meets: a stored condition this server cannot read (it writes only valid
 * ones) shows its route to no one rather than to everyone.
 */
const NOBODY: UserIdCondition = { op: 'lt', value: -1_000_000_000 };

function readCondition(text: string | null): UserIdCondition | null {
  if (text === null) return null;
  const parsed = UserIdCondition.safeParse(parseJson(text));
  return parsed.success ? parsed.data : NOBODY;
}

function readChildren(text: string): CustomRouteChild[] {
  const parsed = StoredChildren.safeParse(parseJson(text));
  return parsed.success ? parsed.data : [];
}

export function storedCondition(condition: UserIdCondition | null): string | null {
  return condition === null ? null : JSON.stringify({ op: condition.op, value: condition.value });
}

export function storedChildren(children: readonly CustomRouteChild[]): string {
  return JSON.stringify(
    children.map((c) => ({ name: c.name, title: c.title, url: c.url, defaultUrl: c.defaultUrl })),
  );
}

export function customRouteOf(row: CustomRouteRow): CustomRoute {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    icon: row.icon,
    tenantId: row.tenant_id,
    condition: readCondition(row.condition),
    sort: row.sort,
    children: readChildren(row.children),
    updatedAt: iso(row.updated_at),
  };
}

/** Every route (undefined), or one tenant's, by sort and id. */
export async function listCustomRoutes(db: Db, tenantId: number | undefined): Promise<CustomRoute[]> {
  let query = db.selectFrom('custom_routes').selectAll();
  if (tenantId !== undefined) query = query.where('tenant_id', '=', tenantId);
  const rows = await query.orderBy('sort').orderBy('id').execute();
  return rows.map(customRouteOf);
}

/** The routes a user sees: everyone's and their tenant's whose condition their id meets. */
export async function customRoutesFor(
  db: Db,
  user: { readonly id: number; readonly tenantId: number | null },
): Promise<MyCustomRoutes['items']> {
  const rows = await db
    .selectFrom('custom_routes')
    .selectAll()
    .where((eb) =>
      user.tenantId === null
        ? eb('tenant_id', 'is', null)
        : eb.or([eb('tenant_id', 'is', null), eb('tenant_id', '=', user.tenantId)]),
    )
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows
    .map(customRouteOf)
    .filter((route) => meetsUserIdCondition(user.id, route.condition))
    .map(({ id, name, title, icon, sort, children }) => ({ id, name, title, icon, sort, children }));
}

export async function loadCustomRoute(db: Db, id: number): Promise<CustomRouteRow | undefined> {
  return db.selectFrom('custom_routes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Another route (not `exceptId`) whose users would see one named `name` in scope `tenantId`. */
async function clashOf(
  db: Db,
  name: string,
  tenantId: number | null,
  exceptId: number,
): Promise<CustomRouteRow | undefined> {
  let query = db
    .selectFrom('custom_routes')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .where('id', '!=', exceptId);
  // A route for everyone reaches every tenant's users: it clashes with a name in any scope.
  if (tenantId !== null) {
    query = query.where((eb) => eb.or([eb('tenant_id', 'is', null), eb('tenant_id', '=', tenantId)]));
  }
  return query.orderBy('id').executeTakeFirst();
}

export function nameTaken(
  name: string,
  clash: { tenant_id: number | null } | null,
  tenantId: number | null,
): string {
  const where =
    clash === null
      ? 'another custom route these users see has it'
      : clash.tenant_id === null
        ? 'a custom route for every user has it'
        : clash.tenant_id === tenantId
          ? 'the tenant has a custom route of that name'
          : `tenant ${clash.tenant_id} has a custom route of that name, and its users would see both`;
  return `the name ${name} is taken (names compare in any case): ${where}`;
}

async function refuseClash(db: Db, name: string, tenantId: number | null, exceptId: number): Promise<void> {
  const clash = await clashOf(db, name, tenantId, exceptId);
  if (clash) throw new ApiError('conflict', nameTaken(name, clash, tenantId));
}

/** A concurrent write took the name between the check and this one. */
function conflictOnDuplicate(name: string, tenantId: number | null) {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) throw new ApiError('conflict', nameTaken(name, null, tenantId));
    throw error;
  };
}

export async function insertCustomRoute(db: Db, values: NewCustomRouteRow): Promise<CustomRoute> {
  const tenantId = values.tenant_id ?? null;
  await refuseClash(db, values.name, tenantId, 0);
  const row = await db
    .insertInto('custom_routes')
    .values(values)
    .returningAll()
    .executeTakeFirstOrThrow()
    .catch(conflictOnDuplicate(values.name, tenantId));
  return customRouteOf(row);
}

/** Applies the changes to an existing route, keeping its name unique where it ends up. */
export async function updateCustomRoute(
  db: Db,
  current: CustomRouteRow,
  changes: CustomRouteUpdate,
): Promise<CustomRoute> {
  const name = changes.name ?? current.name;
  const tenantId = changes.tenant_id === undefined ? current.tenant_id : changes.tenant_id;
  if (name.toLowerCase() !== current.name.toLowerCase() || tenantId !== current.tenant_id) {
    await refuseClash(db, name, tenantId, current.id);
  }
  const row = await db
    .updateTable('custom_routes')
    .set(changes)
    .where('id', '=', current.id)
    .returningAll()
    .executeTakeFirst()
    .catch(conflictOnDuplicate(name, tenantId));
  if (!row) throw new ApiError('not_found', NO_ROUTE);
  return customRouteOf(row);
}

export async function deleteCustomRoute(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('custom_routes').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
