/**
 * Accounts, tenants, verification codes, refresh-token sessions and login attempts.
 *
 * No CHECK constraints on the enumerated text columns (purpose, kind): SQLite cannot alter or drop
 * a constraint without rebuilding the table, so adding a value later would cost a table copy. The
 * allowed values live in the column types of schema.ts.
 */
import type { Kysely, Migration } from 'kysely';
import { autoId } from './columns.js';

export const accounts: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const id = autoId(db);

    await db.schema
      .createTable('tenants')
      .addColumn('id', 'integer', id)
      .addColumn('key', 'text', (col) => col.notNull().unique())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('logo', 'text')
      .addColumn('login_title_image', 'text')
      .addColumn('page_title', 'text')
      .addColumn('user_name_prefix', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('users')
      .addColumn('id', 'integer', id)
      .addColumn('user_name', 'text', (col) => col.notNull().unique())
      .addColumn('password_hash', 'text', (col) => col.notNull())
      .addColumn('phone', 'text', (col) => col.unique())
      .addColumn('email', 'text', (col) => col.unique())
      .addColumn('authority', 'integer', (col) => col.notNull().defaultTo(4))
      .addColumn('tenant_id', 'integer', (col) => col.references('tenants.id').onDelete('set null'))
      .addColumn('param', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('language', 'text', (col) => col.notNull().defaultTo('zh'))
      .addColumn('city', 'text')
      .addColumn('camera_param', 'text')
      .addColumn('chart_filters', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('registered_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    // PostgreSQL does not index a referencing column by itself; deleting a tenant would scan users.
    await db.schema.createIndex('users_tenant_id_idx').on('users').column('tenant_id').execute();

    await db.schema
      .createTable('verification_codes')
      .addColumn('id', 'integer', id)
      .addColumn('target', 'text', (col) => col.notNull())
      .addColumn('purpose', 'text', (col) => col.notNull())
      .addColumn('code_hash', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('used_at', 'bigint')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('verification_codes_target_purpose_idx')
      .on('verification_codes')
      .columns(['target', 'purpose'])
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'integer', id)
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('family_id', 'text', (col) => col.notNull())
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('revoked_at', 'bigint')
      .addColumn('replaced_by', 'integer', (col) => col.references('sessions.id').onDelete('set null'))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('sessions_family_id_idx').on('sessions').column('family_id').execute();
    await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

    await db.schema
      .createTable('login_attempts')
      .addColumn('id', 'integer', id)
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('key', 'text', (col) => col.notNull())
      .addColumn('at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('login_attempts_kind_key_at_idx')
      .on('login_attempts')
      .columns(['kind', 'key', 'at'])
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    for (const table of ['login_attempts', 'sessions', 'verification_codes', 'users', 'tenants']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
