// docs/protocol.md § Modbus RTU frame: slave address, PDU, CRC low byte first; the length rules.
// Vectors are written one field a string, in hex; CRCs were checked with a separate bit-by-bit program.
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../bytes.js';
import type { ModbusRequest, ModbusResponse } from './pdu.js';
import {
  decodeRtuRequest,
  decodeRtuResponse,
  encodeRtuRequest,
  encodeRtuResponse,
  expectedRtuLength,
} from './rtu.js';
import type { Direction } from './rtu.js';

const hex = (...fields: string[]): number[] => [...fromHex(fields.join(''))!];
const coils = (s: string): boolean[] => [...s.replace(/\s/g, '')].map((c) => c === '1');

function requestVector(name: string, slave: number, request: ModbusRequest, bytes: readonly number[]): void {
  it(`FC${request.fn} request: ${name}`, () => {
    const frame = Uint8Array.from(bytes);
    expect(toHex(encodeRtuRequest(slave, request))).toBe(toHex(frame));
    expect(decodeRtuRequest(frame)).toEqual({ ok: true, slave, pdu: request });
    expect(expectedRtuLength(frame, 'request')).toBe(frame.length);
  });
}

function responseVector(
  name: string,
  slave: number,
  response: ModbusResponse,
  bytes: readonly number[],
  request?: ModbusRequest,
): void {
  it(`FC${response.fn} reply: ${name}`, () => {
    const frame = Uint8Array.from(bytes);
    expect(toHex(encodeRtuResponse(slave, response))).toBe(toHex(frame));
    expect(decodeRtuResponse(frame, request)).toEqual({ ok: true, slave, pdu: response });
    expect(expectedRtuLength(frame, 'response')).toBe(frame.length);
  });
}

describe('RTU requests', () => {
  requestVector(
    'equipment default slave 254, 4 coils from 0',
    254,
    { fn: 1, address: 0, count: 4 },
    hex(
      'FE', // slave 254
      '01', // function: read coils
      '0000', // address 0
      '0004', // count 4
      '29C6', // CRC, low byte first
    ),
  );
  requestVector(
    '37 coils from 19',
    0x11,
    { fn: 1, address: 19, count: 37 },
    hex(
      '11', // slave 17
      '01', // function
      '0013', // address 19
      '0025', // count 37
      '0E84', // CRC
    ),
  );
  requestVector(
    'count 2000, the bound',
    1,
    { fn: 1, address: 0, count: 2000 },
    hex(
      '01', // slave 1
      '01', // function
      '0000', // address 0
      '07D0', // count 2000
      '3FA6', // CRC
    ),
  );
  requestVector(
    '22 inputs from 196',
    1,
    { fn: 2, address: 196, count: 22 },
    hex(
      '01', // slave 1
      '02', // function: read discrete inputs
      '00C4', // address 196
      '0016', // count 22
      'B839', // CRC
    ),
  );
  requestVector(
    '3 holding registers from 107',
    0x11,
    { fn: 3, address: 107, count: 3 },
    hex(
      '11', // slave 17
      '03', // function: read holding registers
      '006B', // address 107
      '0003', // count 3
      '7687', // CRC
    ),
  );
  requestVector(
    '125 registers from slave 247, both bounds',
    247,
    { fn: 3, address: 0, count: 125 },
    hex(
      'F7', // slave 247, the last unicast address
      '03', // function
      '0000', // address 0
      '007D', // count 125
      '917D', // CRC
    ),
  );
  requestVector(
    '1 register from slave 255 (past the standard range, accepted)',
    255,
    { fn: 3, address: 0, count: 1 },
    hex(
      'FF', // slave 255
      '03', // function
      '0000', // address 0
      '0001', // count 1
      '91D4', // CRC
    ),
  );
  requestVector(
    '1 input register',
    1,
    { fn: 4, address: 0, count: 1 },
    hex(
      '01', // slave 1
      '04', // function: read input registers
      '0000', // address 0
      '0001', // count 1
      '31CA', // CRC
    ),
  );
  requestVector(
    'coil 172 on',
    0x11,
    { fn: 5, address: 172, value: true },
    hex(
      '11', // slave 17
      '05', // function: write single coil
      '00AC', // address 172
      'FF00', // on
      '4E8B', // CRC
    ),
  );
  requestVector(
    'register 1 = 3',
    0x11,
    { fn: 6, address: 1, value: 3 },
    hex(
      '11', // slave 17
      '06', // function: write single register
      '0001', // address 1
      '0003', // value 3
      '9A9B', // CRC
    ),
  );
  requestVector(
    'broadcast (slave 0) register 1 = 3',
    0,
    { fn: 6, address: 1, value: 3 },
    hex(
      '00', // slave 0: broadcast
      '06', // function
      '0001', // address 1
      '0003', // value 3
      '99DA', // CRC
    ),
  );
  requestVector(
    '10 coils from 19',
    0x11,
    { fn: 15, address: 19, values: coils('1011001110') },
    hex(
      '11', // slave 17
      '0F', // function: write multiple coils
      '0013', // address 19
      '000A', // count 10
      '02', // byte count
      'CD01', // coils 19-26, 27-28
      'BF0B', // CRC
    ),
  );
  requestVector(
    '2 registers from 1',
    0x11,
    { fn: 16, address: 1, values: [10, 258] },
    hex(
      '11', // slave 17
      '10', // function: write multiple registers
      '0001', // address 1
      '0002', // count 2
      '04', // byte count
      '000A', // register 1
      '0102', // register 2
      'C6F0', // CRC
    ),
  );
});

