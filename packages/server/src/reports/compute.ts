/**
 * A report computed from the history store: the equipment the user may read (all of it or the
 * chosen ids, at most REPORT_LIMITS.devices), each one's online time from its link events, the
 * alarms it raised, and per chosen analog channel the minimum, maximum and average of the values
 * recorded in the period (one bucket of the whole period, grouped in the database).
 *
 * Link events are recorded for the device that holds the link: a sub-device's online time is its
 * host's. The state at the period's start is that of the last link event before it; with none, the
 * device counts as offline until its first one.
 */
import { REPORT_LIMITS } from '@fieldlink/protocol';
import type { Report, ReportChannelStats, ReportDevice, ReportSettingsInput } from '@fieldlink/protocol';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../accounts/authenticate.js';
import { readableBy } from '../equipment/access.js';
import { typeOfRecord } from '../equipment/plugin.js';
import { readSettings } from '../equipment/settings.js';
import { allChannels } from '../history/channels.js';
import type { SeriesSpec } from '../history/channels.js';
import { readBuckets, valuesBefore } from '../history/queries.js';
import { iso } from '../http/iso.js';
import type { Database, Equipment } from '../storage/schema.js';
import type { ReportRange } from './periods.js';

/** Whose report, of what: the user (rights) and their choice of equipment and channels. */
export interface ReportSubject {
  readonly user: AuthUser;
  readonly settings: Pick<ReportSettingsInput, 'equipmentIds' | 'channels'>;
}

const LINK_KINDS = ['online', 'offline'] as const;

/** The equipment reported, lowest ids first, and how many the device limit left out. */
async function reportedEquipment(
  db: Kysely<Database>,
  user: AuthUser,
  equipmentIds: readonly number[] | null,
  now: number,
): Promise<{ rows: Equipment[]; omitted: number }> {
  if (equipmentIds !== null && equipmentIds.length === 0) return { rows: [], omitted: 0 };
  const readable = readableBy(db, user, now);
  const query = equipmentIds === null ? readable : readable.where('id', 'in', [...equipmentIds]);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('id').limit(REPORT_LIMITS.devices).execute(),
    query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, omitted: Math.max(0, Number(count.total) - rows.length) };
}

/**
 * The analog series reported for an equipment: the chosen labels it has (in the order chosen), or
 * by default its AI channels (its AO channels when it has none); at most the per-device limit.
 * `omitted` counts channels past the limit and chosen labels the equipment does not have.
 */
export function reportedSeries(
  equipment: Pick<Equipment, 'type' | 'settings'>,
  chosen: readonly string[] | undefined,
): { series: SeriesSpec[]; omitted: number } {
  const type = typeOfRecord(equipment);
  const settings = readSettings(type.counts, equipment.settings, type.image);
  const all = allChannels(['ai', 'ao'], type.counts, settings);
  const limit = REPORT_LIMITS.channelsPerDevice;
  let pool: SeriesSpec[];
  let unknown = 0;
  if (chosen === undefined) {
    const ai = all.filter((s) => s.kind === 'ai');
    pool = ai.length > 0 ? ai : all.filter((s) => s.kind === 'ao');
  } else {
    const byLabel = new Map(all.map((s) => [s.key.toUpperCase(), s]));
    const labels = [...new Set(chosen.map((label) => label.toUpperCase()))];
    pool = labels.flatMap((label) => byLabel.get(label) ?? []);
    unknown = labels.length - pool.length;
  }
  return { series: pool.slice(0, limit), omitted: unknown + Math.max(0, pool.length - limit) };
}

/** A label as the console shows it: 'AI1'. */
const labelOf = (s: SeriesSpec): string => s.key.toUpperCase();

/** Min, max and average of each series over the range, in the series' order. */
async function channelStats(
  db: Kysely<Database>,
  equipmentId: number,
  series: readonly SeriesSpec[],
  range: ReportRange,
): Promise<ReportChannelStats[]> {
  if (series.length === 0) return [];
  const grid = { origin: range.from, intervalMs: range.to - range.from };
  const rows = await readBuckets(db, equipmentId, series, range, grid);
  const recorded = new Map(rows.map((r) => [`${r.kind}:${r.channel}`, r]));
  const quiet = series.filter((s) => !recorded.has(`${s.kind}:${s.index}`));
  // A channel that did not change all period held the value it had before.
  const held = new Map<string, number>();
  if (quiet.length > 0) {
    const before = await valuesBefore(db, equipmentId, quiet, range.from);
    quiet.forEach((s, i) => {
      const value = before[i];
      if (value) held.set(`${s.kind}:${s.index}`, value.value);
    });
  }
  return series.map((s) => {
    const key = `${s.kind}:${s.index}`;
    const row = recorded.get(key);
    const base = { channel: labelOf(s), name: s.name, unit: s.unit };
    if (row) return { ...base, min: row.min, max: row.max, avg: row.avg, samples: row.count };
    const value = held.get(key) ?? null;
    return { ...base, min: value, max: value, avg: value, samples: 0 };
  });
}

