/**
 * History: every change of a channel value, link state and battery level (`telemetry`), and the
 * events of an equipment (alarms raised and cleared, operations, link changes).
 *
 * Neither table references `equipment`: deleting equipment leaves its history in place until the
 * retention period removes it. On PostgreSQL `telemetry` is partitioned by month on `at`; the
 * writer creates each month's partition before its first row, and a default partition catches any
 * row that arrives without one. On SQLite it is one table clustered on its key.
 */
import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import { autoId, dialectOf } from './columns.js';

const TELEMETRY_KINDS = sql.raw(`('do', 'di', 'ai', 'ao', 'online', 'soc')`);
const EVENT_KINDS = sql.raw(`('alarm', 'alarm_clear', 'operation', 'online', 'offline')`);

export const history: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    if (dialectOf(db) === 'postgres') {
      await sql`
        create table telemetry (
          equipment_id integer not null,
          kind text not null check (kind in ${TELEMETRY_KINDS}),
          channel integer not null,
          value double precision not null,
          at bigint not null,
          constraint telemetry_pkey primary key (equipment_id, kind, channel, at)
        ) partition by range (at)`.execute(db);
      await sql`create table telemetry_default partition of telemetry default`.execute(db);
    } else {
      // Clustered on the key, so one channel's range is one contiguous read.
      await db.schema
        .createTable('telemetry')
        .addColumn('equipment_id', 'integer', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ${TELEMETRY_KINDS}`))
        .addColumn('channel', 'integer', (col) => col.notNull())
        .addColumn('value', 'double precision', (col) => col.notNull())
        .addColumn('at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('telemetry_pkey', ['equipment_id', 'kind', 'channel', 'at'])
        .modifyEnd(sql`without rowid`)
        .execute();
      // Retention deletes by age; PostgreSQL drops whole partitions instead.
      await db.schema.createIndex('telemetry_at_idx').on('telemetry').column('at').execute();
    }

    await db.schema
      .createTable('events')
      .addColumn('id', 'integer', autoId(db))
      .addColumn('equipment_id', 'integer', (col) => col.notNull())
      .addColumn('user_id', 'integer')
      .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ${EVENT_KINDS}`))
      .addColumn('channel_kind', 'text')
      .addColumn('channel', 'integer')
      .addColumn('level', 'integer')
      .addColumn('value', 'double precision')
      .addColumn('message', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('detail', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('events_equipment_id_at_idx')
      .on('events')
      .columns(['equipment_id', 'at'])
      .execute();
    await db.schema.createIndex('events_at_idx').on('events').column('at').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('events').execute();
    // On PostgreSQL this drops every partition with it.
    await db.schema.dropTable('telemetry').execute();
  },
};
