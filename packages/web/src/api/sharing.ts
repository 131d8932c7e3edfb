/**
 * Sharing calls (docs/api.md § Sharing): issuing a share code for one equipment and redeeming a
 * code into a grant. The shapes are the contract in @fieldlink/protocol; in development each reply
 * is checked against it, so a server that drifts from the contract fails loudly here.
 */
import { ShareCodeCreated, ShareCodeRedeemed } from '@fieldlink/protocol';
import type { ShareCodeCreateRequest } from '@fieldlink/protocol';
import type { z } from 'zod';
import { post } from './http';
import { validated } from './validated';
import type { Reply } from './validated';

export type { ShareCodeCreateRequest, ShareLevel, ShareValidity } from '@fieldlink/protocol';
export type ShareCode = Reply<z.output<typeof ShareCodeCreated>>;
export type Redeemed = Reply<z.output<typeof ShareCodeRedeemed>>;

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