/**
 * Milliseconds online within [from, to): `startsOnline` is the state at `from`, `changes` the
 * link events in the range in time order. Pure.
 */
export function onlineMs(
  startsOnline: boolean,
  changes: readonly { readonly kind: string; readonly at: number }[],
  from: number,
  to: number,
): number {
  let online = startsOnline;
  let since = from;
  let total = 0;
  for (const change of changes) {
    const at = Math.min(Math.max(change.at, from), to);
    if (online) total += at - since;
    online = change.kind === 'online';
    since = at;
  }
  if (online) total += to - since;
  return total;
}

/** Online milliseconds of each host over the range. */
async function onlineTimes(
  db: Kysely<Database>,
  hostIds: readonly number[],
  range: ReportRange,
): Promise<Map<number, number>> {
  const times = new Map<number, number>();
  if (hostIds.length === 0) return times;
  const events = await db
    .selectFrom('events')
    .select(['equipment_id', 'kind', 'at'])
    .where('equipment_id', 'in', [...hostIds])
    .where('kind', 'in', LINK_KINDS)
    .where('at', '>=', range.from)
    .where('at', '<', range.to)
    .orderBy('equipment_id')
    .orderBy('at')
    .orderBy('id')
    .execute();
  const byHost = new Map<number, { kind: string; at: number }[]>();
  for (const e of events) {
    const list = byHost.get(e.equipment_id) ?? [];
    list.push({ kind: e.kind, at: Number(e.at) });
    byHost.set(e.equipment_id, list);
  }
  for (const id of hostIds) {
    const before = await db
      .selectFrom('events')
      .select('kind')
      .where('equipment_id', '=', id)
      .where('kind', 'in', LINK_KINDS)
      .where('at', '<', range.from)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    times.set(id, onlineMs(before?.kind === 'online', byHost.get(id) ?? [], range.from, range.to));
  }
  return times;
}

/** Alarms raised in the range, by equipment id. */
async function alarmCounts(
  db: Kysely<Database>,
  ids: readonly number[],
  range: ReportRange,
): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('events')
    .select(['equipment_id', (eb) => eb.fn.countAll().as('alarms')])
    .where('equipment_id', 'in', [...ids])
    .where('kind', '=', 'alarm')
    .where('at', '>=', range.from)
    .where('at', '<', range.to)
    .groupBy('equipment_id')
    .execute();
  return new Map(rows.map((r) => [r.equipment_id, Number(r.alarms)]));
}

/** The report of `subject` over `range`, the period's times in `timeZone`. */
export async function buildReport(
  db: Kysely<Database>,
  subject: ReportSubject,
  range: ReportRange,
  timeZone: string,
  now: number,
): Promise<Report> {
  const { rows, omitted } = await reportedEquipment(db, subject.user, subject.settings.equipmentIds, now);
  const ids = rows.map((r) => r.id);
  const hostIds = [...new Set(rows.map((r) => r.parent_id ?? r.id))];
  const [online, alarms] = await Promise.all([onlineTimes(db, hostIds, range), alarmCounts(db, ids, range)]);
  const length = range.to - range.from;
  const devices: ReportDevice[] = [];
  let omittedChannels = 0;
  for (const row of rows) {
    const { series, omitted: cut } = reportedSeries(row, subject.settings.channels[String(row.id)]);
    omittedChannels += cut;
    const onlineTime = online.get(row.parent_id ?? row.id) ?? 0;
    devices.push({
      id: row.id,
      name: row.name,
      unid: row.unid,
      onlineMs: onlineTime,
      uptime: length > 0 ? onlineTime / length : 0,
      alarms: alarms.get(row.id) ?? 0,
      channels: await channelStats(db, row.id, series, range),
    });
  }
  const onlineTotal = devices.reduce((sum, d) => sum + d.onlineMs, 0);
  return {
    period: range.kind,
    from: iso(range.from),
    to: iso(range.to),
    timeZone,
    partial: range.partial,
    generatedAt: iso(now),
    devices,
    totals: {
      devices: devices.length,
      onlineMs: onlineTotal,
      uptime: devices.length > 0 && length > 0 ? onlineTotal / (devices.length * length) : 0,
      alarms: devices.reduce((sum, d) => sum + d.alarms, 0),
      samples: devices.reduce((sum, d) => sum + d.channels.reduce((n, c) => n + c.samples, 0), 0),
    },
    omitted: { devices: omitted, channels: omittedChannels },
  };
}
