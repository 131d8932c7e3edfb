/**
 * History exports (spec §7 ex-equip-history): one row per bucket in which any chosen channel
 * changed, a time column then one column per channel. Analog cells hold the bucket's average,
 * digital cells its last state; a channel without a row in the bucket repeats the value it last
 * had (from before the range too), since history stores changes only.
 *
 * Rows are read a window of buckets at a time and handed on as they come, so an export of any
 * length holds only one window in memory. The window widens while the data is sparse and narrows
 * when a window returns many rows or takes long.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';
import type { SeriesSpec } from './channels.js';
import type { TimeRange } from './fields.js';
import { readBuckets, valuesBefore } from './queries.js';
import type { Buckets } from './queries.js';
import type { ZonedTime } from './time.js';
import { xlsxChunks } from './xlsx.js';

export interface ExportRow {
  /** The bucket's start, epoch milliseconds. */
  readonly t: number;
  /** One cell per series; null before a channel has any value. */
  readonly cells: readonly (number | null)[];
}

export interface ExportSource {
  readonly db: Kysely<Database>;
  readonly equipmentId: number;
  readonly series: readonly SeriesSpec[];
  readonly range: TimeRange;
  readonly grid: Buckets;
}

export interface WindowOptions {
  /** Bucket rows one window may return before the next one is made narrower. */
  readonly maxRows?: number;
  /** Time one window may take before the next one is made narrower. */
  readonly maxMs?: number;
  readonly now?: () => number;
}

/** The export's rows, in time order, read window by window. */
export async function* exportRows(
  source: ExportSource,
  options: WindowOptions = {},
): AsyncGenerator<ExportRow> {
  const { db, equipmentId, series, range, grid } = source;
  const maxRows = options.maxRows ?? 20_000;
  const maxMs = options.maxMs ?? 250;
  const clock = options.now ?? (() => performance.now());
  const width = Math.max(1, series.length);
  const column = new Map(series.map((s, i) => [`${s.kind}:${s.index}`, i]));
  const carried: (number | null)[] = (await valuesBefore(db, equipmentId, series, range.from)).map(
    (p) => p?.value ?? null,
  );

  // Window sizes are in buckets; rows a window returns are at most buckets × series.
  const ceiling = Math.max(1, Math.floor((5 * maxRows) / width));
  let buckets = Math.max(1, Math.floor(maxRows / 4 / width));
  let start = range.from;
  while (start < range.to) {
    const startBucket = Math.floor((start - grid.origin) / grid.intervalMs);
    const end = Math.min(range.to, grid.origin + (startBucket + buckets) * grid.intervalMs);
    const began = clock();
    const rows = await readBuckets(db, equipmentId, series, { from: start, to: end }, grid);
    const took = clock() - began;

    let i = 0;
    while (i < rows.length) {
      const t = rows[i]!.t;
      const cells = [...carried];
      for (; i < rows.length && rows[i]!.t === t; i++) {
        const row = rows[i]!;
        const c = column.get(`${row.kind}:${row.channel}`);
        if (c === undefined) continue;
        cells[c] = series[c]!.analog ? row.avg : row.last;
        carried[c] = row.last;
      }
      yield { t, cells };
    }

    start = end;
    if (rows.length > maxRows || took > maxMs) buckets = Math.max(1, Math.floor(buckets / 2));
    else if (rows.length < maxRows / 8 && took < maxMs / 4) buckets = Math.min(ceiling, buckets * 2);
  }
}

/** The header cell of a series: 'AI1 Tank level (m)', 'DO2', 'SOC (%)'. */
export function columnTitle(s: SeriesSpec): string {
  const label = s.kind === 'online' || s.kind === 'soc' ? s.name : `${s.kind.toUpperCase()}${s.index + 1}`;
  const title = s.name === label ? label : `${label} ${s.name}`;
  return s.unit === '' ? title : `${title} (${s.unit})`;
}

/**
 * A text cell as CSV: quoted when it holds a separator, quote or line break; text a spreadsheet
 * would run as a formula (=, +, -, @ first) is prefixed with an apostrophe.
 */
export function csvText(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const CSV_CHUNK = 64 * 1024;

/**
 * The CSV file: UTF-8 with a byte-order mark (so spreadsheets read Chinese names right), CRLF
 * line ends, times as yyyy-MM-dd HH:mm:ss in the zone. Yields pieces of about 64 KiB.
 */
export async function* csvChunks(
  series: readonly SeriesSpec[],
  rows: AsyncIterable<ExportRow>,
  zone: ZonedTime,
): AsyncGenerator<string> {
  let buffer = `\uFEFF${['time', ...series.map(columnTitle)].map(csvText).join(',')}\r\n`;
  for await (const row of rows) {
    buffer += `${zone.format(row.t)},${row.cells.map((c) => (c === null ? '' : String(c))).join(',')}\r\n`;
    if (buffer.length >= CSV_CHUNK) {
      yield buffer;
      buffer = '';
    }
  }
  yield buffer;
}

/** The XLSX file: one sheet, the same columns as the CSV. */
export function xlsxFile(
  series: readonly SeriesSpec[],
  rows: AsyncIterable<ExportRow>,
  zone: ZonedTime,
): AsyncGenerator<Uint8Array> {
  return xlsxChunks(
    ['time', ...series.map(columnTitle)],
    (async function* () {
      for await (const row of rows) yield [zone.format(row.t), ...row.cells];
    })(),
  );
}

/** Characters no file system or header takes in a file name. */
// eslint-disable-next-line no-control-regex -- control characters are among them
const UNSAFE = /[\u0000-\u001f\u007f"*/:<>?\\|;]/g;

/**
 * The Content-Disposition of an export: `<name>_<from>_<to>.<ext>` (times as yyyyMMddHHmmss in the
 * zone). The plain `filename` is ASCII (other characters become `_`, and a name with no ASCII
 * letter or digit left becomes `equipment-<id>`); a name with other characters also goes whole in
 * an RFC 5987 `filename*`.
 */
export function contentDisposition(
  equipment: { readonly id: number; readonly name: string },
  range: TimeRange,
  zone: ZonedTime,
  ext: 'csv' | 'xlsx',
): string {
  const name = equipment.name.replace(UNSAFE, '_').trim() || `equipment-${equipment.id}`;
  const suffix = `_${zone.stamp(range.from)}_${zone.stamp(range.to)}.${ext}`;
  const asciiName = name.replace(/[^\x20-\x7e]/g, '_');
  if (asciiName === name) return `attachment; filename="${name}${suffix}"`;
  const plain = /[A-Za-z0-9]/.test(asciiName) ? asciiName : `equipment-${equipment.id}`;
  const encoded = encodeURIComponent(`${name}${suffix}`).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${plain}${suffix}"; filename*=UTF-8''${encoded}`;
}
