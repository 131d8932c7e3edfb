// docs/protocol.md § Modbus TCP frame (MBAP): transaction id, protocol id 0, length, unit id, PDU.
// Vectors are written one field a string, in hex.
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../bytes.js';
import type { ModbusRequest, ModbusResponse } from './pdu.js';
import {
  decodeTcpRequest,
  decodeTcpResponse,
  encodeTcpRequest,
  encodeTcpResponse,
  expectedTcpLength,
} from './tcp.js';
import type { MbapHeader } from './tcp.js';

const hex = (...fields: string[]): number[] => [...fromHex(fields.join(''))!];
const coils = (s: string): boolean[] => [...s.replace(/\s/g, '')].map((c) => c === '1');

function requestVector(
  name: string,
  header: MbapHeader,
  request: ModbusRequest,
  bytes: readonly number[],
): void {
  it(`FC${request.fn} request: ${name}`, () => {
    const frame = Uint8Array.from(bytes);
    expect(toHex(encodeTcpRequest(header, request))).toBe(toHex(frame));
    expect(decodeTcpRequest(frame)).toEqual({ ok: true, ...header, pdu: request });
    expect(expectedTcpLength(frame)).toBe(frame.length);
  });
}

function responseVector(
  name: string,
  header: MbapHeader,
  response: ModbusResponse,
  bytes: readonly number[],
  request?: ModbusRequest,
): void {
  it(`FC${response.fn} reply: ${name}`, () => {
    const frame = Uint8Array.from(bytes);
    expect(toHex(encodeTcpResponse(header, response))).toBe(toHex(frame));
    expect(decodeTcpResponse(frame, request)).toEqual({ ok: true, ...header, pdu: response });
    expect(expectedTcpLength(frame)).toBe(frame.length);
  });
}

describe('MBAP requests', () => {
  requestVector(
    '4 coils from 0',
    { transaction: 1, unit: 254 },
    { fn: 1, address: 0, count: 4 },
    hex(
      '0001', // transaction 1
      '0000', // protocol 0
      '0006', // length: unit + 5-byte PDU
      'FE', // unit 254
      '01', // function: read coils
      '0000', // address 0
      '0004', // count 4
    ),
  );
  requestVector(
    '2000 inputs, transaction 65535 and unit 255 (the bounds)',
    { transaction: 65535, unit: 255 },
    { fn: 2, address: 0, count: 2000 },
    hex(
      'FFFF', // transaction 65535
      '0000', // protocol 0
      '0006', // length 6
      'FF', // unit 255
      '02', // function: read discrete inputs
      '0000', // address 0
      '07D0', // count 2000
    ),
  );
  requestVector(
    '3 holding registers from 107, transaction 0, unit 0',
    { transaction: 0, unit: 0 },
    { fn: 3, address: 107, count: 3 },
    hex(
      '0000', // transaction 0
      '0000', // protocol 0
      '0006', // length 6
      '00', // unit 0
      '03', // function: read holding registers
      '006B', // address 107
      '0003', // count 3
    ),
  );
  requestVector(
    '125 input registers',
    { transaction: 0x1234, unit: 1 },
    { fn: 4, address: 0, count: 125 },
    hex('1234', '0000', '0006', '01', '04', '0000', '007D'), // transaction, protocol, length, unit, FC4, address, count
  );
  requestVector(
    'coil 172 on',
    { transaction: 2, unit: 17 },
    { fn: 5, address: 172, value: true },
    hex(
      '0002', // transaction 2
      '0000', // protocol 0
      '0006', // length 6
      '11', // unit 17
      '05', // function: write single coil
      '00AC', // address 172
      'FF00', // on
    ),
  );
  requestVector(
    'register 1 = 3',
    { transaction: 3, unit: 17 },
    { fn: 6, address: 1, value: 3 },
    hex('0003', '0000', '0006', '11', '06', '0001', '0003'), // transaction, protocol, length, unit, FC6, address, value
  );
  requestVector(
    '10 coils from 19',
    { transaction: 4, unit: 17 },
    { fn: 15, address: 19, values: coils('1011001110') },
    hex(
      '0004', // transaction 4
      '0000', // protocol 0
      '0009', // length: unit + 8-byte PDU
      '11', // unit 17
      '0F', // function: write multiple coils
      '0013', // address 19
      '000A', // count 10
      '02', // byte count
      'CD01', // coils
    ),
  );
  requestVector(
    '2 registers from 1',
    { transaction: 5, unit: 17 },
    { fn: 16, address: 1, values: [10, 258] },
    hex(
      '0005', // transaction 5
      '0000', // protocol 0
      '000B', // length: unit + 10-byte PDU
      '11', // unit 17
      '10', // function: write multiple registers
      '0001', // address 1
      '0002', // count 2
      '04', // byte count
      '000A0102', // registers
    ),
  );
  requestVector(
    '123 registers, the longest request (length 253)',
    { transaction: 6, unit: 1 },
    { fn: 16, address: 0, values: Array.from({ length: 123 }, () => 0xffff) },
    hex(
      '0006', // transaction 6
      '0000', // protocol 0
      '00FD', // length 253: unit + 252-byte PDU
      '01', // unit 1
      '10', // function
      '0000', // address 0
      '007B', // count 123
      'F6', // byte count 246
      'FFFF'.repeat(123), // registers
    ),
  );
});

