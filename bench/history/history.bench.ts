/**
 * History with a year of 1-minute data for the 8 AI channels of one equipment (4.2 M telemetry
 * rows), on SQLite and on PostgreSQL, through the real HTTP routes of a server in a child process:
 * the 24-hour curve at 60 s, the year's curve at 1 day, and a month's CSV export at 60 s (rows per
 * second and the server process's peak resident memory). The baseline, measured in the same run on
 * the same database from this process, is a raw `SELECT count(*)` over the curve's range, and a
 * plain read of the export month's telemetry rows. Prints median times and how many times longer
 * the route takes than its baseline.
 *
 *   npm run bench:history
 *
 * BENCH_RUNS sets the timed runs of the 24-hour curve (20; the year's curve and the export get a
 * quarter of that, at least 3), each scenario after one untimed run. PostgreSQL is
 * BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local test database; each run works in a
 * fresh schema it drops at the end, and the PostgreSQL part is skipped, with the reason, when the
 * database does not answer.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { DATABASE_URL, probePostgres, withClient } from '../support/postgres.js';
import { openStorage, redactUrl } from '@fieldlink/server';
import type { Storage } from '@fieldlink/server';
import type { ServerConfig } from '../api/server.js';
import { startServer } from '../api/child.js';
import { peakRss, resetPeakRss } from './child.js';
import type { RunningServer } from '../api/child.js';
import {
  CHANNELS,
  HISTORY_PASSWORD,
  HISTORY_TYPE,
  HISTORY_USER,
  MINUTES,
  seedHistory,
  STEP_MS,
  YEAR_FROM,
  YEAR_TO,
} from './seed.js';
import type { SeededHistory } from './seed.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
if (!Number.isInteger(RUNS) || RUNS < 1)
  throw new Error(`BENCH_RUNS must be a whole number ≥ 1, got ${RUNS}`);
const LONG_RUNS = Math.max(3, Math.floor(RUNS / 4));
const DAY_MS = 86_400_000;
/** The export's month: December of the seeded year. */
const MONTH_FROM = Date.UTC(2025, 11, 1);

type AppConfig = Extract<ServerConfig, { kind: 'app' }>;

interface PreparedStore {
  readonly config: AppConfig;
  readonly seeded: SeededHistory;
  readonly seedMs: number;
  /** Opens the same database from this process (for the baselines). */
  open(): Promise<Storage>;
  /** Removes the database (temporary directory or schema). */
  cleanup(): Promise<void>;
}

interface Range {
  readonly from: number;
  readonly to: number;
}

const jwtKey = randomBytes(32).toString('base64');
const iso = (ms: number): string => new Date(ms).toISOString();
const fmt = (n: number, digits = 0): string =>
  n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const mib = (bytes: number | null): string => (bytes === null ? 'n/a' : `${fmt(bytes / 2 ** 20, 1)} MiB`);

async function seedInto(open: () => Promise<Storage>): Promise<{ seeded: SeededHistory; seedMs: number }> {
  const storage = await open();
  try {
    const t0 = performance.now();
    const seeded = await seedHistory(storage.db, Date.now());
    return { seeded, seedMs: performance.now() - t0 };
  } finally {
    await storage.close();
  }
}

