/**
 * Device secrets of DTU links. Only the SHA-256 (hex) of a secret is stored; a registration's
 * secret is hashed and compared with it in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** Printable ASCII, space to tilde: what a DTU can be configured to send. */
export const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

export function hashLinkSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/**
 * Whether a registration may use this link: any registration when no secret is set, else only one
 * whose secret hashes to the stored hash.
 */
export function linkSecretAccepted(storedHash: string | null | undefined, given: string | null): boolean {
  if (storedHash === null || storedHash === undefined) return true;
  if (given === null) return false;
  const expected = Buffer.from(storedHash, 'hex');
  const actual = createHash('sha256').update(given, 'utf8').digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
