/**
 * Roles, abilities and disabling of accounts (spec §6; docs/api.md § Administration). Roles and
 * abilities are JSON arrays of names in text, as the other JSON columns are. Every account, the
 * existing ones included, starts with the four abilities §4 grants after sign-in, so an upgrade
 * takes nothing away; only an administrator narrows them. `disabled_at` is when an administrator
 * disabled the account (it can no longer sign in), null while it is enabled.
 */
import type { Kysely, Migration } from 'kysely';

/** The abilities a new or migrated account holds. */
export const DEFAULT_ABILITIES_TEXT = '["READ","WRITE","OPR","DELETE"]';

export const userAccess: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    // One column per statement: SQLite adds one at a time.
    await db.schema
      .alterTable('users')
      .addColumn('roles', 'text', (col) => col.notNull().defaultTo('[]'))
      .execute();
    await db.schema
      .alterTable('users')
      .addColumn('abilities', 'text', (col) => col.notNull().defaultTo(DEFAULT_ABILITIES_TEXT))
      .execute();
    await db.schema.alterTable('users').addColumn('disabled_at', 'bigint').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    for (const column of ['disabled_at', 'abilities', 'roles']) {
      await db.schema.alterTable('users').dropColumn(column).execute();
    }
  },
};
