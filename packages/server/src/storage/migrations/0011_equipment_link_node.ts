/**
 * Which server node holds each online device's link (`link_node`, the node id of the bus and MQTT,
 * MQTT_NODE_ID), written with the online flag. A node that stopped without closing its links (a
 * crash, kill -9) finds its devices by it when it starts again and marks them offline
 * (gateway/stale-links.ts); rows other nodes hold are left to them.
 */
import type { Kysely, Migration } from 'kysely';

export const equipmentLinkNode: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('equipment').addColumn('link_node', 'text').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('equipment').dropColumn('link_node').execute();
  },
};
