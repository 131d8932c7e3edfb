/**
 * History (spec §7 history calls) under /api/v1: downsampled curves of an equipment's channels,
 * its events, the events of everything the caller may read, and CSV or XLSX exports. Every
 * equipment route needs the read right (404 for strangers, as everywhere).
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { requireUser } from '../accounts/authenticate.js';
import { ErrorReply } from '../accounts/fields.js';
import { requireAccess } from '../equipment/access.js';
import { EquipmentId } from '../equipment/fields.js';
import { readableBy } from '../equipment/access.js';
import { typeOfRecord } from '../equipment/plugin.js';
import { readSettings } from '../equipment/settings.js';
import { ApiError } from '../http/errors.js';
import type { Storage } from '../storage/open.js';
import type { Database, Equipment, HistoryEvent, HistoryEventKind } from '../storage/schema.js';
import { allChannels, parseSeries } from './channels.js';
import type { SeriesSpec } from './channels.js';
import { contentDisposition, csvChunks, exportRows, xlsxFile } from './export.js';
import {
  bucketCount,
  bucketGrid,
  DEFAULT_SPAN_MS,
  EventsQuery,
  ExportQuery,
  fitInterval,
  HistoryQuery,
  MAX_EXPORT_ROWS,
  MAX_POINTS,
  resolveRange,
  USER_EVENTS_SPAN_MS,
} from './fields.js';
import type { TimeRange } from './fields.js';
import { EventsReply, HistoryReply, UserEventsReply } from '@fieldlink/protocol';
import type { EventItem } from '@fieldlink/protocol';
import { readBuckets, valuesBefore } from './queries.js';
import { EVENT_KINDS } from './writer.js';
import { ZonedTime } from './time.js';
import { iso } from '../http/iso.js';
import { ackOf, alarmAckRoutes } from './alarm-acks.js';
import type { AuthUser } from '../accounts/authenticate.js';

export interface HistoryOptions {
  readonly storage: Storage;
  /** Epoch milliseconds; tests pass a clock they move. */
  readonly now?: () => number;
}

type Point = z.infer<typeof HistoryReply>['series'][number]['points'][number];

/** The series a request names, or its defaults: every AI channel (every DO and DI without AI). */
function seriesOf(equipment: Equipment, channels: string | undefined, all: boolean): SeriesSpec[] {
  const type = typeOfRecord(equipment);
  const settings = readSettings(type.counts, equipment.settings, type.image);
  if (channels !== undefined) return parseSeries(channels, type.counts, settings);
  if (all) return allChannels(['do', 'di', 'ai', 'ao'], type.counts, settings);
  return type.counts.ai > 0
    ? allChannels(['ai'], type.counts, settings)
    : allChannels(['do', 'di'], type.counts, settings);
}

