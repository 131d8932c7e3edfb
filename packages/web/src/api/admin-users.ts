/**
 * The administrators' user calls (docs/api.md § Administration; authority 1000 and up): the
 * paged search of accounts and changing one account's authority, roles, abilities or disabling
 * it. The shapes are the contract in @fieldlink/protocol (admin.ts).
 */
import { AdminUserPage } from '@fieldlink/protocol';
import type { AdminUser } from '@fieldlink/protocol';
import type { AdminUserPatch, AdminUserQuery } from '@fieldlink/protocol';
import { get, patch } from './http';
import { validated } from './validated';
import type { Reply } from './validated';

export type { AdminUserPatch, AdminUserQuery } from '@fieldlink/protocol';
export type AdminUserRow = Reply<AdminUser>;
export type AdminUserList = Reply<AdminUserPage>;

const checkPage = validated(AdminUserPage);

/** What the list asks for: `AdminUserQuery` as the console holds it. */
export interface UserSearch {
  /** A part of the user name, phone or e-mail (any case); empty for all. */
  readonly search: string;
  readonly offset: number;
  /** 1-100. */
  readonly limit: number;
  /** Only disabled accounts (true), only enabled ones (false), or both (undefined). */
  readonly disabled?: boolean;
}

/** One page of accounts matching the search and the status. */
export function listUsers(search: UserSearch, signal?: AbortSignal): Promise<AdminUserList> {
  const query = {
    ...(search.search.trim() ? { search: search.search.trim() } : {}),
    offset: search.offset,
    limit: search.limit,
    ...(search.disabled === undefined ? {} : { disabled: search.disabled ? 'true' : 'false' }),
  } satisfies AdminUserQuery;
  return get<unknown>('/admin/users', { query, ...(signal ? { signal } : {}) }).then(checkPage);
}

/**
 * Changes the account. The server refuses (4xx with a message) an administrator disabling their
 * own account or taking their own level below 1000. The list is read again afterwards, so the
 * reply's body is not needed.
 */
export const updateUser = (id: number, change: AdminUserPatch): Promise<void> =>
  patch<unknown>(`/admin/users/${id}`, change).then(() => undefined);