describe('RTU replies', () => {
  responseVector(
    '37 coils',
    0x11,
    { fn: 1, values: coils('10110011 11010110 01001101 01110000 11011') },
    hex(
      '11', // slave 17
      '01', // function
      '05', // byte count
      'CD6BB20E1B', // coils 19-55, bit 0 of the first byte = coil 19
      '45E6', // CRC
    ),
    { fn: 1, address: 19, count: 37 },
  );
  responseVector(
    '22 inputs',
    1,
    { fn: 2, values: coils('00110101 11011011 101011') },
    hex(
      '01', // slave 1
      '02', // function
      '03', // byte count
      'ACDB35', // inputs 196-217
      '2288', // CRC
    ),
    { fn: 2, address: 196, count: 22 },
  );
  responseVector(
    '3 holding registers',
    0x11,
    { fn: 3, values: [0x022b, 0, 100] },
    hex(
      '11', // slave 17
      '03', // function
      '06', // byte count
      '022B', // register 107
      '0000', // register 108
      '0064', // register 109
      'C8BA', // CRC
    ),
  );
  responseVector(
    '125 registers, the bound: the longest reply, 255 bytes',
    254,
    { fn: 3, values: Array.from({ length: 125 }, () => 0xbeef) },
    hex(
      'FE', // slave 254
      '03', // function
      'FA', // byte count 250
      'BEEF'.repeat(125), // registers
      'D8DB', // CRC
    ),
  );
  responseVector(
    '1 input register',
    1,
    { fn: 4, values: [10] },
    hex(
      '01', // slave 1
      '04', // function
      '02', // byte count
      '000A', // register: 10
      '3937', // CRC
    ),
  );
  responseVector(
    'coil 172 on, echoed',
    0x11,
    { fn: 5, address: 172, value: true },
    hex('11', '05', '00AC', 'FF00', '4E8B'), // slave 17, function, address 172, on, CRC
  );
  responseVector(
    'register 1 = 3, echoed',
    0x11,
    { fn: 6, address: 1, value: 3 },
    hex('11', '06', '0001', '0003', '9A9B'), // slave 17, function, address 1, value 3, CRC
  );
  responseVector(
    '10 coils written',
    0x11,
    { fn: 15, address: 19, count: 10 },
    hex(
      '11', // slave 17
      '0F', // function
      '0013', // address 19
      '000A', // count 10
      '2699', // CRC
    ),
  );
  responseVector(
    '2 registers written',
    0x11,
    { fn: 16, address: 1, count: 2 },
    hex(
      '11', // slave 17
      '10', // function
      '0001', // address 1
      '0002', // count 2
      '1298', // CRC
    ),
  );
  responseVector(
    'exception: illegal data address',
    10,
    { fn: 1, exception: 2 },
    hex(
      '0A', // slave 10
      '81', // function 1 | 0x80
      '02', // exception code: illegal data address
      'B053', // CRC
    ),
  );
  responseVector(
    'exception from the equipment default slave',
    254,
    { fn: 3, exception: 2 },
    hex(
      'FE', // slave 254
      '83', // function 3 | 0x80
      '02', // illegal data address
      'F0C1', // CRC
    ),
    { fn: 3, address: 9000, count: 10 },
  );
  responseVector(
    'exception: illegal function',
    0x11,
    { fn: 3, exception: 1 },
    hex('11', '83', '01', '8135'), // slave 17, function 3 | 0x80, illegal function, CRC
  );
});

