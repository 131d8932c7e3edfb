/**
 * API throughput with 10,000 devices spread over 1,000 users, on SQLite and on PostgreSQL:
 * sign-in, the equipment list and the equipment tree, against a baseline of a bare Fastify route
 * answering the same list JSON from memory, measured in the same run. The server runs in a child
 * process; this process is the load generator (32 keep-alive connections in a closed loop).
 * Prints requests per second, mean latency and how many times the baseline's rate is higher.
 *
 *   npm run bench:api
 *
 * The security headers (server/src/http/security-headers.ts) are measured apart, on SQLite: two
 * servers of the same app, with and without them, take turns (with, without, with, without) on a
 * cheap reply (the default branding, no store) and on the list; it prints both rates, their ratio, and the CPU each process
 * used. BENCH_ONLY=headers runs just that comparison.
 *
 * BENCH_SECONDS sets the measured seconds per scenario (5; each after a 1 s warm-up).
 * PostgreSQL is BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local test database; each
 * run works in a fresh schema it drops at the end, and the PostgreSQL part is skipped, with the
 * reason, when the database does not answer.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATABASE_URL, probePostgres, withClient } from '../support/postgres.js';
import { openStorage, redactUrl } from '@fieldlink/server';
import { startServer } from './child.js';
import { runLoad, sendEach } from './load.js';
import type { LoadResult, Request } from './load.js';
import { DEVICES_PER_USER, GRANTEE_REMAINDER, PASSWORD, seed, userName, USERS } from './seed.js';
import type { Seeded } from './seed.js';
import type { ServerConfig } from './server.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
if (!(SECONDS > 0)) throw new Error(`BENCH_SECONDS must be a positive number of seconds, got ${SECONDS}`);
const CONNECTIONS = 32;
const WARMUP_MS = 1000;

const ONLY = process.env.BENCH_ONLY?.trim() || null;
if (ONLY !== null && ONLY !== 'headers') throw new Error(`BENCH_ONLY must be 'headers', got '${ONLY}'`);
/** Rounds of the header comparison (each: with, then without); BENCH_HEADER_ROUNDS, default 3. */
const HEADER_ROUNDS = Number(process.env.BENCH_HEADER_ROUNDS ?? 3);
if (!Number.isInteger(HEADER_ROUNDS) || HEADER_ROUNDS < 1) {
  throw new Error(
    `BENCH_HEADER_ROUNDS must be a whole number from 1, got ${process.env.BENCH_HEADER_ROUNDS}`,
  );
}
/** A reply that costs the app almost nothing (no store): what the headers add shows most there. */
const CHEAP_PATH = '/api/v1/branding';

const LOGIN_PATH = '/api/v1/auth/login';
const LIST_PATH = '/api/v1/equipment?limit=100';
const TREE_PATH = '/api/v1/equipment/tree';
/** The bare route answers the list's path, so its requests are byte for byte the list's. */
const BARE_ROUTE = '/api/v1/equipment';

type AppConfig = Extract<ServerConfig, { kind: 'app' }>;

interface PreparedStore {
  readonly config: AppConfig;
  readonly seeded: Seeded;
  readonly seedMs: number;
  /** Removes the database (temporary directory or schema). */
  cleanup(): Promise<void>;
}

interface Row {
  readonly scenario: string;
  readonly result: LoadResult;
}

const jwtKey = randomBytes(32).toString('base64');

async function seedInto(
  open: () => ReturnType<typeof openStorage>,
): Promise<{ seeded: Seeded; seedMs: number }> {
  const storage = await open();
  try {
    const t0 = performance.now();
    const seeded = await seed(storage.db, Date.now());
    return { seeded, seedMs: performance.now() - t0 };
  } finally {
    await storage.close();
  }
}

