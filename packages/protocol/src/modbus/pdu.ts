/**
 * The protocol data unit (function code and data) shared by RTU and TCP framing, as typed
 * requests and responses, and its encoders. Encoders throw a RangeError on values outside
 * the Modbus bounds: building such a message is a programming error, not a wire event.
 */
import { writeU16 } from '../bytes.js';
import { packBits } from './bits.js';

export const FUNCTION_CODES = [1, 2, 3, 4, 5, 6, 15, 16] as const;
export type FunctionCode = (typeof FUNCTION_CODES)[number];

export function isFunctionCode(value: number): value is FunctionCode {
  return (FUNCTION_CODES as readonly number[]).includes(value);
}

/** The most items one message may carry, so that every frame fits a 253-byte PDU. */
export const MAX_QUANTITY = { 1: 2000, 2: 2000, 3: 125, 4: 125, 15: 1968, 16: 123 } as const;

/** FC5 sends a coil state as one of these two words; any other word is invalid. */
export const COIL_ON = 0xff00;
export const COIL_OFF = 0x0000;

/** The largest PDU: 256-byte RTU frame less slave address and CRC. */
export const MAX_PDU_LENGTH = 253;

/** FC1 read coils, FC2 read discrete inputs, FC3 read holding registers, FC4 read input registers. */
export interface ReadRequest {
  readonly fn: 1 | 2 | 3 | 4;
  readonly address: number;
  readonly count: number;
}

/** FC5 write single coil; the response echoes the request. */
export interface WriteCoil {
  readonly fn: 5;
  readonly address: number;
  readonly value: boolean;
}

/** FC6 write single register; the response echoes the request. */
export interface WriteRegister {
  readonly fn: 6;
  readonly address: number;
  readonly value: number;
}

/** FC15 write multiple coils. */
export interface WriteCoilsRequest {
  readonly fn: 15;
  readonly address: number;
  readonly values: readonly boolean[];
}

/** FC16 write multiple registers. */
export interface WriteRegistersRequest {
  readonly fn: 16;
  readonly address: number;
  readonly values: readonly number[];
}

export type ModbusRequest =
  ReadRequest | WriteCoil | WriteRegister | WriteCoilsRequest | WriteRegistersRequest;

/**
 * FC1/FC2 reply. The wire carries whole bytes, not the count asked for, so a reply parsed
 * without its request holds 8 values per data byte (padding included); parsed with its
 * request it holds exactly `count` values.
 */
export interface ReadBitsResponse {
  readonly fn: 1 | 2;
  readonly values: readonly boolean[];
}

export interface ReadRegistersResponse {
  readonly fn: 3 | 4;
  readonly values: readonly number[];
}

export interface WriteMultipleResponse {
  readonly fn: 15 | 16;
  readonly address: number;
  readonly count: number;
}

/**
 * An exception reply: `fn` is the request's function code (the wire byte less 0x80) and
 * `exception` the code, 1-255 (see EXCEPTION for the defined ones). Tell it apart from
 * data replies with isException() before narrowing on `fn`.
 */
export interface ExceptionResponse {
  readonly fn: number;
  readonly exception: number;
}

export type ModbusDataResponse =
  ReadBitsResponse | ReadRegistersResponse | WriteCoil | WriteRegister | WriteMultipleResponse;

export type ModbusResponse = ModbusDataResponse | ExceptionResponse;

export function isException(response: ModbusResponse): response is ExceptionResponse {
  return 'exception' in response;
}

function fail(fn: unknown, message: string): never {
  throw new RangeError(`Modbus FC${String(fn)}: ${message}`);
}

function checkInt(fn: number, name: string, value: unknown, min: number, max: number): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    fail(fn, `${name} must be an integer ${min}-${max}, got ${String(value)}`);
  }
}

