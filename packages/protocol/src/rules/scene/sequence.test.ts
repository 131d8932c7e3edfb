// docs/protocol.md § Scene header and § Open and close in turn or in sequence.
import { describe, expect, it } from 'vitest';
import { toHex } from '../../bytes.js';
import { LANGS } from '../../i18n.js';
import { testVector } from '../../test-support/rule-vectors.js';
import { sceneCodec, stepSceneAccumulates, stepSceneOpens } from './scene.js';
import type { SceneRule, StepScene } from './scene.js';

const describeAll = (rule: SceneRule) =>
  Object.fromEntries(LANGS.map((l) => [l, sceneCodec.describe(rule, l)]));

const openInTurn: StepScene = {
  type: 3,
  rule: 1,
  ruleType: 1,
  holdTime: { value: 0, unit: 0 },
  stepTime: { value: 10, unit: 0 },
  channels: [0, 1, 2],
};
// prettier-ignore
const openInTurnBytes = [
  0x03, // byte 0: type=3 (open in turn)
  0x01, // byte 1: reserved bit 7, rule=1 bits 6-0
  0x20, // byte 2: ruleType=1 (time rule) bits 7-5, reserved bits 4-0
  0x00, // byte 3: holdTime 0
  0x0a, // byte 4: stepTime unit 0 value 10 = 1 s
  0x00, 0x00, 0x00, // bytes 5-7: reserved
  0x00, 0x00, 0x00, 0x07, // bytes 8-11: channels bits 0-2 = DO1-DO3
];

const closeInTurn: StepScene = {
  type: 4,
  rule: 127,
  ruleType: 5,
  holdTime: { value: 63, unit: 3 },
  stepTime: { value: 63, unit: 3 },
  channels: Array.from({ length: 32 }, (_, n) => n),
};

const openInSequence: StepScene = {
  type: 5,
  rule: 0,
  ruleType: 0,
  holdTime: { value: 50, unit: 0 },
  stepTime: { value: 1, unit: 1 },
  channels: [0, 2, 4],
};

const closeInSequence: StepScene = {
  type: 6,
  rule: 9,
  ruleType: 6,
  holdTime: { value: 0, unit: 0 },
  stepTime: { value: 2, unit: 2 },
  channels: [8, 9, 10, 11, 12, 13, 14, 15],
};

