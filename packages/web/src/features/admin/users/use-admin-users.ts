/**
 * The users page's data: one page of the server's list for the search, status and page asked
 * (TanStack Query, the previous page kept on screen while the next loads), and a change to one
 * account that reads the list again afterwards, and the signed-in user's own record when the
 * change was to their own account (their roles and abilities decide what the console shows).
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { listUsers, updateUser } from '../../../api/admin-users';
import type { AdminUserPatch, UserSearch } from '../../../api/admin-users';
import { fetchMe } from '../../../api/me';
import { useMe } from '../../../session/me';

export const ADMIN_USERS_KEY = ['admin', 'users'] as const;

export function useAdminUsers(search: UserSearch) {
  return useQuery({
    queryKey: [...ADMIN_USERS_KEY, search],
    queryFn: ({ signal }) => listUsers(search, signal),
    placeholderData: keepPreviousData,
  });
}

/** Sends the change; throws the server's refusal (ApiError) for the caller to show. */
export function useChangeUser(): (id: number, change: AdminUserPatch) => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    async (id, change) => {
      await updateUser(id, change);
      await client.invalidateQueries({ queryKey: ADMIN_USERS_KEY });
      if (useMe.getState().me?.id === id) {
        const me = await fetchMe().catch(() => null);
        if (me) useMe.getState().setMe(me);
      }
    },
    [client],
  );
}
