// docs/protocol.md § Modbus PDUs, § Modbus FC1, FC2 … § Modbus FC15, FC16 and § Modbus exception replies:
// each function code's request and reply layout, its bounds and the exception code a server answers a bad
// request with. Vectors are written one field a string, in hex.
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../bytes.js';
import type { ExceptionCode } from './exceptions.js';
import { matchResponse, parseRequestPdu, parseResponsePdu } from './parse.js';
import { encodeRequestPdu, encodeResponsePdu, isException } from './pdu.js';
import type { ModbusRequest, ModbusResponse } from './pdu.js';

/** Bytes from hex fields (spaces ignored), one field an argument so each can carry its comment. */
const hex = (...fields: string[]): number[] => [...fromHex(fields.join(''))!];
const repeat = (field: string, times: number): string => field.repeat(times);
/** Coil states written in item order, first item first: '1011' = on, off, on, on. */
const coils = (s: string): boolean[] => [...s.replace(/\s/g, '')].map((c) => c === '1');

function requestVector(name: string, request: ModbusRequest, bytes: readonly number[]): void {
  it(`FC${request.fn} request: ${name}`, () => {
    expect(toHex(encodeRequestPdu(request))).toBe(toHex(Uint8Array.from(bytes)));
    expect(parseRequestPdu(Uint8Array.from(bytes))).toEqual({ ok: true, value: request });
  });
}

function responseVector(
  name: string,
  response: ModbusResponse,
  bytes: readonly number[],
  request?: ModbusRequest,
): void {
  it(`FC${response.fn} reply: ${name}`, () => {
    expect(toHex(encodeResponsePdu(response))).toBe(toHex(Uint8Array.from(bytes)));
    expect(parseResponsePdu(Uint8Array.from(bytes), request)).toEqual({ ok: true, value: response });
  });
}

function rejectsRequest(
  name: string,
  bytes: readonly number[],
  exception: ExceptionCode,
  error: RegExp,
): void {
  it(`rejects request ${name} (exception ${exception})`, () => {
    const parsed = parseRequestPdu(Uint8Array.from(bytes));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.exception).toBe(exception);
    expect(parsed.error).toMatch(error);
  });
}

function rejectsResponse(
  name: string,
  bytes: readonly number[],
  error: RegExp,
  request?: ModbusRequest,
): void {
  it(`rejects reply ${name}`, () => {
    const parsed = parseResponsePdu(Uint8Array.from(bytes), request);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(error);
  });
}

describe('FC1 read coils / FC2 read discrete inputs', () => {
  const read37 = { fn: 1, address: 19, count: 37 } as const;
  requestVector(
    '37 coils from 19 (serial-line guide example)',
    read37,
    hex(
      '01', // function: read coils
      '0013', // address 19
      '0025', // count 37
    ),
  );
  requestVector(
    'count 2000, the bound',
    { fn: 1, address: 0, count: 2000 },
    hex(
      '01', // function
      '0000', // address 0
      '07D0', // count 2000
    ),
  );
  requestVector(
    'address 63536 + count 2000 = 65536, the last span',
    { fn: 2, address: 63536, count: 2000 },
    hex(
      '02', // function: read discrete inputs
      'F830', // address 63536
      '07D0', // count 2000
    ),
  );
  requestVector(
    'address 65535, count 1',
    { fn: 2, address: 65535, count: 1 },
    hex(
      '02', // function
      'FFFF', // address 65535
      '0001', // count 1
    ),
  );
  rejectsRequest('FC1 count 2001, one past', hex('01', '0000', '07D1'), 3, /count must be 1-2000, got 2001/);
  rejectsRequest('FC2 count 0', hex('02', '0000', '0000'), 3, /count must be 1-2000, got 0/);
  rejectsRequest('FC1 address 63537 + count 2000', hex('01', 'F831', '07D0'), 2, /65536, got 65537/);
  rejectsRequest('FC2 address 65535 + count 2', hex('02', 'FFFF', '0002'), 2, /65536, got 65537/);

  responseVector(
    '37 coils (serial-line guide example), cut to the count asked for',
    { fn: 1, values: coils('10110011 11010110 01001101 01110000 11011') },
    hex(
      '01', // function
      '05', // byte count
      'CD', // coils 19-26, bit 0 = coil 19
      '6B', // coils 27-34
      'B2', // coils 35-42
      '0E', // coils 43-50
      '1B', // coils 51-55 in bits 0-4; bits 5-7 padding 0
    ),
    read37,
  );
  responseVector(
    'without the request every bit of each byte is a value',
    { fn: 2, values: coils('00110101 11011011 10101100') },
    hex(
      '02', // function
      '03', // byte count
      'AC', // inputs 196-203
      'DB', // inputs 204-211
      '35', // inputs 212-217 in bits 0-5, padding bits 6-7 are 0
    ),
  );
  responseVector(
    '2000 inputs in 250 bytes, the bound',
    { fn: 2, values: Array.from({ length: 2000 }, (_, i) => i % 2 === 0) },
    hex(
      '02', // function
      'FA', // byte count 250
      repeat('55', 250), // 0x55: even-numbered items on
    ),
    { fn: 2, address: 0, count: 2000 },
  );
  rejectsResponse('FC1 byte count 0', hex('01', '00'), /byte count must be 1-250, got 0/);
  rejectsResponse('FC1 byte count 251, one past', hex('01', 'FB', repeat('00', 251)), /1-250, got 251/);
  rejectsResponse(
    'FC1 byte count 2 with 1 data byte',
    hex('01', '02', 'FF'),
    /byte count 2 but 1 data bytes/,
  );
  rejectsResponse(
    'FC1 4 data bytes for 37 coils',
    hex('01', '04', '01020304'),
    /5 data bytes expected/,
    read37,
  );
});

