/**
 * The history routes' reply shapes (docs/api.md § History): an equipment's curves, its events and
 * the user's events, imported by the server (validation, OpenAPI) and the console (types, reply
 * checks in development).
 */
import { z } from 'zod';

/** The kinds of channel a series can follow. */
export const SERIES_KINDS = ['do', 'di', 'ai', 'ao', 'online', 'soc'] as const;
/** The kinds of event kept. */
export const EVENT_KINDS = ['alarm', 'alarm_clear', 'operation', 'online', 'offline'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

const Point = z.object({
  /** The bucket's start, epoch milliseconds. */
  t: z.number(),
  /** Analog series only. */
  avg: z.number().optional(),
  min: z.number(),
  max: z.number(),
  last: z.number(),
});

export const Series = z.object({
  channel: z.string(),
  kind: z.enum(SERIES_KINDS),
  index: z.number(),
  name: z.string(),
  unit: z.string(),
  /** The latest value before the range, which held when it began; null when there is none. */
  previous: z.object({ t: z.number(), value: z.number() }).nullable(),
  points: z.array(Point),
});

export type Series = z.infer<typeof Series>;

export const HistoryReply = z.object({
  series: z.array(Series),
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  /** Seconds per bucket: the one asked for, or wider when that would give too many points. */
  interval: z.number(),
  tz: z.string(),
});

export type HistoryReply = z.infer<typeof HistoryReply>;

/** Who acknowledged an alarm and when (docs/api.md § Alarm acknowledgement). */
export const AlarmAck = z.object({
  userId: z.number(),
  userName: z.string(),
  /** An instant, ISO 8601. */
  at: z.iso.datetime({ offset: true }),
});
export type AlarmAck = z.infer<typeof AlarmAck>;

export const EventItem = z.object({
  id: z.number(),
  equipmentId: z.number(),
  kind: z.enum(EVENT_KINDS),
  /** 'AI2', 'DI1' … for channel events. */
  channel: z.string().nullable(),
  channelKind: z.string().nullable(),
  /** The channel counted from 0. */
  index: z.number().nullable(),
  level: z.number().nullable(),
  value: z.number().nullable(),
  message: z.string(),
  detail: z.record(z.string(), z.unknown()),
  userId: z.number().nullable(),
  at: z.iso.datetime(),
  /** yyyy-MM-dd HH:mm:ss in tz. */
  time: z.string(),
  /** Alarm events: who acknowledged it and when, or null; absent from older servers and other kinds. */
  ack: AlarmAck.nullable().optional(),
});
export type EventItem = z.infer<typeof EventItem>;

export const UserEventItem = EventItem.extend({
  equipment: z.object({ name: z.string(), unid: z.string() }),
});
export type UserEventItem = z.infer<typeof UserEventItem>;

export const EventsReply = z.object({ items: z.array(EventItem), total: z.number() });
export const UserEventsReply = z.object({ items: z.array(UserEventItem), total: z.number() });

/** POST /equipment/:id/events/:eventId/ack: the alarm's acknowledgement (the first one's when it was already). */
export const AlarmAckReply = z.object({ eventId: z.number(), ack: AlarmAck });
export type AlarmAckReply = z.infer<typeof AlarmAckReply>;

/** The most alarms one clear names: the alarm list's page. */
export const MAX_CLEARED_ALARMS = 2000;

/** POST /me/alarms/clear: acknowledged alarms to take off the caller's alarm list. */
export const ClearAlarmsBody = z.object({
  ids: z.array(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)).min(1).max(MAX_CLEARED_ALARMS),
});
export type ClearAlarmsBody = z.infer<typeof ClearAlarmsBody>;

/** `cleared`: how many were taken off now (not counting those already cleared or not clearable). */
export const ClearAlarmsReply = z.object({ cleared: z.number() });
export type ClearAlarmsReply = z.infer<typeof ClearAlarmsReply>;