describe('open and close in turn or in sequence (types 3-6)', () => {
  testVector(sceneCodec, 'open in turn DO1-DO3 on a time rule', openInTurn, openInTurnBytes);

  // prettier-ignore
  testVector(sceneCodec, 'close in turn, every field at its upper bound', closeInTurn, [
    0x04, // byte 0: type=4 (close in turn)
    0x7f, // byte 1: reserved bit 7, rule=127
    0xa0, // byte 2: ruleType=5 (scene B, last valid) bits 7-5
    0xff, // byte 3: holdTime unit 3 (10 min) value 63 = 630 min
    0xff, // byte 4: stepTime unit 3 value 63 = 630 min
    0x00, 0x00, 0x00, // bytes 5-7: reserved
    0xff, 0xff, 0xff, 0xff, // bytes 8-11: channels DO1-DO32
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'open in sequence on the constant rule', openInSequence, [
    0x05, // byte 0: type=5 (open in sequence)
    0x00, // byte 1: rule=0
    0x00, // byte 2: ruleType=0 (constant)
    0x32, // byte 3: holdTime unit 0 value 50 = 5 s
    0x41, // byte 4: stepTime unit 1 (1 s) value 1 = 1 s
    0x00, 0x00, 0x00, // bytes 5-7: reserved
    0x00, 0x00, 0x00, 0x15, // bytes 8-11: channels bits 0, 2, 4 = DO1, DO3, DO5
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'close in sequence, ruleType 6 (one past scene B)', closeInSequence, [
    0x06, // byte 0: type=6 (close in sequence)
    0x09, // byte 1: rule=9
    0xc0, // byte 2: ruleType=6 (unknown)
    0x00, // byte 3: holdTime 0
    0x82, // byte 4: stepTime unit 2 (minute) value 2 = 2 min
    0x00, 0x00, 0x00, // bytes 5-7: reserved
    0x00, 0x00, 0xff, 0x00, // bytes 8-11: channels bits 8-15 = DO9-DO16
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'close in sequence with no channels', {
    type: 6, rule: 3, ruleType: 2, holdTime: { value: 1, unit: 2 }, stepTime: { value: 0, unit: 0 }, channels: [],
  }, [
    0x06, // byte 0: type=6
    0x03, // byte 1: rule=3
    0x40, // byte 2: ruleType=2 (switch rule)
    0x81, // byte 3: holdTime unit 2 value 1 = 1 min
    0x00, // byte 4: stepTime 0
    0x00, 0x00, 0x00, // bytes 5-7: reserved
    0x00, 0x00, 0x00, 0x00, // bytes 8-11: no channels
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'open in turn, rule and ruleType at their upper bounds, DO32 only', {
    type: 3, rule: 127, ruleType: 5, holdTime: { value: 63, unit: 0 }, stepTime: { value: 63, unit: 1 }, channels: [31],
  }, [
    0x03, // byte 0: type=3 (open in turn)
    0x7f, // byte 1: rule=127
    0xa0, // byte 2: ruleType=5 (scene B)
    0x3f, // byte 3: holdTime unit 0 value 63 = 6.3 s
    0x7f, // byte 4: stepTime unit 1 value 63 = 63 s
    0x00, 0x00, 0x00, // bytes 5-7: reserved
    0x80, 0x00, 0x00, 0x00, // bytes 8-11: channels bit 31 = DO32
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'open in turn, ruleType 6, nothing set', {
    type: 3, rule: 0, ruleType: 6, holdTime: { value: 0, unit: 0 }, stepTime: { value: 0, unit: 0 }, channels: [],
  }, [
    0x03, // byte 0: type=3
    0x00, // byte 1: rule=0
    0xc0, // byte 2: ruleType=6 (unknown)
    0x00, 0x00, // bytes 3-4: holdTime 0, stepTime 0
    0x00, 0x00, 0x00, // bytes 5-7: reserved
    0x00, 0x00, 0x00, 0x00, // bytes 8-11: no channels
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'close in turn DO1-DO2 on a switch rule', {
    type: 4, rule: 2, ruleType: 2, holdTime: { value: 10, unit: 0 }, stepTime: { value: 5, unit: 0 }, channels: [0, 1],
  }, [
    0x04, // byte 0: type=4 (close in turn)
    0x02, // byte 1: rule=2
    0x40, // byte 2: ruleType=2 (switch rule)
    0x0a, // byte 3: holdTime 1 s
    0x05, // byte 4: stepTime unit 0 value 5 = 0.5 s
    0x00, 0x00, 0x00, // bytes 5-7: reserved
    0x00, 0x00, 0x00, 0x03, // bytes 8-11: channels bits 0-1 = DO1-DO2
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'close in turn, ruleType 7, DO17 only', {
    type: 4, rule: 64, ruleType: 7, holdTime: { value: 0, unit: 0 }, stepTime: { value: 1, unit: 0 }, channels: [16],
  }, [
    0x04, // byte 0: type=4
    0x40, // byte 1: rule=64
    0xe0, // byte 2: ruleType=7 (unknown)
    0x00, // byte 3: holdTime 0
    0x01, // byte 4: stepTime unit 0 value 1 = 0.1 s
    0x00, 0x00, 0x00, // bytes 5-7: reserved
    0x00, 0x01, 0x00, 0x00, // bytes 8-11: channels bit 16 = DO17
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'open in sequence, every field at its upper bound', {
    type: 5, rule: 127, ruleType: 5, holdTime: { value: 63, unit: 3 }, stepTime: { value: 63, unit: 2 },
    channels: Array.from({ length: 32 }, (_, n) => n),
  }, [
    0x05, // byte 0: type=5 (open in sequence)
    0x7f, // byte 1: rule=127
    0xa0, // byte 2: ruleType=5 (scene B)
    0xff, // byte 3: holdTime unit 3 value 63 = 630 min
    0xbf, // byte 4: stepTime unit 2 value 63 = 63 min
    0x00, 0x00, 0x00, // bytes 5-7: reserved
    0xff, 0xff, 0xff, 0xff, // bytes 8-11: channels DO1-DO32
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'open in sequence, ruleType 6, DO1 only', {
    type: 5, rule: 1, ruleType: 6, holdTime: { value: 0, unit: 0 }, stepTime: { value: 10, unit: 0 }, channels: [0],
  }, [
    0x05, // byte 0: type=5
    0x01, // byte 1: rule=1
    0xc0, // byte 2: ruleType=6 (unknown)
    0x00, // byte 3: holdTime 0
    0x0a, // byte 4: stepTime 1 s
    0x00, 0x00, 0x00, // bytes 5-7: reserved
    0x00, 0x00, 0x00, 0x01, // bytes 8-11: channels bit 0 = DO1
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'close in sequence, DO1 and DO32, a zero hold in 10-minute units', {
    type: 6, rule: 127, ruleType: 5, holdTime: { value: 0, unit: 3 }, stepTime: { value: 63, unit: 0 }, channels: [0, 31],
  }, [
    0x06, // byte 0: type=6 (close in sequence)
    0x7f, // byte 1: rule=127
    0xa0, // byte 2: ruleType=5 (scene B)
    0xc0, // byte 3: holdTime unit 3 value 0
    0x3f, // byte 4: stepTime unit 0 value 63 = 6.3 s
    0x00, 0x00, 0x00, // bytes 5-7: reserved
    0x80, 0x00, 0x00, 0x01, // bytes 8-11: channels bits 0 and 31 = DO1, DO32
  ]);

  it('ignores the reserved bits and writes them as 0', () => {
    // prettier-ignore
    const dirty = Uint8Array.from([
      0x03, 0x81, 0x3f, 0x00, 0x0a, 0xaa, 0xbb, 0xcc, 0x00, 0x00, 0x00, 0x07, // bits 1.7, 2.4-0 and bytes 5-7 set
    ]);
    const rule = sceneCodec.decode(dirty);
    expect(rule).toEqual(openInTurn);
    expect(toHex(sceneCodec.encode(rule!))).toBe(toHex(Uint8Array.from(openInTurnBytes)));
  });

  it('tells opening from closing and one at a time from accumulating', () => {
    expect([3, 4, 5, 6].map((t) => stepSceneOpens(t as StepScene['type']))).toEqual([
      true,
      false,
      true,
      false,
    ]);
    expect([3, 4, 5, 6].map((t) => stepSceneAccumulates(t as StepScene['type']))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  it('describes in every language', () => {
    expect(describeAll(openInTurn)).toEqual({
      en: 'open in turn DO1-DO3; step 1 s; when time rule 1',
      zh: '轮流打开 DO1-DO3；间隔1秒；条件：定时规则1',
      tc: '輪流打開 DO1-DO3；間隔1秒；條件：定時規則1',
    });
    expect(describeAll(closeInTurn)).toEqual({
      en: 'close in turn DO1-DO32; step 10 h 30 min; when scene B rule 127; hold 10 h 30 min',
      zh: '轮流关闭 DO1-DO32；间隔10小时30分钟；条件：场景B规则127；保持10小时30分钟',
      tc: '輪流關閉 DO1-DO32；間隔10小時30分鐘；條件：場景B規則127；保持10小時30分鐘',
    });
    expect(describeAll(openInSequence)).toEqual({
      en: 'open in sequence DO1, DO3, DO5; step 1 s; hold 5 s',
      zh: '顺序打开 DO1、DO3、DO5；间隔1秒；保持5秒',
      tc: '順序打開 DO1、DO3、DO5；間隔1秒；保持5秒',
    });
    expect(describeAll(closeInSequence)).toEqual({
      en: 'close in sequence DO9-DO16; step 2 min; when err',
      zh: '顺序关闭 DO9-DO16；间隔2分钟；条件：err',
      tc: '順序關閉 DO9-DO16；間隔2分鐘；條件：err',
    });
  });

  it('validates', () => {
    expect(sceneCodec.validate(openInTurn)).toEqual([]);
    expect(sceneCodec.validate(closeInTurn)).toEqual([]);
    expect(sceneCodec.validate(closeInSequence)).toEqual(['ruleType: 0-5']);
    expect(sceneCodec.validate({ ...openInTurn, stepTime: { value: 1, unit: 4 as 0 } })).toEqual([
      'stepTime: value 0-63, unit 0-3',
    ]);
    expect(sceneCodec.validate({ ...openInTurn, channels: [-1, 2] })).toEqual(['channels: 0-31']);
  });
});