describe('FC3 read holding registers / FC4 read input registers', () => {
  const read3 = { fn: 3, address: 107, count: 3 } as const;
  requestVector(
    '3 registers from 107 (serial-line guide example)',
    read3,
    hex(
      '03', // function: read holding registers
      '006B', // address 107
      '0003', // count 3
    ),
  );
  requestVector(
    'count 125, the bound',
    { fn: 4, address: 0, count: 125 },
    hex(
      '04', // function: read input registers
      '0000', // address 0
      '007D', // count 125
    ),
  );
  requestVector(
    'address 65411 + count 125 = 65536',
    { fn: 3, address: 65411, count: 125 },
    hex(
      '03', // function
      'FF83', // address 65411
      '007D', // count 125
    ),
  );
  rejectsRequest('FC3 count 126, one past', hex('03', '0000', '007E'), 3, /count must be 1-125, got 126/);
  rejectsRequest('FC4 count 0', hex('04', '0000', '0000'), 3, /count must be 1-125, got 0/);
  rejectsRequest('FC3 address 65412 + count 125', hex('03', 'FF84', '007D'), 2, /got 65537/);
  rejectsRequest('FC3 with 4 bytes', hex('03', '0000', '00'), 3, /5 bytes expected, got 4/);
  rejectsRequest('FC3 with 6 bytes', hex('03', '0000', '0001', '00'), 3, /5 bytes expected, got 6/);

  responseVector(
    '3 registers (serial-line guide example)',
    { fn: 3, values: [0x022b, 0x0000, 0x0064] },
    hex(
      '03', // function
      '06', // byte count
      '022B', // register 107
      '0000', // register 108
      '0064', // register 109
    ),
    read3,
  );
  responseVector(
    '1 input register',
    { fn: 4, values: [10] },
    hex(
      '04', // function
      '02', // byte count
      '000A', // register: 10
    ),
  );
  responseVector(
    '125 registers, the bound',
    { fn: 4, values: Array.from({ length: 125 }, () => 0xbeef) },
    hex(
      '04', // function
      'FA', // byte count 250
      repeat('BEEF', 125), // registers
    ),
  );
  rejectsResponse(
    'FC3 byte count 252 (126 registers), one past',
    hex('03', 'FC', repeat('00', 252)),
    /2-250/,
  );
  rejectsResponse('FC3 odd byte count', hex('03', '03', '000102'), /byte count must be even, 2-250, got 3/);
  rejectsResponse('FC4 byte count 0', hex('04', '00'), /got 0/);
  rejectsResponse(
    'FC3 with 2 registers for 3 asked',
    hex('03', '04', '00010002'),
    /3 registers expected/,
    read3,
  );
});

