/**
 * The owner's lists of a device's codes and grants, read through TanStack Query under one key per
 * device, so that any change (a code issued or revoked, a grant changed or removed) refreshes both.
 * The server lists by id, oldest first; the console shows the newest first, and of a list longer
 * than one page of the server's, the newest page.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { listGrants, listShareCodes, SHARING_PAGE_LIMIT, sharingKey } from '../../api/sharing';
import type { Grant, ListPage, ShareCodeEntry } from '../../api/sharing';
import { sharingErrorText } from './access';

export interface NewestFirst<T> {
  /** Newest first. */
  readonly items: readonly T[];
  /** How many there are in all (more than `items` when the list is longer than a page). */
  readonly total: number;
}

type Lister<T> = (page: ListPage, signal?: AbortSignal) => Promise<{ items: readonly T[]; total: number }>;

/** The newest page of a list: the first page, or when there are more, the last. */
export async function newestPage<T>(list: Lister<T>, signal?: AbortSignal): Promise<NewestFirst<T>> {
  const first = await list({ offset: 0, limit: SHARING_PAGE_LIMIT }, signal);
  const page =
    first.total > first.items.length
      ? await list({ offset: first.total - SHARING_PAGE_LIMIT, limit: SHARING_PAGE_LIMIT }, signal)
      : first;
  return { items: [...page.items].reverse(), total: page.total };
}

export function useShareCodes(equipmentId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...sharingKey(equipmentId), 'codes'],
    queryFn: ({ signal }) =>
      newestPage<ShareCodeEntry>((page, s) => listShareCodes(equipmentId, page, s), signal),
    enabled,
  });
}

export function useGrants(equipmentId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...sharingKey(equipmentId), 'grants'],
    queryFn: ({ signal }) => newestPage<Grant>((page, s) => listGrants(equipmentId, page, s), signal),
    enabled,
  });
}

/** Reads both lists of the device anew (after any change to its sharing). */
export function useRefreshSharing(equipmentId: number): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    () => client.invalidateQueries({ queryKey: sharingKey(equipmentId) }),
    [client, equipmentId],
  );
}

/**
 * Runs a change to the device's sharing with the messages of spec §8 ('equipment permission
 * modified', or 'permission modification failed' with the server's reply), then reads both lists
 * anew, after a failure too (the server may know of a change the list does not show yet).
 */
export function useModifySharing(equipmentId: number): (change: () => Promise<unknown>) => Promise<boolean> {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const refresh = useRefreshSharing(equipmentId);
  return useCallback(
    async (change) => {
      try {
        await change();
        void message.success(t('sharing.messages.modified'));
        return true;
      } catch (failure) {
        void message.error(t('sharing.messages.failed', { reason: sharingErrorText(failure, t) }));
        return false;
      } finally {
        await refresh();
      }
    },
    [message, refresh, t],
  );
}
