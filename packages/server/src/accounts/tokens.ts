/**
 * Access tokens are short-lived HS256 JWTs; refresh tokens are opaque random strings of which the
 * server keeps only a SHA-256 hash, so a leaked database holds nothing that signs anyone in.
 */
import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_SECONDS = 10 * 60;
export const REFRESH_TOKEN_MS = 30 * 24 * 60 * 60 * 1000;

export interface AccessClaims {
  readonly userId: number;
  /** The session family the token was issued for, so a bearer can end its own sign-in. */
  readonly familyId: string;
}

export async function signAccessToken(key: Uint8Array, claims: AccessClaims, nowMs: number): Promise<string> {
  const issuedAt = Math.floor(nowMs / 1000);
  return new SignJWT({ typ: 'access', fam: claims.familyId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS)
    .sign(key);
}

/** The claims of a valid, unexpired access token at `nowMs`, else null (never throws). */
export async function verifyAccessToken(
  key: Uint8Array,
  token: string,
  nowMs: number,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      currentDate: new Date(nowMs),
      requiredClaims: ['sub', 'exp'],
    });
    const userId = Number(payload.sub);
    if (payload.typ !== 'access' || typeof payload.fam !== 'string') return null;
    if (!Number.isSafeInteger(userId) || userId <= 0 || String(userId) !== payload.sub) return null;
    return { userId, familyId: payload.fam };
  } catch {
    return null;
  }
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
