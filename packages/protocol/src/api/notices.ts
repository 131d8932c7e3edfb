/**
 * Notices (docs/api.md § Notices; spec §2 notification popover, §3 Notice: image, notice text,
 * e-mail text): administrators' announcements, to everyone or to one tenant's users, and the
 * alarm notices each user gets for an alarm raised on equipment they may read, with the text of
 * the alarm e-mail. Each user reads them with their own read state; the header's popover shows the
 * unread ones of the last 24 hours (§9: the notice window, 2000 rows at most).
 */
import { z } from 'zod';
import { pageOf, storedText } from './fields.js';

/** §9: the popover's window and its row limit. */
export const NOTICE_WINDOW_MS = 24 * 60 * 60 * 1000;
export const NOTICE_FEED_MAX = 2000;

/**
 * Alarm e-mails: the alarms of one user within `groupMs` of the first go in one mail; a user gets at
 * most `perHour` mails in any hour (the alarms after the cap wait for the next mail the cap allows);
 * one mail lists at most `listed` alarms and counts the rest.
 */
export const ALARM_MAIL_LIMITS = { groupMs: 60_000, perHour: 6, listed: 50 } as const;

export const NoticeKind = z.enum(['announcement', 'alarm']);
export type NoticeKind = z.infer<typeof NoticeKind>;

/**
 * An announcement's picture: an http(s) address, or a path on the console's own origin
 * (`/api/v1/pictures/…`). Shown as an image only; never a script or a link target.
 */
export const NoticeImage = storedText(1, 1024).refine(
  (value) => /^https?:\/\/[^\s]+$/i.test(value) || /^\/(?!\/)[^\s]*$/.test(value),
  'an http(s) address or a path starting with /',
);

const Id = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** POST /admin/announcements. */
export const AnnouncementCreate = z.strictObject({
  title: storedText(1, 100),
  text: storedText(1, 4000),
  image: NoticeImage.nullable().default(null),
  /** The tenant whose users see it; null (the default) for everyone. */
  tenantId: Id.nullable().default(null),
});
export type AnnouncementCreate = z.input<typeof AnnouncementCreate>;

export const AnnouncementParams = z.strictObject({ id: Id });

/** An announcement as its readers see it. */
export const AnnouncementItem = z.object({
  kind: z.literal('announcement'),
  id: z.number(),
  title: z.string(),
  text: z.string(),
  image: z.string().nullable(),
  /** Announcements have no e-mail text: they are not mailed. */
  emailText: z.null(),
  at: z.iso.datetime(),
  read: z.boolean(),
});
export type AnnouncementItem = z.infer<typeof AnnouncementItem>;

/** What became of an alarm notice's e-mail. */
export const AlarmMailState = z.enum([
  /** No bound e-mail address, or the user's e-mail alarms are off. */
  'off',
  /** Raised in the user's quiet hours: not mailed. */
  'quiet',
  /** Waiting for its group's mail (or for the hourly cap). */
  'pending',
  'sent',
  /** The mail server refused or could not be reached. */
  'failed',
]);
export type AlarmMailState = z.infer<typeof AlarmMailState>;

/** The facts of the alarm, so a console can word it in its user's language. */
export const AlarmNoticeFacts = z.object({
  equipmentId: z.number(),
  /** The equipment's name when the alarm was raised. */
  equipmentName: z.string(),
  unid: z.string(),
  /** The channel as shown: 'AI2', 'DI1'. */
  channel: z.string(),
  /** -1 below the low limit; 1 above the high limit, or a DI in its alarm state. */
  level: z.number(),
  value: z.number(),
  /** The channel's own name ('' for none), its unit, the limit crossed (AI only). */
  name: z.string(),
  unit: z.string(),
  limit: z.number().nullable(),
});
export type AlarmNoticeFacts = z.infer<typeof AlarmNoticeFacts>;

