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
});
export type EventItem = z.infer<typeof EventItem>;

export const UserEventItem = EventItem.extend({
  equipment: z.object({ name: z.string(), unid: z.string() }),
});
export type UserEventItem = z.infer<typeof UserEventItem>;

export const EventsReply = z.object({ items: z.array(EventItem), total: z.number() });
export const UserEventsReply = z.object({ items: z.array(UserEventItem), total: z.number() });
