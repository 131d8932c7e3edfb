/**
 * Stream tickets: what an <img> or <video> carries in the address of a camera stream instead of a
 * bearer header, which it cannot send. A ticket names the equipment, the user and the session
 * family it was issued to and when it stops opening streams, signed with HMAC-SHA-256 under a key
 * derived from the server's secret key, so any node checks it without remembering it. It only
 * opens the door: the stream route still asks whether that user, still signed in, holds the camera
 * right on the equipment now.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** A ticket opens streams for this long after it is issued. */
export const TICKET_LIFETIME_MS = 5 * 60 * 1000;

/** The key that signs stream tickets, derived from the server's secret key (HKDF-SHA-256). */
export function streamTicketKey(serverKey: Uint8Array): Buffer {
  return Buffer.from(
    hkdfSync('sha256', serverKey, new Uint8Array(0), 'fieldlink camera stream tickets v1', 32),
  );
}

export interface TicketClaims {
  readonly equipmentId: number;
  readonly userId: number;
  /** The session family of the sign-in it was issued to: signing out ends its tickets too. */
  readonly familyId: string;
  /** Epoch ms. */
  readonly expiresAt: number;
}

/** Fixed part: equipment id, user id and expiry (epoch ms), each a 64-bit unsigned integer. */
const FIXED_BYTES = 24;
/** The session family follows: a UUID as its 16 bytes (what sign-in makes), else its UTF-8. */
const FAMILY_UUID = 1;
const FAMILY_TEXT = 2;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** HMAC-SHA-256 cut to 128 bits: a ticket fits in a path segment (Fastify takes 100 characters). */
const MAC_BYTES = 16;

function encodeFamily(familyId: string): Buffer {
  return UUID.test(familyId)
    ? Buffer.concat([Buffer.from([FAMILY_UUID]), Buffer.from(familyId.replace(/-/g, ''), 'hex')])
    : Buffer.concat([Buffer.from([FAMILY_TEXT]), Buffer.from(familyId, 'utf8')]);
}

function decodeFamily(bytes: Buffer): string | null {
  const body = bytes.subarray(1);
  if (bytes[0] === FAMILY_UUID && body.length === 16) {
    const hex = body.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
  if (bytes[0] === FAMILY_TEXT && body.length > 0) return body.toString('utf8');
  return null;
}

/** Base64url payload, a dot, base64url signature: what the route's path parameter matches. */
export const TICKET_PATTERN = /^[A-Za-z0-9_-]{34,74}\.[A-Za-z0-9_-]{22}$/;

export type TicketCheck =
  | { readonly ok: true; readonly claims: TicketClaims }
  | { readonly ok: false; readonly reason: 'forged' | 'expired' };

export class StreamTickets {
  constructor(
    private readonly key: Uint8Array,
    private readonly now: () => number,
  ) {}

  issue(equipmentId: number, userId: number, familyId: string): { ticket: string; expiresAt: number } {
    const expiresAt = this.now() + TICKET_LIFETIME_MS;
    const fixed = Buffer.alloc(FIXED_BYTES);
    fixed.writeBigUInt64BE(BigInt(equipmentId), 0);
    fixed.writeBigUInt64BE(BigInt(userId), 8);
    fixed.writeBigUInt64BE(BigInt(expiresAt), 16);
    const payload = Buffer.concat([fixed, encodeFamily(familyId)]).toString('base64url');
    return { ticket: `${payload}.${this.sign(payload)}`, expiresAt };
  }

  /** The claims of a ticket this server signed; `expired` only for a genuine one past its time. */
  check(ticket: string): TicketCheck {
    if (!TICKET_PATTERN.test(ticket)) return { ok: false, reason: 'forged' };
    const [payload = '', signature = ''] = ticket.split('.');
    const expected = Buffer.from(this.sign(payload), 'base64url');
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { ok: false, reason: 'forged' };
    }
    const bytes = Buffer.from(payload, 'base64url');
    const familyId = bytes.length > FIXED_BYTES ? decodeFamily(bytes.subarray(FIXED_BYTES)) : null;
    if (familyId === null) return { ok: false, reason: 'forged' };
    const claims = {
      equipmentId: Number(bytes.readBigUInt64BE(0)),
      userId: Number(bytes.readBigUInt64BE(8)),
      familyId,
      expiresAt: Number(bytes.readBigUInt64BE(16)),
    };
    return claims.expiresAt > this.now() ? { ok: true, claims } : { ok: false, reason: 'expired' };
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key)
      .update(payload)
      .digest()
      .subarray(0, MAC_BYTES)
      .toString('base64url');
  }
}
