/**
 * Modbus TCP framing: the 7-byte MBAP header (transaction id, protocol id 0, length of the
 * unit id plus PDU, unit id) followed by the PDU. No CRC: TCP guards the bytes.
 */
import { readU16, writeU16 } from '../bytes.js';
import { parseRequestPdu, parseResponsePdu } from './parse.js';
import type { ParseFailure } from './parse.js';
import { encodeRequestPdu, encodeResponsePdu } from './pdu.js';
import type { ModbusRequest, ModbusResponse } from './pdu.js';
import type { FrameLength } from './rtu.js';

export interface MbapHeader {
  /** 0-65535; a client numbers its requests and matches replies by it. */
  readonly transaction: number;
  /** 0-255: the slave behind a gateway (0xFF when the server is the device itself). */
  readonly unit: number;
}

export const MBAP_HEADER_LENGTH = 7;

/** The MBAP length field counts the unit id and the PDU: 1 + (1 to 253). */
export const MBAP_MIN_LENGTH = 2;
export const MBAP_MAX_LENGTH = 254;

export type TcpDecoded<T> =
  ({ readonly ok: true; readonly pdu: T } & MbapHeader) | (ParseFailure & Partial<MbapHeader>);

/**
 * Total length of the MBAP frame at `start` (buffer filled up to `end`): 'invalid' as soon
 * as the protocol id is not 0 or the length field is outside 2-254.
 */
export function tcpLengthAt(buf: Uint8Array, start: number, end: number): FrameLength {
  if (end - start < 4) return 'need-more';
  if (readU16(buf, start + 2) !== 0) return 'invalid';
  if (end - start < 6) return 'need-more';
  const length = readU16(buf, start + 4);
  return length >= MBAP_MIN_LENGTH && length <= MBAP_MAX_LENGTH ? 6 + length : 'invalid';
}

/** Total length of the MBAP frame at the start of `bytes` (see tcpLengthAt). */
export function expectedTcpLength(bytes: Uint8Array): FrameLength {
  return tcpLengthAt(bytes, 0, bytes.length);
}

function frame(header: MbapHeader, pdu: Uint8Array): Uint8Array {
  const { transaction, unit } = header;
  if (!Number.isInteger(transaction) || transaction < 0 || transaction > 0xffff) {
    throw new RangeError(`Modbus TCP: transaction id must be an integer 0-65535, got ${String(transaction)}`);
  }
  if (!Number.isInteger(unit) || unit < 0 || unit > 0xff) {
    throw new RangeError(`Modbus TCP: unit id must be an integer 0-255, got ${String(unit)}`);
  }
  const out = new Uint8Array(MBAP_HEADER_LENGTH + pdu.length);
  writeU16(out, 0, transaction);
  writeU16(out, 2, 0);
  writeU16(out, 4, pdu.length + 1);
  out[6] = unit;
  out.set(pdu, MBAP_HEADER_LENGTH);
  return out;
}

export function encodeTcpRequest(header: MbapHeader, pdu: ModbusRequest): Uint8Array {
  return frame(header, encodeRequestPdu(pdu));
}

export function encodeTcpResponse(header: MbapHeader, pdu: ModbusResponse): Uint8Array {
  return frame(header, encodeResponsePdu(pdu));
}

function unframe(bytes: Uint8Array): { header: MbapHeader; pdu: Uint8Array } | ParseFailure {
  if (bytes.length < MBAP_HEADER_LENGTH + 1) {
    return { ok: false, error: `MBAP frame: at least 8 bytes expected, got ${bytes.length}` };
  }
  const header = { transaction: readU16(bytes, 0), unit: bytes[6] ?? 0 };
  const protocol = readU16(bytes, 2);
  if (protocol !== 0) return { ok: false, error: `MBAP protocol id must be 0, got ${protocol}`, ...header };
  const length = readU16(bytes, 4);
  if (length < MBAP_MIN_LENGTH || length > MBAP_MAX_LENGTH || length !== bytes.length - 6) {
    return { ok: false, error: `MBAP length ${length} does not fit a ${bytes.length}-byte frame`, ...header };
  }
  return { header, pdu: bytes.subarray(MBAP_HEADER_LENGTH) };
}

export function decodeTcpRequest(bytes: Uint8Array): TcpDecoded<ModbusRequest> {
  const parts = unframe(bytes);
  if ('ok' in parts) return parts;
  const parsed = parseRequestPdu(parts.pdu);
  return parsed.ok ? { ok: true, ...parts.header, pdu: parsed.value } : { ...parsed, ...parts.header };
}

/** Decode a reply; with the request it answers, the reply must match it (see parseResponsePdu). */
export function decodeTcpResponse(bytes: Uint8Array, request?: ModbusRequest): TcpDecoded<ModbusResponse> {
  const parts = unframe(bytes);
  if ('ok' in parts) return parts;
  const parsed = parseResponsePdu(parts.pdu, request);
  return parsed.ok ? { ok: true, ...parts.header, pdu: parsed.value } : { ...parsed, ...parts.header };
}
