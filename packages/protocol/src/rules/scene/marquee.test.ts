// docs/protocol.md § Scene header and § Marquee and water-flow light.
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../i18n.js';
import { testEncodes, testVector } from '../../test-support/rule-vectors.js';
import { sceneCodec } from './scene.js';
import type { MarqueeScene, SceneRule } from './scene.js';

const describeAll = (rule: SceneRule) =>
  Object.fromEntries(LANGS.map((l) => [l, sceneCodec.describe(rule, l)]));

const example: MarqueeScene = {
  type: 1,
  cycle: false,
  rule: 2,
  ruleType: 2,
  reverse: false,
  holdTime: { value: 10, unit: 0 },
  cycleCount: 3,
  waitTime: { value: 20, unit: 0 },
  openTime: { value: 10, unit: 0 },
  closeTime: { value: 5, unit: 0 },
  channels: [0, 1, 2, 3],
};
// prettier-ignore
const exampleBytes = [
  0x01, // byte 0: type=1 (marquee)
  0x02, // byte 1: cycle=0 bit 7, rule=2 bits 6-0
  0x40, // byte 2: ruleType=2 (switch rule) bits 7-5, reverse=0 bit 4, reserved bits 3-0
  0x0a, // byte 3: holdTime unit 0 (0.1 s) value 10 = 1 s
  0x03, // byte 4: cycleCount=3
  0x14, // byte 5: waitTime unit 0 value 20 = 2 s
  0x0a, // byte 6: openTime unit 0 value 10 = 1 s
  0x05, // byte 7: closeTime unit 0 value 5 = 0.5 s
  0x00, 0x00, 0x00, 0x0f, // bytes 8-11: channels bits 0-3 = DO1-DO4
];

const upperBounds: MarqueeScene = {
  type: 2,
  cycle: true,
  rule: 127,
  ruleType: 5,
  reverse: true,
  holdTime: { value: 63, unit: 0 },
  cycleCount: 255,
  waitTime: { value: 63, unit: 3 },
  openTime: { value: 63, unit: 1 },
  closeTime: { value: 63, unit: 2 },
  channels: Array.from({ length: 32 }, (_, n) => n),
};

const repeating: MarqueeScene = {
  type: 2,
  cycle: true,
  rule: 5,
  ruleType: 0,
  reverse: false,
  holdTime: { value: 10, unit: 0 },
  cycleCount: 1,
  waitTime: { value: 10, unit: 0 },
  openTime: { value: 10, unit: 0 },
  closeTime: { value: 1, unit: 1 },
  channels: [0, 2, 3, 4, 7],
};

