// Checks docs/protocol.md § Digital level.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bufferOf, testEncodes, testProperties, testVector } from '../test-support/rule-vectors.js';
import { digitalLevelCodec as codec, hundredthsToSeconds } from './digital-level.js';
import type { DigitalLevel, DigitalLevelRule } from './digital-level.js';

const lvl = (
  level: DigitalLevel,
  channel: number,
  holdTime: number,
  unholdTime: number,
): DigitalLevelRule => ({
  level,
  channel,
  holdTime,
  unholdTime,
});

// Layout kept by hand so that each field's bytes share one line and one comment.
// prettier-ignore
const VECTORS: [string, DigitalLevelRule, number[]][] = [
  ['channel 1 high, hold 1.5 s, release 0.5 s', lvl('high', 0, 150, 50), [
    0x00, // byte 0: reserved bits 7-1, level=0 (high) bit 0
    0x00, // byte 1: channel=0
    0x00, 0x96, // bytes 2-3: holdTime=150 (1.5 s)
    0x00, 0x32, // bytes 4-5: unholdTime=50 (0.5 s)
  ]],
  ['channel 32 low, longest times (bounds)', lvl('low', 31, 65535, 65535), [
    0x01, // byte 0: level=1 (low)
    0x1f, // byte 1: channel=31 (bound)
    0xff, 0xff, // bytes 2-3: holdTime=65535 (655.35 s)
    0xff, 0xff, // bytes 4-5: unholdTime=65535
  ]],
  ['channel 32 (one past), hold 0.05 s', lvl('high', 32, 5, 0), [
    0x00, // byte 0: level=0 (high)
    0x20, // byte 1: channel=32 (one past)
    0x00, 0x05, // bytes 2-3: holdTime=5 (0.05 s)
    0x00, 0x00, // bytes 4-5: unholdTime=0
  ]],
  ['all zero', lvl('high', 0, 0, 0), [
    0x00, // byte 0: level=0 (high)
    0x00, // byte 1: channel=0
    0x00, 0x00, // bytes 2-3: holdTime=0
    0x00, 0x00, // bytes 4-5: unholdTime=0
  ]],
  ['channel 255 low, hold 1 min, release 0.01 s', lvl('low', 255, 6000, 1), [
    0x01, // byte 0: level=1 (low)
    0xff, // byte 1: channel=255
    0x17, 0x70, // bytes 2-3: holdTime=6000 (60 s)
    0x00, 0x01, // bytes 4-5: unholdTime=1 (0.01 s)
  ]],
];

describe('digital level vectors', () => {
  for (const [name, rule, bytes] of VECTORS) testVector(codec, name, rule, bytes);
  // prettier-ignore
  testEncodes(codec, 'fields past their widths are masked', lvl('low', 256, 65536, 65686), [
    0x01, // byte 0: level=1 (low)
    0x00, // byte 1: channel 256 → 0
    0x00, 0x00, // bytes 2-3: holdTime 65536 → 0
    0x00, 0x96, // bytes 4-5: unholdTime 65686 → 150
  ]);
  it('ignores the reserved bits 7-1 of byte 0', () => {
    expect(codec.decode(Uint8Array.of(0xfe, 0x00, 0x00, 0x96, 0x00, 0x32))).toEqual(lvl('high', 0, 150, 50));
  });
});

testProperties(codec, {
  rule: fc.record({
    level: fc.constantFrom('high' as const, 'low' as const),
    channel: fc.integer({ min: 0, max: 255 }),
    holdTime: fc.integer({ min: 0, max: 65535 }),
    unholdTime: fc.integer({ min: 0, max: 65535 }),
  }),
  buffer: bufferOf(6, (b) => {
    b[0] = (b[0] ?? 0) & 0x01;
  }),
});

describe('digital level descriptions', () => {
  it.each([
    [
      lvl('high', 0, 150, 50),
      'channel 1 high, hold 1.5 s, release 0.5 s',
      '通道1高电平，保持1.5秒，释放0.5秒',
      '通道1高電平，保持1.5秒，釋放0.5秒',
    ],
    [
      lvl('low', 2, 6000, 5),
      'channel 3 low, hold 1 min, release 0.05 s',
      '通道3低电平，保持1分钟，释放0.05秒',
      '通道3低電平，保持1分鐘，釋放0.05秒',
    ],
    [
      lvl('low', 31, 65535, 0),
      'channel 32 low, hold 655.35 s, release 0 s',
      '通道32低电平，保持655.35秒，释放0秒',
      '通道32低電平，保持655.35秒，釋放0秒',
    ],
  ])('%o', (rule, en, zh, tc) => {
    expect(codec.describe(rule, 'en')).toBe(en);
    expect(codec.describe(rule, 'zh')).toBe(zh);
    expect(codec.describe(rule, 'tc')).toBe(tc);
  });
});

describe('digital level validation', () => {
  it.each([
    [lvl('high', 31, 65535, 65535), []],
    [lvl('high', 32, 0, 0), ['channel: 0-31']],
    [lvl('low', 0, 65536, 0), ['holdTime: 0-65535 (0.01 s)']],
    [lvl('low', 0, 0, 65536), ['unholdTime: 0-65535 (0.01 s)']],
  ])('%o → %o', (rule, reasons) => {
    expect(codec.validate(rule)).toEqual(reasons);
  });
});

describe('hundredthsToSeconds', () => {
  it.each([
    [0, 0],
    [1, 0.01],
    [150, 1.5],
    [6000, 60],
    [65535, 655.35],
  ])('%i → %s s', (n, seconds) => {
    expect(hundredthsToSeconds(n)).toBe(seconds);
  });
});