async function prepareSqlite(): Promise<PreparedStore> {
  const dataDir = await mkdtemp(join(tmpdir(), 'fieldlink-bench-history-'));
  const cleanup = () => rm(dataDir, { recursive: true, force: true });
  const open = () => openStorage({ dataDir });
  try {
    const { seeded, seedMs } = await seedInto(open);
    return { config: { kind: 'app', dataDir, jwtKey }, seeded, seedMs, open, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

async function preparePostgres(): Promise<PreparedStore> {
  const schema = `bench_history_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const cleanup = () =>
    withClient(async (client) => {
      await client.query(`drop schema if exists "${schema}" cascade`);
    });
  const open = () => openStorage({ dataDir: tmpdir(), databaseUrl: DATABASE_URL, schema });
  try {
    const { seeded, seedMs } = await seedInto(open);
    return {
      config: { kind: 'app', dataDir: tmpdir(), databaseUrl: DATABASE_URL, schema, jwtKey },
      seeded,
      seedMs,
      open,
      cleanup,
    };
  } catch (error) {
    // The seeding error is the one worth reporting; the schema goes if it can.
    await cleanup().catch(() => {});
    throw error;
  }
}

async function request(port: number, path: string, init: RequestInit = {}): Promise<Response> {
  const reply = await fetch(`http://127.0.0.1:${port}${path}`, init);
  if (!reply.ok)
    throw new Error(`${init.method ?? 'GET'} ${path} answered ${reply.status}: ${await reply.text()}`);
  return reply;
}

async function signIn(port: number): Promise<string> {
  const reply = await request(port, '/api/v1/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: HISTORY_USER, password: HISTORY_PASSWORD }),
  });
  const body = (await reply.json()) as { accessToken?: unknown };
  if (typeof body.accessToken !== 'string') throw new Error('no access token in the sign-in reply');
  return body.accessToken;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Runs `run` once untimed, then `runs` times; returns the median milliseconds and the last result. */
async function timed<T>(runs: number, run: () => Promise<T>): Promise<{ ms: number; result: T }> {
  let result = await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    result = await run();
    times.push(performance.now() - t0);
  }
  return { ms: median(times), result };
}

function historyPath(equipmentId: number, range: Range, intervalS: number, extra = ''): string {
  const query = new URLSearchParams({
    from: iso(range.from),
    to: iso(range.to),
    interval: String(intervalS),
    tz: 'UTC',
  });
  return `/api/v1/equipment/${equipmentId}/${extra === '' ? 'history' : extra}?${query}`;
}

/** GETs a curve; returns how many points it has over all series. */
async function curve(port: number, token: string, path: string): Promise<number> {
  const reply = await request(port, path, { headers: { authorization: `Bearer ${token}` } });
  const body = (await reply.json()) as { series: { points: unknown[] }[] };
  return body.series.reduce((n, s) => n + s.points.length, 0);
}

/** GETs an export; returns its data rows (lines after the header) and bytes. */
async function exportCsv(
  port: number,
  token: string,
  path: string,
): Promise<{ rows: number; bytes: number }> {
  const reply = await request(port, path, { headers: { authorization: `Bearer ${token}` } });
  const body = new Uint8Array(await reply.arrayBuffer());
  let lines = 0;
  for (const byte of body) if (byte === 0x0a) lines++;
  return { rows: lines - 1, bytes: body.length };
}

/** `SELECT count(*)` of the equipment's AI rows in the range. */
async function countRows(storage: Storage, equipmentId: number, range: Range): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`
    select count(*) as n from telemetry
    where equipment_id = ${equipmentId} and kind = 'ai' and at >= ${range.from} and at < ${range.to}`.execute(
    storage.db,
  );
  return Number(rows[0]?.n ?? 0);
}

/** A plain read of the equipment's AI rows in the range; returns how many came back. */
async function readRows(storage: Storage, equipmentId: number, range: Range): Promise<number> {
  const rows = await storage.db
    .selectFrom('telemetry')
    .select(['channel', 'value', 'at'])
    .where('equipment_id', '=', equipmentId)
    .where('kind', '=', 'ai')
    .where('at', '>=', range.from)
    .where('at', '<', range.to)
    .execute();
  return rows.length;
}

interface Row {
  readonly scenario: string;
  readonly detail: string;
  readonly ms: number;
  readonly baseline: string;
  readonly baselineMs: number;
}

function printTable(rows: readonly Row[]): void {
  const header = ['scenario', 'reply', 'median ms', 'baseline', 'baseline ms', 'scenario/baseline'];
  const lines = rows.map((r) => [
    r.scenario,
    r.detail,
    fmt(r.ms, 1),
    r.baseline,
    fmt(r.baselineMs, 1),
    r.baselineMs > 0 ? `${fmt(r.ms / r.baselineMs, 1)}x` : '-',
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...lines.map((l) => l[c]!.length)));
  const left = new Set([0, 1, 3]);
  const line = (cells: readonly string[]) =>
    cells.map((cell, c) => (left.has(c) ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  console.log(`  ${line(header)}`);
  for (const l of lines) console.log(`  ${line(l)}`);
}

async function measure(server: RunningServer, storage: Storage, equipmentId: number): Promise<void> {
  const token = await signIn(server.port);
  const day: Range = { from: YEAR_TO - DAY_MS, to: YEAR_TO };
  const year: Range = { from: YEAR_FROM, to: YEAR_TO };
  const month: Range = { from: MONTH_FROM, to: YEAR_TO };

  const dayCurve = await timed(RUNS, () => curve(server.port, token, historyPath(equipmentId, day, 60)));
  const dayCount = await timed(RUNS, () => countRows(storage, equipmentId, day));
  const yearCurve = await timed(LONG_RUNS, () =>
    curve(server.port, token, historyPath(equipmentId, year, 86_400)),
  );
  const yearCount = await timed(LONG_RUNS, () => countRows(storage, equipmentId, year));

  const rssBefore = await peakRss(server.pid);
  const reset = await resetPeakRss(server.pid);
  const exportPath = historyPath(equipmentId, month, 60, 'export') + '&format=csv';
  const csv = await timed(LONG_RUNS, () => exportCsv(server.port, token, exportPath));
  const rssPeak = await peakRss(server.pid);
  const read = await timed(LONG_RUNS, () => readRows(storage, equipmentId, month));

  printTable([
    {
      scenario: 'GET history, 24 h at 60 s',
      detail: `${fmt(dayCurve.result)} points`,
      ms: dayCurve.ms,
      baseline: `count(*) = ${fmt(dayCount.result)}`,
      baselineMs: dayCount.ms,
    },
    {
      scenario: 'GET history, 1 year at 1 day',
      detail: `${fmt(yearCurve.result)} points`,
      ms: yearCurve.ms,
      baseline: `count(*) = ${fmt(yearCount.result)}`,
      baselineMs: yearCount.ms,
    },
    {
      scenario: 'GET export CSV, 31 days at 60 s',
      detail: `${fmt(csv.result.rows)} rows, ${mib(csv.result.bytes)}`,
      ms: csv.ms,
      baseline: `read ${fmt(read.result)} rows`,
      baselineMs: read.ms,
    },
  ]);
  console.log(
    `  export: ${fmt(csv.result.rows / (csv.ms / 1000))} CSV rows/s ` +
      `(${fmt(read.result / (csv.ms / 1000))} telemetry rows/s aggregated; the plain read takes ` +
      `${fmt(read.result / (read.ms / 1000))} rows/s)`,
  );
  console.log(
    reset
      ? `  server peak RSS during the exports: ${mib(rssPeak)} (peak before them, since start: ${mib(rssBefore)})`
      : `  server peak RSS since start (the peak could not be reset before the exports): ${mib(rssPeak)}`,
  );
}

async function benchStore(name: string, prepare: () => Promise<PreparedStore>): Promise<void> {
  console.log(`\n${name}`);
  const store = await prepare();
  try {
    const { rows, equipmentId } = store.seeded;
    console.log(
      `  seeded ${fmt(rows)} telemetry rows in ${fmt(store.seedMs / 1000, 1)} s ` +
        `(${fmt(rows / (store.seedMs / 1000))} rows/s)`,
    );
    const server = await startServer(store.config);
    try {
      const storage = await store.open();
      try {
        await measure(server, storage, equipmentId);
      } finally {
        await storage.close();
      }
    } finally {
      await server.stop();
    }
  } finally {
    await store.cleanup();
  }
}

const started = performance.now();
console.log(
  `1 ${HISTORY_TYPE}: ${CHANNELS} AI channels x ${fmt(MINUTES)} minutes of ${iso(YEAR_FROM).slice(0, 10)} … ` +
    `${iso(YEAR_TO - STEP_MS).slice(0, 10)} (one value a minute); median of ${RUNS} runs (24 h curve) and ` +
    `${LONG_RUNS} runs (year curve, export), each after one untimed run; ${availableParallelism()} CPUs ` +
    `(load average ${loadavg()[0]!.toFixed(2)} at the start)`,
);

await benchStore('sqlite', prepareSqlite);
const problem = await probePostgres();
if (problem === null) await benchStore(`postgres (${redactUrl(DATABASE_URL)})`, preparePostgres);
else console.log(`\npostgres skipped: unreachable at ${redactUrl(DATABASE_URL)}: ${problem}`);
console.log(`\ntotal ${fmt((performance.now() - started) / 1000, 1)} s`);
