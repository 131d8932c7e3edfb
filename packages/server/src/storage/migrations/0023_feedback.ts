/**
 * Feedback (docs/api.md § Feedback): what users send administrators, with the console's error log
 * when they attach it, and the administrators' read state.
 */
import type { Kysely, Migration } from 'kysely';
import { autoId } from './columns.js';

export const feedback: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('feedback')
      .addColumn('id', 'integer', autoId(db))
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('contact', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('error_log', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('read_at', 'bigint')
      .execute();
    // The administrators' list of unread ones, newest first (the full list runs on the key).
    await db.schema.createIndex('feedback_read_at').on('feedback').columns(['read_at', 'id']).execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('feedback').execute();
  },
};
