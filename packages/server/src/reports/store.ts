/**
 * The queries of reports: each user's settings, and the scheduled runs, whose row is the claim a
 * node holds while it makes and mails a report. A claim is one statement that both inserts and
 * decides (an upsert whose update is conditional, as accounts/attempts.ts does): PostgreSQL locks
 * the conflicting row and re-checks the condition on its latest version, SQLite has one writer,
 * so of several nodes at most one gets a given (user, period) at a time.
 */
import { ReportSettingsInput } from '@fieldlink/protocol';
import type { ReportPeriod, ReportRun, ReportRunState } from '@fieldlink/protocol';
import type { Kysely } from 'kysely';
import { iso } from '../http/iso.js';
import type { Database } from '../storage/schema.js';
import type { Period } from './periods.js';
import type { ReportSettingsRow } from './schema.js';

/** A user's settings and when they last changed them (null: never saved, the defaults). */
export interface StoredSettings extends ReportSettingsInput {
  readonly updatedAt: number | null;
}

export const DEFAULT_REPORT_SETTINGS: ReportSettingsInput = {
  enabled: false,
  period: 'daily',
  hour: 8,
  weekday: 1,
  equipmentIds: null,
  channels: {},
  email: true,
};

/** A claim not finished within this long was abandoned (its node stopped): another may take it. */
export const CLAIM_STALE_MS = 15 * 60_000;
/** A failed mail is tried again after this long, up to MAX_ATTEMPTS tries in all. */
export const RETRY_AFTER_MS = 10 * 60_000;
export const MAX_ATTEMPTS = 3;
/** Runs listed in the console. */
export const LISTED_RUNS = 30;

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The settings a row holds; a row that no longer reads as the contract says falls back field by field. */
export function settingsOfRow(row: ReportSettingsRow): StoredSettings {
  const parsed = ReportSettingsInput.safeParse({
    enabled: row.enabled === 1,
    period: row.period,
    hour: row.hour,
    weekday: row.weekday,
    equipmentIds: parseJson(row.equipment_ids),
    channels: parseJson(row.channels),
    email: row.email === 1,
  });
  return { ...(parsed.success ? parsed.data : DEFAULT_REPORT_SETTINGS), updatedAt: row.updated_at };
}

export async function reportSettingsOf(db: Kysely<Database>, userId: number): Promise<StoredSettings> {
  const row = await db
    .selectFrom('report_settings')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? settingsOfRow(row) : { ...DEFAULT_REPORT_SETTINGS, updatedAt: null };
}

/** Ids and labels once each, labels in upper case, devices without channels kept (an empty choice). */
function normalised(input: ReportSettingsInput): ReportSettingsInput {
  const channels = Object.fromEntries(
    Object.entries(input.channels).map(([id, labels]) => [
      id,
      [...new Set(labels.map((label) => label.toUpperCase()))],
    ]),
  );
  const equipmentIds = input.equipmentIds === null ? null : [...new Set(input.equipmentIds)];
  return { ...input, equipmentIds, channels };
}

export async function saveReportSettings(
  db: Kysely<Database>,
  userId: number,
  input: ReportSettingsInput,
  now: number,
): Promise<StoredSettings> {
  const s = normalised(input);
  const values = {
    enabled: s.enabled ? 1 : 0,
    period: s.period,
    hour: s.hour,
    weekday: s.weekday,
    equipment_ids: s.equipmentIds === null ? null : JSON.stringify(s.equipmentIds),
    channels: JSON.stringify(s.channels),
    email: s.email ? 1 : 0,
    updated_at: now,
  } as const;
  await db
    .insertInto('report_settings')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  return { ...s, updatedAt: now };
}

/** A user with reports on, as the scheduler reads them. */
export interface ScheduledUser {
  readonly userId: number;
  readonly authority: number;
  readonly email: string | null;
  readonly language: string;
  readonly settings: StoredSettings;
}

/** Every enabled account with reports on. */
export async function scheduledUsers(db: Kysely<Database>): Promise<ScheduledUser[]> {
  const rows = await db
    .selectFrom('report_settings as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .selectAll('s')
    .select(['u.authority', 'u.email as address', 'u.language'])
    .where('s.enabled', '=', 1)
    .where('u.disabled_at', 'is', null)
    .orderBy('s.user_id')
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    authority: row.authority,
    email: row.address,
    language: row.language,
    settings: settingsOfRow(row),
  }));
}

