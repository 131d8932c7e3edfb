/** What each dialect's set-up adds: the SQLite file and pragmas, the PostgreSQL schema per open. */
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from './migrate.js';
import { openStorage, redactUrl, SQLITE_FILE_NAME } from './open.js';
import type { Storage } from './open.js';
import { loadSecrets, SECRETS_FILE_NAME } from './secrets.js';
import { storageCases, testDatabaseUrl } from './test-support.js';

const T0 = 1_700_000_000_000;

describe('sqlite', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'fieldlink-open-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('keeps a read-then-write transaction whole while another connection writes the file', async () => {
    // The history thread writes the same file over its own connection. A transaction that reads,
    // then writes, must not fail because that connection committed in between (in WAL mode a
    // deferred BEGIN would: SQLITE_BUSY_SNAPSHOT, which the busy timeout does not retry).
    const dataDir = join(root, 'data');
    const storage = await openStorage({ dataDir });
    const other = new SqliteDatabase(join(dataDir, SQLITE_FILE_NAME));
    other.pragma('busy_timeout = 0');
    try {
      const inserted = await storage.db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').execute();
        // The other connection tries to write now: it waits for this transaction, and gives up.
        let otherWrote = true;
        try {
          other.prepare('create table if not exists other_write (x integer)').run();
        } catch {
          otherWrote = false;
        }
        expect(otherWrote).toBe(false);
        return trx
          .insertInto('users')
          .values({ user_name: 'u', password_hash: 'h', phone: null, registered_at: T0, updated_at: T0 })
          .returning('id')
          .executeTakeFirstOrThrow();
      });
      expect(inserted.id).toBeGreaterThan(0);
    } finally {
      other.close();
      await storage.close();
    }
  });

  it('creates the data directory and the database file in WAL mode with foreign keys on', async () => {
    const dataDir = join(root, 'nested', 'data');
    const storage = await openStorage({ dataDir });
    try {
      expect(storage.dialect).toBe('sqlite');
      expect(existsSync(join(dataDir, SQLITE_FILE_NAME))).toBe(true);
      const pragma = async (name: string) =>
        Object.values(
          (await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(storage.db)).rows[0] ?? {},
        );
      expect(await pragma('journal_mode')).toEqual(['wal']);
      expect(await pragma('foreign_keys')).toEqual([1]);
      expect(await pragma('busy_timeout')).toEqual([5000]);
    } finally {
      await storage.close();
    }
  });

  it('creates DATA_DIR 0700 and the database and key files 0600, whatever the umask', async () => {
    const dataDir = join(root, 'fresh', 'data');
    const mode = async (name: string) => (await stat(join(dataDir, name))).mode & 0o777;
    const umask = process.umask(0);
    let storage: Storage | undefined;
    try {
      // In the order main.ts takes them: the key first, then the store.
      await loadSecrets({ dataDir, env: {} });
      storage = await openStorage({ dataDir });
      await storage.db
        .insertInto('tenants')
        .values({ key: 'acme', name: 'Acme', created_at: T0, updated_at: T0 })
        .execute();
      expect(await mode('.')).toBe(0o700);
      for (const name of [
        SECRETS_FILE_NAME,
        SQLITE_FILE_NAME,
        `${SQLITE_FILE_NAME}-wal`,
        `${SQLITE_FILE_NAME}-shm`,
      ]) {
        expect(await mode(name), name).toBe(0o600);
      }
    } finally {
      process.umask(umask);
      await storage?.close();
    }
  });

  it('narrows the database files an older version left readable to others', async () => {
    const first = await openStorage({ dataDir: root });
    await first.db
      .insertInto('tenants')
      .values({ key: 'acme', name: 'Acme', created_at: T0, updated_at: T0 })
      .execute();
    for (const suffix of ['', '-wal', '-shm']) await chmod(join(root, `${SQLITE_FILE_NAME}${suffix}`), 0o644);
    const second = await openStorage({ dataDir: root });
    try {
      for (const suffix of ['', '-wal', '-shm']) {
        const name = `${SQLITE_FILE_NAME}${suffix}`;
        expect((await stat(join(root, name))).mode & 0o777, name).toBe(0o600);
      }
    } finally {
      await second.close();
      await first.close();
    }
  });

  it('keeps its rows across restarts and migrates only once', async () => {
    const first = await openStorage({ dataDir: root });
    await first.db
      .insertInto('tenants')
      .values({ key: 'acme', name: 'Acme', created_at: T0, updated_at: T0 })
      .execute();
    await first.close();
    await first.close();

    const second = await openStorage({ dataDir: root });
    try {
      expect(await migrateToLatest(second.db)).toEqual([]);
      expect(await second.db.selectFrom('tenants').select('key').execute()).toEqual([{ key: 'acme' }]);
    } finally {
      await second.close();
    }
  });

  it('refuses a database migrated by a newer build', async () => {
    const storage = await openStorage({ dataDir: root });
    await sql`insert into kysely_migration (name, timestamp) values ('9999_future', '2030-01-01T00:00:00.000Z')`.execute(
      storage.db,
    );
    await storage.close();
    await expect(openStorage({ dataDir: root })).rejects.toThrow(
      /^database migrations could not run: corrupted migrations: .*9999_future/,
    );
  });
});

