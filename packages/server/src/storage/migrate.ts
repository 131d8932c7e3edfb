import { Migrator, sql } from 'kysely';
import type { Kysely, Migration, MigrationProvider } from 'kysely';
import { dialectOf } from './migrations/columns.js';
import { MIGRATIONS } from './migrations/index.js';

export interface MigrateOptions {
  /**
   * PostgreSQL schema that holds Kysely's bookkeeping tables; defaults to the connection's current
   * schema. Ignored on SQLite.
   */
  readonly schema?: string;
  /** The migrations to apply; the project's own list unless a test supplies another. */
  readonly migrations?: Readonly<Record<string, Migration>>;
}

/**
 * Applies every migration not yet applied, in name order, and returns the names it applied (empty
 * when the database was already up to date). Rejects with an Error naming the migration that
 * failed; on PostgreSQL the whole run is one transaction, on SQLite each migration is its own.
 */
export async function migrateToLatest<T>(db: Kysely<T>, options: MigrateOptions = {}): Promise<string[]> {
  const anyDb = db as Kysely<unknown>;
  const dialect = dialectOf(anyDb);
  const migrations = options.migrations ?? MIGRATIONS;
  const provider: MigrationProvider = {
    getMigrations: async () =>
      dialect === 'sqlite' ? mapValues(migrations, inOwnTransaction) : { ...migrations },
  };
  const migrator = new Migrator({
    db: anyDb,
    provider,
    // Kysely looks for its bookkeeping table in every schema unless told which one; with several
    // schemas in one database (parallel test runs, side-by-side installs) it would find another's.
    migrationTableSchema:
      dialect === 'postgres' ? (options.schema ?? (await currentSchema(anyDb))) : undefined,
  });

  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      failed
        ? `migration ${failed.migrationName} failed: ${reason}`
        : `database migrations could not run: ${reason}`,
      { cause: error },
    );
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}

async function currentSchema(db: Kysely<unknown>): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('no schema of the search_path exists; create it or set search_path');
  return schema;
}

/**
 * Kysely runs SQLite migrations outside any transaction, so a failure halfway would leave a
 * half-built schema that the next start trips over. SQLite DDL is transactional: wrap each one.
 */
function inOwnTransaction(migration: Migration): Migration {
  const { up, down } = migration;
  return {
    up: (db) => db.transaction().execute((trx) => up(trx)),
    down: down && ((db) => db.transaction().execute((trx) => down(trx))),
  };
}

function mapValues<A, B>(record: Readonly<Record<string, A>>, f: (a: A) => B): Record<string, B> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, f(value)]));
}
