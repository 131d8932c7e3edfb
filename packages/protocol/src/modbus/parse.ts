/**
 * PDU parsers. They never throw: anything off the wire that breaks the Modbus rules comes
 * back as `{ ok: false, error }`. A request failure also names the exception code a server
 * answers with (Modbus application protocol v1.1b3, § 6 state diagrams: quantity and byte
 * count first → 3, then address range → 2; unknown function → 1).
 */
import { readU16 } from '../bytes.js';
import { unpackBits } from './bits.js';
import { EXCEPTION } from './exceptions.js';
import type { ExceptionCode } from './exceptions.js';
import { COIL_OFF, COIL_ON, isException, isFunctionCode, MAX_QUANTITY } from './pdu.js';
import type {
  ModbusRequest,
  ModbusResponse,
  ReadBitsResponse,
  ReadRegistersResponse,
  WriteCoil,
  WriteMultipleResponse,
  WriteRegister,
} from './pdu.js';

export interface ParseFailure {
  readonly ok: false;
  readonly error: string;
  /** For a request: the exception code a server should reply with. */
  readonly exception?: ExceptionCode;
}

export type ParseResult<T> = { readonly ok: true; readonly value: T } | ParseFailure;

function ok<T>(value: T): ParseResult<T> {
  return { ok: true, value };
}

function failure(error: string, exception?: ExceptionCode): ParseFailure {
  return exception === undefined ? { ok: false, error } : { ok: false, error, exception };
}

export function hexByte(value: number): string {
  return '0x' + value.toString(16).toUpperCase().padStart(2, '0');
}

function hexWord(value: number): string {
  return '0x' + value.toString(16).toUpperCase().padStart(4, '0');
}

function lengthFailure(what: string, expected: string, got: number, exception?: ExceptionCode): ParseFailure {
  return failure(`${what}: ${expected} bytes expected, got ${got}`, exception);
}

/** The quantity and address-range checks of a read or multiple-write request. */
function checkSpan(fn: keyof typeof MAX_QUANTITY, address: number, count: number): ParseFailure | null {
  const max = MAX_QUANTITY[fn];
  if (count < 1 || count > max) {
    return failure(`FC${fn} count must be 1-${max}, got ${count}`, EXCEPTION.illegalDataValue);
  }
  if (address + count > 0x10000) {
    return failure(
      `FC${fn} address + count must be at most 65536, got ${address + count}`,
      EXCEPTION.illegalDataAddress,
    );
  }
  return null;
}

function parseCoilValue(word: number, exception?: ExceptionCode): ParseResult<boolean> {
  if (word === COIL_ON) return ok(true);
  if (word === COIL_OFF) return ok(false);
  return failure(`FC5 value must be 0xFF00 or 0x0000, got ${hexWord(word)}`, exception);
}

export function parseRequestPdu(pdu: Uint8Array): ParseResult<ModbusRequest> {
  const fn = pdu[0];
  if (fn === undefined) return failure('empty PDU', EXCEPTION.illegalFunction);
  if (!isFunctionCode(fn))
    return failure(`unsupported function code ${hexByte(fn)}`, EXCEPTION.illegalFunction);
  if (fn === 15 || fn === 16) return parseWriteMultiple(fn, pdu);
  if (pdu.length !== 5) return lengthFailure(`FC${fn} request`, '5', pdu.length, EXCEPTION.illegalDataValue);
  const address = readU16(pdu, 1);
  const word = readU16(pdu, 3);
  if (fn === 5) {
    const value = parseCoilValue(word, EXCEPTION.illegalDataValue);
    return value.ok ? ok({ fn, address, value: value.value }) : value;
  }
  if (fn === 6) return ok({ fn, address, value: word });
  return checkSpan(fn, address, word) ?? ok({ fn, address, count: word });
}

function parseWriteMultiple(fn: 15 | 16, pdu: Uint8Array): ParseResult<ModbusRequest> {
  const bad = EXCEPTION.illegalDataValue;
  if (pdu.length < 6) return lengthFailure(`FC${fn} request`, 'at least 6', pdu.length, bad);
  const address = readU16(pdu, 1);
  const count = readU16(pdu, 3);
  const byteCount = pdu[5] ?? 0;
  if (pdu.length !== 6 + byteCount) {
    return failure(`FC${fn} request: byte count ${byteCount} but ${pdu.length - 6} data bytes`, bad);
  }
  const max = MAX_QUANTITY[fn];
  if (count < 1 || count > max) return failure(`FC${fn} count must be 1-${max}, got ${count}`, bad);
  const expected = fn === 15 ? Math.ceil(count / 8) : count * 2;
  if (byteCount !== expected) {
    return failure(`FC${fn} request: byte count ${byteCount} does not match count ${count}`, bad);
  }
  const span = checkSpan(fn, address, count);
  if (span) return span;
  if (fn === 15) return ok({ fn, address, values: unpackBits(pdu, 6, count) });
  const values: number[] = [];
  for (let i = 0; i < count; i++) values.push(readU16(pdu, 6 + i * 2));
  return ok({ fn, address, values });
}

