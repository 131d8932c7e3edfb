/**
 * Device secrets of DTU links (docs/operations.md § Device link secrets). The registration check
 * goes by the SHA-256 (hex) of the secret, compared in constant time, so the DTU listener needs no
 * key. The secret itself is kept sealed with AES-256-GCM under a key derived from the server's
 * secret key, bound to the device's serial number, so its owner can read it again; a row sealed
 * under another key (JWT_SECRET changed, secrets.json replaced) still registers by its hash, and
 * its owner regenerates the secret to read it.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import type { Equipment } from '../../storage/schema.js';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 20 base-62 characters: 119 bits, and short enough to type into a DTU's configuration tool. */
export const GENERATED_SECRET_LENGTH = 20;

/** A fresh link secret: random base-62 characters, which every DTU can send. */
export function generateLinkSecret(): string {
  let secret = '';
  for (let i = 0; i < GENERATED_SECRET_LENGTH; i++) secret += BASE62[randomInt(BASE62.length)];
  return secret;
}

export function hashLinkSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Whether `given` hashes to `storedHash`, in constant time. */
function matches(storedHash: string, given: string): boolean {
  const expected = Buffer.from(storedHash, 'hex');
  const actual = createHash('sha256').update(given, 'utf8').digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * How a registration stands against its equipment's link settings:
 * - `authenticated`: a secret is set and the registration carries it;
 * - `open`: the equipment lets devices register without a secret (`link_open`), and the
 *   registration carries none, or no secret is set to check one against;
 * - else the reason it is refused.
 */
export type LinkVerdict =
  | { readonly ok: true; readonly authenticated: boolean }
  | { readonly ok: false; readonly reason: 'secret missing' | 'wrong secret' | 'no link secret set' };

export function linkVerdict(
  row: Pick<Equipment, 'link_secret_hash' | 'link_open'>,
  given: string | null,
): LinkVerdict {
  const hash = row.link_secret_hash;
  if (hash !== null && given !== null) {
    return matches(hash, given) ? { ok: true, authenticated: true } : { ok: false, reason: 'wrong secret' };
  }
  if (row.link_open === 1) return { ok: true, authenticated: false };
  return { ok: false, reason: hash === null ? 'no link secret set' : 'secret missing' };
}

/** The key that seals link secrets, derived from the server's secret key (HKDF-SHA-256). */
export function linkSecretKey(serverKey: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', serverKey, new Uint8Array(0), 'fieldlink link secrets v1', 32));
}

const SEALED_PREFIX = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** `secret` sealed for the device `serial`: `v1.` and base64url of nonce, ciphertext and tag. */
export function sealLinkSecret(key: Uint8Array, serial: string, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(serial, 'utf8'));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return SEALED_PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The secret sealed for `serial`, or null when it was sealed under another key or for another serial. */
export function openLinkSecret(key: Uint8Array, serial: string, sealed: string): string | null {
  if (!sealed.startsWith(SEALED_PREFIX)) return null;
  const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(serial, 'utf8'));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const body = bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** The columns that store a link secret: its hash for the check, sealed for its owner. */
export function storedLinkSecret(
  key: Uint8Array,
  serial: string,
  secret: string,
): Pick<Equipment, 'link_secret_hash' | 'link_secret_sealed'> {
  return {
    link_secret_hash: hashLinkSecret(secret),
    link_secret_sealed: sealLinkSecret(key, serial, secret),
  };
}