describe('MBAP replies', () => {
  responseVector(
    '37 coils',
    { transaction: 7, unit: 17 },
    { fn: 1, values: coils('10110011 11010110 01001101 01110000 11011') },
    hex(
      '0007', // transaction 7
      '0000', // protocol 0
      '0008', // length: unit + 7-byte PDU
      '11', // unit 17
      '01', // function
      '05', // byte count
      'CD6BB20E1B', // coils 19-55
    ),
    { fn: 1, address: 19, count: 37 },
  );
  responseVector(
    '8 inputs, parsed without the request',
    { transaction: 8, unit: 1 },
    { fn: 2, values: coils('10000001') },
    hex('0008', '0000', '0004', '01', '02', '01', '81'), // transaction, protocol, length, unit, FC2, byte count, inputs
  );
  responseVector(
    '3 holding registers',
    { transaction: 9, unit: 17 },
    { fn: 3, values: [0x022b, 0, 100] },
    hex(
      '0009', // transaction 9
      '0000', // protocol 0
      '0009', // length: unit + 8-byte PDU
      '11', // unit 17
      '03', // function
      '06', // byte count
      '022B00000064', // registers
    ),
  );
  responseVector(
    '125 input registers, the longest reply (length 253)',
    { transaction: 10, unit: 1 },
    { fn: 4, values: Array.from({ length: 125 }, () => 1) },
    hex(
      '000A', // transaction 10
      '0000', // protocol 0
      '00FD', // length 253: unit + 252-byte PDU
      '01', // unit 1
      '04', // function
      'FA', // byte count 250
      '0001'.repeat(125), // registers
    ),
  );
  responseVector(
    'coil 172 on, echoed',
    { transaction: 2, unit: 17 },
    { fn: 5, address: 172, value: true },
    hex('0002', '0000', '0006', '11', '05', '00AC', 'FF00'), // transaction, protocol, length, unit, FC5, address, on
  );
  responseVector(
    'register 1 = 3, echoed',
    { transaction: 3, unit: 17 },
    { fn: 6, address: 1, value: 3 },
    hex('0003', '0000', '0006', '11', '06', '0001', '0003'), // transaction, protocol, length, unit, FC6, address, value
  );
  responseVector(
    '10 coils written',
    { transaction: 4, unit: 17 },
    { fn: 15, address: 19, count: 10 },
    hex(
      '0004', // transaction 4
      '0000', // protocol 0
      '0006', // length 6
      '11', // unit 17
      '0F', // function
      '0013', // address 19
      '000A', // count 10
    ),
  );
  responseVector(
    '2 registers written',
    { transaction: 5, unit: 17 },
    { fn: 16, address: 1, count: 2 },
    hex('0005', '0000', '0006', '11', '10', '0001', '0002'), // transaction, protocol, length, unit, FC16, address, count
  );
  responseVector(
    'exception: gateway target failed to respond',
    { transaction: 11, unit: 3 },
    { fn: 3, exception: 11 },
    hex(
      '000B', // transaction 11
      '0000', // protocol 0
      '0003', // length: unit + 2-byte PDU
      '03', // unit 3
      '83', // function 3 | 0x80
      '0B', // exception code 11
    ),
  );
  responseVector(
    'exception: illegal function, to FC43',
    { transaction: 12, unit: 1 },
    { fn: 43, exception: 1 },
    hex('000C', '0000', '0003', '01', 'AB', '01'), // transaction, protocol, length, unit, 43 | 0x80, illegal function
  );
});

