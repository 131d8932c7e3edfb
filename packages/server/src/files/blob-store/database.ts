/**
 * The default blob store: the bytes in the database's `file_blobs` table, so several nodes share
 * them with nothing more to run. SQLite keeps them in BLOB, PostgreSQL in BYTEA.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/schema.js';
import type { BlobStore } from './types.js';

/** Deletes go in batches so one statement never names too many keys. */
const DELETE_BATCH = 500;

export function createDatabaseBlobStore(db: Kysely<Database>): BlobStore {
  return {
    kind: 'database',
    async put(key, bytes, contentType) {
      const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      await db
        .insertInto('file_blobs')
        .values({ key, data, content_type: contentType, size: bytes.byteLength })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({ data, content_type: contentType, size: bytes.byteLength }),
        )
        .execute();
    },
    async get(key) {
      const row = await db.selectFrom('file_blobs').select('data').where('key', '=', key).executeTakeFirst();
      if (!row) return null;
      const data = row.data;
      return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    },
    async delete(keys) {
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        await db
          .deleteFrom('file_blobs')
          .where('key', 'in', keys.slice(i, i + DELETE_BATCH))
          .execute();
      }
    },
    async copy(from, to) {
      const row = await db
        .selectFrom('file_blobs')
        .select(['data', 'content_type', 'size'])
        .where('key', '=', from)
        .executeTakeFirst();
      if (!row) throw new Error(`no stored bytes under ${from}`);
      await db
        .insertInto('file_blobs')
        .values({ key: to, data: row.data, content_type: row.content_type, size: row.size })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({ data: row.data, content_type: row.content_type, size: row.size }),
        )
        .execute();
    },
    async check() {
      await db.selectFrom('file_blobs').select('key').limit(1).execute();
    },
    async close() {
      // The database is the storage's to close.
    },
  };
}
