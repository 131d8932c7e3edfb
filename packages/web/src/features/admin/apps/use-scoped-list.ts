/**
 * What the pages of custom routes and value-added entries share: the tenant filter (an
 * administrator's; a tenant administrator sees their own tenant's), the list under it, the rights
 * to add, change and delete, the dialog's state, and a deletion told in a message. After a
 * change every apps list is read again, the menus' too.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appsKeys } from '../../../api/apps';
import { usePoint } from '../../../routes/points';
import { failureText } from '../../apps/fields';
import { useIsAdministrator, useTenantChoices } from './tenant-scope';
import type { TenantChoices } from './tenant-scope';

export interface ScopedListSource<T> {
  readonly queryKey: (tenantId: number | undefined) => QueryKey;
  readonly list: (tenantId: number | undefined, signal: AbortSignal) => Promise<readonly T[]>;
  readonly remove: (item: T) => Promise<void>;
  /** The message once `item` is deleted. */
  readonly deletedText: (item: T) => string;
  /** The message once the dialog saved the item titled `title`. */
  readonly savedText: (title: string) => string;
}

export interface ScopedList<T> {
  readonly administrator: boolean;
  readonly tenants: TenantChoices;
  readonly mayWrite: boolean;
  readonly mayDelete: boolean;
  /** The tenant filter: undefined for all. */
  readonly tenantId: number | undefined;
  readonly setTenantId: (tenantId: number | undefined) => void;
  readonly list: UseQueryResult<readonly T[]>;
  /** What the dialog edits: an item, 'new', or nothing (closed). */
  readonly editing: T | 'new' | null;
  readonly setEditing: (editing: T | 'new' | null) => void;
  /** Deletes, tells how it went, and reads the lists again either way. */
  readonly remove: (item: T) => Promise<void>;
  /** For the dialog: tells of the save and reads the lists again. */
  readonly saved: (title: string) => void;
}

export function useScopedList<T>(source: ScopedListSource<T>): ScopedList<T> {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const administrator = useIsAdministrator();
  const tenants = useTenantChoices(administrator);
  const mayWrite = usePoint('write');
  const mayDelete = usePoint('delete');
  const [tenantId, setTenantId] = useState<number | undefined>(undefined);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const list = useQuery({
    queryKey: source.queryKey(tenantId),
    queryFn: ({ signal }) => source.list(tenantId, signal),
  });
  const refresh = () => client.invalidateQueries({ queryKey: appsKeys.all });

  const remove = async (item: T): Promise<void> => {
    try {
      await source.remove(item);
      void message.success(source.deletedText(item));
    } catch (error) {
      void message.error(t('apps.errors.deleteFailed', { message: failureText(error, t) }));
    }
    await refresh();
  };
  const saved = (title: string): void => {
    void message.success(source.savedText(title));
    void refresh();
  };

  return {
    administrator,
    tenants,
    mayWrite,
    mayDelete,
    tenantId,
    setTenantId,
    list,
    editing,
    setEditing,
    remove,
    saved,
  };
}
