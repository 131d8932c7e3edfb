/**
 * Equipment events (docs/api.md § History): alarms raised and cleared, operations and link
 * changes, newest first. One equipment's default to the last 24 hours; the user's to 7 days.
 */
import { get } from './http';
import type { Page } from './equipment';

export type EventKind = 'alarm' | 'alarm_clear' | 'operation' | 'online' | 'offline';

export interface EquipmentEvent {
  readonly id: number;
  readonly equipmentId: number;
  readonly kind: EventKind;
  /** 'AI2', 'DI1' for alarms. */
  readonly channel: string | null;
  readonly channelKind: string | null;
  readonly index: number | null;
  /** -1 low, 1 high. */
  readonly level: number | null;
  readonly value: number | null;
  readonly message: string;
  readonly detail: Readonly<Record<string, unknown>> | null;
  readonly userId: number | null;
  readonly at: string;
  /** `at` as yyyy-MM-dd HH:mm:ss in the request's zone. */
  readonly time: string;
  /** Only in GET /me/events. */
  readonly equipment?: { readonly name: string; readonly unid: string };
}

export interface EventQuery {
  /** ISO 8601 instant or a wall-clock time read in `tz`. */
  readonly from?: string;
  readonly to?: string;
  /** 1-2000, default 2000. */
  readonly limit?: number;
  readonly offset?: number;
  /** Only these kinds (the server's default: every kind). */
  readonly kind?: readonly EventKind[];
  readonly tz?: string;
}

/** The query as sent: the kinds comma-separated. */
function sent(query: EventQuery) {
  return { ...query, kind: query.kind && query.kind.length > 0 ? query.kind.join(',') : undefined };
}

/** The notice window of §9: the last 24 hours, at most 2000 rows. */
export const NOTICE_WINDOW_MS = 24 * 60 * 60 * 1000;
export const EVENT_LIMIT = 2000;

export function listEquipmentEvents(
  equipmentId: number,
  query: EventQuery = {},
  signal?: AbortSignal,
): Promise<Page<EquipmentEvent>> {
  return get<Page<EquipmentEvent>>(`/equipment/${equipmentId}/events`, { query: sent(query), signal });
}

export function listMyEvents(query: EventQuery = {}, signal?: AbortSignal): Promise<Page<EquipmentEvent>> {
  return get<Page<EquipmentEvent>>('/me/events', { query: sent(query), signal });
}

/**
 * The query for the alarms raised in the last 24 hours before `now`, up to 2000 rows: only alarms,
 * so a busy day of operations and link changes cannot push them out of the page.
 */
export function lastDayQuery(now: number = Date.now()): EventQuery {
  return {
    from: new Date(now - NOTICE_WINDOW_MS).toISOString(),
    to: new Date(now).toISOString(),
    limit: EVENT_LIMIT,
    kind: ['alarm'],
  };
}
