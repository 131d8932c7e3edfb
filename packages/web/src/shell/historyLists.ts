/**
 * The history lists of §3: operation (operations sent), suggest (search suggestions chosen), alarm
 * (alarms pushed) and debug (what the live channel refused or reported), each capped at 100
 * entries (§9), newest first, and persisted in the browser's local storage per user, so they
 * survive a reload and a sign-in of another user on the same browser does not show them. The
 * fifth list, the error log, is errorLog.ts (persisted too, for the browser as a whole: errors may
 * come before anyone signs in).
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { useMe } from '../session/me';

export const HISTORY_LISTS = ['operation', 'suggest', 'alarm', 'debug'] as const;
export type HistoryListName = (typeof HISTORY_LISTS)[number];

/** §9: history lists hold 100 entries. */
export const MAX_HISTORY = 100;
/** Users whose lists a browser keeps; the least recently used beyond are dropped. */
export const MAX_HISTORY_USERS = 8;
export const HISTORY_STORAGE_KEY = 'fieldlink.historyLists';

export interface HistoryEntry {
  /** Epoch ms. */
  readonly at: number;
  readonly text: string;
  /** What it leads to: a console route or an address (a suggestion), when it has one. */
  readonly target?: string;
}

type Lists = Readonly<Record<HistoryListName, readonly HistoryEntry[]>>;

interface HistoryState {
  /**
   * By `u<user id>` (not a bare number: integer-like keys would be ordered by value, and the
   * order here says which user wrote last), the most recently written user last.
   */
  readonly byUser: Readonly<Record<string, Lists>>;
}

const EMPTY: Lists = { operation: [], suggest: [], alarm: [], debug: [] };
const NONE: readonly HistoryEntry[] = [];

export const useHistoryLists = create<HistoryState>()(
  persist(() => ({ byUser: {} as HistoryState['byUser'] }), { name: HISTORY_STORAGE_KEY, version: 1 }),
);

const userKey = (id: number): string => `u${id}`;

const currentUser = (): string | null => {
  const id = useMe.getState().me?.id;
  return id === undefined ? null : userKey(id);
};

/** Adds an entry to the signed-in user's list (nothing while signed out). */
export function recordHistory(
  list: HistoryListName,
  entry: Omit<HistoryEntry, 'at'> & { at?: number },
): void {
  const user = currentUser();
  if (user === null) return;
  useHistoryLists.setState((s) => {
    const { [user]: mine = EMPTY, ...others } = s.byUser;
    const kept = Object.entries(others).slice(-(MAX_HISTORY_USERS - 1));
    const added: HistoryEntry = { ...entry, at: entry.at ?? Date.now() };
    return {
      byUser: {
        ...Object.fromEntries(kept),
        [user]: { ...mine, [list]: [added, ...mine[list]].slice(0, MAX_HISTORY) },
      },
    };
  });
}

/** Empties one of the signed-in user's lists. */
export function clearHistory(list: HistoryListName): void {
  const user = currentUser();
  if (user === null) return;
  useHistoryLists.setState((s) => ({
    byUser: { ...s.byUser, [user]: { ...(s.byUser[user] ?? EMPTY), [list]: [] } },
  }));
}

/** The signed-in user's list, newest first. */
export function useHistoryList(list: HistoryListName): readonly HistoryEntry[] {
  const user = useMe((s) => (s.me ? userKey(s.me.id) : null));
  return useHistoryLists((s) => (user === null ? NONE : (s.byUser[user]?.[list] ?? NONE)));
}
