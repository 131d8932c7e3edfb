/**
 * Equipment events (docs/api.md § History): alarms raised and cleared, operations and link
 * changes, newest first. One equipment's default to the last 24 hours; the user's to 7 days.
 */
import { AlarmAckReply, ClearAlarmsReply, EventsReply, UserEventsReply } from '@fieldlink/protocol';
import type { AlarmAck, EventItem, EventKind } from '@fieldlink/protocol';
import type { Page } from './equipment';
import { get, post } from './http';
import { validated } from './validated';
import type { Reply } from './validated';

export type { AlarmAck, EventKind } from '@fieldlink/protocol';

/** An event; GET /me/events also names its equipment. */
export type EquipmentEvent = Reply<EventItem> & {
  readonly equipment?: { readonly name: string; readonly unid: string };
};

const checkEvents = validated(EventsReply);
const checkUserEvents = validated(UserEventsReply);
const checkAck = validated(AlarmAckReply);
const checkClear = validated(ClearAlarmsReply);

export interface EventQuery {
  /** ISO 8601 instant or a wall-clock time read in `tz`. */
  readonly from?: string;
  readonly to?: string;
  /** 1-2000, default 2000. */
  readonly limit?: number;
  readonly offset?: number;
  /** Only these kinds (the server's default: every kind). */
  readonly kind?: readonly EventKind[];
  /** 'hide' leaves out the alarms the user cleared from their alarm list. */
  readonly cleared?: 'show' | 'hide';
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
  return get<unknown>(`/equipment/${equipmentId}/events`, { query: sent(query), signal }).then(checkEvents);
}

export function listMyEvents(query: EventQuery = {}, signal?: AbortSignal): Promise<Page<EquipmentEvent>> {
  return get<unknown>('/me/events', { query: sent(query), signal }).then(checkUserEvents);
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
    cleared: 'hide',
  };
}

/** Acknowledges a stored alarm (operate right): who and when, the first acknowledgement's if it was already. */
export function acknowledgeAlarm(equipmentId: number, eventId: number): Promise<AlarmAck> {
  return post<unknown>(`/equipment/${equipmentId}/events/${eventId}/ack`)
    .then(checkAck)
    .then((reply) => reply.ack);
}

/** Takes acknowledged alarms off the user's alarm list (theirs alone); how many were taken off. */
export function clearAcknowledgedAlarms(eventIds: readonly number[]): Promise<number> {
  return post<unknown>('/me/alarms/clear', { ids: eventIds })
    .then(checkClear)
    .then((reply) => reply.cleared);
}
