/**
 * Base64 with the standard alphabet (RFC 4648 § 4), written here because the package runs
 * where neither Buffer nor atob/btoa can be assumed. docs/protocol.md § Compressed payloads.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUES = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUES[ALPHABET.charCodeAt(i)] = i;

/** Bytes → base64, standard alphabet, padded with '=' to a multiple of 4 characters. */
export function encodeBase64(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + ALPHABET[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + '==';
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += ALPHABET[n >> 18]! + ALPHABET[(n >> 12) & 63]! + ALPHABET[(n >> 6) & 63]! + '=';
  }
  return out;
}

/**
 * Base64 → bytes; null when the text is not base64. Whitespace (line breaks of wrapped
 * output) is skipped; padding is optional but, when present, must complete the last group.
 * Unused low bits of the last character are ignored, as decoders commonly do.
 */
export function decodeBase64(text: string): Uint8Array | null {
  if (typeof text !== 'string') return null;
  const s = text.replace(/[ \t\r\n]+/g, '');
  const pad = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0;
  if (pad > 0 && s.length % 4 !== 0) return null;
  const body = s.length - pad;
  if (body % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((body * 3) / 4));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < body; i++) {
    const c = s.charCodeAt(i);
    const v = c < 128 ? VALUES[c]! : -1;
    if (v < 0) return null;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return out;
}
