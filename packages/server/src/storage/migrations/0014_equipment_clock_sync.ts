/**
 * Whether the server sets a device's clock (`clock_sync`: 1 on, 0 off, null: as its type says):
 * the clock write goes to holding registers 1100-1106, which on a third-party board may be
 * settings (docs/protocol.md § Clock).
 */
import type { Kysely, Migration } from 'kysely';

export const equipmentClockSync: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('equipment').addColumn('clock_sync', 'integer').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('equipment').dropColumn('clock_sync').execute();
  },
};
