// docs/protocol.md § Assignment calculation.
import { describe, expect, it } from 'vitest';
import { toHex } from '../../bytes.js';
import { LANGS } from '../../i18n.js';
import { testEncodes, testVector } from '../../test-support/rule-vectors.js';
import { sceneCodec } from './scene.js';
import type { AssignmentScene, SceneRule } from './scene.js';

const describeAll = (rule: SceneRule) =>
  Object.fromEntries(LANGS.map((l) => [l, sceneCodec.describe(rule, l)]));

const sum: AssignmentScene = {
  type: 20,
  formula: 1,
  a: { source: 1, value: 0 },
  b: { source: 0, value: 100 },
  target: { regType: 1, regAddr: 40 },
  period: { value: 10, unit: 0 },
};
// prettier-ignore
const sumBytes = [
  0x14, // byte 0: type=20 (assignment calculation)
  0x11, // byte 1: formula=1 (A+B) bits 7-4, target regType=1 (holding u16) bits 3-0
  0x10, // byte 2: source of A=1 (AI channel) bits 7-4, source of B=0 (constant) bits 3-0
  0x00, 0x00, // bytes 3-4: value of A=0 (AI1)
  0x00, 0x64, // bytes 5-6: value of B=100
  0x00, 0x28, // bytes 7-8: target regAddr=40
  0x0a, // byte 9: period 1 s
  0x00, 0x00, // bytes 10-11: reserved
];

const upperBounds: AssignmentScene = {
  type: 20,
  formula: 14,
  a: { source: 13, value: 65535 },
  b: { source: 13, value: 65535 },
  target: { regType: 8, regAddr: 65535 },
  period: { value: 63, unit: 3 },
};

const onePast: AssignmentScene = {
  type: 20,
  formula: 15,
  a: { source: 14, value: 1 },
  b: { source: 15, value: 2 },
  target: { regType: 9, regAddr: 3 },
  period: { value: 1, unit: 0 },
};

const toAo: AssignmentScene = {
  type: 20,
  formula: 3,
  a: { source: 2, value: 0 },
  b: { source: 0, value: 2 },
  target: { regType: 0, regAddr: 2 },
  period: { value: 1, unit: 1 },
};

const toCache: AssignmentScene = {
  type: 20,
  formula: 9,
  a: { source: 4, value: 300 },
  b: { source: 8, value: 301 },
  target: { regType: 5, regAddr: 7 },
  period: { value: 5, unit: 2 },
};

