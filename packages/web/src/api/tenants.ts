/**
 * The administrators' tenant calls (docs/api.md "Tenants and branding"): tenants and their
 * branding, a tenant's user list, moving accounts in and out, deleting an empty tenant. The shapes
 * are the contract in @fieldlink/protocol, checked in development.
 */
import { TenantPage, TenantReply, TenantUserAdded, TenantUserPage } from '@fieldlink/protocol';
import type { TenantCreate, TenantPatch } from '@fieldlink/protocol';
import type { z } from 'zod';
import { del, get, patch, post } from './http';
import { validated } from './validated';
import type { Reply } from './validated';

export type { TenantCreate, TenantPatch } from '@fieldlink/protocol';
export type Tenant = Reply<z.output<typeof TenantReply>>;
export type TenantList = Reply<z.output<typeof TenantPage>>;
export type TenantUser = Reply<z.output<typeof TenantUserPage>>['items'][number];
export type TenantUserList = Reply<z.output<typeof TenantUserPage>>;
export type AddedTenantUser = Reply<z.output<typeof TenantUserAdded>>;

/** A page of a list: `offset` from 0, `limit` 1-500. */
export interface Page {
  readonly offset: number;
  readonly limit: number;
}

const checkTenant = validated(TenantReply);

export const listTenants = (page: Page, signal?: AbortSignal): Promise<TenantList> =>
  get<unknown>('/tenants', { query: { ...page }, ...(signal ? { signal } : {}) }).then(validated(TenantPage));

export const createTenant = (body: TenantCreate): Promise<Tenant> =>
  post<unknown>('/tenants', body).then(checkTenant);

export const updateTenant = (id: number, body: TenantPatch): Promise<Tenant> =>
  patch<unknown>(`/tenants/${id}`, body).then(checkTenant);

/** 409 while the tenant has users or project files. */
export const deleteTenant = (id: number): Promise<void> => del<void>(`/tenants/${id}`);

export const listTenantUsers = (id: number, page: Page, signal?: AbortSignal): Promise<TenantUserList> =>
  get<unknown>(`/tenants/${id}/users`, { query: { ...page }, ...(signal ? { signal } : {}) }).then(
    validated(TenantUserPage),
  );

/** 409 when the account is in another tenant and `move` is not set; 404 for an unknown name. */
export const addTenantUser = (id: number, userName: string, move = false): Promise<AddedTenantUser> =>
  post<unknown>(`/tenants/${id}/users`, move ? { userName, move } : { userName }).then(
    validated(TenantUserAdded),
  );

export const removeTenantUser = (id: number, userId: number): Promise<void> =>
  del<void>(`/tenants/${id}/users/${userId}`);
