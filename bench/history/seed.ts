/**
 * Fills an empty, migrated database for the history benchmark straight through Kysely: one account
 * (HISTORY_USER) owning one FL-AI8 and a value every minute of YEAR_FROM … YEAR_TO for each of its
 * 8 AI channels (525,600 minutes × 8 = 4,204,800 telemetry rows), written channel by channel in
 * key order. SQLite takes multi-row INSERTs in one transaction; PostgreSQL takes each batch as one
 * INSERT … SELECT FROM unnest(arrays) after the month partitions are made the way the writer makes
 * them.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { equipmentType } from '@fieldlink/protocol';
import type { Database } from '@fieldlink/server';
import { hashPassword } from '../../packages/server/src/accounts/passwords.js';
import { normaliseSettings } from '../../packages/server/src/equipment/settings.js';
import { ensureMonthPartition, monthOf } from '../../packages/server/src/history/partitions.js';
import { dialectOf } from '../../packages/server/src/storage/migrations/columns.js';

export const HISTORY_USER = 'history-owner';
export const HISTORY_PASSWORD = 'history-password-1';
export const HISTORY_TYPE = 'FL-AI8';
export const CHANNELS = 8;
/** The seeded year, UTC: 2025 has 365 days, 525,600 minutes. */
export const YEAR_FROM = Date.UTC(2025, 0, 1);
export const YEAR_TO = Date.UTC(2026, 0, 1);
export const STEP_MS = 60_000;
export const MINUTES = (YEAR_TO - YEAR_FROM) / STEP_MS;

/** Rows per SQLite statement (5 parameters each, within SQLite's 32,766). */
const SQLITE_ROWS = 1000;
/** Rows per PostgreSQL statement (5 array parameters whatever the count). */
const POSTGRES_ROWS = 50_000;

export interface SeededHistory {
  readonly equipmentId: number;
  readonly rows: number;
}

/** A smooth daily swing per channel with a little deterministic noise, to two decimals. */
export function valueAt(channel: number, minute: number): number {
  const day = Math.sin((2 * Math.PI * (minute % 1440)) / 1440 + channel);
  const noise = ((minute * 7919 + channel * 104_729) % 1000) / 1000 - 0.5;
  return Math.round((50 + 10 * channel + 20 * day + noise) * 100) / 100;
}

async function insertOwner(db: Kysely<Database>, now: number): Promise<number> {
  const type = equipmentType(HISTORY_TYPE);
  if (!type) throw new Error(`${HISTORY_TYPE} is not in the equipment catalogue`);
  const settings = JSON.stringify(normaliseSettings(type.counts, {}, undefined, { image: type.image }));
  const owner = await db
    .insertInto('users')
    .values({
      user_name: HISTORY_USER,
      password_hash: await hashPassword(HISTORY_PASSWORD),
      phone: null,
      email: null,
      registered_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const equipment = await db
    .insertInto('equipment')
    .values({
      owner_id: owner.id,
      parent_id: null,
      sn: 'HIST000001',
      unid: 'HIST000001',
      address: null,
      type: HISTORY_TYPE,
      name: `${HISTORY_TYPE} history`,
      settings,
      camera_password: null,
      link_secret_hash: null,
      link_host: null,
      link_port: null,
      online: 1,
      alarm: 0,
      soc: null,
      status_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return equipment.id;
}

/** Calls `write` with consecutive minutes [from, to) of each channel, `size` minutes at a time. */
async function eachBatch(
  size: number,
  write: (channel: number, from: number, to: number) => Promise<void>,
): Promise<void> {
  for (let channel = 0; channel < CHANNELS; channel++) {
    for (let from = 0; from < MINUTES; from += size)
      await write(channel, from, Math.min(MINUTES, from + size));
  }
}

async function seedSqlite(db: Kysely<Database>, equipmentId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await eachBatch(SQLITE_ROWS, async (channel, from, to) => {
      const rows = [];
      for (let m = from; m < to; m++) {
        rows.push({
          equipment_id: equipmentId,
          kind: 'ai' as const,
          channel,
          value: valueAt(channel, m),
          at: YEAR_FROM + m * STEP_MS,
        });
      }
      await trx.insertInto('telemetry').values(rows).execute();
    });
  });
}

async function seedPostgres(db: Kysely<Database>, equipmentId: number): Promise<void> {
  for (let at = YEAR_FROM; at < YEAR_TO;) {
    const month = monthOf(at);
    await ensureMonthPartition(db, month);
    at = month.to;
  }
  await eachBatch(POSTGRES_ROWS, async (channel, from, to) => {
    const values: number[] = [];
    const ats: number[] = [];
    for (let m = from; m < to; m++) {
      values.push(valueAt(channel, m));
      ats.push(YEAR_FROM + m * STEP_MS);
    }
    await sql`
      insert into telemetry (equipment_id, kind, channel, value, at)
      select ${equipmentId}, 'ai', ${channel}, v, a
      from unnest(${values}::double precision[], ${ats}::bigint[]) as t(v, a)`.execute(db);
  });
}

/** Seeds the account, its equipment and the year of minute data. */
export async function seedHistory(db: Kysely<Database>, now: number): Promise<SeededHistory> {
  const equipmentId = await insertOwner(db, now);
  if (dialectOf(db as unknown as Kysely<unknown>) === 'postgres') {
    await seedPostgres(db, equipmentId);
    await sql`analyze telemetry`.execute(db);
  } else {
    await seedSqlite(db, equipmentId);
    await sql`analyze`.execute(db);
  }
  return { equipmentId, rows: CHANNELS * MINUTES };
}
