// Checks docs/protocol.md § Analog-output rule (12 bytes).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bufferOf,
  testEncodes,
  testProperties,
  testVector,
  timeValueArb,
} from '../test-support/rule-vectors.js';
import {
  AI_RANGES,
  aiRangeFromMax,
  analogOutputCodec,
  effectiveAoRange,
  mapAnalog,
} from './analog-output.js';
import type { AnalogOutputRule } from './analog-output.js';

const empty: AnalogOutputRule = {
  aiRange: '4-20mA',
  aiChannel: 0,
  aiLow: 0,
  aiHigh: 0,
  aoLow: 0,
  aoHigh: 0,
  aoChannel: 0,
  ruleType: 0,
  rule: 0,
  holdTime: { value: 0, unit: 0 },
};

const current: AnalogOutputRule = {
  ...empty,
  aiLow: 4000,
  aiHigh: 20000,
  aoChannel: 1,
  ruleType: 1,
  rule: 3,
};

const voltage: AnalogOutputRule = {
  aiRange: '0-10V',
  aiChannel: 31,
  aiLow: 0,
  aiHigh: 10000,
  aoLow: 0,
  aoHigh: 1000,
  aoChannel: 31,
  ruleType: 5,
  rule: 127,
  holdTime: { value: 63, unit: 3 },
};

