/**
 * A partial index of the equipment the server dials (a Modbus TCP address): each node lists them
 * every 30 s, and without it that is a walk of every host.
 */
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';

export const equipmentLinkHost: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createIndex('equipment_link_host_idx')
      .on('equipment')
      .column('link_host')
      .where(sql.ref('link_host'), 'is not', null)
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropIndex('equipment_link_host_idx').execute();
  },
};
