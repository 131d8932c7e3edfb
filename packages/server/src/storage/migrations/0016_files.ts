/**
 * The file store (files' metadata and, in the default blob store, their bytes), the saved user
 * documents of spec §3 and cameras given by a stream address.
 */
import type { Kysely, Migration } from 'kysely';
import { autoId, dialectOf } from './columns.js';

export const files: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('files')
      .addColumn('id', 'integer', autoId(db))
      .addColumn('space', 'text', (c) => c.notNull())
      .addColumn('dir', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('width', 'integer')
      .addColumn('height', 'integer')
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('blob_key', 'text', (c) => c.notNull())
      .addColumn('thumb_key', 'text')
      .addColumn('picture_key', 'text')
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('files_path')
      .on('files')
      .columns(['space', 'dir', 'name'])
      .unique()
      .execute();
    await db.schema.createIndex('files_picture').on('files').column('picture_key').unique().execute();
    await db.schema.createIndex('files_created_by').on('files').column('created_by').execute();

    await db.schema
      .createTable('file_blobs')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('data', dialectOf(db) === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('user_documents')
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('ftype', 'text', (c) => c.notNull())
      .addColumn('fname', 'text', (c) => c.notNull())
      .addColumn('context', 'text', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('user_documents_pk', ['user_id', 'ftype', 'fname'])
      .execute();

    await db.schema
      .createTable('url_cameras')
      .addColumn('id', 'integer', autoId(db))
      .addColumn('owner_id', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('url_cameras_owner').on('url_cameras').column('owner_id').execute();
  },

  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.dropTable('url_cameras').execute();
    await db.schema.dropTable('user_documents').execute();
    await db.schema.dropTable('file_blobs').execute();
    await db.schema.dropTable('files').execute();
  },
};