describe('analogOutput vectors', () => {
  testVector(analogOutputCodec, 'all zero: unset', empty, [
    0x00, // byte 0: reserved bits 7-6, aiRange=0 (4-20 mA) bit 5, aiChannel=0 bits 4-0
    0x00, // byte 1: aiLow high byte
    0x00, // byte 2: aiLow low byte (0)
    0x00, // byte 3: aiHigh high byte
    0x00, // byte 4: aiHigh low byte (0)
    0x00, // byte 5: aoLow high byte
    0x00, // byte 6: aoLow low byte (0)
    0x00, // byte 7: aoHigh high byte
    0x00, // byte 8: aoHigh low byte (0)
    0x00, // byte 9: ruleType=0 bits 7-5, aoChannel=0 bits 4-0
    0x00, // byte 10: reserved bit 7, rule=0 bits 6-0
    0x00, // byte 11: holdTime 0
  ]);

  testVector(analogOutputCodec, '4-20 mA AI1 full span to AO2 at the default range, time rule 3', current, [
    0x00, // byte 0: reserved 00, aiRange=0 (4-20 mA), aiChannel=0 (AI1)
    0x0f, // byte 1: aiLow high byte
    0xa0, // byte 2: aiLow low byte (0x0FA0 = 4000)
    0x4e, // byte 3: aiHigh high byte
    0x20, // byte 4: aiHigh low byte (0x4E20 = 20000)
    0x00, // byte 5: aoLow high byte
    0x00, // byte 6: aoLow low byte (0: with aoHigh 0 the default 400-2000)
    0x00, // byte 7: aoHigh high byte
    0x00, // byte 8: aoHigh low byte (0)
    0x21, // byte 9: ruleType=1 (time) 001, aoChannel=1 (AO2) 00001
    0x03, // byte 10: reserved 0, rule=3
    0x00, // byte 11: holdTime 0
  ]);

  testVector(analogOutputCodec, '0-10 V, channels 31, scene B rule 127, the longest hold', voltage, [
    0x3f, // byte 0: reserved 00, aiRange=1 (0-10 V), aiChannel=31 (AI32) 11111
    0x00, // byte 1: aiLow high byte
    0x00, // byte 2: aiLow low byte (0)
    0x27, // byte 3: aiHigh high byte
    0x10, // byte 4: aiHigh low byte (0x2710 = 10000)
    0x00, // byte 5: aoLow high byte
    0x00, // byte 6: aoLow low byte (0)
    0x03, // byte 7: aoHigh high byte
    0xe8, // byte 8: aoHigh low byte (0x03E8 = 1000)
    0xbf, // byte 9: ruleType=5 (scene B) 101, aoChannel=31 (AO32) 11111
    0x7f, // byte 10: reserved 0, rule=127
    0xff, // byte 11: holdTime unit=3 (10 min) value=63
  ]);

  testVector(
    analogOutputCodec,
    'one past: ruleType 7 (unknown), rule 64, u16 maxima',
    {
      aiRange: '4-20mA',
      aiChannel: 5,
      aiLow: 0xffff,
      aiHigh: 1,
      aoLow: 0xffff,
      aoHigh: 0xffff,
      aoChannel: 0,
      ruleType: 7,
      rule: 64,
      holdTime: { value: 10, unit: 1 },
    },
    [
      0x05, // byte 0: reserved 00, aiRange=0, aiChannel=5 (AI6)
      0xff, // byte 1: aiLow high byte
      0xff, // byte 2: aiLow low byte (65535)
      0x00, // byte 3: aiHigh high byte
      0x01, // byte 4: aiHigh low byte (1)
      0xff, // byte 5: aoLow high byte
      0xff, // byte 6: aoLow low byte (65535)
      0xff, // byte 7: aoHigh high byte
      0xff, // byte 8: aoHigh low byte (65535)
      0xe0, // byte 9: ruleType=7 111, aoChannel=0 00000
      0x40, // byte 10: reserved 0, rule=64
      0x4a, // byte 11: holdTime unit=1 (s) value=10
    ],
  );

  testVector(
    analogOutputCodec,
    'ruleType 6 (one past scene B), only aoLow stored',
    {
      aiRange: '0-10V',
      aiChannel: 16,
      aiLow: 100,
      aiHigh: 9900,
      aoLow: 500,
      aoHigh: 0,
      aoChannel: 2,
      ruleType: 6,
      rule: 0,
      holdTime: { value: 1, unit: 0 },
    },
    [
      0x30, // byte 0: reserved 00, aiRange=1 (0-10 V), aiChannel=16 (AI17) 10000
      0x00, // byte 1: aiLow high byte
      0x64, // byte 2: aiLow low byte (100)
      0x26, // byte 3: aiHigh high byte
      0xac, // byte 4: aiHigh low byte (0x26AC = 9900)
      0x01, // byte 5: aoLow high byte
      0xf4, // byte 6: aoLow low byte (0x01F4 = 500)
      0x00, // byte 7: aoHigh high byte
      0x00, // byte 8: aoHigh low byte (0)
      0xc2, // byte 9: ruleType=6 110, aoChannel=2 (AO3) 00010
      0x00, // byte 10: reserved 0, rule=0
      0x01, // byte 11: holdTime unit=0 (0.1 s) value=1
    ],
  );

  testEncodes(
    analogOutputCodec,
    'channels, rule and u16 fields past their widths are masked',
    { ...current, aiChannel: 33, aoChannel: 32, rule: 128, ruleType: 9, aiLow: 0x10000 + 4000 },
    [
      0x01, // byte 0: aiChannel 33 → 1
      0x0f, // byte 1: aiLow 0x10FA0 → 0x0FA0
      0xa0, // byte 2
      0x4e, // byte 3: aiHigh 20000
      0x20, // byte 4
      0x00, // byte 5: aoLow 0
      0x00, // byte 6
      0x00, // byte 7: aoHigh 0
      0x00, // byte 8
      0x20, // byte 9: ruleType 9 → 1 (001), aoChannel 32 → 0
      0x00, // byte 10: rule 128 → 0
      0x00, // byte 11: holdTime 0
    ],
  );

  it('ignores the reserved bits on read and writes them 0', () => {
    const bytes = [0xc0, 0x0f, 0xa0, 0x4e, 0x20, 0, 0, 0, 0, 0x21, 0x83, 0];
    expect(analogOutputCodec.decode(Uint8Array.from(bytes))).toEqual(current);
  });
});

