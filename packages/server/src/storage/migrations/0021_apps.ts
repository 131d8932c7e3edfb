/**
 * Custom routes, user apps and value-added entries (docs/api.md § Custom routes and micro-apps).
 *
 * - A custom route's children are a JSON array in `children`: they are always read and replaced
 *   with their route, never queried on their own.
 * - Names are unique in any case: a custom route's within its tenant scope (tenant_id null counts
 *   as one scope of its own), a user app's among its owner's. Names are ASCII path segments, so
 *   `lower()` agrees on both dialects.
 * - A tenant's routes and entries go with the tenant (it can only be deleted once it has no users);
 *   a user's apps go with the account, and the reviewer or author of a row is forgotten with theirs.
 */
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import { autoId } from './columns.js';

export const apps: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('custom_routes')
      .addColumn('id', 'integer', autoId(db))
      .addColumn('tenant_id', 'integer', (c) => c.references('tenants.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('icon', 'text')
      .addColumn('condition', 'text')
      .addColumn('sort', 'integer', (c) => c.notNull())
      .addColumn('children', 'text', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('custom_routes_scope_name')
      .on('custom_routes')
      .unique()
      .expression(sql`coalesce(tenant_id, 0), lower(name)`)
      .execute();

    await db.schema
      .createTable('user_apps')
      .addColumn('id', 'integer', autoId(db))
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('default_url', 'text')
      .addColumn('icon', 'text')
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('review_note', 'text')
      .addColumn('reviewed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('reviewed_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('user_apps_owner_name')
      .on('user_apps')
      .unique()
      .expression(sql`owner_id, lower(name)`)
      .execute();
    // The reviewers' list by state, newest first.
    await db.schema.createIndex('user_apps_status').on('user_apps').columns(['status', 'id']).execute();

    await db.schema
      .createTable('value_added_entries')
      .addColumn('id', 'integer', autoId(db))
      .addColumn('tenant_id', 'integer', (c) => c.references('tenants.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('icon', 'text')
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('value_added_entries_tenant')
      .on('value_added_entries')
      .columns(['tenant_id', 'sort'])
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    for (const table of ['value_added_entries', 'user_apps', 'custom_routes']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
