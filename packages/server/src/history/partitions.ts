/**
 * PostgreSQL's monthly partitions of `telemetry` (one table per calendar month in UTC, named
 * `telemetry_yyyy_mm`, holding `at` from the month's first millisecond up to the next month's).
 * The writer makes each month's partition before writing its first row; retention drops whole
 * months. Rows that arrive for a month without a partition land in `telemetry_default`; making the
 * partition later moves them over.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';

export interface MonthPartition {
  readonly name: string;
  /** First millisecond of the month (UTC). */
  readonly from: number;
  /** First millisecond of the next month. */
  readonly to: number;
}

const NAME = /^telemetry_(\d{4})_(\d{2})$/;

/** The month partition holding `at`. */
export function monthOf(at: number): MonthPartition {
  const d = new Date(at);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth();
  return {
    name: `telemetry_${String(year).padStart(4, '0')}_${String(month + 1).padStart(2, '0')}`,
    from: Date.UTC(year, month, 1),
    to: Date.UTC(year, month + 1, 1),
  };
}

/** The month a partition's name stands for; null for other tables (the default partition). */
export function monthOfName(name: string): MonthPartition | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const month = Number(m[2]);
  if (month < 1 || month > 12) return null;
  return monthOf(Date.UTC(Number(m[1]), month - 1, 1));
}

async function exists(db: Kysely<Database>, name: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select to_regclass(${name}) is not null as found`.execute(
    db,
  );
  return rows[0]?.found === true;
}

/**
 * Makes the partition of `month` unless it exists. Another node may make it at the same moment;
 * losing that race is fine. When the default partition already holds rows of the month, they are
 * moved into the new partition in the same transaction.
 */
export async function ensureMonthPartition(db: Kysely<Database>, month: MonthPartition): Promise<void> {
  if (await exists(db, month.name)) return;
  const table = sql.id(month.name);
  const bounds = sql`for values from (${sql.lit(month.from)}) to (${sql.lit(month.to)})`;
  try {
    await sql`create table if not exists ${table} partition of telemetry ${bounds}`.execute(db);
  } catch (error) {
    if (await exists(db, month.name)) return;
    if (!isCheckViolation(error)) throw error;
    await db.transaction().execute(async (trx) => {
      await sql`create table ${table} (like telemetry including all)`.execute(trx);
      const range = sql`at >= ${sql.lit(month.from)} and at < ${sql.lit(month.to)}`;
      await sql`insert into ${table} select * from telemetry_default where ${range}`.execute(trx);
      await sql`delete from telemetry_default where ${range}`.execute(trx);
      await sql`alter table telemetry attach partition ${table} ${bounds}`.execute(trx);
    });
  }
}

/** 23514: the default partition holds rows the new partition's bounds would cover. */
function isCheckViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23514';
}

/** The month partitions that exist, oldest first. */
export async function listMonthPartitions(db: Kysely<Database>): Promise<MonthPartition[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = to_regclass('telemetry')`.execute(db);
  return rows
    .map((r) => monthOfName(r.name))
    .filter((p): p is MonthPartition => p !== null)
    .sort((a, b) => a.from - b.from);
}

/** Drops one month's partition with its rows. */
export async function dropMonthPartition(db: Kysely<Database>, month: MonthPartition): Promise<void> {
  await sql`drop table if exists ${sql.id(month.name)}`.execute(db);
}
