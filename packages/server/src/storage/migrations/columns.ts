/**
 * The few column definitions the two dialects spell differently, so each migration stays one
 * file that runs on both.
 */
import { PostgresAdapter, SqliteAdapter } from 'kysely';
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/** Which dialect `db` talks to, read from its adapter. */
export function dialectOf(db: Kysely<unknown>): DialectName {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof PostgresAdapter) return 'postgres';
  if (adapter instanceof SqliteAdapter) return 'sqlite';
  throw new Error(`unsupported database adapter: ${adapter.constructor.name}`);
}

/**
 * The auto-numbered primary key, for an `integer` column. SQLite needs AUTOINCREMENT so ids are
 * never reused after a delete (a reused session id could be mistaken for an older one);
 * PostgreSQL has no such keyword and uses an identity column instead.
 */
export function autoId(db: Kysely<unknown>): (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
  return dialectOf(db) === 'postgres'
    ? (col) => col.primaryKey().generatedByDefaultAsIdentity()
    : (col) => col.primaryKey().autoIncrement();
}
