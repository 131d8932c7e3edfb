/** Configuration-diagram projects (spec §2 `/jujuda`, §3 project entry): metadata and the document. */
import type { Kysely, Migration } from 'kysely';

export const diagrams: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('diagram_projects')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('space', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('remarks', 'text', (c) => c.notNull())
      .addColumn('equip_type', 'text')
      .addColumn('cover', 'text', (c) => c.notNull())
      .addColumn('preview', 'text', (c) => c.notNull())
      .addColumn('document', 'text', (c) => c.notNull())
      .addColumn('equipment', 'text', (c) => c.notNull())
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('diagram_projects_space').on('diagram_projects').column('space').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('diagram_projects').execute();
  },
};
