/**
 * A device secret for the DTU link: the SHA-256 (hex) of the secret a device must add to its
 * registration packet (`SN:secret`). Null means the device registers with its serial number alone.
 */
import type { Kysely, Migration } from 'kysely';

export const linkSecret: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('equipment').addColumn('link_secret_hash', 'text').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('equipment').dropColumn('link_secret_hash').execute();
  },
};
