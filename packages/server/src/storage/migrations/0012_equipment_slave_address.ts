/**
 * A device's own Modbus slave address (`slave_address`, null: its type's), and the address it did
 * not answer at while its link was up (`unanswered_address`, null while it answers or is offline):
 * most third-party boards answer at 1, not at the catalogue's 254 (docs/protocol.md § Addresses).
 */
import type { Kysely, Migration } from 'kysely';

export const equipmentSlaveAddress: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('equipment').addColumn('slave_address', 'integer').execute();
    await db.schema.alterTable('equipment').addColumn('unanswered_address', 'integer').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('equipment').dropColumn('unanswered_address').execute();
    await db.schema.alterTable('equipment').dropColumn('slave_address').execute();
  },
};
