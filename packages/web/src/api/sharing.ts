/**
 * Sharing calls (docs/api.md § Sharing): issuing a share code for one equipment and redeeming a
 * code into a grant; the owner's lists of codes and grants, revoking a code, changing and removing
 * a grant; a grantee giving up their access. The shapes are the contract in @fieldlink/protocol;
 * in development each reply is checked against it, so a server that drifts from the contract
 * fails loudly here.
 */
import {
  GrantItem,
  GrantPage,
  ShareCodeCreated,
  ShareCodePage,
  ShareCodeRedeemed,
} from '@fieldlink/protocol';
import type { GrantPatch, ShareCodeCreateRequest } from '@fieldlink/protocol';
import type { z } from 'zod';
import { del, get, patch, post } from './http';
import { validated } from './validated';
import type { Reply } from './validated';

export type { GrantPatch, ShareCodeCreateRequest, ShareLevel, ShareValidity } from '@fieldlink/protocol';
export type ShareCode = Reply<z.output<typeof ShareCodeCreated>>;
export type Redeemed = Reply<z.output<typeof ShareCodeRedeemed>>;
/** One of the equipment's codes as the owner lists it (the code itself is never shown again). */
export type ShareCodeEntry = Reply<z.output<typeof ShareCodePage>>['items'][number];
export type ShareCodeList = Reply<z.output<typeof ShareCodePage>>;
/** One user's grant on the equipment. */
export type Grant = Reply<z.output<typeof GrantItem>>;
export type GrantList = Reply<z.output<typeof GrantPage>>;

/** A page of a list: `offset` from 0, `limit` 1-500 (the server's default 100). */
export interface ListPage {
  readonly offset?: number;
  readonly limit?: number;
}

/** The server's largest page of codes and grants. */
export const SHARING_PAGE_LIMIT = 500;

const checkCodes = validated(ShareCodePage);
const checkGrants = validated(GrantPage);
const checkGrant = validated(GrantItem);

/** A new share code for the equipment (edit right); the reply is the only time its code shows. */
export async function createShareCode(
  equipmentId: number,
  request: ShareCodeCreateRequest,
): Promise<ShareCode> {
  return post<unknown>(`/equipment/${equipmentId}/share-codes`, request).then(validated(ShareCodeCreated));
}

/**
 * The caller gets a grant on the code's equipment. The server answers 400 for text that is no
 * code, 404 for a wrong, expired, revoked or used-up code, 409 for the caller's own equipment and
 * 429 after too many wrong codes.
 */
export async function redeemShareCode(code: string): Promise<Redeemed> {
  return post<unknown>('/share-codes/redeem', { code }).then(validated(ShareCodeRedeemed));
}

/** Every code of the equipment, revoked and expired ones too, by id (owner or administrator). */
export async function listShareCodes(
  equipmentId: number,
  page: ListPage = {},
  signal?: AbortSignal,
): Promise<ShareCodeList> {
  return get<unknown>(`/equipment/${equipmentId}/share-codes`, { query: { ...page }, signal }).then(
    checkCodes,
  );
}

/** Revokes a code: no more redemptions. Grants already made from it stay. */
export async function revokeShareCode(equipmentId: number, codeId: number): Promise<void> {
  await del<unknown>(`/equipment/${equipmentId}/share-codes/${codeId}`);
}

/** Every grant on the equipment, expired ones too, by id (owner or administrator). */
export async function listGrants(
  equipmentId: number,
  page: ListPage = {},
  signal?: AbortSignal,
): Promise<GrantList> {
  return get<unknown>(`/equipment/${equipmentId}/grants`, { query: { ...page }, signal }).then(checkGrants);
}

/**
 * Changes a grant's tier, camera, sub-devices or end; a field left out stays. The server answers
 * 400 when the grant as changed would have no end with another tier than read.
 */
export async function updateGrant(equipmentId: number, grantId: number, change: GrantPatch): Promise<Grant> {
  return patch<unknown>(`/equipment/${equipmentId}/grants/${grantId}`, change).then(checkGrant);
}

/** Removes a grant: the user loses the access it gave with their next request. */
export async function removeGrant(equipmentId: number, grantId: number): Promise<void> {
  await del<unknown>(`/equipment/${equipmentId}/grants/${grantId}`);
}

/**
 * The caller (a grantee) gives up all their own grants on the equipment; it then leaves their
 * lists. 409 for the owner, or when the access comes through a host's grant.
 */
export async function giveUpAccess(equipmentId: number): Promise<void> {
  await del<unknown>(`/equipment/${equipmentId}/access`);
}

/**
 * The query key under which the console keeps a device's lists of codes and grants: read again
 * after any change to its sharing, here or (announced by the live channel) anywhere else.
 */
export const sharingKey = (equipmentId: number) => ['sharing', equipmentId] as const;