describe('FC5 write single coil / FC6 write single register', () => {
  const coilOn = { fn: 5, address: 172, value: true } as const;
  const register = { fn: 6, address: 1, value: 3 } as const;
  requestVector(
    'coil 172 on (serial-line guide example)',
    coilOn,
    hex(
      '05', // function: write single coil
      '00AC', // address 172
      'FF00', // value: on
    ),
  );
  requestVector(
    'coil 172 off',
    { fn: 5, address: 172, value: false },
    hex(
      '05', // function
      '00AC', // address 172
      '0000', // value: off
    ),
  );
  rejectsRequest('FC5 value 0x1234', hex('05', '00AC', '1234'), 3, /0xFF00 or 0x0000, got 0x1234/);
  rejectsRequest('FC5 value 0x00FF (bytes swapped)', hex('05', '00AC', '00FF'), 3, /got 0x00FF/);
  rejectsRequest('FC5 value 0xFF01', hex('05', '00AC', 'FF01'), 3, /got 0xFF01/);
  requestVector(
    'register 1 = 3 (serial-line guide example)',
    register,
    hex(
      '06', // function: write single register
      '0001', // address 1
      '0003', // value 3
    ),
  );
  requestVector(
    'register 65535 = 65535, the bounds',
    { fn: 6, address: 65535, value: 65535 },
    hex(
      '06', // function
      'FFFF', // address 65535
      'FFFF', // value 65535
    ),
  );

  responseVector('echo of coil 172 on', coilOn, hex('05', '00AC', 'FF00'), coilOn);
  responseVector('echo of register 1 = 3', register, hex('06', '0001', '0003'), register);
  rejectsResponse('FC5 echo 0x1234', hex('05', '00AC', '1234'), /got 0x1234/);
  rejectsResponse('FC5 echo of another state', hex('05', '00AC', '0000'), /does not echo/, coilOn);
  rejectsResponse('FC6 echo of another register', hex('06', '0002', '0003'), /does not echo/, register);
  rejectsResponse('FC6 with 4 bytes', hex('06', '0001', '00'), /5 bytes expected, got 4/);
});

describe('FC15 write multiple coils / FC16 write multiple registers', () => {
  const write10 = { fn: 15, address: 19, values: coils('1011001110') } as const;
  const write2 = { fn: 16, address: 1, values: [0x000a, 0x0102] } as const;
  requestVector(
    '10 coils from 19 (serial-line guide example)',
    write10,
    hex(
      '0F', // function: write multiple coils
      '0013', // address 19
      '000A', // count 10
      '02', // byte count
      'CD', // coils 19-26, bit 0 = coil 19
      '01', // coils 27-28 in bits 0-1, padding 0
    ),
  );
  requestVector(
    '1968 coils, the bound',
    { fn: 15, address: 0, values: Array.from({ length: 1968 }, () => true) },
    hex(
      '0F', // function
      '0000', // address 0
      '07B0', // count 1968
      'F6', // byte count 246
      repeat('FF', 246), // all on
    ),
  );
  rejectsRequest(
    'FC15 count 1969, one past',
    hex('0F', '0000', '07B1', 'F7', repeat('FF', 247)),
    3,
    /count must be 1-1968, got 1969/,
  );
  rejectsRequest('FC15 count 0', hex('0F', '0000', '0000', '00'), 3, /count must be 1-1968, got 0/);
  rejectsRequest(
    'FC15 byte count 1 for 10 coils',
    hex('0F', '0013', '000A', '01', 'CD'),
    3,
    /does not match/,
  );
  rejectsRequest('FC15 missing a data byte', hex('0F', '0013', '000A', '02', 'CD'), 3, /but 1 data bytes/);
  rejectsRequest('FC15 address 65535 + 2 coils', hex('0F', 'FFFF', '0002', '01', '03'), 2, /got 65537/);
  rejectsRequest('FC15 with 5 bytes', hex('0F', '0013', '000A'), 3, /at least 6 bytes expected/);
  it('FC15 request: padding bits of the last byte are ignored', () => {
    const parsed = parseRequestPdu(Uint8Array.from(hex('0F', '0013', '000A', '02', 'CD', '81')));
    expect(parsed).toEqual({ ok: true, value: write10 });
  });

  requestVector(
    '2 registers from 1 (serial-line guide example)',
    write2,
    hex(
      '10', // function: write multiple registers
      '0001', // address 1
      '0002', // count 2
      '04', // byte count
      '000A', // register 1
      '0102', // register 2
    ),
  );
  requestVector(
    '123 registers, the bound',
    { fn: 16, address: 0, values: Array.from({ length: 123 }, () => 0x1234) },
    hex(
      '10', // function
      '0000', // address 0
      '007B', // count 123
      'F6', // byte count 246
      repeat('1234', 123), // registers
    ),
  );
  rejectsRequest(
    'FC16 count 124, one past',
    hex('10', '0000', '007C', 'F8', repeat('1234', 124)),
    3,
    /count must be 1-123, got 124/,
  );
  rejectsRequest('FC16 byte count 3 for 2 registers', hex('10', '0001', '0002', '03', '000A01'), 3, /match/);
  rejectsRequest('FC16 address 65535 + 2 registers', hex('10', 'FFFF', '0002', '04', '00000000'), 2, /65537/);

  responseVector(
    '10 coils written from 19',
    { fn: 15, address: 19, count: 10 },
    hex(
      '0F', // function
      '0013', // address 19
      '000A', // count 10
    ),
    write10,
  );
  responseVector(
    '2 registers written from 1',
    { fn: 16, address: 1, count: 2 },
    hex(
      '10', // function
      '0001', // address 1
      '0002', // count 2
    ),
    write2,
  );
  responseVector('1968 coils written', { fn: 15, address: 0, count: 1968 }, hex('0F', '0000', '07B0'));
  rejectsResponse('FC15 count 1969', hex('0F', '0000', '07B1'), /1-1968, got 1969/);
  rejectsResponse('FC16 count 124', hex('10', '0000', '007C'), /1-123, got 124/);
  rejectsResponse('FC16 count 0', hex('10', '0000', '0000'), /1-123, got 0/);
  rejectsResponse('FC16 for another count', hex('10', '0001', '0003'), /address and count/, write2);
});

