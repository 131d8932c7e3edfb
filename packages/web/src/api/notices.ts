/**
 * Notice calls (docs/api.md § Notices): the popover's feed and unread counts, the announcement and
 * alarm-notice lists with their read state, marking read, the e-mail alarm setting; and for
 * administrators posting, listing and deleting announcements.
 */
import {
  AdminAnnouncement,
  AdminAnnouncementPage,
  AlarmNoticePage,
  AnnouncementPage,
  NoticeFeed,
  NoticeReadReply,
  NoticeSettings,
} from '@fieldlink/protocol';
import type { AnnouncementCreate, NoticeKind, UnreadCounts } from '@fieldlink/protocol';
import type { z } from 'zod';
import { del, get, patch, post } from './http';
import { validated } from './validated';
import type { Reply } from './validated';

export type { AnnouncementCreate, NoticeKind } from '@fieldlink/protocol';
export type Feed = Reply<z.output<typeof NoticeFeed>>;
export type NoticeEntry = Feed['items'][number];
export type AnnouncementList = Reply<z.output<typeof AnnouncementPage>>;
export type AlarmNoticeList = Reply<z.output<typeof AlarmNoticePage>>;
export type AlarmNoticeEntry = AlarmNoticeList['items'][number];
export type Unread = Reply<z.output<typeof UnreadCounts>>;
export type Settings = Reply<z.output<typeof NoticeSettings>>;
export type AdminAnnouncementEntry = Reply<z.output<typeof AdminAnnouncement>>;
export type AdminAnnouncementList = Reply<z.output<typeof AdminAnnouncementPage>>;

export interface NoticePage {
  readonly offset: number;
  readonly limit: number;
  readonly unread?: boolean;
}

/** The query keys of notices: everything under `all` is read anew when a notice arrives. */
export const noticeKeys = {
  all: ['notices'] as const,
  feed: ['notices', 'feed'] as const,
  list: (kind: NoticeKind, page: NoticePage) => ['notices', kind, page] as const,
  settings: ['notices', 'settings'] as const,
  admin: (page: { offset: number; limit: number }) => ['notices', 'admin', page] as const,
};

const query = (page: NoticePage) => ({
  offset: page.offset,
  limit: page.limit,
  ...(page.unread === undefined ? {} : { unread: String(page.unread) }),
});

/** Unread notices of the last 24 hours (2000 at most) and the unread counts. */
export function fetchFeed(signal?: AbortSignal): Promise<Feed> {
  return get<unknown>('/notices/feed', { signal }).then(validated(NoticeFeed));
}

export function listAnnouncements(page: NoticePage, signal?: AbortSignal): Promise<AnnouncementList> {
  return get<unknown>('/notices/announcements', { query: query(page), signal }).then(
    validated(AnnouncementPage),
  );
}

export function listAlarmNotices(page: NoticePage, signal?: AbortSignal): Promise<AlarmNoticeList> {
  return get<unknown>('/notices/alarms', { query: query(page), signal }).then(validated(AlarmNoticePage));
}

/** Marks these notices of one kind read; the reply counts those that were unread. */
export function markRead(kind: NoticeKind, ids: readonly number[]): Promise<number> {
  return post<unknown>('/notices/read', { kind, ids })
    .then(validated(NoticeReadReply))
    .then((r) => r.marked);
}

/** Marks every notice of the kind, or of both, read. */
export function markAllRead(kind?: NoticeKind): Promise<number> {
  return post<unknown>('/notices/read-all', kind === undefined ? {} : { kind })
    .then(validated(NoticeReadReply))
    .then((r) => r.marked);
}

export function fetchNoticeSettings(signal?: AbortSignal): Promise<Settings> {
  return get<unknown>('/notices/settings', { signal }).then(validated(NoticeSettings));
}

export function setEmailAlarms(on: boolean): Promise<Settings> {
  return patch<unknown>('/notices/settings', { emailAlarms: on }).then(validated(NoticeSettings));
}

export function listAdminAnnouncements(
  page: { offset: number; limit: number },
  signal?: AbortSignal,
): Promise<AdminAnnouncementList> {
  return get<unknown>('/admin/announcements', { query: { ...page }, signal }).then(
    validated(AdminAnnouncementPage),
  );
}

export function postAnnouncement(body: AnnouncementCreate): Promise<AdminAnnouncementEntry> {
  return post<unknown>('/admin/announcements', body).then(validated(AdminAnnouncement));
}

export async function deleteAnnouncement(id: number): Promise<void> {
  await del<unknown>(`/admin/announcements/${id}`);
}
