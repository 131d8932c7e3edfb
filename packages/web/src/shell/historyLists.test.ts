// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useMe } from '../session/me';
import { sampleMe } from '../session/test-support';
import {
  clearHistory,
  HISTORY_STORAGE_KEY,
  MAX_HISTORY,
  MAX_HISTORY_USERS,
  recordHistory,
  useHistoryList,
  useHistoryLists,
} from './historyLists';

const as = (id: number) => useMe.getState().setMe(sampleMe({ id }));

describe('history lists', () => {
  beforeEach(() => {
    useHistoryLists.setState({ byUser: {} });
    as(1);
  });

  it('keeps 100 entries a list, newest first; the 101st pushes the oldest out', () => {
    for (let i = 0; i < MAX_HISTORY; i++) recordHistory('operation', { text: `op ${i}`, at: i });
    expect(useHistoryLists.getState().byUser.u1?.operation).toHaveLength(100);
    recordHistory('operation', { text: 'op 100', at: 100 });
    const list = useHistoryLists.getState().byUser.u1!.operation;
    expect(list).toHaveLength(100);
    expect(list[0]).toEqual({ text: 'op 100', at: 100 });
    expect(list.at(-1)?.text).toBe('op 1');
  });

  it('keeps each user’s lists apart, persisted in local storage', () => {
    recordHistory('suggest', { text: 'Map', target: '/map', at: 1 });
    as(2);
    recordHistory('suggest', { text: 'History', target: '/history', at: 2 });
    const { result } = renderHook(() => useHistoryList('suggest'));
    expect(result.current.map((e) => e.text)).toEqual(['History']);
    act(() => as(1));
    expect(result.current.map((e) => e.text)).toEqual(['Map']);
    const stored = JSON.parse(localStorage.getItem(HISTORY_STORAGE_KEY) ?? '{}') as {
      state: { byUser: Record<string, { suggest: unknown[] }> };
    };
    expect(Object.keys(stored.state.byUser).sort()).toEqual(['u1', 'u2']);
  });

  it('records nothing signed out, and clears one list', () => {
    recordHistory('alarm', { text: 'Tank AI1' });
    recordHistory('debug', { text: 'refused' });
    clearHistory('alarm');
    expect(useHistoryLists.getState().byUser.u1).toMatchObject({ alarm: [], debug: [{ text: 'refused' }] });
    useMe.getState().setMe(null);
    recordHistory('alarm', { text: 'ignored' });
    expect(useHistoryLists.getState().byUser.u1?.alarm).toEqual([]);
  });

  it('keeps the lists of the 8 users a browser saw last', () => {
    // Ids out of order: the one written longest ago goes, whatever its id.
    const ids = [20, 3, 11, 4, 5, 6, 7, 8];
    for (const id of ids) {
      as(id);
      recordHistory('debug', { text: `user ${id}` });
    }
    as(20);
    recordHistory('debug', { text: 'user 20 again' });
    as(1);
    recordHistory('debug', { text: 'user 1' });
    const users = Object.keys(useHistoryLists.getState().byUser);
    expect(users).toHaveLength(MAX_HISTORY_USERS);
    expect(users).not.toContain('u3');
    expect(users.slice(-2)).toEqual(['u20', 'u1']);
  });
});
