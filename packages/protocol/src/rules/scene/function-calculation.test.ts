// docs/protocol.md § Function calculation.
import { describe, expect, it } from 'vitest';
import { toHex } from '../../bytes.js';
import { LANGS } from '../../i18n.js';
import { testEncodes, testVector } from '../../test-support/rule-vectors.js';
import { sceneCodec } from './scene.js';
import type { FunctionScene, SceneRule } from './scene.js';

const describeAll = (rule: SceneRule) =>
  Object.fromEntries(LANGS.map((l) => [l, sceneCodec.describe(rule, l)]));

const sum: FunctionScene = {
  type: 10,
  formula: 1,
  comparison: 0,
  a: { source: 1, value: 0 },
  b: { source: 0, value: 100 },
  c: { source: 7, value: 40 },
  holdTime: { value: 10, unit: 0 },
  resultRegister: 3,
};
// prettier-ignore
const sumBytes = [
  0x0a, // byte 0: type=10 (function calculation)
  0x10, // byte 1: formula=1 (A+B) bits 7-4, comparison=0 (X ≥ C) bits 3-0
  0x10, // byte 2: source of A=1 (AI channel) bits 7-4, source of B=0 (constant) bits 3-0
  0x70, // byte 3: source of C=7 (holding u16) bits 7-4, reserved bits 3-0
  0x00, 0x00, // bytes 4-5: value of A=0 (AI1)
  0x00, 0x64, // bytes 6-7: value of B=100
  0x00, 0x28, // bytes 8-9: value of C=40 (register 40)
  0x0a, // byte 10: holdTime 1 s
  0x03, // byte 11: resultRegister=3
];

const upperBounds: FunctionScene = {
  type: 10,
  formula: 14,
  comparison: 4,
  a: { source: 13, value: 65535 },
  b: { source: 13, value: 65535 },
  c: { source: 13, value: 65535 },
  holdTime: { value: 63, unit: 3 },
  resultRegister: 255,
};

const onePast: FunctionScene = {
  type: 10,
  formula: 15,
  comparison: 5,
  a: { source: 14, value: 1 },
  b: { source: 15, value: 2 },
  c: { source: 14, value: 3 },
  holdTime: { value: 0, unit: 0 },
  resultRegister: 0,
};

const band: FunctionScene = {
  type: 10,
  formula: 0,
  comparison: 3,
  a: { source: 5, value: 1000 },
  b: { source: 0, value: 10 },
  c: { source: 0, value: 20 },
  holdTime: { value: 2, unit: 1 },
  resultRegister: 1,
};

const absEqual: FunctionScene = {
  type: 10,
  formula: 11,
  comparison: 2,
  a: { source: 2, value: 1 },
  b: { source: 12, value: 7 },
  c: { source: 0, value: 0 },
  holdTime: { value: 0, unit: 0 },
  resultRegister: 9,
};

