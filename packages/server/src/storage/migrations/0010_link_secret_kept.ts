/**
 * Link secrets by default (docs/operations.md § Device link secrets). A device's link secret is
 * now kept sealed (AES-256-GCM under a key derived from the server's secret key) beside its
 * SHA-256, so its owner can read it again; and `link_open` marks the devices that may register
 * without one. New rows are closed (the column's default is 0). Hosts that had no secret before
 * this migration are marked open, so an upgrade cuts no device off; they show the warning flag
 * until their owner sets a secret and closes the link.
 */
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

export const linkSecretKept: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('equipment').addColumn('link_secret_sealed', 'text').execute();
    await db.schema
      .alterTable('equipment')
      .addColumn('link_open', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await sql`update equipment set link_open = 1 where parent_id is null and link_secret_hash is null`.execute(
      db,
    );
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('equipment').dropColumn('link_open').execute();
    await db.schema.alterTable('equipment').dropColumn('link_secret_sealed').execute();
  },
};
