/**
 * The claims on pending alarm mails (migration 0025): a pending notice names the node that holds
 * its mail (`mail_node`) and until when (`mail_lease_until`, epoch ms). A node claims the notices it
 * writes, renews its claims while it holds their mails, and releases them at a clean shutdown; any
 * node takes over a pending notice whose lease ran out or was released. Every claim is one
 * statement that re-checks the lease, so of several nodes one at most gets a notice at a time.
 */
import { randomBytes } from 'node:crypto';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { dialectOf } from '../storage/migrations/columns.js';
import type { Database } from '../storage/schema.js';

/** How long a claim holds without renewal: a node that stops renewing loses its mails this late. */
export const MAIL_LEASE_MS = 5 * 60_000;
/** How often each node renews its claims and sweeps for mails nobody holds. */
export const MAIL_SWEEP_MS = 60_000;
/** Alarms older than this when a sweep finds them unheld are not mailed any more (marked failed). */
export const MAIL_MAX_AGE_MS = 24 * 60 * 60_000;

/**
 * This process's name in the claims: the bus node id (MQTT_NODE_ID) with a part drawn at each
 * start. The bus id stays the same across restarts; a claim must not, or a restarted node (or two
 * nodes started with the same id) would renew claims whose mails it never held.
 */
export function mailNodeId(busNodeId: string): string {
  return `${busNodeId}-${randomBytes(4).toString('hex')}`;
}

/** What a pending notice's mail needs, as stored with it. */
export interface ClaimedNotice {
  readonly id: number;
  readonly user_id: number;
  readonly equipment_name: string;
  readonly unid: string;
  readonly channel: string;
  readonly email_text: string;
  readonly at: number;
}

/** Pending, and held by no node: its lease ran out or was released. */
function unheld(now: number) {
  return (eb: ExpressionBuilder<Database, 'alarm_notices'>) =>
    eb.and([
      eb('mail', '=', 'pending'),
      eb.or([eb('mail_lease_until', 'is', null), eb('mail_lease_until', '<=', now)]),
    ]);
}

/**
 * Claims up to `limit` unheld pending notices for `node` until `until`, oldest first, and returns
 * them. The notices are picked once (a materialized CTE: as a plain subquery PostgreSQL may run the
 * pick again per row and, skipping the rows it has just locked itself, take more than `limit`); on
 * PostgreSQL the pick skips rows another node is claiming, and the update re-checks the lease, so a
 * row another node claimed meanwhile is left out. SQLite runs one write at a time.
 */
export async function claimUnheld(
  db: Kysely<Database>,
  node: string,
  now: number,
  until: number,
  limit: number,
): Promise<ClaimedNotice[]> {
  const postgres = dialectOf(db as unknown as Kysely<unknown>) === 'postgres';
  return db
    .with(
      (cte) => cte('picked').materialized(),
      (qb) =>
        qb
          .selectFrom('alarm_notices')
          .select('id')
          .where(unheld(now))
          .orderBy('id')
          .limit(limit)
          .$if(postgres, (q) => q.forUpdate().skipLocked()),
    )
    .updateTable('alarm_notices')
    .set({ mail_node: node, mail_lease_until: until })
    .where('id', 'in', (eb) => eb.selectFrom('picked').select('picked.id'))
    .where(unheld(now))
    .returning(['id', 'user_id', 'equipment_name', 'unid', 'channel', 'email_text', 'at'])
    .execute();
}

/** Extends every claim `node` holds on a pending notice to `until`; returns the notices still held. */
export async function renewClaims(db: Kysely<Database>, node: string, until: number): Promise<number[]> {
  const rows = await db
    .updateTable('alarm_notices')
    .set({ mail_lease_until: until })
    .where('mail_node', '=', node)
    .where('mail', '=', 'pending')
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Which of these notices `node` still holds at `now`: pending, claimed by it, the lease running. */
export async function stillHeld(
  db: Kysely<Database>,
  node: string,
  ids: readonly number[],
  now: number,
): Promise<number[]> {
  const held: number[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('alarm_notices')
      .select('id')
      .where('id', 'in', ids.slice(i, i + 500))
      .where('mail_node', '=', node)
      .where('mail', '=', 'pending')
      .where('mail_lease_until', '>', now)
      .execute();
    held.push(...rows.map((r) => r.id));
  }
  return held;
}

/** Lets go of every claim `node` holds on a pending notice, so any node takes it at once. */
export async function releaseClaims(db: Kysely<Database>, node: string): Promise<number> {
  const result = await db
    .updateTable('alarm_notices')
    .set({ mail_node: null, mail_lease_until: null })
    .where('mail_node', '=', node)
    .where('mail', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Marks unheld pending notices of alarms raised before `before` failed; returns how many. */
export async function failUnheldBefore(db: Kysely<Database>, now: number, before: number): Promise<number> {
  const result = await db
    .updateTable('alarm_notices')
    .set({ mail: 'failed', mail_node: null, mail_lease_until: null })
    .where(unheld(now))
    .where('at', '<', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Marks the mails of these notices `node` holds off: their user turned alarm mails off (or lost the
 * address, or was disabled) since the alarm.
 */
export async function markMailOff(db: Kysely<Database>, node: string, ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .updateTable('alarm_notices')
      .set({ mail: 'off', mail_node: null, mail_lease_until: null })
      .where('id', 'in', ids.slice(i, i + 500))
      .where('mail_node', '=', node)
      .where('mail', '=', 'pending')
      .execute();
  }
}