describe('RTU decode failures', () => {
  it('a wrong CRC', () => {
    expect(decodeRtuRequest(Uint8Array.from(hex('11', '03', '006B', '0003', '7688')))).toEqual({
      ok: false,
      error: 'RTU frame: CRC 0x76 0x88 does not match 0x76 0x87',
    });
  });
  it('fewer than 4 bytes', () => {
    const decoded = decodeRtuResponse(Uint8Array.from(hex('11', '83', '01')));
    expect(decoded).toEqual({ ok: false, error: 'RTU frame: at least 4 bytes expected, got 3' });
  });
  it('count 126 with a good CRC: exception 3 for the slave to send', () => {
    expect(decodeRtuRequest(Uint8Array.from(hex('F7', '03', '0000', '007E', 'D17C')))).toEqual({
      ok: false,
      slave: 247,
      error: 'FC3 count must be 1-125, got 126',
      exception: 3,
    });
  });
  it('count 2001 with a good CRC', () => {
    const decoded = decodeRtuRequest(Uint8Array.from(hex('01', '01', '0000', '07D1', 'FE66')));
    expect(decoded).toMatchObject({ ok: false, slave: 1, exception: 3 });
  });
  it('FC5 value 0x1234 with a good CRC', () => {
    const decoded = decodeRtuRequest(Uint8Array.from(hex('11', '05', '00AC', '1234', '020C')));
    expect(decoded).toMatchObject({
      ok: false,
      slave: 17,
      exception: 3,
      error: expect.stringMatching(/0x1234/),
    });
  });
  it('an unsupported function with a good CRC: exception 1', () => {
    const decoded = decodeRtuRequest(Uint8Array.from(hex('11', '07', '4C22')));
    expect(decoded).toMatchObject({ ok: false, slave: 17, exception: 1 });
  });
  it('a reply that does not answer the request', () => {
    const decoded = decodeRtuResponse(Uint8Array.from(hex('11', '03', '06', '022B00000064', 'C8BA')), {
      fn: 3,
      address: 107,
      count: 4,
    });
    expect(decoded).toEqual({ ok: false, slave: 17, error: 'FC3 reply: 4 registers expected, got 3' });
  });
});

describe('RTU encode rejects a slave address outside 0-255', () => {
  it.each([-1, 256, 1.5, Number.NaN])('slave %s', (slave) => {
    expect(() => encodeRtuRequest(slave, { fn: 3, address: 0, count: 1 })).toThrow(RangeError);
    expect(() => encodeRtuResponse(slave, { fn: 3, values: [1] })).toThrow(
      /slave address must be an integer 0-255/,
    );
  });
});

describe('expectedRtuLength', () => {
  it.each<[string, Direction, string, number | 'need-more' | 'invalid']>([
    ['nothing yet', 'request', '', 'need-more'],
    ['slave only', 'response', '11', 'need-more'],
    ['FC1-FC6 requests: 8', 'request', '11 03', 8],
    ['FC6 request', 'request', '11 06', 8],
    ['FC15 request before its byte count', 'request', '11 0F 0013 000A', 'need-more'],
    ['FC16 request, byte count 4', 'request', '11 10 0001 0002 04', 13],
    ['FC16 request, byte count 246: 255 bytes', 'request', '11 10 0000 007B F6', 255],
    ['FC16 request, byte count 247', 'request', '11 10 0000 007B F7', 'invalid'],
    ['FC15 request, byte count 0: framed, then rejected', 'request', '11 0F 0000 0000 00', 9],
    ['function 0', 'request', '11 00', 'invalid'],
    ['FC7', 'request', '11 07', 'invalid'],
    ['FC17', 'request', '11 11', 'invalid'],
    ['an exception is not a request', 'request', '11 83', 'invalid'],
    ['FC3 reply before its byte count', 'response', '11 03', 'need-more'],
    ['FC3 reply, byte count 6', 'response', '11 03 06', 11],
    ['FC1 reply, byte count 250: 255 bytes', 'response', '11 01 FA', 255],
    ['FC4 reply, byte count 251', 'response', '11 04 FB', 'invalid'],
    ['FC5, FC6, FC15, FC16 replies: 8', 'response', '11 0F', 8],
    ['FC16 reply', 'response', '11 10', 8],
    ['exception reply: 5', 'response', '11 83', 5],
    ['exception reply to FC16', 'response', '11 90', 5],
    ['exception reply to FC7', 'response', '11 87', 'invalid'],
    ['exception reply to function 0', 'response', '11 80', 'invalid'],
    ['FC7 reply', 'response', '11 07', 'invalid'],
  ])('%s', (_name, direction, bytes, expected) => {
    expect(expectedRtuLength(fromHex(bytes)!, direction)).toBe(expected);
  });
});
