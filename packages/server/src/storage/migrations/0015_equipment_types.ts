/**
 * Equipment types an operator adds as data (`POST /api/v1/equipment-types`): boards of other makers
 * with their channel counts, block starts, clock and rules, beside the built-in catalogue. The
 * definition is the contract's CustomTypeInput as JSON.
 */
import type { Kysely, Migration } from 'kysely';

export const equipmentTypes: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('equipment_types')
      .addColumn('type', 'text', (c) => c.primaryKey())
      .addColumn('definition', 'text', (c) => c.notNull())
      .addColumn('created_by', 'integer')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('equipment_types').execute();
  },
};
