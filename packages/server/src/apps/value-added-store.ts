/**
 * The queries of value-added entries. Which entries a user sees: a tenant that configured entries
 * of its own shows its users those; users of a tenant without any, and users without a tenant, see
 * the entries for everyone (tenant null). Either list then passes §2's user-id gate
 * (seesValueAdded: authorization management from id 0, the others from id 1).
 */
import { seesValueAdded, ValueAddedKind } from '@fieldlink/protocol';
import type { ValueAddedEntry } from '@fieldlink/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';
import type { ValueAddedRow, ValueAddedUpdate } from './schema.js';

type Db = Kysely<Database>;

export const NO_ENTRY = 'no such value-added entry';

export function valueAddedOf(row: ValueAddedRow): ValueAddedEntry {
  const kind = ValueAddedKind.safeParse(row.kind);
  return {
    id: row.id,
    // A kind this version does not know (written by a newer one) is shown as `other`.
    kind: kind.success ? kind.data : 'other',
    title: row.title,
    icon: row.icon,
    url: row.url,
    tenantId: row.tenant_id,
    sort: row.sort,
  };
}

/** Every entry (undefined), or one tenant's, by sort and id. */
export async function listValueAdded(db: Db, tenantId: number | undefined): Promise<ValueAddedEntry[]> {
  let query = db.selectFrom('value_added_entries').selectAll();
  if (tenantId !== undefined) query = query.where('tenant_id', '=', tenantId);
  const rows = await query.orderBy('sort').orderBy('id').execute();
  return rows.map(valueAddedOf);
}

/** The entries the user sees (see the head of this file), by sort and id. */
export async function valueAddedFor(
  db: Db,
  user: { readonly id: number; readonly tenantId: number | null },
): Promise<ValueAddedEntry[]> {
  const own = user.tenantId === null ? [] : await listValueAdded(db, user.tenantId);
  const entries =
    own.length > 0
      ? own
      : (
          await db
            .selectFrom('value_added_entries')
            .selectAll()
            .where('tenant_id', 'is', null)
            .orderBy('sort')
            .orderBy('id')
            .execute()
        ).map(valueAddedOf);
  return entries.filter((entry) => seesValueAdded(entry.kind, user.id));
}

export async function loadValueAdded(db: Db, id: number): Promise<ValueAddedRow | undefined> {
  return db.selectFrom('value_added_entries').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertValueAdded(db: Db, values: Omit<ValueAddedRow, 'id'>): Promise<ValueAddedEntry> {
  const row = await db
    .insertInto('value_added_entries')
    .values(values)
    .returningAll()
    .executeTakeFirstOrThrow();
  return valueAddedOf(row);
}

export async function updateValueAdded(
  db: Db,
  id: number,
  changes: ValueAddedUpdate,
): Promise<ValueAddedEntry | undefined> {
  const row = await db
    .updateTable('value_added_entries')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? valueAddedOf(row) : undefined;
}

export async function deleteValueAdded(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('value_added_entries').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