describe('exception replies', () => {
  const read = { fn: 3, address: 0, count: 1 } as const;
  responseVector(
    'FC1 illegal data address',
    { fn: 1, exception: 2 },
    hex(
      '81', // function 1 | 0x80
      '02', // exception code: illegal data address
    ),
  );
  responseVector('FC3 illegal function', { fn: 3, exception: 1 }, hex('83', '01'), read);
  responseVector('FC16 gateway target failed to respond', { fn: 16, exception: 11 }, hex('90', '0B'));
  responseVector('an undefined code is kept', { fn: 6, exception: 0xff }, hex('86', 'FF'));
  responseVector(
    'to a function this library does not build (FC43)',
    { fn: 0x2b, exception: 1 },
    hex('AB', '01'),
  );
  rejectsResponse('with code 0', hex('83', '00'), /exception code 0/);
  rejectsResponse('for function 0', hex('80', '01'), /function code 0/);
  rejectsResponse('without a code', hex('83'), /2 bytes expected, got 1/);
  rejectsResponse('with a trailing byte', hex('83', '02', '00'), /2 bytes expected, got 3/);
  rejectsResponse('to another function', hex('84', '02'), /FC4 exception reply to an FC3 request/, read);
  it('isException tells an exception reply from a data reply', () => {
    expect(isException({ fn: 3, exception: 2 })).toBe(true);
    expect(isException({ fn: 3, values: [1] })).toBe(false);
  });
});

describe('unknown functions and empty PDUs', () => {
  rejectsRequest('empty', [], 1, /empty PDU/);
  rejectsRequest(
    'FC7 (read exception status, not supported)',
    hex('07'),
    1,
    /unsupported function code 0x07/,
  );
  rejectsRequest('FC43', hex('2B', '0E', '01', '00'), 1, /0x2B/);
  rejectsRequest('an exception reply read as a request', hex('83', '02'), 1, /0x83/);
  rejectsRequest('function 0', hex('00', '0000', '0001'), 1, /0x00/);
  rejectsResponse('empty', [], /empty PDU/);
  rejectsResponse('FC7', hex('07', '00'), /unsupported function code 0x07/);
  rejectsResponse('a reply to another function', hex('04', '02', '000A'), /FC4 reply to an FC3 request/, {
    fn: 3,
    address: 0,
    count: 1,
  });
});

