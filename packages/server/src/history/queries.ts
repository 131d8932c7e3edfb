/**
 * Reading history. Downsampling runs in the database: rows are grouped into buckets of the
 * interval (GROUP BY the bucket number of `at`), so a year of minute data leaves the store as one
 * row per bucket and channel. Each bucket carries avg, min, max, the last value (the value of its
 * latest row) and its row count.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dialectOf } from '../storage/migrations/columns.js';
import type { Database, TelemetryKind } from '../storage/schema.js';

/** A series to read: a kind and a channel counted from 0. */
export interface SeriesKey {
  readonly kind: TelemetryKind;
  readonly index: number;
}

export interface Buckets {
  /** The bucket grid: bucket n starts at origin + n × intervalMs. */
  readonly origin: number;
  readonly intervalMs: number;
}

export interface BucketRow {
  readonly kind: TelemetryKind;
  readonly channel: number;
  /** The bucket's start, epoch milliseconds. */
  readonly t: number;
  /** To 12 significant digits, which drops the binary noise of the sum. */
  readonly avg: number;
  readonly min: number;
  readonly max: number;
  readonly last: number;
  readonly count: number;
}

interface RawBucket {
  kind: TelemetryKind;
  channel: number | string;
  bucket: number | string;
  avg: number | string;
  min: number | string;
  max: number | string;
  last: number | string | null;
  count: number | string;
}

/** Groups the series by kind, so each query reads one kind's channels off the key. */
function byKind(series: readonly SeriesKey[]): Map<TelemetryKind, number[]> {
  const kinds = new Map<TelemetryKind, number[]>();
  for (const s of series) {
    const list = kinds.get(s.kind);
    if (list) {
      if (!list.includes(s.index)) list.push(s.index);
    } else kinds.set(s.kind, [s.index]);
  }
  return kinds;
}

/**
 * The buckets of the series with at least one row in [from, to), ordered by bucket start, then
 * kind and channel in the order the series were given. `from` must not lie before `origin`.
 */
export async function readBuckets(
  db: Kysely<Database>,
  equipmentId: number,
  series: readonly SeriesKey[],
  range: { readonly from: number; readonly to: number },
  grid: Buckets,
): Promise<BucketRow[]> {
  if (range.from < grid.origin) throw new RangeError('the range starts before the bucket grid');
  const postgres = dialectOf(db as unknown as Kysely<unknown>) === 'postgres';
  // better-sqlite3 binds every number as REAL, so SQLite needs the cast to divide whole numbers.
  // The query groups by position: PostgreSQL would not see two copies of the expression, each
  // with parameters of its own, as the same.
  const bucket = postgres
    ? sql<number>`(at - ${grid.origin}::bigint) / ${grid.intervalMs}::bigint`
    : sql<number>`cast((at - ${grid.origin}) / ${grid.intervalMs} as integer)`;
  const read = async (conn: Kysely<Database>): Promise<BucketRow[]> => {
    const rows: BucketRow[] = [];
    for (const [kind, channels] of byKind(series)) {
      const { rows: raw } = await sql<RawBucket>`
        select s.kind, s.channel, s.bucket, s.avg, s.min, s.max, s.count,
          (select t2.value from telemetry t2
            where t2.equipment_id = ${equipmentId} and t2.kind = s.kind and t2.channel = s.channel
              and t2.at = s.last_at
            limit 1) as last
        from (
          select kind, channel, ${bucket} as bucket, avg(value) as avg, min(value) as min,
            max(value) as max, count(*) as count, max(at) as last_at
          from telemetry
          where equipment_id = ${equipmentId} and kind = ${kind}
            and channel in (${sql.join(channels)})
            and at >= ${range.from} and at < ${range.to}
          group by 1, 2, 3
        ) s`.execute(conn);
      for (const r of raw) {
        const min = Number(r.min);
        rows.push({
          kind: r.kind,
          channel: Number(r.channel),
          t: grid.origin + Number(r.bucket) * grid.intervalMs,
          avg: Number(Number(r.avg).toPrecision(12)),
          min,
          max: Number(r.max),
          last: r.last === null ? min : Number(r.last),
          count: Number(r.count),
        });
      }
    }
    return rows;
  };
  // PostgreSQL would compile this short query to machine code first (its estimated cost is high),
  // which takes longer than running it: JIT is turned off for this transaction only.
  const rows = postgres
    ? await db.transaction().execute(async (trx) => {
        await sql`set local jit = off`.execute(trx);
        return read(trx);
      })
    : await read(db);
  const order = new Map(series.map((s, i) => [`${s.kind}:${s.index}`, i]));
  return rows.sort(
    (a, b) =>
      a.t - b.t || (order.get(`${a.kind}:${a.channel}`) ?? 0) - (order.get(`${b.kind}:${b.channel}`) ?? 0),
  );
}

/** The latest value of each series before `at` (what it showed when the range began); null when none. */
export async function valuesBefore(
  db: Kysely<Database>,
  equipmentId: number,
  series: readonly SeriesKey[],
  at: number,
): Promise<({ t: number; value: number } | null)[]> {
  return Promise.all(
    series.map(async (s) => {
      const row = await db
        .selectFrom('telemetry')
        .select(['value', 'at'])
        .where('equipment_id', '=', equipmentId)
        .where('kind', '=', s.kind)
        .where('channel', '=', s.index)
        .where('at', '<', at)
        .orderBy('at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? { t: Number(row.at), value: Number(row.value) } : null;
    }),
  );
}