describe('assignment calculation (type 20)', () => {
  testVector(sceneCodec, 'holding u16 40 = AI1 + 100 every second', sum, sumBytes);

  // prettier-ignore
  testVector(sceneCodec, 'formula 14, regType 8 and sources 13: the last valid values', upperBounds, [
    0x14, // byte 0: type=20
    0xe8, // byte 1: formula=14 (smoothing), target regType=8 (changed flow)
    0xdd, // byte 2: source of A=13 (flow register), source of B=13
    0xff, 0xff, // bytes 3-4: value of A=65535
    0xff, 0xff, // bytes 5-6: value of B=65535
    0xff, 0xff, // bytes 7-8: target regAddr=65535
    0xff, // byte 9: period unit 3 value 63 = 630 min
    0x00, 0x00, // bytes 10-11: reserved
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'formula 15, regType 9 and sources 14/15: one past, kept as read', onePast, [
    0x14, // byte 0: type=20
    0xf9, // byte 1: formula=15 (unknown), target regType=9 (unknown)
    0xef, // byte 2: source of A=14 (unknown), source of B=15 (unknown)
    0x00, 0x01, // bytes 3-4: value of A=1
    0x00, 0x02, // bytes 5-6: value of B=2
    0x00, 0x03, // bytes 7-8: target regAddr=3
    0x01, // byte 9: period unit 0 value 1 = 0.1 s
    0x00, 0x00, // bytes 10-11: reserved
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'AO3 = AO1 × 2', toAo, [
    0x14, // byte 0: type=20
    0x30, // byte 1: formula=3 (A*B), target regType=0 (AO channel)
    0x20, // byte 2: source of A=2 (AO channel), source of B=0 (constant)
    0x00, 0x00, // bytes 3-4: value of A=0 (AO1)
    0x00, 0x02, // bytes 5-6: value of B=2
    0x00, 0x02, // bytes 7-8: target regAddr=2 (AO3)
    0x41, // byte 9: period unit 1 value 1 = 1 s
    0x00, 0x00, // bytes 10-11: reserved
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'cache register 7 = |A|+|B| of two s16 registers', toCache, [
    0x14, // byte 0: type=20
    0x95, // byte 1: formula=9 (|A|+|B|), target regType=5 (cache register)
    0x48, // byte 2: source of A=4 (read-only s16), source of B=8 (holding s16)
    0x01, 0x2c, // bytes 3-4: value of A=300
    0x01, 0x2d, // bytes 5-6: value of B=301
    0x00, 0x07, // bytes 7-8: target regAddr=7
    0x85, // byte 9: period unit 2 value 5 = 5 min
    0x00, 0x00, // bytes 10-11: reserved
  ]);

  // prettier-ignore
  testEncodes(sceneCodec, 'fields past their widths are masked', {
    ...sum, target: { regType: 17, regAddr: 65576 },
  }, [
    0x14, // byte 0: type=20
    0x11, // byte 1: formula=1, regType 17 masked to 4 bits = 1
    0x10, // byte 2: sources 1 and 0
    0x00, 0x00, // bytes 3-4: value of A=0
    0x00, 0x64, // bytes 5-6: value of B=100
    0x00, 0x28, // bytes 7-8: regAddr 65576 masked to 16 bits = 40
    0x0a, // byte 9: period 1 s
    0x00, 0x00, // bytes 10-11: reserved
  ]);

  it('ignores the reserved bytes 10-11', () => {
    const dirty = Uint8Array.from(sumBytes);
    dirty[10] = 0x12;
    dirty[11] = 0xff;
    const rule = sceneCodec.decode(dirty);
    expect(rule).toEqual(sum);
    expect(toHex(sceneCodec.encode(rule!))).toBe(toHex(Uint8Array.from(sumBytes)));
  });

  it('describes in every language', () => {
    expect(describeAll(sum)).toEqual({
      en: 'assignment calculation: holding register (u16) 40 = A+B (A = AI1, B = 100); every 1 s',
      zh: '赋值计算：保持寄存器(u16) 40 = A+B（A = AI1，B = 100）；每1秒',
      tc: '賦值計算：保持寄存器(u16) 40 = A+B（A = AI1，B = 100）；每1秒',
    });
    expect(describeAll(toAo)).toEqual({
      en: 'assignment calculation: AO3 = A*B (A = AO1, B = 2); every 1 s',
      zh: '赋值计算：AO3 = A*B（A = AO1，B = 2）；每1秒',
      tc: '賦值計算：AO3 = A*B（A = AO1，B = 2）；每1秒',
    });
    expect(describeAll(toCache)).toEqual({
      en:
        'assignment calculation: cache register 7 = |A|+|B| ' +
        '(A = read-only register (s16) 300, B = holding register (s16) 301); every 5 min',
      zh: '赋值计算：缓存寄存器 7 = |A|+|B|（A = 只读寄存器(s16) 300，B = 保持寄存器(s16) 301）；每5分钟',
      tc: '賦值計算：緩存寄存器 7 = |A|+|B|（A = 唯讀寄存器(s16) 300，B = 保持寄存器(s16) 301）；每5分鐘',
    });
    expect(sceneCodec.describe(upperBounds, 'en')).toBe(
      'assignment calculation: changed flow 65535 = X+(A-X)/B ' +
        '(A = flow register 65535, B = flow register 65535); every 10 h 30 min',
    );
  });

  it("shows 'err' for an unknown formula, target type or source", () => {
    expect(sceneCodec.describe(onePast, 'en')).toBe('assignment calculation: err = err; every 0.1 s');
    expect(sceneCodec.describe({ ...sum, b: { source: 15, value: 0 } }, 'tc')).toContain('B = err');
  });

  it('validates', () => {
    expect(sceneCodec.validate(sum)).toEqual([]);
    expect(sceneCodec.validate(upperBounds)).toEqual([]);
    expect(sceneCodec.validate(onePast)).toEqual([
      'formula: 0-14',
      'a.source: 0-13',
      'b.source: 0-13',
      'target.regType: 0-8',
    ]);
    expect(sceneCodec.validate({ ...toAo, target: { regType: 0, regAddr: 32 } })).toEqual([
      'target.regAddr: 0-31',
    ]);
    expect(sceneCodec.validate({ ...sum, target: { regType: 1, regAddr: 65536 } })).toEqual([
      'target.regAddr: 0-65535',
    ]);
    expect(sceneCodec.validate({ ...sum, period: { value: 1, unit: 5 as 0 } })).toEqual([
      'period: value 0-63, unit 0-3',
    ]);
  });
});
