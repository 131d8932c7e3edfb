/**
 * Equipment, per-user access grants and share codes.
 *
 * A device with a link of its own has a serial number (unique); a sub-device (a team slave, a
 * Modbus or DL645 meter behind a gateway) has none, hangs under its parent and carries the
 * address it answers at, unique among the parent's children. The channel names, units, scaling,
 * limits, images and modes are one normalised JSON document (`settings`), sized by the type.
 */
import type { Kysely, Migration } from 'kysely';
import { autoId } from './columns.js';

export const equipment: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const id = autoId(db);

    await db.schema
      .createTable('equipment')
      .addColumn('id', 'integer', id)
      .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('parent_id', 'integer', (col) => col.references('equipment.id').onDelete('cascade'))
      .addColumn('sn', 'text', (col) => col.unique())
      .addColumn('unid', 'text', (col) => col.notNull().unique())
      .addColumn('address', 'text')
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('group_name', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('settings', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('camera_password', 'text')
      .addColumn('online', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('alarm', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('soc', 'integer')
      .addColumn('status_at', 'bigint')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('equipment_owner_id_idx').on('equipment').column('owner_id').execute();
    // One address per parent; hosts (parent NULL) have no address, so they never collide here.
    await db.schema
      .createIndex('equipment_parent_address_idx')
      .on('equipment')
      .columns(['parent_id', 'address'])
      .unique()
      .execute();

    await db.schema
      .createTable('share_codes')
      .addColumn('id', 'integer', id)
      .addColumn('equipment_id', 'integer', (col) =>
        col.notNull().references('equipment.id').onDelete('cascade'),
      )
      .addColumn('created_by', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (col) => col.notNull().unique())
      .addColumn('level', 'text', (col) => col.notNull())
      .addColumn('validity', 'text', (col) => col.notNull())
      .addColumn('camera', 'integer', (col) => col.notNull())
      .addColumn('slaves', 'integer', (col) => col.notNull())
      .addColumn('max_count', 'integer', (col) => col.notNull())
      .addColumn('used_count', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('expires_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('share_codes_equipment_id_idx')
      .on('share_codes')
      .column('equipment_id')
      .execute();

    await db.schema
      .createTable('equipment_grants')
      .addColumn('id', 'integer', id)
      .addColumn('equipment_id', 'integer', (col) =>
        col.notNull().references('equipment.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('level', 'text', (col) => col.notNull())
      .addColumn('can_read', 'integer', (col) => col.notNull())
      .addColumn('can_operate', 'integer', (col) => col.notNull())
      .addColumn('can_edit', 'integer', (col) => col.notNull())
      .addColumn('can_delete', 'integer', (col) => col.notNull())
      .addColumn('camera', 'integer', (col) => col.notNull())
      .addColumn('slaves', 'integer', (col) => col.notNull())
      .addColumn('share_code_id', 'integer', (col) => col.references('share_codes.id').onDelete('set null'))
      .addColumn('granted_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('expires_at', 'bigint')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('equipment_grants_user_id_idx')
      .on('equipment_grants')
      .columns(['user_id', 'equipment_id'])
      .execute();
    await db.schema
      .createIndex('equipment_grants_equipment_id_idx')
      .on('equipment_grants')
      .column('equipment_id')
      .execute();
    await db.schema
      .createIndex('equipment_grants_share_code_id_idx')
      .on('equipment_grants')
      .column('share_code_id')
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    for (const table of ['equipment_grants', 'share_codes', 'equipment']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