function checkSpan(fn: keyof typeof MAX_QUANTITY, address: number, count: number): void {
  checkInt(fn, 'address', address, 0, 0xffff);
  checkInt(fn, 'count', count, 1, MAX_QUANTITY[fn]);
  if (address + count > 0x10000) fail(fn, `address + count must be at most 65536, got ${address + count}`);
}

function checkBoolean(fn: number, name: string, value: unknown): void {
  if (typeof value !== 'boolean') fail(fn, `${name} must be a boolean, got ${String(value)}`);
}

function checkBooleans(fn: number, values: readonly unknown[]): void {
  values.forEach((v, i) => checkBoolean(fn, `values[${i}]`, v));
}

function checkWords(fn: number, values: readonly unknown[]): void {
  values.forEach((v, i) => checkInt(fn, `values[${i}]`, v, 0, 0xffff));
}

/** Function code followed by two 16-bit words: the shape of most requests and echoes. */
function twoWords(fn: number, first: number, second: number): Uint8Array {
  const out = new Uint8Array(5);
  out[0] = fn;
  writeU16(out, 1, first);
  writeU16(out, 3, second);
  return out;
}

function withByteCount(head: Uint8Array, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(head.length + 1 + data.length);
  out.set(head);
  out[head.length] = data.length;
  out.set(data, head.length + 1);
  return out;
}

function wordsToBytes(values: readonly number[]): Uint8Array {
  const out = new Uint8Array(values.length * 2);
  values.forEach((v, i) => writeU16(out, i * 2, v));
  return out;
}

function encodeSingle(pdu: WriteCoil | WriteRegister): Uint8Array {
  checkInt(pdu.fn, 'address', pdu.address, 0, 0xffff);
  if (pdu.fn === 5) {
    checkBoolean(5, 'value', pdu.value);
    return twoWords(5, pdu.address, pdu.value ? COIL_ON : COIL_OFF);
  }
  checkInt(6, 'value', pdu.value, 0, 0xffff);
  return twoWords(6, pdu.address, pdu.value);
}

export function encodeRequestPdu(request: ModbusRequest): Uint8Array {
  switch (request.fn) {
    case 1:
    case 2:
    case 3:
    case 4:
      checkSpan(request.fn, request.address, request.count);
      return twoWords(request.fn, request.address, request.count);
    case 5:
    case 6:
      return encodeSingle(request);
    case 15:
      checkSpan(15, request.address, request.values.length);
      checkBooleans(15, request.values);
      return withByteCount(twoWords(15, request.address, request.values.length), packBits(request.values));
    case 16:
      checkSpan(16, request.address, request.values.length);
      checkWords(16, request.values);
      return withByteCount(
        twoWords(16, request.address, request.values.length),
        wordsToBytes(request.values),
      );
    default:
      return fail((request as { fn: unknown }).fn, 'unsupported function code');
  }
}

export function encodeResponsePdu(response: ModbusResponse): Uint8Array {
  if (isException(response)) {
    checkInt(response.fn, 'exception function code', response.fn, 1, 0x7f);
    checkInt(response.fn, 'exception code', response.exception, 1, 0xff);
    return Uint8Array.of(response.fn | 0x80, response.exception);
  }
  switch (response.fn) {
    case 1:
    case 2:
      checkInt(response.fn, 'count', response.values.length, 1, MAX_QUANTITY[response.fn]);
      checkBooleans(response.fn, response.values);
      return withByteCount(Uint8Array.of(response.fn), packBits(response.values));
    case 3:
    case 4:
      checkInt(response.fn, 'count', response.values.length, 1, MAX_QUANTITY[response.fn]);
      checkWords(response.fn, response.values);
      return withByteCount(Uint8Array.of(response.fn), wordsToBytes(response.values));
    case 5:
    case 6:
      return encodeSingle(response);
    case 15:
    case 16:
      checkSpan(response.fn, response.address, response.count);
      return twoWords(response.fn, response.address, response.count);
    default:
      return fail((response as { fn: unknown }).fn, 'unsupported function code');
  }
}
