/**
 * History calls (docs/api.md § History): an equipment's curves, its events, the events of
 * everything the user may read, and the CSV/XLSX export; plus saving the curves chosen per
 * equipment in the user's record. Times go out as `yyyy-MM-dd HH:mm:ss` (specification §7) on the
 * browser's wall clock, with the browser's time zone as `tz`, so the server's replies (`time` of
 * events, the export's first column and file name) read in the user's own clock.
 */
import { HistoryReply as HistoryReplySchema } from '@fieldlink/protocol';
import type { Series, UserEventItem } from '@fieldlink/protocol';
import type { Me } from '../session/me';
import type { Page } from './equipment';
import type { EquipmentEvent, EventKind } from './events';
import { EVENT_LIMIT, listEquipmentEvents, listMyEvents } from './events';
import { get, patch, send } from './http';
import { validated } from './validated';
import { browserTimeZone } from '../time/format';
import type { Reply } from './validated';

export type { EquipmentEvent };

/** Curve interval when none is chosen (specification §9). */
export const DEFAULT_INTERVAL_S = 60;
export const MAX_INTERVAL_S = 86_400;
/** Rows of one events page (specification §7, §9). */
export const MAX_EVENTS = EVENT_LIMIT;
/** Curve names saved per equipment (docs/api.md § GET /me). */
export const MAX_CHART_FILTER = 32;

export type ChannelKind = HistorySeries['kind'];
export type HistorySeries = Reply<Series>;
export type HistoryPoint = HistorySeries['points'][number];
export type HistoryReply = Reply<HistoryReplySchema>;

/** An event of GET /me/events, which names its equipment. */
export type UserEvent = Reply<UserEventItem>;

const checkHistory = validated(HistoryReplySchema);

export interface TimeRange {
  /** Epoch milliseconds. */
  readonly from: number;
  readonly to: number;
}

export interface HistoryQuery extends TimeRange {
  /** Channel keys (`ai1`, `do2` …); none: the server's default set. */
  readonly channels?: readonly string[];
  /** Seconds per bucket, 1-86400. */
  readonly interval?: number;
}

export type ExportFormat = 'csv' | 'xlsx';

export interface ExportQuery extends HistoryQuery {
  readonly format: ExportFormat;
}

