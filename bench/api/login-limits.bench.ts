/**
 * What the atomic sign-in counters cost, on SQLite and PostgreSQL: the bookkeeping of a failed
 * sign-in (everything but the password hash) done the old way, counting `login_attempts` rows per
 * account and per address before the check and recording the failure after it, against the new
 * way, reserving the attempt in `attempt_counters` (the trusted-pair look-up, the pair and address
 * windows and the account's delay streak) and settling it, measured in the same run. The limits
 * are raised out of reach so every attempt does the full work; a clock moved by hand keeps each
 * key's rows at the handful a real window holds. Prints attempts per second, mean latency and
 * the new way's rate as a share of the old, and one argon2 verification for scale.
 *
 *   npm run bench:login-limits
 *
 * BENCH_SECONDS sets the measured seconds per run (3; each run twice, alternating, after a
 * warm-up). PostgreSQL is BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local test
 * database, in a fresh schema dropped at the end; skipped, with the reason, when it does not answer.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import type { Kysely } from 'kysely';
import { openStorage } from '@fieldlink/server';
import type { Storage } from '@fieldlink/server';
import { AttemptCounter } from '../../packages/server/src/accounts/attempts.js';
import { LoginLimits } from '../../packages/server/src/accounts/login-limits.js';
import type { LoginPolicy } from '../../packages/server/src/accounts/login-limits.js';
import type { Database } from '../../packages/server/src/storage/schema.js';
import { DATABASE_URL, probePostgres, withClient } from '../support/postgres.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
if (!(SECONDS > 0)) throw new Error(`BENCH_SECONDS must be a positive number of seconds, got ${SECONDS}`);
const CONCURRENCY = 16;
const WARMUP_MS = 500;
/** Distinct account names and client addresses the attempts cycle through. */
const KEYS = 1000;
const WINDOW_MS = 15 * 60_000;
/** The clock moves this far after each pass over the keys, so a key holds at most 5 rows. */
const STEP_MS = WINDOW_MS / 5;

/** The defaults' shape with every limit out of reach. */
const UNLIMITED: LoginPolicy = {
  pair: { limit: 1e9, windowMs: WINDOW_MS },
  account: { free: 1e9, baseDelayMs: 1000, maxDelayMs: WINDOW_MS, forgetMs: 24 * 60 * 60_000 },
  address: { limit: 1e9, windowMs: WINDOW_MS },
  trustMs: 30 * 24 * 60 * 60_000,
};

type Attempt = (i: number, now: number) => Promise<void>;

/** The bookkeeping of a failed sign-in before the fix: count, (check the hash), record. */
function oldWay(db: Kysely<Database>): Attempt {
  const count = async (kind: 'account' | 'address', key: string, now: number) => {
    const row = await db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', kind)
      .where('key', '=', key)
      .where('at', '>', now - WINDOW_MS)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return async (i, now) => {
    const account = `user-${i % KEYS}`;
    const address = `10.0.${(i % KEYS) >> 8}.${i % 256}`;
    if ((await count('account', account, now)) >= 1e9) throw new Error('unreachable');
    if ((await count('address', address, now)) >= 1e9) throw new Error('unreachable');
    await db
      .insertInto('login_attempts')
      .values([
        { kind: 'account', key: account, at: now },
        { kind: 'address', key: address, at: now },
      ])
      .execute();
    await db
      .deleteFrom('login_attempts')
      .where('at', '<=', now - WINDOW_MS)
      .where('key', 'in', [account, address])
      .execute();
  };
}

/** The same after it: reserve atomically, (check the hash), settle as a failure. */
function newWay(db: Kysely<Database>, clock: { now: number }): Attempt {
  const limits = new LoginLimits(new AttemptCounter(db), () => clock.now, UNLIMITED);
  return async (i) => {
    const attempt = await limits.reserve(`user-${i % KEYS}`, `10.0.${(i % KEYS) >> 8}.${i % 256}`);
    await limits.failed(attempt);
  };
}

interface Measured {
  readonly perSecond: number;
  readonly meanMs: number;
}

async function run(attempt: Attempt, clock: { now: number }, ms: number): Promise<Measured> {
  let issued = 0;
  let counted = 0;
  let latency = 0;
  const measureFrom = performance.now() + WARMUP_MS;
  const stopAt = measureFrom + ms;
  async function worker(): Promise<void> {
    while (performance.now() < stopAt) {
      const i = issued++;
      if (i % KEYS === 0) clock.now += STEP_MS;
      const t0 = performance.now();
      await attempt(i, clock.now);
      const t1 = performance.now();
      if (t1 >= measureFrom && t1 <= stopAt) {
        counted++;
        latency += t1 - t0;
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { perSecond: counted / (ms / 1000), meanMs: counted === 0 ? 0 : latency / counted };
}

async function measure(label: string, storage: Storage): Promise<void> {
  const clock = { now: Date.now() };
  const old = oldWay(storage.db);
  const fresh = newWay(storage.db, clock);
  const results = { old: [] as Measured[], new: [] as Measured[] };
  for (let round = 0; round < 2; round += 1) {
    results.old.push(await run(old, clock, SECONDS * 1000));
    results.new.push(await run(fresh, clock, SECONDS * 1000));
  }
  const best = (list: Measured[]) => list.reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
  const o = best(results.old);
  const n = best(results.new);
  const line = (name: string, m: Measured) =>
    `  ${name.padEnd(44)} ${m.perSecond.toFixed(0).padStart(8)} attempts/s  ${m.meanMs.toFixed(2).padStart(7)} ms mean`;
  console.log(`${label}, ${CONCURRENCY} concurrent attempts, best of 2 runs of ${SECONDS} s each:`);
  console.log(line('count, then record (before)', o));
  console.log(line('reserve atomically, then settle (after)', n));
  console.log(`  after / before: ${(n.perSecond / o.perSecond).toFixed(2)}x the attempts per second\n`);
}

async function sqlite(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'fieldlink-bench-'));
  try {
    const storage = await openStorage({ dataDir });
    try {
      await measure('SQLite', storage);
    } finally {
      await storage.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function postgres(): Promise<void> {
  const problem = await probePostgres();
  if (problem !== null) {
    console.log(`PostgreSQL skipped: ${problem}\n`);
    return;
  }
  const schema = `bench_${Date.now()}_${randomBytes(4).toString('hex')}`;
  try {
    const storage = await openStorage({ dataDir: tmpdir(), databaseUrl: DATABASE_URL, schema });
    try {
      await measure('PostgreSQL', storage);
    } finally {
      await storage.close();
    }
  } finally {
    await withClient((client) => client.query(`drop schema if exists "${schema}" cascade`));
  }
}

async function argon2Scale(): Promise<void> {
  const stored = await hash('correct horse battery');
  const rounds = 20;
  const t0 = performance.now();
  for (let i = 0; i < rounds; i += 1) await verify(stored, `wrong-${i}`);
  console.log(
    `For scale: one argon2id verification (the check itself) takes ${((performance.now() - t0) / rounds).toFixed(1)} ms here.`,
  );
}

console.log(`Sign-in attempt bookkeeping (${availableParallelism()} CPUs)\n`);
await sqlite();
await postgres();
await argon2Scale();
