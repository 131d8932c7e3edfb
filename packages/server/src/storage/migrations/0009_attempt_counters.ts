/**
 * Attempt counters: one row per (kind, key) that a single upsert reserves an attempt in, so a limit
 * holds however many requests arrive at once (PostgreSQL locks the conflicting row, SQLite has one
 * writer). The rows of login_attempts, counted before and recorded after the check, are no longer
 * written; the table stays for older nodes during a rolling upgrade.
 */
import type { Kysely, Migration } from 'kysely';

export const attemptCounters: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('attempt_counters')
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('key', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull())
      .addColumn('delay_ms', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_at', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('attempt_counters_pkey', ['kind', 'key'])
      .execute();
    // The sweep of rows past their time.
    await db.schema
      .createIndex('attempt_counters_expires_at_idx')
      .on('attempt_counters')
      .column('expires_at')
      .execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('attempt_counters').execute();
  },
};