describe('MBAP decode failures', () => {
  it.each([
    ['fewer than 8 bytes', '0001 0000 0001 01', /at least 8 bytes expected, got 7/],
    ['protocol id 1', '0001 0001 0006 01 03 0000 0001', /protocol id must be 0, got 1/],
    ['length 7 for a 6-byte rest', '0001 0000 0007 01 03 0000 0001', /length 7 does not fit a 12-byte frame/],
    ['length 5 for a 6-byte rest', '0001 0000 0005 01 03 0000 0001', /length 5/],
  ])('%s', (_name, bytes, error) => {
    const decoded = decodeTcpRequest(fromHex(bytes)!);
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.error).toMatch(error);
  });
  it('a bad PDU keeps the header and the exception code for the server to send', () => {
    expect(decodeTcpRequest(fromHex('0001 0000 0006 11 03 0000 007E')!)).toEqual({
      ok: false,
      transaction: 1,
      unit: 17,
      error: 'FC3 count must be 1-125, got 126',
      exception: 3,
    });
    expect(decodeTcpRequest(fromHex('0001 0000 0002 11 2B')!)).toMatchObject({ ok: false, exception: 1 });
  });
  it('a reply that does not answer the request', () => {
    const decoded = decodeTcpResponse(fromHex('0001 0000 0006 11 06 0001 0004')!, {
      fn: 6,
      address: 1,
      value: 3,
    });
    expect(decoded).toMatchObject({
      ok: false,
      transaction: 1,
      unit: 17,
      error: 'FC6 reply does not echo the request',
    });
  });
});

describe('MBAP encode rejects header fields out of range', () => {
  it.each([
    [{ transaction: -1, unit: 1 }, /transaction id must be an integer 0-65535, got -1/],
    [{ transaction: 65536, unit: 1 }, /got 65536/],
    [{ transaction: 1, unit: 256 }, /unit id must be an integer 0-255, got 256/],
    [{ transaction: 1, unit: 0.5 }, /got 0.5/],
  ])('%o', (header, error) => {
    expect(() => encodeTcpRequest(header, { fn: 3, address: 0, count: 1 })).toThrow(RangeError);
    expect(() => encodeTcpResponse(header, { fn: 3, values: [0] })).toThrow(error);
  });
});

describe('expectedTcpLength', () => {
  it.each<[string, string, number | 'need-more' | 'invalid']>([
    ['nothing yet', '', 'need-more'],
    ['before the protocol id', '0001 00', 'need-more'],
    ['protocol id 0, before the length', '0001 0000 00', 'need-more'],
    ['protocol id 1 is invalid at once', '0001 0001', 'invalid'],
    ['protocol id 0xFFFF', 'FFFF FFFF', 'invalid'],
    ['length 6', '0001 0000 0006', 12],
    ['length 2, the least', '0001 0000 0002', 8],
    ['length 1, one under', '0001 0000 0001', 'invalid'],
    ['length 254, the most', '0001 0000 00FE', 260],
    ['length 255, one past', '0001 0000 00FF', 'invalid'],
    ['length 0', '0001 0000 0000', 'invalid'],
  ])('%s', (_name, bytes, expected) => {
    expect(expectedTcpLength(fromHex(bytes)!)).toBe(expected);
  });
});
