/**
 * The registration packet a DTU sends first on its link: its serial number in ASCII, optionally
 * followed by `:` and the device secret (`SN` or `SN:secret`). Real DTUs differ in how they send
 * it, and RegistrationReader takes them all: it may come in several TCP segments (`IOPD` then
 * `TU02\n`); it ends at the first LF, CR, CRLF or NUL, or, with no terminator, when the line has
 * been quiet for a moment (DTUs that send it as one packet); heartbeats and empty lines before it
 * are skipped. A DTU configured with a fixed prefix (`DTU_REGISTRATION_PREFIX`, e.g. `REG:`) has it
 * removed, and one that sends its identity as binary bytes (`DTU_REGISTRATION_HEX`) has the hex
 * of those bytes for its serial. Whatever follows the registration belongs to the link.
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

/** How a DTU's registration is sent, beyond the plain `SN[:secret]` line. */
export interface RegistrationFormat {
  /** Removed from the start of the registration when it is there (any case); '' for none. */
  readonly prefix: string;
  /** The registration is binary: the serial is the hex (upper case) of its bytes, no secret. */
  readonly hex: boolean;
  /** The DTU's heartbeat (e.g. `ping`), skipped before the registration; empty for none. */
  readonly heartbeat: Uint8Array;
}

export const PLAIN_REGISTRATION: RegistrationFormat = {
  prefix: '',
  hex: false,
  heartbeat: new Uint8Array(0),
};

/** How long the line must be quiet before a registration without a terminator is taken whole. */
export const REGISTRATION_QUIET_MS = 150;

const NUL = 0x00;

const isTerminator = (byte: number | undefined): boolean => byte === LF || byte === CR || byte === NUL;

function startsWith(bytes: Uint8Array, pattern: Uint8Array, caseless = false): boolean {
  if (pattern.length === 0 || bytes.length < pattern.length) return false;
  for (let i = 0; i < pattern.length; i++) {
    let a = bytes[i]!;
    let b = pattern[i]!;
    if (caseless) {
      if (a >= 0x61 && a <= 0x7a) a -= 0x20;
      if (b >= 0x61 && b <= 0x7a) b -= 0x20;
    }
    if (a !== b) return false;
  }
  return true;
}

/** The registration `line` (terminator excluded) of `format`, with `rest` for the link. Never throws. */
function parseLine(line: Uint8Array, rest: Uint8Array, format: RegistrationFormat): RegistrationResult {
  const prefix = new TextEncoder().encode(format.prefix);
  if (startsWith(line, prefix, true)) line = line.subarray(prefix.length);
  const refuse = (error: string): RegistrationResult => ({ ok: false, error, shown: shownOf(line) });
  if (line.length === 0) return refuse('empty registration');
  if (line.length > MAX_REGISTRATION_LENGTH) {
    return refuse(`registration longer than ${MAX_REGISTRATION_LENGTH} bytes`);
  }
  if (format.hex) {
    const serial = Array.from(line, (b) => b.toString(16).padStart(2, '0'))
      .join('')
      .toUpperCase();
    if (!SERIAL.test(serial)) return refuse('a binary registration must be 2-16 bytes');
    return { ok: true, serial, secret: null, rest };
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

export type ReaderStep =
  { readonly kind: 'more' } | { readonly kind: 'done'; readonly result: RegistrationResult };

/**
 * Reads a connection's registration from the chunks as they arrive: `push` each chunk; 'more'
 * means wait, and when nothing more arrives within REGISTRATION_QUIET_MS, `quiet` takes what came
 * as the whole registration.
 */
export class RegistrationReader {
  #buffer = new Uint8Array(0);
  readonly #prefixLength: number;

  constructor(private readonly format: RegistrationFormat = PLAIN_REGISTRATION) {
    this.#prefixLength = new TextEncoder().encode(format.prefix).length;
  }

  push(chunk: Uint8Array): ReaderStep {
    const joined = new Uint8Array(this.#buffer.length + chunk.length);
    joined.set(this.#buffer);
    joined.set(chunk, this.#buffer.length);
    this.#buffer = joined;
    for (;;) {
      this.#skipNoise();
      // A binary registration may hold any byte: only the quiet line ends it.
      const end = this.format.hex ? -1 : this.#buffer.findIndex(isTerminator);
      if (end < 0) break;
      let after = end + 1;
      if (this.#buffer[end] === CR && this.#buffer[after] === LF) after++;
      const line = this.#buffer.subarray(0, end);
      const rest = this.#buffer.slice(after);
      if (line.length === 0) {
        this.#buffer = rest;
        continue;
      }
      return { kind: 'done', result: parseLine(line, rest, this.format) };
    }
    if (this.#buffer.length > MAX_REGISTRATION_LENGTH + this.#prefixLength) {
      return { kind: 'done', result: parseLine(this.#buffer, new Uint8Array(0), this.format) };
    }
    return { kind: 'more' };
  }

  /** The line went quiet: what came is the registration; null when only heartbeats came. */
  quiet(): RegistrationResult | null {
    this.#skipNoise();
    if (this.#buffer.length === 0) return null;
    const result = parseLine(this.#buffer, new Uint8Array(0), this.format);
    this.#buffer = new Uint8Array(0);
    return result;
  }

  /** Heartbeats and line ends before the registration. */
  #skipNoise(): void {
    const { heartbeat } = this.format;
    let at = 0;
    for (;;) {
      if (startsWith(this.#buffer.subarray(at), heartbeat)) at += heartbeat.length;
      else if (!this.format.hex && isTerminator(this.#buffer[at])) at++;
      else break;
    }
    if (at > 0) this.#buffer = this.#buffer.slice(at);
  }
}

/**
 * The registration in one packet as a whole (what a DTU sent before going quiet), in `format`.
 * Never throws.
 */
export function parseRegistration(
  packet: Uint8Array,
  format: RegistrationFormat = PLAIN_REGISTRATION,
): RegistrationResult {
  const reader = new RegistrationReader(format);
  const step = reader.push(packet);
  if (step.kind === 'done') return step.result;
  return reader.quiet() ?? { ok: false, error: 'empty registration', shown: '' };
}
