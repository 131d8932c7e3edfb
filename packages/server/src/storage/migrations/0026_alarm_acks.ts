/**
 * Alarm acknowledgement (docs/api.md § Alarm acknowledgement): who acknowledged a stored alarm
 * event and when, once per event (the first acknowledgement stands), and the alarms each user
 * cleared from their own alarm list. Like `events`, neither table references another: their rows
 * go with the events they name when the history retention deletes those by age (`event_at`, the
 * alarm's time, indexed for that).
 */
import type { Kysely, Migration } from 'kysely';

export const alarmAcks: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('alarm_acks')
      .addColumn('event_id', 'integer', (col) => col.primaryKey())
      .addColumn('equipment_id', 'integer', (col) => col.notNull())
      .addColumn('user_id', 'integer', (col) => col.notNull())
      // The name as it was: the acknowledgement outlives a renamed or deleted account.
      .addColumn('user_name', 'text', (col) => col.notNull())
      .addColumn('at', 'bigint', (col) => col.notNull())
      .addColumn('event_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('alarm_acks_event_at_idx').on('alarm_acks').column('event_at').execute();

    await db.schema
      .createTable('alarm_clears')
      .addColumn('user_id', 'integer', (col) => col.notNull())
      .addColumn('event_id', 'integer', (col) => col.notNull())
      .addColumn('event_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('alarm_clears_pkey', ['user_id', 'event_id'])
      .execute();
    await db.schema.createIndex('alarm_clears_event_at_idx').on('alarm_clears').column('event_at').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('alarm_clears').execute();
    await db.schema.dropTable('alarm_acks').execute();
  },
};
