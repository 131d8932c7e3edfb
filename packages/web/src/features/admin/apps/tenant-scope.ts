/**
 * Who manages what on the pages of custom routes, value-added entries and app reviews: an
 * administrator (authority 1000) all of them and chooses each one's tenant; a tenant administrator
 * (an account of a tenant, authority 100 and up) their own tenant's, which the server sets. The
 * tenants to choose from come from the administrators' tenant list.
 */
import { ADMIN_LEVEL } from '@fieldlink/protocol';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { listTenants } from '../../../api/tenants';
import { useMe } from '../../../session/me';

/** The most tenants offered in a choice (the tenant list's largest page). */
export const TENANT_CHOICES_MAX = 500;

export const useIsAdministrator = (): boolean => useMe((s) => (s.me?.authority ?? 0) >= ADMIN_LEVEL);

export interface TenantChoices {
  readonly options: readonly { readonly value: number; readonly label: string }[];
  /** A tenant's name, or `#id` for one not (yet) listed. */
  nameOf(id: number): string;
}

/** The tenants by id and name, asked for only for an administrator. */
export function useTenantChoices(enabled: boolean): TenantChoices {
  const list = useQuery({
    // Under the tenants page's key, so a change there reads this again too.
    queryKey: ['admin', 'tenants', 'choices'],
    queryFn: ({ signal }) => listTenants({ offset: 0, limit: TENANT_CHOICES_MAX }, signal),
    enabled,
    staleTime: 60_000,
  });
  return useMemo(() => {
    const items = list.data?.items ?? [];
    const names = new Map(items.map((tenant) => [tenant.id, tenant.name]));
    return {
      options: items.map((tenant) => ({ value: tenant.id, label: tenant.name })),
      nameOf: (id) => names.get(id) ?? `#${id}`,
    };
  }, [list.data]);
}