testProperties(analogOutputCodec, {
  rule: fc.record({
    aiRange: fc.constantFrom('4-20mA' as const, '0-10V' as const),
    aiChannel: fc.integer({ min: 0, max: 31 }),
    aiLow: fc.integer({ min: 0, max: 0xffff }),
    aiHigh: fc.integer({ min: 0, max: 0xffff }),
    aoLow: fc.integer({ min: 0, max: 0xffff }),
    aoHigh: fc.integer({ min: 0, max: 0xffff }),
    aoChannel: fc.integer({ min: 0, max: 31 }),
    ruleType: fc.integer({ min: 0, max: 7 }),
    rule: fc.integer({ min: 0, max: 127 }),
    holdTime: timeValueArb,
  }),
  buffer: bufferOf(12, (b) => {
    b[0] = (b[0] ?? 0) & 0x3f;
    b[10] = (b[10] ?? 0) & 0x7f;
  }),
});

describe('analogOutput describe', () => {
  it('writes the mapping, the rule and the hold in every language', () => {
    expect(analogOutputCodec.describe(current, 'en')).toBe(
      'AI1 (4-20 mA) 4000-20000 → AO2 400-2000; when time rule 3',
    );
    expect(analogOutputCodec.describe(current, 'zh')).toBe(
      'AI1（4-20 mA）4000-20000 → AO2 400-2000；条件：定时规则3',
    );
    expect(analogOutputCodec.describe(current, 'tc')).toBe(
      'AI1（4-20 mA）4000-20000 → AO2 400-2000；條件：定時規則3',
    );
    expect(analogOutputCodec.describe(voltage, 'en')).toBe(
      'AI32 (0-10 V) 0-10000 → AO32 0-1000; when scene B rule 127; hold 10 h 30 min',
    );
    expect(analogOutputCodec.describe(voltage, 'zh')).toBe(
      'AI32（0-10 V）0-10000 → AO32 0-1000；条件：场景B规则127；保持10小时30分钟',
    );
  });

  it('leaves out the constant rule, says disabled for an unset slot and err for an unknown rule type', () => {
    expect(analogOutputCodec.describe({ ...current, ruleType: 0 }, 'en')).toBe(
      'AI1 (4-20 mA) 4000-20000 → AO2 400-2000',
    );
    expect(analogOutputCodec.describe(empty, 'en')).toBe('disabled');
    expect(analogOutputCodec.describe(empty, 'tc')).toBe('禁用');
    expect(analogOutputCodec.describe({ ...current, ruleType: 6 }, 'en')).toBe(
      'AI1 (4-20 mA) 4000-20000 → AO2 400-2000; when err',
    );
  });
});

describe('analogOutput validate', () => {
  it('accepts the bounds of both ranges and an unset slot', () => {
    expect(analogOutputCodec.validate(current)).toEqual([]);
    expect(analogOutputCodec.validate(voltage)).toEqual([]);
    expect(analogOutputCodec.validate(empty)).toEqual([]);
    expect(analogOutputCodec.validate({ ...current, aoLow: 2000, aoHigh: 2000 })).toEqual([]);
  });

  it('rejects one past each bound', () => {
    const v = (r: Partial<AnalogOutputRule>, base: AnalogOutputRule = current) =>
      analogOutputCodec.validate({ ...base, ...r });
    expect(v({ aiLow: 3999 })).toEqual(['aiLow: 4000-20000 for 4-20mA']);
    expect(v({ aiHigh: 20001 })).toEqual(['aiHigh: 4000-20000 for 4-20mA']);
    expect(v({ aiHigh: 10001 }, voltage)).toEqual(['aiHigh: 0-10000 for 0-10V']);
    expect(v({ aiLow: 5000, aiHigh: 5000 })).toEqual(['aiLow: below aiHigh']);
    expect(v({ aoLow: 2001, aoHigh: 2000 })).toEqual(['aoLow: at most aoHigh']);
    expect(v({ aoLow: 500, aoHigh: 0 })).toEqual(['aoLow: at most aoHigh']);
    expect(v({ aiChannel: 32, aoChannel: 32 })).toEqual(['aiChannel: 0-31', 'aoChannel: 0-31']);
    expect(v({ ruleType: 6, rule: 128 })).toEqual(['ruleType: 0-5', 'rule: 0-127']);
    expect(v({ aoHigh: 65536 })).toEqual(['aoHigh: 0-65535']);
    expect(v({ holdTime: { value: 64, unit: 1 } })).toEqual(['holdTime: value 0-63, unit 0-3']);
  });
});

