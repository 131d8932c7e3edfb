// docs/protocol.md § Scene header and § Simultaneous.
import { describe, expect, it } from 'vitest';
import { toHex } from '../../bytes.js';
import { LANGS } from '../../i18n.js';
import { testVector } from '../../test-support/rule-vectors.js';
import { sceneCodec } from './scene.js';
import type { SceneRule, SimultaneousScene } from './scene.js';

const describeAll = (rule: SceneRule) =>
  Object.fromEntries(LANGS.map((l) => [l, sceneCodec.describe(rule, l)]));

const swap: SimultaneousScene = {
  type: 7,
  rule: 3,
  ruleType: 2,
  holdTime: { value: 10, unit: 0 },
  openChannels: [0, 1],
  closeChannels: [2, 3],
};
// prettier-ignore
const swapBytes = [
  0x07, // byte 0: type=7 (simultaneous)
  0x03, // byte 1: reserved bit 7, rule=3
  0x40, // byte 2: ruleType=2 (switch rule) bits 7-5, reserved bits 4-0
  0x0a, // byte 3: holdTime 1 s
  0x00, 0x00, 0x00, 0x03, // bytes 4-7: openChannels bits 0-1 = DO1-DO2
  0x00, 0x00, 0x00, 0x0c, // bytes 8-11: closeChannels bits 2-3 = DO3-DO4
];

const openAll: SimultaneousScene = {
  type: 7,
  rule: 127,
  ruleType: 5,
  holdTime: { value: 0, unit: 0 },
  openChannels: Array.from({ length: 32 }, (_, n) => n),
  closeChannels: [],
};

const closeLast: SimultaneousScene = {
  type: 7,
  rule: 0,
  ruleType: 6,
  holdTime: { value: 63, unit: 0 },
  openChannels: [],
  closeChannels: [31],
};

describe('simultaneous (type 7)', () => {
  testVector(sceneCodec, 'open DO1-DO2 and close DO3-DO4', swap, swapBytes);

  // prettier-ignore
  testVector(sceneCodec, 'open every channel, rule and ruleType at their upper bounds', openAll, [
    0x07, // byte 0: type=7
    0x7f, // byte 1: rule=127
    0xa0, // byte 2: ruleType=5 (scene B, last valid)
    0x00, // byte 3: holdTime 0
    0xff, 0xff, 0xff, 0xff, // bytes 4-7: openChannels DO1-DO32
    0x00, 0x00, 0x00, 0x00, // bytes 8-11: closeChannels none
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'close DO32 only, ruleType 6 (one past scene B)', closeLast, [
    0x07, // byte 0: type=7
    0x00, // byte 1: rule=0
    0xc0, // byte 2: ruleType=6 (unknown)
    0x3f, // byte 3: holdTime unit 0 value 63 = 6.3 s
    0x00, 0x00, 0x00, 0x00, // bytes 4-7: openChannels none
    0x80, 0x00, 0x00, 0x00, // bytes 8-11: closeChannels bit 31 = DO32
  ]);

  it('ignores the reserved bits and writes them as 0', () => {
    const dirty = Uint8Array.from(swapBytes);
    dirty[1] = 0x83; // reserved bit 7 set
    dirty[2] = 0x5f; // reserved bits 4-0 set
    const rule = sceneCodec.decode(dirty);
    expect(rule).toEqual(swap);
    expect(toHex(sceneCodec.encode(rule!))).toBe(toHex(Uint8Array.from(swapBytes)));
  });

  it('describes in every language', () => {
    expect(describeAll(swap)).toEqual({
      en: 'simultaneous: open DO1-DO2, close DO3-DO4; when switch rule 3; hold 1 s',
      zh: '同时开关：开DO1-DO2，关DO3-DO4；条件：开关量规则3；保持1秒',
      tc: '同時開關：開DO1-DO2，關DO3-DO4；條件：開關量規則3；保持1秒',
    });
    expect(describeAll(openAll)).toEqual({
      en: 'simultaneous: open DO1-DO32, close none; when scene B rule 127',
      zh: '同时开关：开DO1-DO32，关无；条件：场景B规则127',
      tc: '同時開關：開DO1-DO32，關無；條件：場景B規則127',
    });
    expect(sceneCodec.describe(closeLast, 'en')).toBe(
      'simultaneous: open none, close DO32; when err; hold 6.3 s',
    );
  });

  it('validates', () => {
    expect(sceneCodec.validate(swap)).toEqual([]);
    expect(sceneCodec.validate(closeLast)).toEqual(['ruleType: 0-5']);
    expect(sceneCodec.validate({ ...swap, openChannels: [32], closeChannels: [1.5] })).toEqual([
      'openChannels: 0-31',
      'closeChannels: 0-31',
    ]);
  });
});
