/**
 * An index on when each equipment record was last edited: every few seconds each node asks for
 * the records edited since its last look (the settings of its online devices), and without the
 * index that is a scan of every record with its settings.
 */
import type { Kysely, Migration } from 'kysely';

export const equipmentUpdatedAt: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.createIndex('equipment_updated_at_idx').on('equipment').column('updated_at').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('equipment_updated_at_idx').execute();
  },
};