describe('openStorage arguments', () => {
  it('refuses a DATABASE_URL that is not a PostgreSQL URL, without echoing its password', async () => {
    await expect(
      openStorage({ dataDir: tmpdir(), databaseUrl: 'mysql://root:hunter2@localhost/db' }),
    ).rejects.toThrow(
      /^DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL, got 'mysql:\/\/root:\*\*\*@/,
    );
  });

  it('refuses a schema name that is not a plain identifier', async () => {
    await expect(
      openStorage({ dataDir: tmpdir(), databaseUrl: testDatabaseUrl(), schema: 'x"; drop table users; --' }),
    ).rejects.toThrow(/^schema name must be letters, digits and _/);
  });

  it('masks the password of a URL', () => {
    expect(redactUrl('postgres://app:s3cret@db:5432/fieldlink')).toBe('postgres://app:***@db:5432/fieldlink');
    expect(redactUrl('postgres://app@db/fieldlink')).toBe('postgres://app@db/fieldlink');
    expect(redactUrl('not a url')).toBe('(unparseable URL)');
  });
});

const postgres = storageCases().find((storageCase) => storageCase.name === 'postgres');
if (!postgres) throw new Error('storageCases() has no postgres case');

describe(`${postgres}`, () => {
  const run = it.skipIf(postgres.skip !== null);

  run('gives each open its own schema, never sharing rows, and drops it on close', async () => {
    const opened: Storage[] = [];
    const schemas: string[] = [];
    try {
      for (let i = 0; i < 2; i += 1) {
        const storage = await postgres.open();
        opened.push(storage);
        const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(storage.db);
        schemas.push(rows[0]?.schema ?? '');
      }
      const [a, b] = opened as [Storage, Storage];
      expect(schemas[0]).toMatch(/^t_\d+_[0-9a-f]{8}$/);
      expect(schemas[1]).toMatch(/^t_\d+_[0-9a-f]{8}$/);
      expect(schemas[0]).not.toBe(schemas[1]);

      const tenant = { key: 'same-key', name: 'A', created_at: T0, updated_at: T0 };
      await a.db.insertInto('tenants').values(tenant).execute();
      expect(await b.db.selectFrom('tenants').selectAll().execute()).toEqual([]);
      await b.db
        .insertInto('tenants')
        .values({ ...tenant, name: 'B' })
        .execute();
      expect(await a.db.selectFrom('tenants').select('name').execute()).toEqual([{ name: 'A' }]);
    } finally {
      await Promise.all(opened.map((storage) => storage.close()));
    }

    const client = new pg.Client({ connectionString: testDatabaseUrl() });
    await client.connect();
    try {
      const left = await client.query(
        'select schema_name from information_schema.schemata where schema_name = any($1)',
        [schemas],
      );
      expect(left.rows).toEqual([]);
    } finally {
      await client.end();
    }
  });

  run('reads BIGINT as a number on its own pool only, leaving pg defaults alone', async () => {
    const storage = await postgres.open();
    try {
      const { rows } = await sql<{ n: unknown }>`select ${sql.lit(T0)}::bigint as n`.execute(storage.db);
      expect(rows[0]?.n).toStrictEqual(T0);
      expect(pg.types.getTypeParser(pg.types.builtins.INT8)('5')).toBe('5');
    } finally {
      await storage.close();
    }
  });
});
