import { open } from 'node:fs/promises';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { DatabaseConnection, Driver } from 'kysely';
import pg from 'pg';
import { keepPrivate, makeDataDir, PRIVATE_FILE_MODE } from './data-dir.js';
import { migrateToLatest } from './migrate.js';
import type { Database } from './schema.js';

export type StorageDialect = 'sqlite' | 'postgres';

export interface StorageOptions {
  /** Directory of the embedded database; created when missing. Unused with `databaseUrl`. */
  readonly dataDir: string;
  /** A postgres:// URL selects PostgreSQL; unset or empty keeps the embedded SQLite file. */
  readonly databaseUrl?: string;
  /**
   * PostgreSQL only: the schema every pooled connection works in (created when missing), so
   * several databases can share one PostgreSQL database, as the tests do.
   */
  readonly schema?: string;
}

export interface Storage {
  readonly db: Kysely<Database>;
  readonly dialect: StorageDialect;
  /** The embedded database's file; absent on PostgreSQL. */
  readonly file?: string;
  /** Closes the database; calling it again is harmless. */
  close(): Promise<void>;
}

export const SQLITE_FILE_NAME = 'fieldlink.db';

const SQLITE_BUSY_TIMEOUT_MS = 5_000;

/** Opens the configured database and brings its schema up to date before returning. */
export async function openStorage(options: StorageOptions): Promise<Storage> {
  const storage = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.schema)
    : await openSqlite(options.dataDir);
  try {
    await migrateToLatest(storage.db, { schema: options.schema });
  } catch (error) {
    await storage.close();
    throw error;
  }
  return storage;
}

async function openSqlite(dataDir: string): Promise<Storage> {
  await makeDataDir(dataDir);
  const file = join(dataDir, SQLITE_FILE_NAME);
  // Made 0600 before SQLite opens it: SQLite gives the -wal and -shm files it makes later the
  // database file's own mode. Files an older version left wider are narrowed here too.
  await (await open(file, 'a', PRIVATE_FILE_MODE)).close();
  await keepPrivate(file);
  await keepPrivate(`${file}-wal`);
  await keepPrivate(`${file}-shm`);
  const database = new SqliteDatabase(file);
  try {
    // WAL lets readers run while a write is in progress; with it, synchronous=NORMAL is still safe
    // against corruption and loses at most the last transactions on power loss, not on a crash.
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    database.pragma('foreign_keys = ON');
    database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  } catch (error) {
    database.close();
    throw error;
  }
  return wrap(new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database }) }), 'sqlite', file);
}

/**
 * SQLite whose transactions take the write lock when they begin (BEGIN IMMEDIATE). The history
 * thread writes the same file over its own connection; a deferred transaction that read first and
 * writes after that connection committed fails at once (SQLITE_BUSY_SNAPSHOT, which the busy
 * timeout does not retry). Beginning immediate waits for the lock instead, up to the busy timeout.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection: DatabaseConnection): Promise<void> => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}

async function openPostgres(databaseUrl: string, schema: string | undefined): Promise<Storage> {
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error(
      `DATABASE_URL must be a postgres:// or postgresql:// URL, got '${redactUrl(databaseUrl)}'`,
    );
  }
  const quotedSchema = schema === undefined ? undefined : quoteSchemaName(schema);
  const pool = new pg.Pool({ connectionString: databaseUrl, types: PG_TYPES });
  // An idle pooled client whose server connection drops emits 'error' on the pool; pg has already
  // discarded that client and the next query opens a fresh one, so the event must not crash the
  // process as an unhandled 'error' would.
  pool.on('error', () => {});

  if (quotedSchema !== undefined) {
    try {
      await pool.query(`create schema if not exists ${quotedSchema}`);
    } catch (error) {
      await pool.end();
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`cannot prepare schema ${schema} at ${redactUrl(databaseUrl)}: ${reason}`, {
        cause: error,
      });
    }
  }

  const dialect = new PostgresDialect({
    pool,
    onCreateConnection:
      quotedSchema === undefined
        ? undefined
        : async (connection) => {
            await connection.executeQuery(CompiledQuery.raw(`set search_path to ${quotedSchema}`));
          },
  });
  return wrap(new Kysely<Database>({ dialect }), 'postgres');
}

function wrap(db: Kysely<Database>, dialect: StorageDialect, file?: string): Storage {
  let closing: Promise<void> | undefined;
  return {
    db,
    dialect,
    ...(file === undefined ? {} : { file }),
    close: () => (closing ??= db.destroy()),
  };
}

/**
 * BIGINT (int8) comes back from pg as a string by default, since it can exceed 2^53. Our BIGINT
 * columns hold epoch milliseconds, far below that, so this pool reads them as numbers. Set on the
 * pool rather than with pg.types.setTypeParser so other pg users in the process are unaffected.
 */
const PG_TYPES: pg.CustomTypesConfig = {
  getTypeParser: (oid, format) =>
    oid === pg.types.builtins.INT8 && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format),
};

/** Quotes a schema name after checking it is a plain identifier, as it is spliced into SQL. */
function quoteSchemaName(schema: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(schema)) {
    throw new Error(
      `schema name must be letters, digits and _ (at most 63, not starting with a digit): '${schema}'`,
    );
  }
  return `"${schema}"`;
}

/** The URL with its password masked, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}
