/**
 * The notice lists as queries: a page of announcements or alarm notices, and the changes that
 * read them anew (marking read here reads the popover's feed again too).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { listAlarmNotices, listAnnouncements, markAllRead, markRead, noticeKeys } from '../../api/notices';
import type { AlarmNoticeList, AnnouncementList, NoticeKind, NoticePage } from '../../api/notices';
import { refreshNotices } from '../../shell/notices';

/** Rows of a page. */
export const PAGE_SIZE = 20;

export function useAnnouncements(page: NoticePage) {
  return useQuery<AnnouncementList>({
    queryKey: noticeKeys.list('announcement', page),
    queryFn: ({ signal }) => listAnnouncements(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAlarmNotices(page: NoticePage) {
  return useQuery<AlarmNoticeList>({
    queryKey: noticeKeys.list('alarm', page),
    queryFn: ({ signal }) => listAlarmNotices(page, signal),
    placeholderData: keepPreviousData,
  });
}

/** The page shown (1 from the first) and whether only unread notices are listed. */
export function usePaging() {
  const [current, setCurrent] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const page: NoticePage = {
    offset: (current - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
    ...(unreadOnly ? { unread: true } : {}),
  };
  return {
    page,
    current,
    setCurrent,
    unreadOnly,
    setUnreadOnly: (on: boolean) => {
      setUnreadOnly(on);
      setCurrent(1);
    },
  };
}

/** Marks notices read, then every list and the popover read anew. */
export async function markNoticesRead(kind: NoticeKind, ids: readonly number[]): Promise<number> {
  const marked = await markRead(kind, ids);
  refreshNotices(0);
  return marked;
}

export async function markKindRead(kind: NoticeKind): Promise<number> {
  const marked = await markAllRead(kind);
  refreshNotices(0);
  return marked;
}
