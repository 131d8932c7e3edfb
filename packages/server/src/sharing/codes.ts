/**
 * Share codes: generation, the canonical form and its hash, validity → expiry, and the limit on
 * wrong codes a user may try.
 *
 * A code is 26 characters of Crockford base32 (130 random bits), upper case, so it can be typed
 * from a screen or carried in a QR code's alphanumeric mode. Only the SHA-256 of the canonical
 * form is stored. On input, case, spaces and dashes do not matter, and the look-alikes O, I and L
 * read as 0, 1 and 1.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SHARE_CODE_ALPHABET, SHARE_CODE_LENGTH } from '@fieldlink/protocol';
import type { ShareValidity } from '../storage/schema.js';

// The written form (alphabet, length, canonicalShareCode) is the console's too: it checks a typed
// code before sending it, so it lives in the protocol package.

/** 5 bits per character. */
export const CODE_BITS = SHARE_CODE_LENGTH * 5;

/** A new code in canonical form. Each character takes the low 5 bits of one random byte. */
export function generateCode(): string {
  const bytes = randomBytes(SHARE_CODE_LENGTH);
  let code = '';
  for (const byte of bytes) code += SHARE_CODE_ALPHABET.charAt(byte & 31);
  return code;
}

/** What is stored for a code: SHA-256 of its canonical form, hex. */
export function hashCode(canonical: string): string {
  return createHash('sha256').update(canonical, 'ascii').digest('hex');
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** How long a code (and the grants made from it) lasts; null: it does not end. */
export const VALIDITY_MS: Readonly<Record<ShareValidity, number | null>> = {
  '1h': HOUR_MS,
  '1d': DAY_MS,
  '1w': 7 * DAY_MS,
  '1m': 30 * DAY_MS,
  permanent: null,
};

/**
 * When a code issued at `now` ends: its validity from now, but never after the issuer's own
 * access ends (`until`, null when it does not). Null for a permanent code of an issuer whose
 * access does not end; the caller refuses a permanent code when it does.
 */
export function expiryOf(validity: ShareValidity, now: number, until: number | null): number | null {
  const span = VALIDITY_MS[validity];
  const own = span === null ? null : now + span;
  if (until === null) return own;
  return own === null ? until : Math.min(own, until);
}

export const REDEEM_WINDOW_MS = 10 * 60 * 1000;
export const MAX_WRONG_CODES = 10;
