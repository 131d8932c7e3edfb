/**
 * Automatic reports (docs/api.md § Reports; issue 25, value-added services): each user's report
 * settings and the report of their devices over a day or a week, built from the history store:
 * how long each device was online, how many alarms it raised, and the minimum, maximum and average
 * of chosen analog channels. Periods are days and weeks (Monday to Sunday) of the server's time
 * zone (TIME_ZONE); the scheduler mails each enabled user the last complete one at the hour they
 * chose, with the report as an XLSX attachment.
 */
import { z } from 'zod';

export const REPORT_LIMITS = {
  /** Devices in one report: a larger fleet is cut at this many (lowest ids first), with a note. */
  devices: 200,
  /** Channels of one device in a report. */
  channelsPerDevice: 8,
  /** Reports a user may mail themselves (POST /reports/send) in an hour. */
  sendsPerHour: 5,
} as const;

export const ReportPeriod = z.enum(['daily', 'weekly']);
export type ReportPeriod = z.infer<typeof ReportPeriod>;

/** An analog channel as the console labels it: AI1…AI32, AO1…AO32. */
export const REPORT_CHANNEL = /^(AI|AO)([1-9]|[12][0-9]|3[0-2])$/;
export const ReportChannel = z.string().regex(REPORT_CHANNEL, 'an analog channel such as AI1 or AO2');

const Id = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const EquipmentKey = z.string().regex(/^[1-9][0-9]{0,15}$/, 'an equipment id');

/** PUT /reports/settings. */
export const ReportSettingsInput = z.strictObject({
  /** The scheduler makes the report of each period at `hour` (and mails it when `email` is on). */
  enabled: z.boolean(),
  period: ReportPeriod,
  /** Hour of the day it is made, 0-23, in the server's zone. */
  hour: z.number().int().min(0).max(23),
  /** Weekly reports: the day it is made, 1 Monday … 7 Sunday (ISO 8601). */
  weekday: z.number().int().min(1).max(7),
  /** The equipment reported; null for every one the user may read. */
  equipmentIds: z.array(Id).max(REPORT_LIMITS.devices).nullable(),
  /**
   * Channels per equipment id ('12': ['AI1', 'AO2']); an equipment without an entry reports its
   * first AI channels (its AO channels when it has none), up to the limit.
   */
  channels: z
    .record(EquipmentKey, z.array(ReportChannel).max(REPORT_LIMITS.channelsPerDevice))
    .refine(
      (channels) => Object.keys(channels).length <= REPORT_LIMITS.devices,
      `channels of at most ${REPORT_LIMITS.devices} devices`,
    ),
  /** Mail the scheduled report to the user's bound e-mail address. */
  email: z.boolean(),
});
export type ReportSettingsInput = z.infer<typeof ReportSettingsInput>;

/** GET and PUT /reports/settings. */
export const ReportSettings = z.object({
  ...ReportSettingsInput.shape,
  /** The zone periods and hours are read in (TIME_ZONE). */
  timeZone: z.string(),
  /** Where mails go: the user's bound address, or null when none is bound. */
  emailAddress: z.string().nullable(),
  /** When the next scheduled report is made; null while they are off. */
  nextAt: z.iso.datetime().nullable(),
});
export type ReportSettings = z.infer<typeof ReportSettings>;

/**
 * Which period: `end` absent, the last complete one; an instant, the period holding the moment
 * before it, up to it (an instant inside a period gives that period so far); `now`, the current
 * period so far ('today so far'). An end after now is read as now.
 */
export const ReportQuery = z.strictObject({
  period: ReportPeriod.default('daily'),
  end: z.union([z.literal('now'), z.iso.datetime({ offset: true })]).optional(),
});
export type ReportQuery = z.input<typeof ReportQuery>;

export const ReportDownloadQuery = ReportQuery.extend({ format: z.enum(['xlsx']).default('xlsx') });

/** POST /reports/send: the report of this period, mailed now to the user's bound address. */
export const ReportSendBody = ReportQuery;

export const ReportSendReply = z.object({
  /** The address it went to. */
  sentTo: z.string(),
  subject: z.string(),
  from: z.iso.datetime(),
  to: z.iso.datetime(),
});
export type ReportSendReply = z.infer<typeof ReportSendReply>;

/** One analog channel over the period. */
export const ReportChannelStats = z.object({
  /** 'AI1', 'AO2'. */
  channel: z.string(),
  /** The channel's own name, or its label. */
  name: z.string(),
  unit: z.string(),
  /**
   * Over the values recorded in the period (history keeps changes); a channel that recorded none
   * shows the value it held all along, with `samples` 0; null when it never had one.
   */
  min: z.number().nullable(),
  max: z.number().nullable(),
  avg: z.number().nullable(),
  samples: z.number(),
});
export type ReportChannelStats = z.infer<typeof ReportChannelStats>;

export const ReportDevice = z.object({
  id: z.number(),
  name: z.string(),
  unid: z.string(),
  /** Milliseconds its link was up in the period (a sub-device's is its host's link). */
  onlineMs: z.number(),
  /** onlineMs over the period's length, 0-1. */
  uptime: z.number(),
  /** Alarms raised in the period. */
  alarms: z.number(),
  channels: z.array(ReportChannelStats),
});
export type ReportDevice = z.infer<typeof ReportDevice>;

export const Report = z.object({
  period: ReportPeriod,
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  timeZone: z.string(),
  /** The period is not over yet: the report runs to `to`, which is now. */
  partial: z.boolean(),
  generatedAt: z.iso.datetime(),
  devices: z.array(ReportDevice),
  totals: z.object({
    devices: z.number(),
    onlineMs: z.number(),
    /** The devices' online time over theirs and the period's length together, 0-1. */
    uptime: z.number(),
    alarms: z.number(),
    samples: z.number(),
  }),
  /** What the limits left out: devices past REPORT_LIMITS.devices, channels past the per-device limit. */
  omitted: z.object({ devices: z.number(), channels: z.number() }),
});
export type Report = z.infer<typeof Report>;

/** What became of a scheduled report. */
export const ReportRunState = z.enum([
  /** Being made or mailed by a server node. */
  'sending',
  'sent',
  /** Made, not mailed: e-mail off or no bound address. */
  'generated',
  /** The mail server did not take it (tried up to three times). */
  'failed',
]);
export type ReportRunState = z.infer<typeof ReportRunState>;

/** A scheduled report: its period and what became of it. */
export const ReportRun = z.object({
  period: ReportPeriod,
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  state: ReportRunState,
  /** When it was made (or last tried). */
  at: z.iso.datetime(),
  summary: z.object({ devices: z.number(), alarms: z.number(), uptime: z.number() }).nullable(),
});
export type ReportRun = z.infer<typeof ReportRun>;

/** GET /reports/runs: the user's scheduled reports, newest period first (30 at most). */
export const ReportRunList = z.object({ items: z.array(ReportRun) });
export type ReportRunList = z.infer<typeof ReportRunList>;
