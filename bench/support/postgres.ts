/** PostgreSQL for the benchmarks: where it is, and whether it answers. */
import pg from 'pg';

export const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';

const PROBE_TIMEOUT_MS = 2000;

export async function withClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
  try {
    await client.connect();
    return await run(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Null when PostgreSQL answers, else why not. */
export async function probePostgres(): Promise<string | null> {
  try {
    await withClient((client) => client.query('select 1'));
    return null;
  } catch (error) {
    // Node reports a refused dual-stack connect as an AggregateError with an empty message.
    const first = error instanceof AggregateError && error.errors.length > 0 ? error.errors[0] : error;
    return first instanceof Error ? first.message || String(first) : String(first);
  }
}
