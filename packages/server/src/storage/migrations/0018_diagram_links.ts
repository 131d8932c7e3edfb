/**
 * Read-only share links of diagram projects for wall displays (docs/api.md § Diagrams). The token
 * itself is never stored: only its SHA-256, which is how a display's request finds its link. A
 * revoked link keeps its row (revoked_at set), so its display is told it was revoked rather than
 * that it never existed.
 */
import type { Kysely, Migration } from 'kysely';
import { autoId } from './columns.js';

export const diagramLinks: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('diagram_links')
      .addColumn('id', 'integer', autoId(db))
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('token_hash', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .addColumn('last_used_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('diagram_links_token')
      .on('diagram_links')
      .column('token_hash')
      .unique()
      .execute();
    await db.schema.createIndex('diagram_links_project').on('diagram_links').column('project_id').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('diagram_links').execute();
  },
};
