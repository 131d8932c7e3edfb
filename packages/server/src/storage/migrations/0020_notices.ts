/**
 * Notices (docs/api.md § Notices): administrators' announcements with who read them, each user's
 * alarm notices with their read and mail state, and each user's notice settings (e-mail alarms).
 */
import type { Kysely, Migration } from 'kysely';
import { autoId } from './columns.js';

export const notices: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('announcements')
      .addColumn('id', 'integer', autoId(db))
      .addColumn('tenant_id', 'integer')
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('image', 'text')
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('announcements_created_at')
      .on('announcements')
      .column('created_at')
      .execute();

    await db.schema
      .createTable('announcement_reads')
      .addColumn('announcement_id', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('read_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('announcement_reads_pk', ['user_id', 'announcement_id'])
      .execute();
    // Deleting an announcement deletes its reads; counting them per announcement for the admin list.
    await db.schema
      .createIndex('announcement_reads_announcement')
      .on('announcement_reads')
      .column('announcement_id')
      .execute();

    await db.schema
      .createTable('alarm_notices')
      .addColumn('id', 'integer', autoId(db))
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('equipment_id', 'integer', (c) => c.notNull())
      .addColumn('equipment_name', 'text', (c) => c.notNull())
      .addColumn('unid', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('value', 'double precision', (c) => c.notNull())
      .addColumn('channel_name', 'text', (c) => c.notNull())
      .addColumn('unit', 'text', (c) => c.notNull())
      .addColumn('alarm_limit', 'double precision')
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('email_text', 'text', (c) => c.notNull())
      .addColumn('mail', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('read_at', 'bigint')
      .execute();
    // A user's list, newest first; their unread ones (counted for every console's badge).
    await db.schema
      .createIndex('alarm_notices_user')
      .on('alarm_notices')
      .columns(['user_id', 'id'])
      .execute();
    await db.schema
      .createIndex('alarm_notices_user_unread')
      .on('alarm_notices')
      .columns(['user_id', 'read_at', 'at'])
      .execute();
    // The retention sweep deletes by age.
    await db.schema
      .createIndex('alarm_notices_created_at')
      .on('alarm_notices')
      .column('created_at')
      .execute();

    await db.schema
      .createTable('notice_settings')
      .addColumn('user_id', 'integer', (c) => c.primaryKey())
      .addColumn('email_alarms', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    for (const table of ['notice_settings', 'alarm_notices', 'announcement_reads', 'announcements']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