describe('analogOutput helpers', () => {
  it('AI_RANGES and aiRangeFromMax', () => {
    expect(AI_RANGES['4-20mA']).toEqual({ max: 20000, min: 4000 });
    expect(AI_RANGES['0-10V']).toEqual({ max: 10000, min: 0 });
    expect(aiRangeFromMax(20000)).toBe('4-20mA');
    expect(aiRangeFromMax(10000)).toBe('0-10V');
    for (const max of [0, 9999, 10001, 19999, 20001, Number.NaN]) expect(aiRangeFromMax(max)).toBeNull();
  });

  it('effectiveAoRange defaults to 400-2000 only when both stored bounds are 0', () => {
    expect(effectiveAoRange({ aoLow: 0, aoHigh: 0 })).toEqual({ low: 400, high: 2000 });
    expect(effectiveAoRange({ aoLow: 0, aoHigh: 1000 })).toEqual({ low: 0, high: 1000 });
    expect(effectiveAoRange({ aoLow: 500, aoHigh: 0 })).toEqual({ low: 500, high: 0 });
    // The stored zeros survive a round trip; only the applied range is defaulted.
    expect(analogOutputCodec.decode(analogOutputCodec.encode(current))).toMatchObject({
      aoLow: 0,
      aoHigh: 0,
    });
  });

  it('mapAnalog maps linearly, clamps and rounds', () => {
    expect(mapAnalog(current, 4000)).toBe(400);
    expect(mapAnalog(current, 8000)).toBe(800);
    expect(mapAnalog(current, 12000)).toBe(1200);
    expect(mapAnalog(current, 20000)).toBe(2000);
    expect(mapAnalog(current, 3999)).toBe(400);
    expect(mapAnalog(current, 0)).toBe(400);
    expect(mapAnalog(current, 20001)).toBe(2000);
    expect(mapAnalog(current, 65535)).toBe(2000);
    expect(mapAnalog(voltage, 4)).toBe(0); // 0.4
    expect(mapAnalog(voltage, 5)).toBe(1); // 0.5 rounds up
    expect(mapAnalog(voltage, 9999)).toBe(1000); // 999.9
    expect(mapAnalog(current, Number.NaN)).toBe(400);
  });

  it('mapAnalog follows a falling AO range and steps on an empty AI span', () => {
    const falling = { ...current, aoLow: 2000, aoHigh: 400 };
    expect(mapAnalog(falling, 4000)).toBe(2000);
    expect(mapAnalog(falling, 12000)).toBe(1200);
    expect(mapAnalog(falling, 30000)).toBe(400);
    const step = { ...current, aiLow: 5000, aiHigh: 5000 };
    expect(mapAnalog(step, 4999)).toBe(400);
    expect(mapAnalog(step, 5000)).toBe(2000);
  });

  it('mapAnalog stays within the AO range for any rule and input', () => {
    const u16 = fc.integer({ min: 0, max: 0xffff });
    fc.assert(
      fc.property(u16, u16, u16, u16, fc.double(), (aiLow, aiHigh, aoLow, aoHigh, ai) => {
        const { low, high } = effectiveAoRange({ aoLow, aoHigh });
        const out = mapAnalog({ aiLow, aiHigh, aoLow, aoHigh }, ai);
        expect(Number.isInteger(out)).toBe(true);
        expect(out).toBeGreaterThanOrEqual(Math.min(low, high));
        expect(out).toBeLessThanOrEqual(Math.max(low, high));
      }),
    );
  });
});
