// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationApi } from '../alarms/feedback';
import { noticeKeys } from '../api/notices';
import { queryClient } from '../app/query-client';
import { useSession } from '../session/store';
import { mockFetch } from '../session/test-support';
import {
  clearAll,
  MAX_NOTICES,
  NOTICE_COALESCE_MS,
  noticeArrived,
  pushNotice,
  resetNotices,
  tabOf,
  useNotices,
} from './notices';

describe('notices', () => {
  beforeEach(() => resetNotices());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    useSession.getState().clear();
  });

  it('keeps the newest first and at most 100 of the console’s own notes', () => {
    for (let i = 0; i < MAX_NOTICES + 1; i += 1)
      pushNotice({ kind: 'notice', title: `n${i}`, text: '', at: i });
    const { notices } = useNotices.getState();
    expect(notices).toHaveLength(100);
    expect(notices[0]?.title).toBe('n100');
    expect(notices.at(-1)?.title).toBe('n1');
  });

  it('files announcements under notice and alarm notices under e-mail', () => {
    expect(tabOf({ kind: 'announcement' })).toBe('notice');
    expect(tabOf({ kind: 'alarm' })).toBe('email');
  });

  it('clear-all signed out empties the console’s own notes and asks the server nothing', async () => {
    const mock = mockFetch({});
    pushNotice({ kind: 'email', title: 'm', text: 't', at: 1 });
    await clearAll();
    expect(useNotices.getState().notices).toEqual([]);
    expect(mock.calls).toEqual([]);
    mock.restore();
  });

  it('clear-all signed in marks every notice read and empties the feed', async () => {
    useSession.getState().setTokens({ accessToken: 'tok', refreshToken: 'ref' });
    const mock = mockFetch({ 'POST /notices/read-all': { body: { marked: 3 } } });
    queryClient.setQueryData(noticeKeys.feed, { items: [], total: 3, unread: { announcement: 1, alarm: 2 } });
    await clearAll();
    expect(mock.calls.map((c) => [c.method, c.path, c.body])).toEqual([['POST', '/notices/read-all', {}]]);
    expect(queryClient.getQueryData(noticeKeys.feed)).toEqual({
      items: [],
      total: 0,
      unread: { announcement: 0, alarm: 0 },
    });
    mock.restore();
  });

  it('a burst of pushes reads the notices once; only announcements pop up', () => {
    vi.useFakeTimers();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    const open = vi.spyOn(notificationApi(), 'open').mockImplementation(() => undefined);
    noticeArrived({ kind: 'alarm', id: 1, title: 'Tank AI1', count: 3 });
    noticeArrived({ kind: 'alarm', id: 2, title: 'Tank AI2', count: 1 });
    expect(open).not.toHaveBeenCalled();
    noticeArrived({ kind: 'announcement', id: 5, title: 'Maintenance', count: 1 });
    expect(open).toHaveBeenCalledTimes(1);
    expect(open.mock.calls[0]?.[0]).toMatchObject({ key: 'announcement-5', description: 'Maintenance' });
    vi.advanceTimersByTime(NOTICE_COALESCE_MS);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: noticeKeys.all });
  });
});
