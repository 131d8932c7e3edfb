/**
 * The blocks of the register map an online device refused (`unsupported_blocks`: JSON of block to
 * Modbus exception code, e.g. `{"ai":2}` for a relay board without input registers; null when
 * none or offline). The device service reads the rest, retries these rarely, and shows them
 * (docs/protocol.md § Blocks a device does not have).
 */
import type { Kysely, Migration } from 'kysely';

export const equipmentUnsupportedBlocks: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('equipment').addColumn('unsupported_blocks', 'text').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('equipment').dropColumn('unsupported_blocks').execute();
  },
};