describe('function calculation (type 10)', () => {
  testVector(sceneCodec, 'X = AI1 + 100, X ≥ holding u16 40', sum, sumBytes);

  // prettier-ignore
  testVector(sceneCodec, 'formula 14, comparison 4 and sources 13: the last valid values', upperBounds, [
    0x0a, // byte 0: type=10
    0xe4, // byte 1: formula=14 (smoothing), comparison=4 (X ≤ B or X ≥ C)
    0xdd, // byte 2: source of A=13 (flow register), source of B=13
    0xd0, // byte 3: source of C=13, reserved 0
    0xff, 0xff, // bytes 4-5: value of A=65535
    0xff, 0xff, // bytes 6-7: value of B=65535
    0xff, 0xff, // bytes 8-9: value of C=65535
    0xff, // byte 10: holdTime unit 3 value 63 = 630 min
    0xff, // byte 11: resultRegister=255
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'formula 15, comparison 5 and sources 14/15: one past, kept as read', onePast, [
    0x0a, // byte 0: type=10
    0xf5, // byte 1: formula=15 (unknown), comparison=5 (unknown)
    0xef, // byte 2: source of A=14 (unknown), source of B=15 (unknown)
    0xe0, // byte 3: source of C=14 (unknown), reserved 0
    0x00, 0x01, // bytes 4-5: value of A=1
    0x00, 0x02, // bytes 6-7: value of B=2
    0x00, 0x03, // bytes 8-9: value of C=3
    0x00, // byte 10: holdTime 0
    0x00, // byte 11: resultRegister=0
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'X = A, B ≤ X ≤ C with constant bounds', band, [
    0x0a, // byte 0: type=10
    0x03, // byte 1: formula=0 (X = A), comparison=3 (B ≤ X ≤ C)
    0x50, // byte 2: source of A=5 (read-only s32), source of B=0 (constant)
    0x00, // byte 3: source of C=0 (constant), reserved 0
    0x03, 0xe8, // bytes 4-5: value of A=1000 (register 1000)
    0x00, 0x0a, // bytes 6-7: value of B=10
    0x00, 0x14, // bytes 8-9: value of C=20
    0x42, // byte 10: holdTime unit 1 value 2 = 2 s
    0x01, // byte 11: resultRegister=1
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'X = |A| of AO2, X = 0', absEqual, [
    0x0a, // byte 0: type=10
    0xb2, // byte 1: formula=11 (|A|), comparison=2 (X = C)
    0x2c, // byte 2: source of A=2 (AO channel), source of B=12 (time register)
    0x00, // byte 3: source of C=0 (constant)
    0x00, 0x01, // bytes 4-5: value of A=1 (AO2)
    0x00, 0x07, // bytes 6-7: value of B=7
    0x00, 0x00, // bytes 8-9: value of C=0
    0x00, // byte 10: holdTime 0
    0x09, // byte 11: resultRegister=9
  ]);

  // prettier-ignore
  testEncodes(sceneCodec, 'fields past their widths are masked', {
    ...sum, formula: 17, comparison: 16, a: { source: 1, value: 65536 }, resultRegister: 259,
  }, [
    0x0a, // byte 0: type=10
    0x10, // byte 1: formula 17 masked to 4 bits = 1, comparison 16 masked = 0
    0x10, // byte 2: sources 1 and 0
    0x70, // byte 3: source of C=7
    0x00, 0x00, // bytes 4-5: value of A 65536 masked to 16 bits = 0
    0x00, 0x64, // bytes 6-7: value of B=100
    0x00, 0x28, // bytes 8-9: value of C=40
    0x0a, // byte 10: holdTime 1 s
    0x03, // byte 11: resultRegister 259 masked to 8 bits = 3
  ]);

  it('ignores the reserved bits 3-0 of byte 3', () => {
    const dirty = Uint8Array.from(sumBytes);
    dirty[3] = 0x7f;
    const rule = sceneCodec.decode(dirty);
    expect(rule).toEqual(sum);
    expect(toHex(sceneCodec.encode(rule!))).toBe(toHex(Uint8Array.from(sumBytes)));
  });

  it('describes in every language', () => {
    expect(describeAll(sum)).toEqual({
      en: 'function calculation: X = A+B (A = AI1, B = 100); X ≥ holding register (u16) 40; hold 1 s; X → cache register 3',
      zh: '函数计算：X = A+B（A = AI1，B = 100）；X ≥ 保持寄存器(u16) 40；保持1秒；X → 缓存寄存器 3',
      tc: '函數計算：X = A+B（A = AI1，B = 100）；X ≥ 保持寄存器(u16) 40；保持1秒；X → 緩存寄存器 3',
    });
    expect(describeAll(band)).toEqual({
      en: 'function calculation: X = A (A = read-only register (s32) 1000); 10 ≤ X ≤ 20; hold 2 s; X → cache register 1',
      zh: '函数计算：X = A（A = 只读寄存器(s32) 1000）；10 ≤ X ≤ 20；保持2秒；X → 缓存寄存器 1',
      tc: '函數計算：X = A（A = 唯讀寄存器(s32) 1000）；10 ≤ X ≤ 20；保持2秒；X → 緩存寄存器 1',
    });
    expect(describeAll(upperBounds)).toEqual({
      en:
        'function calculation: X = X+(A-X)/B (A = flow register 65535, B = flow register 65535); ' +
        'X ≤ flow register 65535 or X ≥ flow register 65535; hold 10 h 30 min; X → cache register 255',
      zh:
        '函数计算：X = X+(A-X)/B（A = 流量寄存器 65535，B = 流量寄存器 65535）；' +
        'X ≤ 流量寄存器 65535 或 X ≥ 流量寄存器 65535；保持10小时30分钟；X → 缓存寄存器 255',
      tc:
        '函數計算：X = X+(A-X)/B（A = 流量寄存器 65535，B = 流量寄存器 65535）；' +
        'X ≤ 流量寄存器 65535 或 X ≥ 流量寄存器 65535；保持10小時30分鐘；X → 緩存寄存器 255',
    });
    expect(sceneCodec.describe(absEqual, 'en')).toBe(
      'function calculation: X = |A| (A = AO2); X = 0; X → cache register 9',
    );
  });

  it("shows 'err' for an unknown formula, comparison or source", () => {
    expect(sceneCodec.describe(onePast, 'en')).toBe(
      'function calculation: X = err; err; X → cache register 0',
    );
    expect(sceneCodec.describe({ ...sum, a: { source: 14, value: 0 } }, 'en')).toContain('A = err');
    expect(sceneCodec.describe({ ...sum, c: { source: 15, value: 0 } }, 'zh')).toContain('X ≥ err');
  });

  it('validates', () => {
    expect(sceneCodec.validate(sum)).toEqual([]);
    expect(sceneCodec.validate(upperBounds)).toEqual([]);
    expect(sceneCodec.validate(onePast)).toEqual([
      'formula: 0-14',
      'comparison: 0-4',
      'a.source: 0-13',
      'b.source: 0-13',
      'c.source: 0-13',
    ]);
    expect(
      sceneCodec.validate({ ...sum, a: { source: 1, value: 32 }, b: { source: 0, value: 65536 } }),
    ).toEqual(['a.value: channel 0-31', 'b.value: 0-65535']);
    expect(sceneCodec.validate({ ...sum, resultRegister: 256 })).toEqual(['resultRegister: 0-255']);
    expect(sceneCodec.validate({ ...sum, holdTime: { value: 64, unit: 0 } })).toEqual([
      'holdTime: value 0-63, unit 0-3',
    ]);
  });
});