export interface EventsQuery {
  readonly from?: number;
  readonly to?: number;
  /** 1-2000. */
  readonly limit?: number;
  readonly offset?: number;
  /** Only these kinds; every kind when absent. */
  readonly kind?: readonly EventKind[];
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `yyyy-MM-dd HH:mm:ss` on the browser's clock. */
export function formatDateTime(at: number | Date): string {
  const d = typeof at === 'number' ? new Date(at) : at;
  return (
    `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ` +
    `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
  );
}

export { browserTimeZone };

function rangeQuery(range: Partial<TimeRange>): { from?: string; to?: string; tz: string } {
  return {
    ...(range.from === undefined ? {} : { from: formatDateTime(range.from) }),
    ...(range.to === undefined ? {} : { to: formatDateTime(range.to) }),
    tz: browserTimeZone(),
  };
}

function historyQuery(q: HistoryQuery): Record<string, string | number | undefined> {
  return {
    ...rangeQuery(q),
    channels: q.channels && q.channels.length > 0 ? q.channels.join(',') : undefined,
    interval: q.interval ?? DEFAULT_INTERVAL_S,
  };
}

export function fetchHistory(
  equipmentId: number,
  q: HistoryQuery,
  signal?: AbortSignal,
): Promise<HistoryReply> {
  return get<unknown>(`/equipment/${equipmentId}/history`, { query: historyQuery(q), signal }).then(
    checkHistory,
  );
}

function eventsQuery(q: EventsQuery) {
  return { ...rangeQuery(q), limit: q.limit ?? MAX_EVENTS, offset: q.offset, kind: q.kind };
}

/** The equipment's events, newest first; the server's default range is the last 24 hours. */
export function fetchEvents(
  equipmentId: number,
  q: EventsQuery = {},
  signal?: AbortSignal,
): Promise<Page<EquipmentEvent>> {
  return listEquipmentEvents(equipmentId, eventsQuery(q), signal);
}

/** Events of everything the user may read, newest first; the server's default is the last 7 days. */
export async function fetchUserEvents(q: EventsQuery = {}, signal?: AbortSignal): Promise<Page<UserEvent>> {
  // GET /me/events names the equipment of every item.
  return (await listMyEvents(eventsQuery(q), signal)) as Page<UserEvent>;
}

/**
 * The user's events page after page, up to `maxPages` pages of 2,000; `complete` is false when
 * the range held more than that.
 */
export async function fetchAllUserEvents(
  q: Omit<EventsQuery, 'limit' | 'offset'>,
  maxPages: number,
  signal?: AbortSignal,
): Promise<{ readonly items: UserEvent[]; readonly total: number; readonly complete: boolean }> {
  const items: UserEvent[] = [];
  let total = 0;
  for (let page = 0; page < maxPages; page++) {
    const reply = await fetchUserEvents({ ...q, limit: MAX_EVENTS, offset: items.length }, signal);
    items.push(...reply.items);
    total = reply.total;
    if (reply.items.length === 0 || items.length >= reply.total) return { items, total, complete: true };
  }
  return { items, total, complete: items.length >= total };
}

export interface ExportDownload {
  /** The open response: its body is the file, still streaming. */
  readonly response: Response;
  /** From Content-Disposition, or one made from the equipment id and range. */
  readonly fileName: string;
  /** Content-Length when the server sent one (a streamed export usually has none). */
  readonly size: number | null;
}

/** Starts an export; the caller reads the body (with progress) and saves it. */
export async function startExport(
  equipmentId: number,
  q: ExportQuery,
  signal?: AbortSignal,
): Promise<ExportDownload> {
  const response = await send('GET', `/equipment/${equipmentId}/export`, {
    query: { ...historyQuery(q), format: q.format },
    signal,
    stream: true,
  });
  const length = Number(response.headers.get('content-length') ?? NaN);
  const fallback = `equipment-${equipmentId}_${formatDateTime(q.from).replace(/\D/g, '')}_${formatDateTime(
    q.to,
  ).replace(/\D/g, '')}.${q.format}`;
  return {
    response,
    fileName: fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallback,
    size: Number.isFinite(length) && length >= 0 ? length : null,
  };
}

/** Saves the curves shown for one equipment in the user's record; an empty list forgets them. */
export function saveChartFilter(equipmentId: number, channels: readonly string[]): Promise<Me> {
  return patch<Me>('/me', {
    chartFilters: { [String(equipmentId)]: channels.length > 0 ? channels.slice(0, MAX_CHART_FILTER) : null },
  });
}

/** Characters no file system takes, and path separators. */
// eslint-disable-next-line no-control-regex
const UNSAFE_FILE_CHARS = /[\u0000-\u001f\u007f"*/:<>?\\|]/g;

function safeFileName(name: string): string | null {
  const cleaned = name.replace(UNSAFE_FILE_CHARS, '_').trim();
  return cleaned === '' || /^\.+$/.test(cleaned) ? null : cleaned;
}

/** Decodes RFC 5987 `charset'lang'pct-encoded`; null when it cannot be read. */
function decodeExtValue(value: string): string | null {
  const match = /^([^']*)'[^']*'(.*)$/.exec(value);
  if (!match) return null;
  const charset = (match[1] ?? '').toLowerCase();
  const encoded = match[2] ?? '';
  if (charset === 'utf-8') {
    try {
      return decodeURIComponent(encoded);
    } catch {
      return null;
    }
  }
  if (charset === 'iso-8859-1') {
    return encoded.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return null;
}

/** The parameters of a header value after its first `;`, names in lower case. */
function headerParams(header: string): Map<string, string> {
  const params = new Map<string, string>();
  // name=token or name="quoted \" string"
  const re = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (let m = re.exec(header); m; m = re.exec(header)) {
    const name = (m[1] ?? '').toLowerCase();
    if (params.has(name)) continue;
    params.set(name, m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[3] ?? '').trim());
  }
  return params;
}

/**
 * The file name a Content-Disposition header gives: `filename*` (RFC 5987, UTF-8 or ISO-8859-1)
 * before `filename`; characters a file name cannot hold become `_`. Null when there is none.
 */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const params = headerParams(header);
  const extended = params.get('filename*');
  const decoded = extended === undefined ? null : decodeExtValue(extended);
  const fromExtended = decoded === null ? null : safeFileName(decoded);
  if (fromExtended) return fromExtended;
  const plain = params.get('filename');
  return plain === undefined ? null : safeFileName(plain);
}