describe('marquee and water-flow light (types 1, 2)', () => {
  testVector(sceneCodec, 'marquee DO1-DO4 on a switch rule', example, exampleBytes);

  // prettier-ignore
  testVector(sceneCodec, 'water-flow light, every field at its upper bound', upperBounds, [
    0x02, // byte 0: type=2 (water-flow light)
    0xff, // byte 1: cycle=1 bit 7, rule=127 bits 6-0
    0xb0, // byte 2: ruleType=5 (scene B, last valid) bits 7-5, reverse=1 bit 4
    0x3f, // byte 3: holdTime unit 0 value 63 = 6.3 s
    0xff, // byte 4: cycleCount=255
    0xff, // byte 5: waitTime unit 3 (10 min) value 63 = 630 min
    0x7f, // byte 6: openTime unit 1 (1 s) value 63 = 63 s (1 min 3 s)
    0xbf, // byte 7: closeTime unit 2 (minute) value 63 = 63 min
    0xff, 0xff, 0xff, 0xff, // bytes 8-11: channels bits 0-31 = DO1-DO32
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'ruleType 6 (one past scene B), endless, DO32 only', {
    type: 1, cycle: false, rule: 0, ruleType: 6, reverse: false, holdTime: { value: 0, unit: 0 },
    cycleCount: 0, waitTime: { value: 0, unit: 0 }, openTime: { value: 1, unit: 1 },
    closeTime: { value: 1, unit: 0 }, channels: [31],
  }, [
    0x01, // byte 0: type=1 (marquee)
    0x00, // byte 1: cycle=0, rule=0
    0xc0, // byte 2: ruleType=6 (unknown) bits 7-5, reverse=0
    0x00, // byte 3: holdTime 0
    0x00, // byte 4: cycleCount=0 (endless)
    0x00, // byte 5: waitTime 0
    0x41, // byte 6: openTime unit 1 value 1 = 1 s
    0x01, // byte 7: closeTime unit 0 value 1 = 0.1 s
    0x80, 0x00, 0x00, 0x00, // bytes 8-11: channels bit 31 = DO32
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'constant rule, repeating, scattered channels', repeating, [
    0x02, // byte 0: type=2 (water-flow light)
    0x85, // byte 1: cycle=1 bit 7, rule=5 (kept, though the constant ignores it)
    0x00, // byte 2: ruleType=0 (constant), reverse=0
    0x0a, // byte 3: holdTime 1 s
    0x01, // byte 4: cycleCount=1
    0x0a, // byte 5: waitTime 1 s
    0x0a, // byte 6: openTime 1 s
    0x41, // byte 7: closeTime unit 1 value 1 = 1 s
    0x00, 0x00, 0x00, 0x9d, // bytes 8-11: channels bits 0, 2, 3, 4, 7 = DO1, DO3-DO5, DO8
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'ruleType 7, no channels', {
    type: 1, cycle: false, rule: 64, ruleType: 7, reverse: false, holdTime: { value: 0, unit: 0 },
    cycleCount: 0, waitTime: { value: 0, unit: 0 }, openTime: { value: 0, unit: 0 },
    closeTime: { value: 0, unit: 0 }, channels: [],
  }, [
    0x01, // byte 0: type=1 (marquee)
    0x40, // byte 1: cycle=0, rule=64
    0xe0, // byte 2: ruleType=7 (unknown), reverse=0
    0x00, 0x00, 0x00, 0x00, 0x00, // bytes 3-7: holdTime, cycleCount, waitTime, openTime, closeTime all 0
    0x00, 0x00, 0x00, 0x00, // bytes 8-11: no channels
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'water-flow light from the top on an analog rule', {
    type: 2, cycle: false, rule: 10, ruleType: 3, reverse: true, holdTime: { value: 0, unit: 0 },
    cycleCount: 2, waitTime: { value: 1, unit: 2 }, openTime: { value: 5, unit: 0 },
    closeTime: { value: 0, unit: 0 }, channels: [16, 17, 18, 19, 20, 21, 22, 23],
  }, [
    0x02, // byte 0: type=2 (water-flow light)
    0x0a, // byte 1: cycle=0, rule=10
    0x70, // byte 2: ruleType=3 (analog rule) bits 7-5, reverse=1 bit 4
    0x00, // byte 3: holdTime 0
    0x02, // byte 4: cycleCount=2
    0x81, // byte 5: waitTime unit 2 value 1 = 1 min
    0x05, // byte 6: openTime 0.5 s
    0x00, // byte 7: closeTime 0
    0x00, 0xff, 0x00, 0x00, // bytes 8-11: channels bits 16-23 = DO17-DO24
  ]);

  // prettier-ignore
  testEncodes(sceneCodec, 'fields past their widths are masked, channels outside 0-31 dropped', {
    ...example, rule: 200, cycleCount: 300, openTime: { value: 70, unit: 0 }, channels: [3, 1, 1, 32, -1],
  }, [
    0x01, // byte 0: type=1
    0x48, // byte 1: rule 200 masked to 7 bits = 72
    0x40, // byte 2: ruleType=2
    0x0a, // byte 3: holdTime 1 s
    0x2c, // byte 4: cycleCount 300 masked to 8 bits = 44
    0x14, // byte 5: waitTime 2 s
    0x06, // byte 6: openTime value 70 masked to 6 bits = 6
    0x05, // byte 7: closeTime 0.5 s
    0x00, 0x00, 0x00, 0x0a, // bytes 8-11: channels 1 and 3 only
  ]);

  it('ignores the reserved bits 3-0 of byte 2', () => {
    const bytes = Uint8Array.from(exampleBytes);
    bytes[2] = 0x4f;
    expect(sceneCodec.decode(bytes)).toEqual(example);
  });

  it('describes in every language', () => {
    expect(describeAll(example)).toEqual({
      en: 'marquee DO1-DO4; on 1 s, gap 0.5 s, wait 2 s, 3 cycles; when switch rule 2; hold 1 s',
      zh: '跑马灯 DO1-DO4；开1秒，间隔0.5秒，等待2秒，循环3次；条件：开关量规则2；保持1秒',
      tc: '跑馬燈 DO1-DO4；開1秒，間隔0.5秒，等待2秒，循環3次；條件：開關量規則2；保持1秒',
    });
    expect(describeAll(upperBounds)).toEqual({
      en:
        'water-flow light DO1-DO32; on 1 min 3 s, gap 1 h 3 min, wait 10 h 30 min, 255 cycles; ' +
        'highest channel first; when scene B rule 127; repeats while the rule holds; hold 6.3 s',
      zh:
        '流水灯 DO1-DO32；开1分钟3秒，间隔1小时3分钟，等待10小时30分钟，循环255次；' +
        '从高通道开始；条件：场景B规则127；条件成立期间重复；保持6.3秒',
      tc:
        '流水燈 DO1-DO32；開1分鐘3秒，間隔1小時3分鐘，等待10小時30分鐘，循環255次；' +
        '從高通道開始；條件：場景B規則127；條件成立期間重複；保持6.3秒',
    });
    expect(describeAll(repeating)).toEqual({
      en: 'water-flow light DO1, DO3-DO5, DO8; on 1 s, gap 1 s, wait 1 s, 1 cycle; repeats while the rule holds; hold 1 s',
      zh: '流水灯 DO1、DO3-DO5、DO8；开1秒，间隔1秒，等待1秒，循环1次；条件成立期间重复；保持1秒',
      tc: '流水燈 DO1、DO3-DO5、DO8；開1秒，間隔1秒，等待1秒，循環1次；條件成立期間重複；保持1秒',
    });
  });

  it('shows an unknown rule type and an endless count', () => {
    const rule = { ...example, ruleType: 6, cycleCount: 0 };
    expect(sceneCodec.describe(rule, 'en')).toBe(
      'marquee DO1-DO4; on 1 s, gap 0.5 s, wait 2 s, endless; when err; hold 1 s',
    );
    expect(sceneCodec.describe(rule, 'zh')).toContain('无限循环');
    expect(sceneCodec.describe({ ...example, channels: [] }, 'en')).toMatch(/^marquee none;/);
  });

  it('validates', () => {
    expect(sceneCodec.validate(example)).toEqual([]);
    expect(sceneCodec.validate(upperBounds)).toEqual([]);
    expect(sceneCodec.validate({ ...example, ruleType: 6 })).toEqual(['ruleType: 0-5']);
    expect(sceneCodec.validate({ ...example, rule: 128 })).toEqual(['rule: 0-127']);
    expect(sceneCodec.validate({ ...example, cycleCount: 256 })).toEqual(['cycleCount: 0-255']);
    expect(sceneCodec.validate({ ...example, openTime: { value: 64, unit: 0 } })).toEqual([
      'openTime: value 0-63, unit 0-3',
    ]);
    expect(sceneCodec.validate({ ...example, channels: [0, 32] })).toEqual(['channels: 0-31']);
  });
});
