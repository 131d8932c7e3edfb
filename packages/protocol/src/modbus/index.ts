/** Modbus RTU and TCP: PDUs, framing, CRC and streaming parsers (docs/protocol.md, § Modbus PDUs to § Modbus stream parsers). */
export { appendCrc, crc16, hasValidCrc } from './crc.js';
export { EXCEPTION, EXCEPTION_NAMES, exceptionName, isExceptionCode } from './exceptions.js';
export type { ExceptionCode } from './exceptions.js';
export {
  COIL_OFF,
  COIL_ON,
  encodeRequestPdu,
  encodeResponsePdu,
  FUNCTION_CODES,
  isException,
  isFunctionCode,
  MAX_PDU_LENGTH,
  MAX_QUANTITY,
} from './pdu.js';
export type {
  ExceptionResponse,
  FunctionCode,
  ModbusDataResponse,
  ModbusRequest,
  ModbusResponse,
  ReadBitsResponse,
  ReadRegistersResponse,
  ReadRequest,
  WriteCoil,
  WriteCoilsRequest,
  WriteMultipleResponse,
  WriteRegister,
  WriteRegistersRequest,
} from './pdu.js';
export { matchResponse, parseRequestPdu, parseResponsePdu } from './parse.js';
export type { ParseFailure, ParseResult } from './parse.js';
export {
  decodeRtuRequest,
  decodeRtuResponse,
  encodeRtuRequest,
  encodeRtuResponse,
  expectedRtuLength,
  RTU_MAX_LENGTH,
} from './rtu.js';
export type { Direction, FrameLength, RtuDecoded } from './rtu.js';
export {
  decodeTcpRequest,
  decodeTcpResponse,
  encodeTcpRequest,
  encodeTcpResponse,
  expectedTcpLength,
  MBAP_HEADER_LENGTH,
  MBAP_MAX_LENGTH,
  MBAP_MIN_LENGTH,
} from './tcp.js';
export type { MbapHeader, TcpDecoded } from './tcp.js';
export { DEFAULT_MAX_BUFFER, RtuStreamParser, TcpStreamParser } from './stream.js';
export type {
  PduOf,
  RejectedFrame,
  ResponseHint,
  RtuFrame,
  RtuStreamOptions,
  TcpFrame,
  TcpStreamOptions,
} from './stream.js';
