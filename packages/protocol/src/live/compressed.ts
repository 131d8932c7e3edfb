/**
 * The compressed payload envelope of the specification's `…Zip` calls (spec 000 § 7):
 * `{ msgtype: 'Src', msginfo: '<JSON text>' }` or `{ msgtype: 'Gzip', msginfo: '<base64 of the
 * gzip of the JSON text>' }`, sometimes under `data`. docs/protocol.md § Compressed payloads.
 */
import { gunzipSync, gzipSync, strFromU8, strToU8 } from 'fflate';
import { decodeBase64, encodeBase64 } from './base64.js';
import type { JsonValue } from './fields.js';

export type CompressionType = 'Src' | 'Gzip';

export interface CompressedEnvelope {
  readonly msgtype: CompressionType;
  readonly msginfo: string;
}

export type CompressedDecodeResult =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: string };

/** The largest JSON text a Gzip envelope may expand to unless the caller says otherwise: 32 MiB. */
export const MAX_DECOMPRESSED_BYTES = 32 * 1024 * 1024;

/**
 * A JSON value in the envelope. Gzip output is the same for the same value (the header's
 * time is 0), so replies can be cached and compared.
 */
export function encodeCompressed(value: JsonValue, msgtype: CompressionType = 'Gzip'): CompressedEnvelope {
  const json = JSON.stringify(value);
  if (msgtype === 'Src') return { msgtype, msginfo: json };
  return { msgtype, msginfo: encodeBase64(gzipSync(strToU8(json), { mtime: 0 })) };
}

export interface CompressedDecodeOptions {
  /** The most bytes a Gzip payload may expand to (default MAX_DECOMPRESSED_BYTES). */
  readonly maxBytes?: number;
}

function envelopeOf(input: unknown): Record<string, unknown> | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return null;
  const record = input as Record<string, unknown>;
  if ('msgtype' in record) return record;
  const data = record['data'];
  return typeof data === 'object' && data !== null && !Array.isArray(data) && 'msgtype' in data
    ? (data as Record<string, unknown>)
    : null;
}

/**
 * The value inside an envelope, given as `{ msgtype, msginfo }` or `{ data: { msgtype, msginfo } }`.
 * msgtype is read without regard to case. Gzip means one gzip member, checked against its
 * CRC-32 and length; zlib or raw deflate streams are refused. Never throws: bad base64, bad
 * gzip and bad JSON are errors.
 */
export function decodeCompressed(input: unknown, opts: CompressedDecodeOptions = {}): CompressedDecodeResult {
  try {
    const envelope = envelopeOf(input);
    if (envelope === null)
      return { ok: false, error: 'envelope: { msgtype, msginfo } or { data: { msgtype, msginfo } }' };
    const type = envelope['msgtype'];
    const info = envelope['msginfo'];
    if (typeof info !== 'string') return { ok: false, error: 'msginfo: a string' };
    const kind = typeof type === 'string' ? type.toLowerCase() : '';
    if (kind === 'src') return parseJson(info);
    if (kind !== 'gzip') return { ok: false, error: "msgtype: 'Src' or 'Gzip'" };
    const bytes = decodeBase64(info);
    if (bytes === null) return { ok: false, error: 'msginfo: not base64' };
    const text = gunzipText(bytes, opts.maxBytes ?? MAX_DECOMPRESSED_BYTES);
    return typeof text === 'string' ? parseJson(text) : text;
  } catch {
    return { ok: false, error: 'envelope: unreadable' };
  }
}

function parseJson(text: string): CompressedDecodeResult {
  try {
    // A byte order mark is not JSON but some servers write one.
    return { ok: true, value: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) };
  } catch {
    return { ok: false, error: 'msginfo: not JSON' };
  }
}

function gunzipText(bytes: Uint8Array, maxBytes: number): string | { ok: false; error: string } {
  // Magic 1f 8b and method 8 (deflate); header 10 bytes, trailer CRC-32 and length 8 bytes.
  if (bytes.length < 18 || bytes[0] !== 0x1f || bytes[1] !== 0x8b || bytes[2] !== 8) {
    return { ok: false, error: 'msginfo: not gzip data' };
  }
  const n = bytes.length;
  const size = (bytes[n - 4]! | (bytes[n - 3]! << 8) | (bytes[n - 2]! << 16) | (bytes[n - 1]! << 24)) >>> 0;
  // The output buffer is sized from the trailer, so checking it first bounds the memory used.
  if (size > maxBytes) return { ok: false, error: `msginfo: expands past ${maxBytes} bytes` };
  let out: Uint8Array;
  try {
    out = gunzipSync(bytes);
  } catch {
    return { ok: false, error: 'msginfo: bad gzip data' };
  }
  const crc = (bytes[n - 8]! | (bytes[n - 7]! << 8) | (bytes[n - 6]! << 16) | (bytes[n - 5]! << 24)) >>> 0;
  if (out.length !== size || crc32(out) !== crc) return { ok: false, error: 'msginfo: gzip check failed' };
  return strFromU8(out);
}

let crcTable: Uint32Array | null = null;

/** CRC-32 (ISO-HDLC, the gzip trailer's): fflate inflates without checking it. */
export function crc32(bytes: Uint8Array): number {
  if (crcTable === null) {
    crcTable = new Uint32Array(256);
    for (let i = 0; i < 256; i++) {
      let c = i;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[i] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const b of bytes) crc = crcTable[(crc ^ b) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
