// Checks docs/protocol.md § Register operation.
import { describe, expect, it } from 'vitest';
import { bufferOf, testEncodes, testProperties, testVector } from '../test-support/rule-vectors.js';
import { registerOperationArb } from '../test-support/arbitraries.js';
import {
  MATH_OPERATIONS,
  mathOperationName,
  REGISTER_TYPES,
  registerOperationCodec as codec,
  registerTypeName,
} from './register-operation.js';
import type { RegisterOperation } from './register-operation.js';

const op = (mathType: number, regType: number, regAddr: number, value: number): RegisterOperation => ({
  mathType,
  regType,
  regAddr,
  value,
});

// Layout kept by hand so that each field's bytes share one line and one comment.
// prettier-ignore
const VECTORS: [string, RegisterOperation, number[]][] = [
  ['assign AO1 = 1200', op(0, 0, 0, 1200), [
    0x00, // byte 0: mathType=0 (assign) bits 7-6, reserved bits 5-4, regType=0 (AO channel) bits 3-0
    0x00, 0x00, // bytes 1-2: regAddr=0 (AO1)
    0x04, 0xb0, // bytes 3-4: value=1200
  ]],
  ['add to holding u16', op(1, 1, 100, 5), [
    0x41, // byte 0: mathType=1 (add), regType=1 (holding u16)
    0x00, 0x64, // bytes 1-2: regAddr=100
    0x00, 0x05, // bytes 3-4: value=5
  ]],
  ['subtract from holding s16, bounds', op(2, 2, 65535, 65535), [
    0x82, // byte 0: mathType=2 (subtract), regType=2 (holding s16)
    0xff, 0xff, // bytes 1-2: regAddr=65535 (bound)
    0xff, 0xff, // bytes 3-4: value=65535 (bound; -1 as s16)
  ]],
  ['add to holding s32', op(1, 3, 256, 32768), [
    0x43, // byte 0: mathType=1 (add), regType=3 (holding s32)
    0x01, 0x00, // bytes 1-2: regAddr=256
    0x80, 0x00, // bytes 3-4: value=32768
  ]],
  ['assign holding float', op(0, 4, 512, 0x3f80), [
    0x04, // byte 0: mathType=0 (assign), regType=4 (holding float)
    0x02, 0x00, // bytes 1-2: regAddr=512
    0x3f, 0x80, // bytes 3-4: value=0x3F80
  ]],
  ['subtract from cache register', op(2, 5, 2, 10), [
    0x85, // byte 0: mathType=2 (subtract), regType=5 (cache register)
    0x00, 0x02, // bytes 1-2: regAddr=2
    0x00, 0x0a, // bytes 3-4: value=10
  ]],
  ['assign time register', op(0, 6, 0, 60), [
    0x06, // byte 0: mathType=0 (assign), regType=6 (time register)
    0x00, 0x00, // bytes 1-2: regAddr=0
    0x00, 0x3c, // bytes 3-4: value=60
  ]],
  ['add to cumulative flow', op(1, 7, 7, 1), [
    0x47, // byte 0: mathType=1 (add), regType=7 (cumulative flow)
    0x00, 0x07, // bytes 1-2: regAddr=7
    0x00, 0x01, // bytes 3-4: value=1
  ]],
  ['mathType 3 (unknown), regType 8 (last known)', op(3, 8, 1, 0), [
    0xc8, // byte 0: mathType=3 (unknown) bits 7-6, regType=8 (changed flow)
    0x00, 0x01, // bytes 1-2: regAddr=1
    0x00, 0x00, // bytes 3-4: value=0
  ]],
  ['regType 9 (one past the table)', op(0, 9, 0x1234, 0x5678), [
    0x09, // byte 0: mathType=0, regType=9 (unknown)
    0x12, 0x34, // bytes 1-2: regAddr=0x1234
    0x56, 0x78, // bytes 3-4: value=0x5678
  ]],
  ['regType 15 (largest)', op(0, 15, 0, 0), [
    0x0f, // byte 0: mathType=0, regType=15 (unknown)
    0x00, 0x00, // bytes 1-2: regAddr=0
    0x00, 0x00, // bytes 3-4: value=0
  ]],
];

describe('register operation vectors', () => {
  for (const [name, rule, bytes] of VECTORS) testVector(codec, name, rule, bytes);
  // prettier-ignore
  testEncodes(codec, 'fields past their widths are masked', op(5, 17, 0x10064, -1), [
    0x41, // byte 0: mathType 5 → 1, regType 17 → 1
    0x00, 0x64, // bytes 1-2: regAddr 0x10064 → 100
    0xff, 0xff, // bytes 3-4: value -1 → 0xFFFF
  ]);
  it('ignores the reserved bits 5-4 of byte 0', () => {
    expect(codec.decode(Uint8Array.of(0x71, 0x00, 0x64, 0x00, 0x05))).toEqual(op(1, 1, 100, 5));
  });
});

testProperties(codec, {
  rule: registerOperationArb,
  buffer: bufferOf(5, (b) => {
    b[0] = (b[0] ?? 0) & 0xcf;
  }),
});

describe('register operation descriptions', () => {
  it.each([
    [
      op(1, 1, 100, 5),
      'holding register (u16) 100 += 5',
      '保持寄存器(u16) 100 += 5',
      '保持寄存器(u16) 100 += 5',
    ],
    [op(0, 0, 0, 1200), 'AO1 = 1200', 'AO1 = 1200', 'AO1 = 1200'],
    [op(2, 5, 2, 10), 'cache register 2 -= 10', '缓存寄存器 2 -= 10', '緩存寄存器 2 -= 10'],
    [
      op(2, 2, 7, 65535),
      'holding register (s16) 7 -= -1',
      '保持寄存器(s16) 7 -= -1',
      '保持寄存器(s16) 7 -= -1',
    ],
    [op(0, 8, 3, 9), 'changed flow 3 = 9', '变化流量 3 = 9', '變化流量 3 = 9'],
    [op(3, 1, 0, 0), 'err', 'err', 'err'],
    [op(0, 9, 0, 0), 'err', 'err', 'err'],
  ])('%o', (rule, en, zh, tc) => {
    expect(codec.describe(rule, 'en')).toBe(en);
    expect(codec.describe(rule, 'zh')).toBe(zh);
    expect(codec.describe(rule, 'tc')).toBe(tc);
  });

  it('tables are indexed by code and named in every language', () => {
    REGISTER_TYPES.forEach((t, i) => expect(t.code).toBe(i));
    MATH_OPERATIONS.forEach((m, i) => expect(m.code).toBe(i));
    expect(REGISTER_TYPES).toHaveLength(9);
    expect(MATH_OPERATIONS).toHaveLength(3);
    expect(registerTypeName(7, 'tc')).toBe('累計流量');
    expect(registerTypeName(9, 'en')).toBe('err');
    expect(mathOperationName(1, 'zh')).toBe('加');
    expect(mathOperationName(3, 'en')).toBe('err');
  });
});

describe('register operation validation', () => {
  it.each([
    [op(2, 8, 0, 0), []],
    [op(3, 8, 0, 0), ['mathType: 0-2']],
    [op(0, 9, 0, 0), ['regType: 0-8']],
    [op(0, 0, 31, 0), []],
    [op(0, 0, 32, 0), ['regAddr: AO channel 0-31']],
    [op(0, 1, 65535, 65535), []],
    [op(0, 1, 65536, 65536), ['regAddr: 0-65535', 'value: 0-65535']],
  ])('%o → %o', (rule, reasons) => {
    expect(codec.validate(rule)).toEqual(reasons);
  });
});
