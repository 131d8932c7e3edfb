/**
 * Runs integration tests against both dialects. SQLite always runs, each open in a fresh temporary
 * directory. PostgreSQL runs when it answers at TEST_DATABASE_URL, each open in its own schema that
 * close() drops, so runs never see each other. When it does not answer, its tests are skipped with
 * the reason in their title, unless REQUIRE_SERVICES=1 (as in CI), where they fail instead.
 *
 * ```ts
 * describe.each(storageCases())('%s', (storageCase) => {
 *   const storage = useStorage(storageCase);
 *   it.skipIf(storageCase.skip)('…', async () => {
 *     await storage().db.selectFrom('users')…
 *   });
 * });
 * ```
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { openStorage, redactUrl } from './open.js';
import type { Storage, StorageDialect } from './open.js';
import type { Database } from './schema.js';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

const PROBE_TIMEOUT_MS = 2_000;

export interface StorageCase {
  readonly name: StorageDialect;
  /** The name, with the skip reason when skipped, for test titles. */
  readonly title: string;
  /** Why this case cannot run here, or null when it can. */
  readonly skip: string | null;
  /** A fresh, migrated, empty database; its close() also removes it. */
  open(): Promise<Storage>;
  /** The title, so `describe.each(cases)('%s', …)` shows it whole ('$title' would be cut short). */
  toString(): string;
}

type Env = Readonly<Record<string, string | undefined>>;

export function storageCases(env: Env = process.env): StorageCase[] {
  return [sqliteCase(), postgresCase(env)];
}

function sqliteCase(): StorageCase {
  return {
    name: 'sqlite',
    title: 'sqlite',
    skip: null,
    toString: () => 'sqlite',
    async open() {
      const dataDir = await mkdtemp(join(tmpdir(), 'fieldlink-test-'));
      try {
        const storage = await openStorage({ dataDir });
        return withCleanup(storage, async () => {
          await storage.close();
          await rm(dataDir, { recursive: true, force: true });
        });
      } catch (error) {
        await rm(dataDir, { recursive: true, force: true });
        throw error;
      }
    },
  };
}

/** The PostgreSQL database the tests use: TEST_DATABASE_URL, else the local one. */
export function testDatabaseUrl(env: Env = process.env): string {
  return env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
}

function postgresCase(env: Env): StorageCase {
  const url = testDatabaseUrl(env);
  const required = env.REQUIRE_SERVICES === '1';
  const problem = probePostgres(url);
  const unreachable = problem === null ? null : `PostgreSQL unreachable at ${redactUrl(url)}: ${problem}`;
  const skip = required ? null : unreachable;
  const title = skip === null ? 'postgres' : `postgres (skipped: ${skip})`;
  return {
    name: 'postgres',
    title,
    skip,
    toString: () => title,
    async open() {
      if (unreachable !== null) {
        throw new Error(
          required
            ? `${unreachable} (REQUIRE_SERVICES=1, so this fails instead of skipping; start PostgreSQL or set TEST_DATABASE_URL)`
            : unreachable,
        );
      }
      const schema = `t_${Date.now()}_${randomBytes(4).toString('hex')}`;
      let storage: Storage;
      try {
        storage = await openStorage({ dataDir: tmpdir(), databaseUrl: url, schema });
      } catch (error) {
        await dropSchemaQuietly(url, schema);
        throw error;
      }
      return withCleanup(storage, async () => {
        try {
          await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(storage.db);
        } finally {
          await storage.close();
        }
      });
    },
  };
}

/**
 * Opens the case's database before the tests of the enclosing suite and closes it after them, and
 * returns its accessor. Nothing is opened for a skipped case. When opening fails, each test that
 * uses the accessor fails with that error, so the failures are counted per test, not hidden as
 * skipped tests behind one failed hook.
 */
export function useStorage(storageCase: StorageCase): () => Storage {
  let storage: Storage | undefined;
  let failure: unknown;
  beforeAll(async () => {
    if (storageCase.skip !== null) return;
    try {
      storage = await storageCase.open();
    } catch (error) {
      failure = error;
    }
  });
  afterAll(async () => {
    await storage?.close();
  });
  return () => {
    if (storage) return storage;
    throw failure ?? new Error(`${storageCase.title}: the database is open only inside the suite's tests`);
  };
}

function withCleanup(storage: Storage, cleanup: () => Promise<void>): Storage {
  let closing: Promise<void> | undefined;
  return { db: storage.db, dialect: storage.dialect, close: () => (closing ??= cleanup()) };
}

async function dropSchemaQuietly(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
  try {
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
  } catch {
    // Best effort: the open already failed and that error is the one worth reporting.
  } finally {
    await client.end().catch(() => {});
  }
}

const probes = new Map<string, string | null>();

/**
 * Null when PostgreSQL answers `select 1` at `url`, else the reason. Synchronous, because test
 * files decide what to skip while they are being collected; it asks a child process once per URL.
 */
function probePostgres(url: string): string | null {
  const known = probes.get(url);
  if (known !== undefined) return known;
  const script = `
    const pg = require(process.env.PROBE_PG);
    const client = new pg.Client({
      connectionString: process.env.PROBE_URL,
      connectionTimeoutMillis: ${PROBE_TIMEOUT_MS},
      query_timeout: ${PROBE_TIMEOUT_MS},
    });
    client.connect().then(() => client.query('select 1')).then(
      () => client.end().then(() => process.exit(0)),
      (error) => {
        // Node reports a refused dual-stack connect as an AggregateError with an empty message.
        const first = (error && error.errors && error.errors[0]) || error;
        process.stderr.write(String((first && (first.message || first.code)) || error || 'no reply'));
        process.exit(1);
      },
    );`;
  const result = spawnSync(process.execPath, ['-e', script], {
    env: { ...process.env, PROBE_PG: createRequire(import.meta.url).resolve('pg'), PROBE_URL: url },
    encoding: 'utf8',
    timeout: PROBE_TIMEOUT_MS * 3,
  });
  const problem =
    result.status === 0
      ? null
      : result.error
        ? result.error.message
        : result.stderr.trim().split('\n')[0] || `probe exited with status ${String(result.status)}`;
  probes.set(url, problem);
  return problem;
}

/** SQLite's plan of a query: the `detail` of each step of EXPLAIN QUERY PLAN. */
export async function sqlitePlan(db: Kysely<Database>, query: CompiledQuery): Promise<string[]> {
  const plan = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
  );
  return plan.rows.map((row) => row.detail);
}