/** An alarm notice: one user's copy of an alarm raised on equipment they may read. */
export const AlarmNoticeItem = z.object({
  kind: z.literal('alarm'),
  id: z.number(),
  /** '<equipment> <channel>'. */
  title: z.string(),
  /** The server's wording (English); consoles word it from `alarm`. */
  text: z.string(),
  image: z.null(),
  /** The alarm's line in the e-mail, in the user's language (whether or not it was mailed). */
  emailText: z.string(),
  /** When the alarm was raised. */
  at: z.iso.datetime(),
  read: z.boolean(),
  mail: AlarmMailState,
  alarm: AlarmNoticeFacts,
});
export type AlarmNoticeItem = z.infer<typeof AlarmNoticeItem>;

export const NoticeItem = z.discriminatedUnion('kind', [AnnouncementItem, AlarmNoticeItem]);
export type NoticeItem = z.infer<typeof NoticeItem>;

/** GET /notices/announcements and /notices/alarms: newest first, paged. */
export const NoticeListQuery = z.strictObject({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** Only unread ones (true), only read ones (false), or both. */
  unread: z.enum(['true', 'false']).optional(),
});
export type NoticeListQuery = z.input<typeof NoticeListQuery>;

export const AnnouncementPage = pageOf(AnnouncementItem);
export type AnnouncementPage = z.infer<typeof AnnouncementPage>;
export const AlarmNoticePage = pageOf(AlarmNoticeItem);
export type AlarmNoticePage = z.infer<typeof AlarmNoticePage>;

/** Unread notices of each kind (all of them, not only the window's). */
export const UnreadCounts = z.object({ announcement: z.number(), alarm: z.number() });
export type UnreadCounts = z.infer<typeof UnreadCounts>;

/**
 * GET /notices/feed: the popover's list, the unread notices of the last 24 hours, newest first, at
 * most 2000; `total` counts them all, `unread` every unread notice whatever its age.
 */
export const NoticeFeed = z.object({
  items: z.array(NoticeItem),
  total: z.number(),
  unread: UnreadCounts,
});
export type NoticeFeed = z.infer<typeof NoticeFeed>;

/** POST /notices/read: these notices of one kind are read (ids not the caller's are ignored). */
export const NoticeReadBody = z.strictObject({
  kind: NoticeKind,
  ids: z.array(Id).min(1).max(100),
});
export type NoticeReadBody = z.input<typeof NoticeReadBody>;

/** POST /notices/read-all: every notice of the kind (or of both) is read. */
export const NoticeReadAllBody = z.strictObject({ kind: NoticeKind.optional() });
export type NoticeReadAllBody = z.input<typeof NoticeReadAllBody>;

export const NoticeReadReply = z.object({ marked: z.number() });
export type NoticeReadReply = z.infer<typeof NoticeReadReply>;

/**
 * GET /notices/settings: whether alarms are mailed to the user. Mails go to the bound address
 * (`email`, null when none is bound) outside the quiet hours of the user's param (`quietHours`, the
 * spec's Sleep_Enable, Sleep_begin and Sleep_end, in the server's time zone `timeZone`).
 */
export const NoticeSettings = z.object({
  emailAlarms: z.boolean(),
  email: z.string().nullable(),
  quietHours: z.object({ enabled: z.boolean(), start: z.number(), end: z.number() }),
  timeZone: z.string(),
});
export type NoticeSettings = z.infer<typeof NoticeSettings>;

/** PATCH /notices/settings. */
export const NoticeSettingsPatch = z.strictObject({ emailAlarms: z.boolean() });
export type NoticeSettingsPatch = z.input<typeof NoticeSettingsPatch>;

/** An announcement as administrators list it: whom it is for and how many have read it. */
export const AdminAnnouncement = z.object({
  id: z.number(),
  title: z.string(),
  text: z.string(),
  image: z.string().nullable(),
  tenantId: z.number().nullable(),
  tenantName: z.string().nullable(),
  createdBy: z.object({ id: z.number(), name: z.string() }).nullable(),
  at: z.iso.datetime(),
  readCount: z.number(),
});
export type AdminAnnouncement = z.infer<typeof AdminAnnouncement>;

/** GET /admin/announcements: newest first, paged. */
export const AdminAnnouncementQuery = z.strictObject({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminAnnouncementQuery = z.input<typeof AdminAnnouncementQuery>;

export const AdminAnnouncementPage = pageOf(AdminAnnouncement);
export type AdminAnnouncementPage = z.infer<typeof AdminAnnouncementPage>;