export interface RunKey {
  readonly userId: number;
  readonly period: Period;
}

/**
 * Claims the report of `key` for `node`: true when this node is to make it now (the row is new,
 * or its last try failed a while ago, or its node abandoned it), false when another holds or
 * finished it.
 */
export async function claimRun(
  db: Kysely<Database>,
  key: RunKey,
  node: string,
  now: number,
): Promise<boolean> {
  const row = await db
    .insertInto('report_runs')
    .values({
      user_id: key.userId,
      period: key.period.kind,
      period_start: key.period.from,
      period_end: key.period.to,
      state: 'sending',
      attempts: 1,
      node,
      claimed_at: now,
      finished_at: null,
      summary: null,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'period', 'period_start'])
        .doUpdateSet((eb) => ({
          state: 'sending',
          attempts: eb('report_runs.attempts', '+', 1),
          node,
          claimed_at: now,
          finished_at: null,
        }))
        .where((eb) =>
          eb.and([
            eb('report_runs.attempts', '<', MAX_ATTEMPTS),
            eb.or([
              eb.and([
                eb('report_runs.state', '=', 'failed'),
                eb('report_runs.finished_at', '<=', now - RETRY_AFTER_MS),
              ]),
              eb.and([
                eb('report_runs.state', '=', 'sending'),
                eb('report_runs.claimed_at', '<=', now - CLAIM_STALE_MS),
              ]),
            ]),
          ]),
        ),
    )
    .returning('attempts')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the run is settled for good: made, or failed as often as it may. */
export async function runSettled(db: Kysely<Database>, key: RunKey): Promise<boolean> {
  const row = await db
    .selectFrom('report_runs')
    .select(['state', 'attempts'])
    .where('user_id', '=', key.userId)
    .where('period', '=', key.period.kind)
    .where('period_start', '=', key.period.from)
    .executeTakeFirst();
  if (!row) return false;
  return (
    row.state === 'sent' ||
    row.state === 'generated' ||
    (row.state === 'failed' && row.attempts >= MAX_ATTEMPTS)
  );
}

export interface RunSummary {
  readonly devices: number;
  readonly alarms: number;
  readonly uptime: number;
}

/** Stores how the claimed run ended, while `node` still holds it. */
export async function finishRun(
  db: Kysely<Database>,
  key: RunKey,
  node: string,
  state: Exclude<ReportRunState, 'sending'>,
  summary: RunSummary | null,
  now: number,
): Promise<void> {
  await db
    .updateTable('report_runs')
    .set({ state, finished_at: now, summary: summary === null ? null : JSON.stringify(summary) })
    .where('user_id', '=', key.userId)
    .where('period', '=', key.period.kind)
    .where('period_start', '=', key.period.from)
    .where('node', '=', node)
    .where('state', '=', 'sending')
    .execute();
}

function summaryOf(text: string | null): RunSummary | null {
  const value = parseJson(text);
  if (typeof value !== 'object' || value === null) return null;
  const { devices, alarms, uptime } = value as Record<string, unknown>;
  return typeof devices === 'number' && typeof alarms === 'number' && typeof uptime === 'number'
    ? { devices, alarms, uptime }
    : null;
}

/** The user's scheduled reports, newest period first. */
export async function listRuns(db: Kysely<Database>, userId: number): Promise<ReportRun[]> {
  const rows = await db
    .selectFrom('report_runs')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('period_start', 'desc')
    .orderBy('period')
    .limit(LISTED_RUNS)
    .execute();
  return rows.map((row) => ({
    period: row.period as ReportPeriod,
    from: iso(row.period_start),
    to: iso(row.period_end),
    state: row.state,
    at: iso(row.finished_at ?? row.claimed_at),
    summary: summaryOf(row.summary),
  }));
}

/** Forgets runs of periods that began before `before`. */
export async function sweepRuns(db: Kysely<Database>, before: number): Promise<number> {
  const result = await db.deleteFrom('report_runs').where('period_start', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