function parseReadReply(fn: 1 | 2 | 3 | 4, pdu: Uint8Array): ParseResult<ModbusResponse> {
  if (pdu.length < 2) return lengthFailure(`FC${fn} reply`, 'at least 2', pdu.length);
  const byteCount = pdu[1] ?? 0;
  const words = fn >= 3;
  if (byteCount < 1 || byteCount > 250 || (words && byteCount % 2 !== 0)) {
    const rule = words ? 'even, 2-250' : '1-250';
    return failure(`FC${fn} reply: byte count must be ${rule}, got ${byteCount}`);
  }
  if (pdu.length !== 2 + byteCount) {
    return failure(`FC${fn} reply: byte count ${byteCount} but ${pdu.length - 2} data bytes`);
  }
  if (fn === 1 || fn === 2) return ok({ fn, values: unpackBits(pdu, 2, byteCount * 8) });
  const values: number[] = [];
  for (let i = 0; i < byteCount / 2; i++) values.push(readU16(pdu, 2 + i * 2));
  return ok({ fn, values });
}

function parseDataReply(fn: number, pdu: Uint8Array): ParseResult<ModbusResponse> {
  if (!isFunctionCode(fn)) return failure(`unsupported function code ${hexByte(fn)}`);
  if (fn !== 5 && fn !== 6 && fn !== 15 && fn !== 16) return parseReadReply(fn, pdu);
  if (pdu.length !== 5) return lengthFailure(`FC${fn} reply`, '5', pdu.length);
  const address = readU16(pdu, 1);
  const word = readU16(pdu, 3);
  if (fn === 5) {
    const value = parseCoilValue(word);
    return value.ok ? ok({ fn, address, value: value.value }) : value;
  }
  if (fn === 6) return ok({ fn, address, value: word });
  return checkSpan(fn, address, word) ?? ok({ fn, address, count: word });
}

/**
 * Parse a reply. With the request it answers, the reply must match it (function, echoed
 * address and value, number of items) and FC1/FC2 values are cut to the count asked for.
 */
export function parseResponsePdu(pdu: Uint8Array, request?: ModbusRequest): ParseResult<ModbusResponse> {
  const fn = pdu[0];
  if (fn === undefined) return failure('empty PDU');
  let parsed: ParseResult<ModbusResponse>;
  if (fn >= 0x80) {
    if (pdu.length !== 2) return lengthFailure('exception reply', '2', pdu.length);
    const exception = pdu[1] ?? 0;
    if (fn === 0x80) return failure('exception reply for function code 0');
    if (exception === 0) return failure('exception code 0 is not defined');
    parsed = ok({ fn: fn & 0x7f, exception });
  } else {
    parsed = parseDataReply(fn, pdu);
  }
  return parsed.ok && request ? matchResponse(request, parsed.value) : parsed;
}

/**
 * Check that `response` answers `request`; FC1/FC2 values come back cut to the count asked
 * for. Useful where replies are parsed before their request is known (Modbus TCP streams).
 */
export function matchResponse(request: ModbusRequest, response: ModbusResponse): ParseResult<ModbusResponse> {
  if (response.fn !== request.fn) {
    const kind = isException(response) ? 'exception reply' : 'reply';
    return failure(`FC${response.fn} ${kind} to an FC${request.fn} request`);
  }
  if (isException(response)) return ok(response);
  switch (request.fn) {
    case 1:
    case 2: {
      const { values } = response as ReadBitsResponse;
      const bytes = Math.ceil(request.count / 8);
      if (Math.ceil(values.length / 8) !== bytes) {
        return failure(`FC${request.fn} reply: ${bytes} data bytes expected for ${request.count} bits`);
      }
      return ok({ fn: request.fn, values: values.slice(0, request.count) });
    }
    case 3:
    case 4: {
      const { values } = response as ReadRegistersResponse;
      if (values.length !== request.count) {
        return failure(`FC${request.fn} reply: ${request.count} registers expected, got ${values.length}`);
      }
      return ok(response);
    }
    case 5:
    case 6: {
      const echo = response as WriteCoil | WriteRegister;
      if (echo.address !== request.address || echo.value !== request.value) {
        return failure(`FC${request.fn} reply does not echo the request`);
      }
      return ok(response);
    }
    case 15:
    case 16: {
      const echo = response as WriteMultipleResponse;
      if (echo.address !== request.address || echo.count !== request.values.length) {
        return failure(`FC${request.fn} reply does not match the request's address and count`);
      }
      return ok(response);
    }
  }
}
