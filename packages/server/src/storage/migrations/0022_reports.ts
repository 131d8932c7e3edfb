/**
 * Automatic reports (docs/api.md § Reports): each user's report settings, and the scheduled
 * reports made, one row per user and period, whose insert is the claim that keeps several server
 * nodes from sending the same report twice. Both go with the account.
 */
import type { Kysely, Migration } from 'kysely';

export const reports: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('report_settings')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('hour', 'integer', (c) => c.notNull())
      .addColumn('weekday', 'integer', (c) => c.notNull())
      .addColumn('equipment_ids', 'text')
      .addColumn('channels', 'text', (c) => c.notNull())
      .addColumn('email', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // The scheduler reads the enabled ones every minute.
    await db.schema
      .createIndex('report_settings_enabled')
      .on('report_settings')
      .columns(['enabled', 'user_id'])
      .execute();

    await db.schema
      .createTable('report_runs')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('period_start', 'bigint', (c) => c.notNull())
      .addColumn('period_end', 'bigint', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('node', 'text', (c) => c.notNull())
      .addColumn('claimed_at', 'bigint', (c) => c.notNull())
      .addColumn('finished_at', 'bigint')
      .addColumn('summary', 'text')
      .addPrimaryKeyConstraint('report_runs_pk', ['user_id', 'period', 'period_start'])
      .execute();
    // Old runs are swept by age.
    await db.schema
      .createIndex('report_runs_period_start')
      .on('report_runs')
      .column('period_start')
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('report_runs').execute();
    await db.schema.dropTable('report_settings').execute();
  },
};