describe('encoders throw a RangeError on out-of-range input', () => {
  const request = (r: unknown) => () => encodeRequestPdu(r as ModbusRequest);
  const response = (r: unknown) => () => encodeResponsePdu(r as ModbusResponse);
  it.each([
    [
      'address -1',
      request({ fn: 3, address: -1, count: 1 }),
      /FC3: address must be an integer 0-65535, got -1/,
    ],
    ['address 65536', request({ fn: 1, address: 65536, count: 1 }), /address .* got 65536/],
    ['address 1.5', request({ fn: 6, address: 1.5, value: 0 }), /got 1.5/],
    ['address NaN', request({ fn: 5, address: Number.NaN, value: true }), /got NaN/],
    [
      'FC1 count 2001',
      request({ fn: 1, address: 0, count: 2001 }),
      /FC1: count must be an integer 1-2000, got 2001/,
    ],
    ['FC2 count 0', request({ fn: 2, address: 0, count: 0 }), /1-2000, got 0/],
    [
      'FC3 count 126',
      request({ fn: 3, address: 0, count: 126 }),
      /FC3: count must be an integer 1-125, got 126/,
    ],
    ['FC4 address + count 65537', request({ fn: 4, address: 65535, count: 2 }), /at most 65536, got 65537/],
    ['FC5 value 1', request({ fn: 5, address: 0, value: 1 }), /FC5: value must be a boolean, got 1/],
    [
      'FC6 value 65536',
      request({ fn: 6, address: 0, value: 65536 }),
      /FC6: value must be an integer 0-65535/,
    ],
    ['FC6 value -1', request({ fn: 6, address: 0, value: -1 }), /got -1/],
    [
      'FC15 no values',
      request({ fn: 15, address: 0, values: [] }),
      /FC15: count must be an integer 1-1968, got 0/,
    ],
    ['FC15 1969 values', request({ fn: 15, address: 0, values: Array(1969).fill(true) }), /got 1969/],
    ['FC15 a value 1', request({ fn: 15, address: 0, values: [true, 1] }), /values\[1\] must be a boolean/],
    ['FC16 124 values', request({ fn: 16, address: 0, values: Array(124).fill(0) }), /1-123, got 124/],
    [
      'FC16 a value 70000',
      request({ fn: 16, address: 0, values: [0, 70000] }),
      /values\[1\] must be .* 0-65535/,
    ],
    ['FC16 past 65536', request({ fn: 16, address: 65535, values: [0, 0] }), /got 65537/],
    ['FC7', request({ fn: 7, address: 0 }), /FC7: unsupported function code/],
    [
      'FC1 reply without values',
      response({ fn: 1, values: [] }),
      /FC1: count must be an integer 1-2000, got 0/,
    ],
    ['FC2 reply of 2001 values', response({ fn: 2, values: Array(2001).fill(false) }), /got 2001/],
    ['FC3 reply of 126 values', response({ fn: 3, values: Array(126).fill(0) }), /1-125, got 126/],
    ['FC4 reply value 65536', response({ fn: 4, values: [65536] }), /values\[0\]/],
    ['FC15 reply count 1969', response({ fn: 15, address: 0, count: 1969 }), /got 1969/],
    ['FC16 reply past 65536', response({ fn: 16, address: 65535, count: 2 }), /got 65537/],
    ['exception for function 0', response({ fn: 0, exception: 1 }), /function code must be an integer 1-127/],
    ['exception for function 128', response({ fn: 128, exception: 1 }), /got 128/],
    ['exception code 0', response({ fn: 3, exception: 0 }), /exception code must be an integer 1-255, got 0/],
    ['exception code 256', response({ fn: 3, exception: 256 }), /got 256/],
    ['FC8 reply', response({ fn: 8, values: [] }), /FC8: unsupported function code/],
  ])('%s', (_name, encode, message) => {
    expect(encode).toThrow(RangeError);
    expect(encode).toThrow(message);
  });
});

describe('matchResponse', () => {
  it('cuts FC1/FC2 values parsed without the request to the count asked for', () => {
    const parsed = parseResponsePdu(Uint8Array.from(hex('01', '01', '05'))); // 1 data byte: items 0 and 2 on
    expect(parsed).toEqual({ ok: true, value: { fn: 1, values: coils('10100000') } });
    if (!parsed.ok) return;
    expect(matchResponse({ fn: 1, address: 0, count: 3 }, parsed.value)).toEqual({
      ok: true,
      value: { fn: 1, values: coils('101') },
    });
    expect(matchResponse({ fn: 1, address: 0, count: 9 }, parsed.value).ok).toBe(false);
  });
  it('passes an exception reply to the same function', () => {
    expect(matchResponse({ fn: 6, address: 0, value: 1 }, { fn: 6, exception: 4 })).toEqual({
      ok: true,
      value: { fn: 6, exception: 4 },
    });
  });
});
