/**
 * History retention: telemetry and events older than the retention period are deleted, whatever
 * became of their equipment (history of deleted equipment lives out its period too).
 *
 * On PostgreSQL whole month partitions that end before the cut-off are dropped (instant, and
 * nothing is left to vacuum), then the older rows of the month that straddles it are deleted. On
 * SQLite rows are deleted in slices, so writers are never held up for long.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dialectOf } from '../storage/migrations/columns.js';
import type { Database } from '../storage/schema.js';
import { DAY_MS } from './fields.js';
import { dropMonthPartition, listMonthPartitions } from './partitions.js';

/** The retention when HISTORY_RETENTION_DAYS is not set. */
export const DEFAULT_RETENTION_DAYS = 365;

/** Rows one SQLite delete takes. */
const SLICE = 5000;

export interface PruneOptions {
  /** Whole days of history kept, at least 1. */
  readonly retentionDays: number;
  /** Epoch milliseconds. */
  readonly now: number;
}

export interface PruneResult {
  /** Rows older than this are gone. */
  readonly cutoff: number;
  /** Month partitions dropped whole (PostgreSQL). */
  readonly droppedPartitions: readonly string[];
  /** Telemetry rows deleted one by one (rows of dropped partitions are not counted). */
  readonly telemetryRows: number;
  readonly eventRows: number;
}

/** Deletes the history older than the retention period. */
export async function pruneHistory(db: Kysely<Database>, options: PruneOptions): Promise<PruneResult> {
  if (!Number.isInteger(options.retentionDays) || options.retentionDays < 1) {
    throw new RangeError('retentionDays must be a whole number of at least 1');
  }
  const cutoff = options.now - options.retentionDays * DAY_MS;
  if (dialectOf(db as unknown as Kysely<unknown>) === 'postgres') {
    const dropped: string[] = [];
    for (const month of await listMonthPartitions(db)) {
      if (month.to > cutoff) break;
      await dropMonthPartition(db, month);
      dropped.push(month.name);
    }
    const telemetry = await db.deleteFrom('telemetry').where('at', '<', cutoff).executeTakeFirst();
    const events = await db.deleteFrom('events').where('at', '<', cutoff).executeTakeFirst();
    await deleteAlarmMarks(db, cutoff);
    return {
      cutoff,
      droppedPartitions: dropped,
      telemetryRows: Number(telemetry.numDeletedRows),
      eventRows: Number(events.numDeletedRows),
    };
  }
  let telemetryRows = 0;
  for (;;) {
    // The table has no rowid: a slice is picked by its key, found through the index on `at`.
    const { numAffectedRows } = await sql`
      delete from telemetry where (equipment_id, kind, channel, at) in (
        select equipment_id, kind, channel, at from telemetry where at < ${cutoff} limit ${SLICE})`.execute(
      db,
    );
    const n = Number(numAffectedRows ?? 0);
    telemetryRows += n;
    if (n < SLICE) break;
  }
  let eventRows = 0;
  for (;;) {
    const result = await db
      .deleteFrom('events')
      .where('id', 'in', db.selectFrom('events').select('id').where('at', '<', cutoff).limit(SLICE))
      .executeTakeFirst();
    const n = Number(result.numDeletedRows);
    eventRows += n;
    if (n < SLICE) break;
  }
  await deleteAlarmMarks(db, cutoff);
  return { cutoff, droppedPartitions: [], telemetryRows, eventRows };
}

/** The acknowledgements and clears of the alarms the retention deleted (by the alarms' time). */
async function deleteAlarmMarks(db: Kysely<Database>, cutoff: number): Promise<void> {
  await db.deleteFrom('alarm_acks').where('event_at', '<', cutoff).execute();
  await db.deleteFrom('alarm_clears').where('event_at', '<', cutoff).execute();
}

export interface RetentionSchedule {
  /** Stops pruning; waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Prunes now and then every `everyMs` (default 6 hours). Failures go to `onError`; the next run
 * tries again.
 */
export function scheduleRetention(
  db: Kysely<Database>,
  options: {
    readonly retentionDays: number;
    readonly everyMs?: number;
    readonly now?: () => number;
    readonly onPruned?: (result: PruneResult) => void;
    readonly onError?: (error: unknown) => void;
  },
): RetentionSchedule {
  const now = options.now ?? Date.now;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const run = (): void => {
    running = running
      .then(() => pruneHistory(db, { retentionDays: options.retentionDays, now: now() }))
      .then(
        (result) => options.onPruned?.(result),
        (error: unknown) => options.onError?.(error),
      );
  };
  run();
  const timer = setInterval(
    () => {
      if (!stopped) run();
    },
    options.everyMs ?? 6 * 3_600_000,
  );
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