function parseDetail(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** An event row with its acknowledgement's columns (null when it has none). */
type EventRowWithAck = HistoryEvent & {
  ack_user_id: number | null;
  ack_user_name: string | null;
  ack_at: number | string | null;
};

function eventItem(row: EventRowWithAck, zone: ZonedTime): EventItem {
  const at = Number(row.at);
  return {
    id: row.id,
    equipmentId: row.equipment_id,
    kind: row.kind,
    channel:
      row.channel_kind === null || row.channel === null
        ? null
        : `${row.channel_kind.toUpperCase()}${row.channel + 1}`,
    channelKind: row.channel_kind,
    index: row.channel,
    level: row.level,
    value: row.value === null ? null : Number(row.value),
    message: row.message,
    detail: parseDetail(row.detail),
    userId: row.user_id,
    at: iso(at),
    time: zone.format(at),
    ...(row.kind === 'alarm'
      ? {
          ack:
            row.ack_user_id === null || row.ack_at === null
              ? null
              : ackOf({ user_id: row.ack_user_id, user_name: row.ack_user_name ?? '', at: row.ack_at }),
        }
      : {}),
  };
}

const EVENT_COLUMNS = [
  'events.id',
  'events.equipment_id',
  'events.user_id',
  'events.kind',
  'events.channel_kind',
  'events.channel',
  'events.level',
  'events.value',
  'events.message',
  'events.detail',
  'events.at',
  'alarm_acks.user_id as ack_user_id',
  'alarm_acks.user_name as ack_user_name',
  'alarm_acks.at as ack_at',
] as const;

/**
 * The kinds named in an events query's `kind` (comma-separated, each once); null for every kind.
 * 400 for a name that is not a kind or a list that names none.
 */
export function eventKinds(text: string | undefined): HistoryEventKind[] | null {
  if (text === undefined) return null;
  const names = [...new Set(text.split(',').map((k) => k.trim()))].filter((k) => k !== '');
  if (names.length === 0) throw new ApiError('bad_request', 'kind: name at least one event kind');
  for (const name of names) {
    if (!(EVENT_KINDS as readonly string[]).includes(name))
      throw new ApiError('bad_request', `kind: '${name}' is not one of ${EVENT_KINDS.join(', ')}`);
  }
  return names as HistoryEventKind[];
}

/**
 * The events of the range, of the kinds (null: every kind), with their acknowledgements; `hideFor`
 * leaves out the alarms that user cleared from their alarm list.
 */
function eventsIn(
  db: Kysely<Database>,
  range: TimeRange,
  kinds: readonly HistoryEventKind[] | null,
  hideFor: AuthUser | null,
) {
  let query = db
    .selectFrom('events')
    .leftJoin('alarm_acks', 'alarm_acks.event_id', 'events.id')
    .where('events.at', '>=', range.from)
    .where('events.at', '<', range.to);
  if (kinds !== null) query = query.where('events.kind', 'in', kinds);
  if (hideFor !== null) {
    const cleared = db
      .selectFrom('alarm_clears')
      .select('alarm_clears.event_id')
      .where('alarm_clears.user_id', '=', hideFor.id);
    query = query.where('events.id', 'not in', cleared);
  }
  return query;
}

export const historyPlugin: FastifyPluginAsyncZod<HistoryOptions> = async (app, options) => {
  const db = options.storage.db;
  const now = options.now ?? Date.now;
  const security = [{ bearer: [] }];
  const guarded = { preHandler: app.authenticate };
  const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply };
  await app.register(alarmAckRoutes, { db, now });

  app.get(
    '/equipment/:id/history',
    {
      ...guarded,
      schema: {
        tags: ['history'],
        summary: 'Channel history in buckets (avg, min, max, last), downsampled by the database',
        security,
        params: EquipmentId,
        querystring: HistoryQuery,
        response: { 200: HistoryReply, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const t = now();
      const { equipment } = await requireAccess(db, requireUser(request), request.params.id, 'read', t);
      const zone = new ZonedTime(q.tz);
      const range = resolveRange(q, zone, t, DEFAULT_SPAN_MS);
      const series = seriesOf(equipment, q.channels, false);
      const interval = fitInterval(q.interval, range, MAX_POINTS);
      const grid = bucketGrid(range.from, interval, zone);
      const [rows, previous] = await Promise.all([
        readBuckets(db, equipment.id, series, range, grid),
        valuesBefore(db, equipment.id, series, range.from),
      ]);
      const points = new Map(series.map((s) => [`${s.kind}:${s.index}`, { spec: s, points: [] as Point[] }]));
      for (const row of rows) {
        const entry = points.get(`${row.kind}:${row.channel}`);
        if (!entry) continue;
        const { t: bucket, min, max, last } = row;
        entry.points.push(
          entry.spec.analog ? { t: bucket, avg: row.avg, min, max, last } : { t: bucket, min, max, last },
        );
      }
      return {
        series: series.map((s, i) => ({
          channel: s.key,
          kind: s.kind,
          index: s.index,
          name: s.name,
          unit: s.unit,
          previous: previous[i] ?? null,
          points: points.get(`${s.kind}:${s.index}`)?.points ?? [],
        })),
        from: iso(range.from),
        to: iso(range.to),
        interval,
        tz: q.tz,
      };
    },
  );

  app.get(
    '/equipment/:id/events',
    {
      ...guarded,
      schema: {
        tags: ['history'],
        summary: "The equipment's alarm, operation and link events, newest first (default: last 24 h)",
        security,
        params: EquipmentId,
        querystring: EventsQuery,
        response: { 200: EventsReply, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const t = now();
      const user = requireUser(request);
      const { equipment } = await requireAccess(db, user, request.params.id, 'read', t);
      const zone = new ZonedTime(q.tz);
      const range = resolveRange(q, zone, t, DEFAULT_SPAN_MS);
      const query = eventsIn(db, range, eventKinds(q.kind), q.cleared === 'hide' ? user : null).where(
        'events.equipment_id',
        '=',
        equipment.id,
      );
      const [rows, count] = await Promise.all([
        query
          .select(EVENT_COLUMNS)
          .orderBy('events.at', 'desc')
          .orderBy('events.id', 'desc')
          .limit(q.limit)
          .offset(q.offset)
          .execute(),
        query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map((row) => eventItem(row, zone)), total: Number(count.total) };
    },
  );

  app.get(
    '/me/events',
    {
      ...guarded,
      schema: {
        tags: ['history'],
        summary: 'Events of every equipment the caller may read, newest first (default: last 7 days)',
        security,
        querystring: EventsQuery,
        response: { 200: UserEventsReply, 400: ErrorReply, 401: ErrorReply },
      },
    },
    async (request) => {
      const q = request.query;
      const user = requireUser(request);
      const t = now();
      const zone = new ZonedTime(q.tz);
      const range = resolveRange(q, zone, t, USER_EVENTS_SPAN_MS);
      const readable = readableBy(db, user, t).select('equipment.id');
      const query = eventsIn(db, range, eventKinds(q.kind), q.cleared === 'hide' ? user : null)
        .innerJoin('equipment', 'equipment.id', 'events.equipment_id')
        .where('events.equipment_id', 'in', readable);
      const [rows, count] = await Promise.all([
        query
          .select([...EVENT_COLUMNS, 'equipment.name as equipment_name', 'equipment.unid as equipment_unid'])
          .orderBy('events.at', 'desc')
          .orderBy('events.id', 'desc')
          .limit(q.limit)
          .offset(q.offset)
          .execute(),
        query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      ]);
      return {
        items: rows.map((row) => ({
          ...eventItem(row, zone),
          equipment: { name: row.equipment_name, unid: row.equipment_unid },
        })),
        total: Number(count.total),
      };
    },
  );

  app.get(
    '/equipment/:id/export',
    {
      ...guarded,
      schema: {
        tags: ['history'],
        summary: 'History as a CSV or XLSX file, one row per interval (default: last 24 h, 60 s)',
        security,
        params: EquipmentId,
        querystring: ExportQuery,
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: {
          200: z.string().describe('The file (Content-Disposition names it)'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const t = now();
      const { equipment } = await requireAccess(db, requireUser(request), request.params.id, 'read', t);
      const zone = new ZonedTime(q.tz);
      const range = resolveRange(q, zone, t, DEFAULT_SPAN_MS);
      const series = seriesOf(equipment, q.channels, true);
      const grid = bucketGrid(range.from, q.interval, zone);
      if (bucketCount(range, grid) > MAX_EXPORT_ROWS) {
        throw new ApiError(
          'bad_request',
          `querystring.interval: an export has at most ${MAX_EXPORT_ROWS} rows; ` +
            `use an interval of at least ${fitInterval(q.interval, range, MAX_EXPORT_ROWS)} s for this range`,
        );
      }
      const rows = exportRows({ db, equipmentId: equipment.id, series, range, grid });
      const body =
        q.format === 'csv'
          ? Readable.from(csvChunks(series, rows, zone), { objectMode: false })
          : Readable.from(xlsxFile(series, rows, zone), { objectMode: false });
      body.on('error', (error) => request.log.error({ err: error }, 'history export failed'));
      void reply
        .header(
          'content-type',
          q.format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header('content-disposition', contentDisposition(equipment, range, zone, q.format))
        .header('cache-control', 'no-store');
      // The 200 schema describes the file for OpenAPI; Fastify sends a stream as it is, unserialised.
      return reply.send(body as unknown as string);
    },
  );
};
