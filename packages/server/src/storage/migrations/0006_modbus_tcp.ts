/**
 * The Modbus TCP address of a device the server dials itself (host name or IP literal, and TCP
 * port), instead of waiting for its DTU to dial in. Both null for a device reached through a DTU.
 */
import type { Kysely, Migration } from 'kysely';

export const modbusTcp: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('equipment').addColumn('link_host', 'text').execute();
    await db.schema.alterTable('equipment').addColumn('link_port', 'integer').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('equipment').dropColumn('link_port').execute();
    await db.schema.alterTable('equipment').dropColumn('link_host').execute();
  },
};
