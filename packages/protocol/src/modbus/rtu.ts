/**
 * Modbus RTU framing: slave address, PDU, CRC-16 (low byte first). Over a DTU's TCP link
 * there is no 3.5-character silence to mark frame ends, so a frame's length comes from its
 * function code and byte count alone (expectedRtuLength).
 */
import { appendCrc, crc16, hasValidCrc } from './crc.js';
import { hexByte, parseRequestPdu, parseResponsePdu } from './parse.js';
import type { ParseFailure } from './parse.js';
import { encodeRequestPdu, encodeResponsePdu, isFunctionCode } from './pdu.js';
import type { ModbusRequest, ModbusResponse } from './pdu.js';

export type Direction = 'request' | 'response';

/** The longest RTU frame: address, 253-byte PDU, CRC. */
export const RTU_MAX_LENGTH = 256;

/** A frame's total length in bytes, or why it is not known yet. */
export type FrameLength = number | 'need-more' | 'invalid';

export type RtuDecoded<T> =
  | { readonly ok: true; readonly slave: number; readonly pdu: T }
  | (ParseFailure & { readonly slave?: number });

/**
 * Total length of the frame starting at `start` (buffer filled up to `end`): 'need-more'
 * while the bytes that decide it have not arrived, 'invalid' when no Modbus frame of this
 * direction starts like this (unsupported function code, byte count past the 256-byte frame).
 * Exception replies are recognised for the supported function codes only, which keeps
 * resynchronisation strict.
 */
export function rtuLengthAt(buf: Uint8Array, start: number, end: number, direction: Direction): FrameLength {
  const fn = buf[start + 1];
  if (fn === undefined || start + 1 >= end) return 'need-more';
  if (direction === 'request') {
    if (fn >= 1 && fn <= 6) return 8;
    if (fn !== 15 && fn !== 16) return 'invalid';
    if (start + 6 >= end) return 'need-more';
    const byteCount = buf[start + 6] ?? 0;
    return byteCount <= 246 ? 9 + byteCount : 'invalid';
  }
  if (fn >= 0x80) return isFunctionCode(fn & 0x7f) ? 5 : 'invalid';
  if (fn === 5 || fn === 6 || fn === 15 || fn === 16) return 8;
  if (fn < 1 || fn > 4) return 'invalid';
  if (start + 2 >= end) return 'need-more';
  const byteCount = buf[start + 2] ?? 0;
  return byteCount <= 250 ? 5 + byteCount : 'invalid';
}

/** Total length of the RTU frame at the start of `bytes` (see rtuLengthAt). */
export function expectedRtuLength(bytes: Uint8Array, direction: Direction): FrameLength {
  return rtuLengthAt(bytes, 0, bytes.length, direction);
}

function checkSlave(slave: number): void {
  if (!Number.isInteger(slave) || slave < 0 || slave > 255) {
    throw new RangeError(`Modbus RTU: slave address must be an integer 0-255, got ${String(slave)}`);
  }
}

function frame(slave: number, pdu: Uint8Array): Uint8Array {
  checkSlave(slave);
  const body = new Uint8Array(pdu.length + 1);
  body[0] = slave;
  body.set(pdu, 1);
  return appendCrc(body);
}

/**
 * Slave 0 is broadcast and 1-247 the standard's unicast range; 248-255 are accepted too,
 * since the equipment answers on 254 by default.
 */
export function encodeRtuRequest(slave: number, pdu: ModbusRequest): Uint8Array {
  return frame(slave, encodeRequestPdu(pdu));
}

export function encodeRtuResponse(slave: number, pdu: ModbusResponse): Uint8Array {
  return frame(slave, encodeResponsePdu(pdu));
}

/**
 * Check the CRC of a whole frame and split off the slave address. The frame's bounds are
 * taken from the input, so a frame cut by silence (a serial line) needs no length rule.
 */
function unframe(bytes: Uint8Array): { slave: number; pdu: Uint8Array } | ParseFailure {
  if (bytes.length < 4)
    return { ok: false, error: `RTU frame: at least 4 bytes expected, got ${bytes.length}` };
  if (!hasValidCrc(bytes)) {
    const crc = crc16(bytes.subarray(0, bytes.length - 2));
    const want = hexByte(crc & 0xff) + ' ' + hexByte(crc >>> 8);
    const got = hexByte(bytes[bytes.length - 2] ?? 0) + ' ' + hexByte(bytes[bytes.length - 1] ?? 0);
    return { ok: false, error: `RTU frame: CRC ${got} does not match ${want}` };
  }
  return { slave: bytes[0] ?? 0, pdu: bytes.subarray(1, bytes.length - 2) };
}

export function decodeRtuRequest(bytes: Uint8Array): RtuDecoded<ModbusRequest> {
  const parts = unframe(bytes);
  if ('ok' in parts) return parts;
  const parsed = parseRequestPdu(parts.pdu);
  return parsed.ok ? { ok: true, slave: parts.slave, pdu: parsed.value } : { ...parsed, slave: parts.slave };
}

/** Decode a reply; with the request it answers, the reply must match it (see parseResponsePdu). */
export function decodeRtuResponse(bytes: Uint8Array, request?: ModbusRequest): RtuDecoded<ModbusResponse> {
  const parts = unframe(bytes);
  if ('ok' in parts) return parts;
  const parsed = parseResponsePdu(parts.pdu, request);
  return parsed.ok ? { ok: true, slave: parts.slave, pdu: parsed.value } : { ...parsed, slave: parts.slave };
}
