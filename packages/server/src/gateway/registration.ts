/**
 * The registration packet a DTU sends first on its link: its serial number in ASCII, optionally
 * followed by `:` and the device secret (`SN` or `SN:secret`). It ends at the first `\n` (a `\r`
 * before it is dropped) or, when the first chunk holds no newline, with that chunk, since DTUs send
 * it as one packet. Whatever follows the newline in the same chunk (a heartbeat, a frame) belongs
 * to the link.
 */

/** The longest registration, newline excluded. */
export const MAX_REGISTRATION_LENGTH = 128;

/** Serial numbers as the equipment records keep them (equipment/fields.ts), before upper-casing. */
const SERIAL = /^[A-Za-z0-9.-]{4,32}$/;
const MAX_SECRET_LENGTH = 64;
const LF = 0x0a;
const CR = 0x0d;

export type RegistrationResult =
  | {
      readonly ok: true;
      /** Upper-cased, as stored. */
      readonly serial: string;
      readonly secret: string | null;
      /** The bytes after the registration line, for the link. */
      readonly rest: Uint8Array;
    }
  | {
      readonly ok: false;
      readonly error: string;
      /** The part before any `:`, made safe for a log line; never the secret. */
      readonly shown: string;
    };

/** Printable ASCII only, cut to 40 characters; anything else is escaped as \xNN. */
function shownOf(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes.subarray(0, 40)) {
    if (byte === 0x3a) break;
    out +=
      byte >= 0x20 && byte <= 0x7e && byte !== 0x5c
        ? String.fromCharCode(byte)
        : `\\x${byte.toString(16).padStart(2, '0')}`;
  }
  return out;
}

/** Parse the first chunk a device sends. Never throws. */
export function parseRegistration(chunk: Uint8Array): RegistrationResult {
  const newline = chunk.indexOf(LF);
  let line = newline < 0 ? chunk : chunk.subarray(0, newline);
  const rest = newline < 0 ? new Uint8Array(0) : chunk.slice(newline + 1);
  if (newline >= 0 && line[line.length - 1] === CR) line = line.subarray(0, line.length - 1);
  const refuse = (error: string): RegistrationResult => ({ ok: false, error, shown: shownOf(line) });

  if (line.length === 0) return refuse('empty registration');
  if (line.length > MAX_REGISTRATION_LENGTH) {
    return refuse(`registration longer than ${MAX_REGISTRATION_LENGTH} bytes`);
  }
  for (const byte of line) {
    if (byte < 0x20 || byte > 0x7e) return refuse('registration is not printable ASCII');
  }
  const text = String.fromCharCode(...line);
  const colon = text.indexOf(':');
  const serial = colon < 0 ? text : text.slice(0, colon);
  const secret = colon < 0 ? null : text.slice(colon + 1);
  if (!SERIAL.test(serial)) return refuse('serial number must be 4-32 letters, digits, - or .');
  if (secret !== null && (secret.length === 0 || secret.length > MAX_SECRET_LENGTH)) {
    return refuse(`secret must be 1-${MAX_SECRET_LENGTH} characters`);
  }
  return { ok: true, serial: serial.toUpperCase(), secret, rest };
}