async function prepareSqlite(): Promise<PreparedStore> {
  const dataDir = await mkdtemp(join(tmpdir(), 'fieldlink-bench-'));
  const cleanup = () => rm(dataDir, { recursive: true, force: true });
  try {
    const { seeded, seedMs } = await seedInto(() => openStorage({ dataDir }));
    return { config: { kind: 'app', dataDir, jwtKey }, seeded, seedMs, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

async function preparePostgres(): Promise<PreparedStore> {
  const schema = `bench_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const cleanup = () =>
    withClient(async (client) => {
      await client.query(`drop schema if exists "${schema}" cascade`);
    });
  try {
    const { seeded, seedMs } = await seedInto(() =>
      openStorage({ dataDir: tmpdir(), databaseUrl: DATABASE_URL, schema }),
    );
    return {
      config: { kind: 'app', dataDir: tmpdir(), databaseUrl: DATABASE_URL, schema, jwtKey },
      seeded,
      seedMs,
      cleanup,
    };
  } catch (error) {
    // The seeding error is the one worth reporting; the schema goes if it can.
    await cleanup().catch(() => {});
    throw error;
  }
}

function accessTokenOf(body: string): string {
  const reply = JSON.parse(body) as { accessToken?: unknown };
  if (typeof reply.accessToken !== 'string') throw new Error(`no access token in the sign-in reply: ${body}`);
  return reply.accessToken;
}

function load(port: number, next: (i: number) => Request): Promise<LoadResult> {
  return runLoad({ port, connections: CONNECTIONS, warmupMs: WARMUP_MS, durationMs: SECONDS * 1000, next });
}

interface Sample {
  readonly items: number;
  readonly total: number;
  readonly bytes: number;
  readonly body: string;
}

/** Runs every scenario against one seeded database; returns the table rows and the list sample. */
async function measureApp(
  config: AppConfig,
): Promise<{ rows: Row[]; list: Sample; treeBytes: number; authorization: string }> {
  const server = await startServer(config);
  try {
    const tokens = new Map<number, string>();
    const signIn = (u: number): Request => ({
      method: 'POST',
      path: LOGIN_PATH,
      body: JSON.stringify({ userName: userName(u), password: PASSWORD }),
      onReply: (body) => tokens.set(u, accessTokenOf(body)),
    });
    const login = await load(server.port, (i) => signIn(i % USERS));
    // Every user gets a token: those the timed sign-ins did not reach sign in now, untimed.
    const rest = Array.from({ length: USERS }, (_, u) => u).filter((u) => !tokens.has(u));
    await sendEach(server.port, CONNECTIONS, rest.map(signIn));
    const bearer = (u: number) => ({ authorization: `Bearer ${tokens.get(u % USERS)!}` });

    const list = await load(server.port, (i) => ({ method: 'GET', path: LIST_PATH, headers: bearer(i) }));
    const tree = await load(server.port, (i) => ({ method: 'GET', path: TREE_PATH, headers: bearer(i) }));

    // The baseline's document: the list of a user who also holds a grant, so it has a shared item.
    let listBody = '';
    let treeBody = '';
    await sendEach(server.port, 1, [
      { method: 'GET', path: LIST_PATH, headers: bearer(GRANTEE_REMAINDER), onReply: (b) => (listBody = b) },
      { method: 'GET', path: TREE_PATH, headers: bearer(GRANTEE_REMAINDER), onReply: (b) => (treeBody = b) },
    ]);
    const parsed = JSON.parse(listBody) as { items: unknown[]; total: number };
    return {
      rows: [
        { scenario: `POST ${LOGIN_PATH}`, result: login },
        { scenario: `GET ${LIST_PATH}`, result: list },
        { scenario: `GET ${TREE_PATH}`, result: tree },
      ],
      list: {
        items: parsed.items.length,
        total: parsed.total,
        bytes: Buffer.byteLength(listBody),
        body: listBody,
      },
      treeBytes: Buffer.byteLength(treeBody),
      authorization: bearer(GRANTEE_REMAINDER).authorization,
    };
  } finally {
    await server.stop();
  }
}

/** The bare Fastify route answering `body` (parsed once, serialised per request) for the same requests. */
async function measureBaseline(body: string, authorization: string): Promise<LoadResult> {
  const dir = await mkdtemp(join(tmpdir(), 'fieldlink-bench-body-'));
  try {
    const bodyFile = join(dir, 'list.json');
    await writeFile(bodyFile, body);
    const server = await startServer({ kind: 'bare', path: BARE_ROUTE, bodyFile });
    try {
      // The same request as the list's, bearer token included (the bare route ignores it).
      const headers = { authorization };
      return await load(server.port, () => ({ method: 'GET', path: LIST_PATH, headers }));
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const fmt = (n: number, digits = 0): string =>
  n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function printTable(rows: readonly Row[], baseline: LoadResult): void {
  const header = ['scenario', 'requests/s', 'mean ms', 'baseline/scenario'];
  const lines = rows.map((r) => [
    r.scenario,
    fmt(r.result.perSecond),
    fmt(r.result.meanMs, 1),
    r.result.perSecond > 0 ? `${fmt(baseline.perSecond / r.result.perSecond, 1)}x` : '-',
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...lines.map((l) => l[c]!.length)));
  const line = (cells: readonly string[]) =>
    cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  console.log(`  ${line(header)}`);
  for (const l of lines) console.log(`  ${line(l)}`);
}

/** CPU seconds a process has used so far (user and system), from /proc; null where there is none. */
async function cpuSeconds(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}
/** Linux's USER_HZ, the unit of /proc/<pid>/stat times. */
const CLOCK_TICKS = 100;

interface Measured {
  readonly result: LoadResult;
  /** Share of one core used during the run: the server process and this (load generator) one. */
  readonly serverCore: number | null;
  readonly loadCore: number;
}

async function measured(port: number, pid: number, next: (i: number) => Request): Promise<Measured> {
  const serverBefore = await cpuSeconds(pid);
  const loadBefore = process.cpuUsage();
  const started = performance.now();
  const result = await load(port, next);
  const seconds = (performance.now() - started) / 1000;
  const serverAfter = await cpuSeconds(pid);
  const used = process.cpuUsage(loadBefore);
  return {
    result,
    serverCore: serverBefore === null || serverAfter === null ? null : (serverAfter - serverBefore) / seconds,
    loadCore: (used.user + used.system) / 1e6 / seconds,
  };
}

/** The security headers' cost: the same app with and without them, taking turns. */
async function benchHeaders(config: AppConfig, authorization: string): Promise<void> {
  const withHeaders = await startServer({ ...config, securityHeaders: true });
  const without = await startServer({ ...config, securityHeaders: false });
  try {
    const scenarios: [string, (i: number) => Request][] = [
      [`GET ${CHEAP_PATH} (no store)`, () => ({ method: 'GET', path: CHEAP_PATH })],
      [`GET ${LIST_PATH}`, () => ({ method: 'GET', path: LIST_PATH, headers: { authorization } })],
    ];
    console.log(`  security headers: the same app with and without them, ${HEADER_ROUNDS} turns each`);
    const header = [
      'scenario',
      'with req/s',
      'without req/s',
      'with/without',
      'CPU with (server+load)',
      'CPU without',
      'server CPU µs/request with',
      'without',
    ];
    const lines: string[][] = [];
    for (const [name, next] of scenarios) {
      const runs: { with: Measured[]; without: Measured[] } = { with: [], without: [] };
      for (let round = 0; round < HEADER_ROUNDS; round++) {
        runs.with.push(await measured(withHeaders.port, withHeaders.pid, next));
        runs.without.push(await measured(without.port, without.pid, next));
      }
      const mean = (ms: readonly Measured[], pick: (m: Measured) => number | null) =>
        ms.reduce((sum, m) => sum + (pick(m) ?? NaN), 0) / ms.length;
      const rateWith = mean(runs.with, (m) => m.result.perSecond);
      const rateWithout = mean(runs.without, (m) => m.result.perSecond);
      const cores = (ms: readonly Measured[]) =>
        `${fmt(mean(ms, (m) => m.serverCore) * 100)} % + ${fmt(mean(ms, (m) => m.loadCore) * 100)} %`;
      // The server's own cost per request: steadier than the rate when others share the cores.
      const perRequest = (ms: readonly Measured[]) =>
        fmt(
          mean(ms, (m) => (m.serverCore === null ? null : (m.serverCore / m.result.perSecond) * 1e6)),
          1,
        );
      lines.push([
        name,
        `${fmt(rateWith)} (${runs.with.map((m) => fmt(m.result.perSecond)).join(', ')})`,
        `${fmt(rateWithout)} (${runs.without.map((m) => fmt(m.result.perSecond)).join(', ')})`,
        `${fmt(rateWith / rateWithout, 3)}`,
        cores(runs.with),
        cores(runs.without),
        perRequest(runs.with),
        perRequest(runs.without),
      ]);
    }
    const widths = header.map((h, c) => Math.max(h.length, ...lines.map((l) => l[c]!.length)));
    const line = (cells: readonly string[]) =>
      cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
    console.log(`  ${line(header)}`);
    for (const l of lines) console.log(`  ${line(l)}`);
  } finally {
    await withHeaders.stop();
    await without.stop();
  }
}

/** A bearer token of the user who also holds a grant (their list has a shared item). */
async function granteeAuthorization(port: number): Promise<string> {
  let token = '';
  await sendEach(port, 1, [
    {
      method: 'POST',
      path: LOGIN_PATH,
      body: JSON.stringify({ userName: userName(GRANTEE_REMAINDER), password: PASSWORD }),
      onReply: (body) => (token = accessTokenOf(body)),
    },
  ]);
  return `Bearer ${token}`;
}

async function benchStore(
  name: string,
  prepare: () => Promise<PreparedStore>,
  options: { readonly headers: boolean },
): Promise<void> {
  console.log(`\n${name}`);
  const store = await prepare();
  try {
    const { users, devices, grants } = store.seeded;
    console.log(
      `  seeded ${fmt(users)} users, ${fmt(devices)} devices, ${fmt(grants)} grants in ${fmt(store.seedMs)} ms`,
    );
    if (ONLY === null) {
      const app = await measureApp(store.config);
      const baseline = await measureBaseline(app.list.body, app.authorization);
      console.log(
        `  list reply of ${userName(GRANTEE_REMAINDER)}: ${app.list.items} of ${app.list.total} items ` +
          `(${DEVICES_PER_USER} owned, ${app.list.items - DEVICES_PER_USER} shared), ${fmt(app.list.bytes)} bytes; ` +
          `tree reply ${fmt(app.treeBytes)} bytes`,
      );
      printTable(
        [...app.rows, { scenario: 'bare Fastify GET, same list JSON from memory', result: baseline }],
        baseline,
      );
    }
    if (options.headers) {
      const probe = await startServer(store.config);
      let authorization: string;
      try {
        authorization = await granteeAuthorization(probe.port);
      } finally {
        await probe.stop();
      }
      await benchHeaders(store.config, authorization);
    }
  } finally {
    await store.cleanup();
  }
}

console.log(
  `${fmt(USERS)} users x ${DEVICES_PER_USER} devices; ${CONNECTIONS} keep-alive connections, closed loop; ` +
    `${SECONDS} s per scenario after a ${WARMUP_MS / 1000} s warm-up; ${availableParallelism()} CPUs shared by ` +
    `the load generator and the server process (load average ${loadavg()[0]!.toFixed(2)} at the start)`,
);
console.log(
  'sign-in time is dominated by argon2id verification, which is slow by design ' +
    `(it runs on libuv's thread pool: UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'})`,
);

await benchStore('sqlite', prepareSqlite, { headers: true });
if (ONLY === null) {
  const problem = await probePostgres();
  if (problem === null)
    await benchStore(`postgres (${redactUrl(DATABASE_URL)})`, preparePostgres, { headers: false });
  else console.log(`\npostgres skipped: unreachable at ${redactUrl(DATABASE_URL)}: ${problem}`);
}
