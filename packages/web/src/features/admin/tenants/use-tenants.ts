/** The tenant lists as queries, and a way to read them again after a change. */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { listTenants, listTenantUsers } from '../../../api/tenants';

/** Rows per page of both lists. */
export const PAGE_SIZE = 20;

const TENANTS = ['admin', 'tenants'] as const;

/** One page (from 1) of the tenants, the previous page shown while the next loads. */
export function useTenantList(page: number) {
  return useQuery({
    queryKey: [...TENANTS, 'list', page],
    queryFn: ({ signal }) => listTenants({ offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTenantUsers(tenantId: number, page: number) {
  return useQuery({
    queryKey: [...TENANTS, tenantId, 'users', page],
    queryFn: ({ signal }) =>
      listTenantUsers(tenantId, { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}

/** Reads every tenant list again (a tenant or its users changed, and with them the user counts). */
export function useRefreshTenants(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: TENANTS }), [client]);
}
