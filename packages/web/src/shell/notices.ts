/**
 * The header's notification popover (§2), tabs notice and email. Fed by the server's notices
 * (docs/api.md § Notices): the notice tab lists the administrators' announcements, the e-mail tab
 * the user's alarm notices (each carries its e-mail text); both the unread ones of the last 24 hours
 * (§9: the notice window, 2000 rows). Beside them, notes the console itself keeps for the session
 * (a verification code mailed). Clear-all marks every server notice read and empties the console's
 * own: list and badge empty, nothing lost (the pages list read notices too).
 *
 * The feed is read when the popover's owner mounts, again when the server says a notice arrived
 * (`Notice` on the live channel, coalesced per burst), when the live channel comes back, and every
 * two minutes (consoles on another server node than the one that posted hear no push).
 */
import type { NoticeMessage } from '@fieldlink/protocol';
import { useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import { notificationApi } from '../alarms/feedback';
import { fetchFeed, markAllRead, markRead, noticeKeys } from '../api/notices';
import type { Feed, NoticeEntry } from '../api/notices';
import { queryClient } from '../app/query-client';
import { i18n } from '../i18n';
import { useLiveStatus } from '../live/status';
import { onSignOut } from '../session/lifecycle';
import { navigateTo } from '../session/navigation';
import { useSession } from '../session/store';

export type NoticeKind = 'notice' | 'email';

/** A note the console keeps itself (not from the server). */
export interface Notice {
  readonly kind: NoticeKind;
  readonly title: string;
  readonly text: string;
  /** Epoch ms. */
  readonly at: number;
}

/** §9: lists hold at most 100 history entries; older notes drop out. */
export const MAX_NOTICES = 100;

/** The feed is read again this often while nothing is pushed. */
export const FEED_REFRESH_MS = 120_000;

/** Notices arriving within this window are read in one go. */
export const NOTICE_COALESCE_MS = 300;

interface NoticeState {
  readonly notices: readonly Notice[];
}

export const useNotices = create<NoticeState>()(() => ({ notices: [] }));

/** Newest first. */
export function pushNotice(notice: Notice): void {
  useNotices.setState((s) => ({ notices: [notice, ...s.notices].slice(0, MAX_NOTICES) }));
}

/** Empties the console's own notes (the server's notices are marked read by clearAll). */
export function clearNotices(): void {
  useNotices.setState({ notices: [] });
}

/** The popover's tab a server notice goes under. */
export const tabOf = (entry: Pick<NoticeEntry, 'kind'>): NoticeKind =>
  entry.kind === 'announcement' ? 'notice' : 'email';

/** The server's feed, read while signed in. */
export function useNoticeFeed() {
  const signedIn = useSession((s) => s.accessToken !== null);
  return useQuery<Feed>({
    queryKey: noticeKeys.feed,
    queryFn: ({ signal }) => fetchFeed(signal),
    enabled: signedIn,
    refetchInterval: FEED_REFRESH_MS,
    staleTime: 0,
  });
}

let refreshTimer: ReturnType<typeof setTimeout> | null = null;

/** Reads the notices anew (feed, lists, counts), once per burst. */
export function refreshNotices(delayMs = NOTICE_COALESCE_MS): void {
  if (refreshTimer !== null) return;
  refreshTimer = setTimeout(() => {
    refreshTimer = null;
    void queryClient.invalidateQueries({ queryKey: noticeKeys.all });
  }, delayMs);
}

/** How long an announcement's pop-up stays (seconds); the popover keeps it after. */
const ANNOUNCEMENT_SECONDS = 10;

/**
 * A `Notice` pushed on the live channel: the notices are read anew; an announcement also pops up
 * (the popover is hidden by default, §2), opening the notification info page when clicked. Alarm
 * notices pop up already, from their Notiface (alarms/notify.ts).
 */
export function noticeArrived(info: NoticeMessage['info']): void {
  refreshNotices();
  if (info.kind !== 'announcement') return;
  const key = `announcement-${info.id}`;
  notificationApi().open({
    type: 'info',
    key,
    title: i18n.t('notices.live.announcement'),
    description: info.title,
    duration: ANNOUNCEMENT_SECONDS,
    onClick: () => {
      notificationApi().destroy(key);
      navigateTo('/notices/info', false);
    },
  });
}

/** Marks one server notice read (opened from the popover or a page). */
export async function readNotice(entry: Pick<NoticeEntry, 'kind' | 'id' | 'read'>): Promise<void> {
  if (entry.read) return;
  await markRead(entry.kind, [entry.id]);
  refreshNotices(0);
}

/** Clear-all: every server notice read, the console's own notes gone. */
export async function clearAll(): Promise<void> {
  clearNotices();
  if (useSession.getState().accessToken === null) return;
  await markAllRead();
  queryClient.setQueryData<Feed>(noticeKeys.feed, (feed) =>
    feed ? { items: [], total: 0, unread: { announcement: 0, alarm: 0 } } : feed,
  );
  refreshNotices(0);
}

/** Sign-out: forget the feed and the timer (the query cache is cleared by the session). */
export function resetNotices(): void {
  clearNotices();
  if (refreshTimer !== null) clearTimeout(refreshTimer);
  refreshTimer = null;
}

// The live channel back after a drop: what was pushed meanwhile is read now.
useLiveStatus.subscribe((s, before) => {
  if (s.status === 'live' && before.status !== 'live' && useSession.getState().accessToken !== null) {
    refreshNotices();
  }
});

onSignOut(() => resetNotices());
