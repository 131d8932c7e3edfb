// docs/protocol.md § Cumulative flow.
import { describe, expect, it } from 'vitest';
import { toHex } from '../../bytes.js';
import { LANGS } from '../../i18n.js';
import { testEncodes, testVector } from '../../test-support/rule-vectors.js';
import { sceneCodec } from './scene.js';
import type { CumulativeFlowScene, SceneRule } from './scene.js';

const describeAll = (rule: SceneRule) =>
  Object.fromEntries(LANGS.map((l) => [l, sceneCodec.describe(rule, l)]));

const valve: CumulativeFlowScene = {
  type: 30,
  module: 1,
  mode: 1,
  doChannel: 2,
  regSource: 13,
  regAddr: 10,
  advance: 50,
  openTime: { value: 20, unit: 0 },
  closeTime: { value: 20, unit: 0 },
};
// prettier-ignore
const valveBytes = [
  0x1e, // byte 0: type=30 (cumulative flow)
  0x01, // byte 1: module=1
  0x01, // byte 2: mode=1 (DO switch)
  0x02, // byte 3: doChannel=2 (DO3)
  0x0d, // byte 4: regSource=13 (flow register)
  0x00, 0x0a, // bytes 5-6: regAddr=10
  0x00, 0x32, // bytes 7-8: advance=50
  0x14, // byte 9: openTime unit 0 value 20 = 2 s
  0x14, // byte 10: closeTime 2 s
  0x00, // byte 11: reserved
];

const upperBounds: CumulativeFlowScene = {
  type: 30,
  module: 255,
  mode: 2,
  doChannel: 31,
  regSource: 13,
  regAddr: 65535,
  advance: 65535,
  openTime: { value: 63, unit: 1 },
  closeTime: { value: 63, unit: 1 },
};

const modeOnePast: CumulativeFlowScene = {
  type: 30,
  module: 0,
  mode: 3,
  doChannel: 0,
  regSource: 0,
  regAddr: 0,
  advance: 0,
  openTime: { value: 0, unit: 0 },
  closeTime: { value: 0, unit: 0 },
};

const disabled: CumulativeFlowScene = {
  type: 30,
  module: 5,
  mode: 0,
  doChannel: 4,
  regSource: 7,
  regAddr: 100,
  advance: 5,
  openTime: { value: 10, unit: 0 },
  closeTime: { value: 10, unit: 0 },
};

const pastChannelAndSource: CumulativeFlowScene = {
  type: 30,
  module: 2,
  mode: 1,
  doChannel: 32,
  regSource: 14,
  regAddr: 1,
  advance: 0,
  openTime: { value: 10, unit: 0 },
  closeTime: { value: 10, unit: 0 },
};

describe('cumulative flow (type 30)', () => {
  testVector(sceneCodec, 'DO switch on DO3 from flow register 10', valve, valveBytes);

  // prettier-ignore
  testVector(sceneCodec, 'mode 2 (DO loop, last valid), every field at its upper bound', upperBounds, [
    0x1e, // byte 0: type=30
    0xff, // byte 1: module=255
    0x02, // byte 2: mode=2 (DO loop)
    0x1f, // byte 3: doChannel=31 (DO32)
    0x0d, // byte 4: regSource=13 (flow register, last valid)
    0xff, 0xff, // bytes 5-6: regAddr=65535
    0xff, 0xff, // bytes 7-8: advance=65535
    0x7f, // byte 9: openTime unit 1 value 63 = 63 s
    0x7f, // byte 10: closeTime 63 s
    0x00, // byte 11: reserved
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'mode 3 (one past DO loop), kept as read', modeOnePast, [
    0x1e, // byte 0: type=30
    0x00, // byte 1: module=0
    0x03, // byte 2: mode=3 (unknown)
    0x00, 0x00, // bytes 3-4: doChannel=0, regSource=0
    0x00, 0x00, // bytes 5-6: regAddr=0
    0x00, 0x00, // bytes 7-8: advance=0
    0x00, 0x00, // bytes 9-10: openTime, closeTime 0
    0x00, // byte 11: reserved
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'mode 0 (disabled) keeps its other fields', disabled, [
    0x1e, // byte 0: type=30
    0x05, // byte 1: module=5
    0x00, // byte 2: mode=0 (disabled)
    0x04, // byte 3: doChannel=4
    0x07, // byte 4: regSource=7 (holding u16)
    0x00, 0x64, // bytes 5-6: regAddr=100
    0x00, 0x05, // bytes 7-8: advance=5
    0x0a, // byte 9: openTime 1 s
    0x0a, // byte 10: closeTime 1 s
    0x00, // byte 11: reserved
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'doChannel 32 and regSource 14: one past, kept as read', pastChannelAndSource, [
    0x1e, // byte 0: type=30
    0x02, // byte 1: module=2
    0x01, // byte 2: mode=1 (DO switch)
    0x20, // byte 3: doChannel=32 (past DO32)
    0x0e, // byte 4: regSource=14 (unknown)
    0x00, 0x01, // bytes 5-6: regAddr=1
    0x00, 0x00, // bytes 7-8: advance=0
    0x0a, // byte 9: openTime 1 s
    0x0a, // byte 10: closeTime 1 s
    0x00, // byte 11: reserved
  ]);

  // prettier-ignore
  testVector(sceneCodec, 'mode, doChannel and regSource at the byte maximum 255', {
    ...modeOnePast, mode: 255, doChannel: 255, regSource: 255,
  }, [
    0x1e, // byte 0: type=30
    0x00, // byte 1: module=0
    0xff, // byte 2: mode=255 (unknown)
    0xff, // byte 3: doChannel=255
    0xff, // byte 4: regSource=255 (unknown)
    0x00, 0x00, 0x00, 0x00, // bytes 5-8: regAddr=0, advance=0
    0x00, 0x00, // bytes 9-10: times 0
    0x00, // byte 11: reserved
  ]);

  // prettier-ignore
  testEncodes(sceneCodec, 'fields past their widths are masked', {
    ...valve, module: 257, advance: 65536 + 50,
  }, [
    0x1e, // byte 0: type=30
    0x01, // byte 1: module 257 masked to 8 bits = 1
    0x01, 0x02, 0x0d, // bytes 2-4: mode, doChannel, regSource
    0x00, 0x0a, // bytes 5-6: regAddr=10
    0x00, 0x32, // bytes 7-8: advance 65586 masked to 16 bits = 50
    0x14, 0x14, // bytes 9-10: times 2 s
    0x00, // byte 11: reserved
  ]);

  it('ignores the reserved byte 11', () => {
    const dirty = Uint8Array.from(valveBytes);
    dirty[11] = 0xa5;
    const rule = sceneCodec.decode(dirty);
    expect(rule).toEqual(valve);
    expect(toHex(sceneCodec.encode(rule!))).toBe(toHex(Uint8Array.from(valveBytes)));
  });

  it('describes in every language', () => {
    expect(describeAll(valve)).toEqual({
      en: 'cumulative flow, module 1: DO switch DO3; flow register 10, advance 50; open 2 s, close 2 s',
      zh: '累计流量，模块1：DO开关 DO3；流量寄存器 10，提前量50；开2秒，关2秒',
      tc: '累計流量，模組1：DO開關 DO3；流量寄存器 10，提前量50；開2秒，關2秒',
    });
    expect(describeAll(disabled)).toEqual({
      en: 'cumulative flow, module 5: disabled',
      zh: '累计流量，模块5：禁用',
      tc: '累計流量，模組5：禁用',
    });
    expect(sceneCodec.describe(upperBounds, 'en')).toBe(
      'cumulative flow, module 255: DO loop DO32; flow register 65535, advance 65535; ' +
        'open 1 min 3 s, close 1 min 3 s',
    );
  });

  it("shows 'err' for an unknown mode or register source", () => {
    expect(sceneCodec.describe(modeOnePast, 'en')).toBe('cumulative flow, module 0: err');
    expect(sceneCodec.describe(pastChannelAndSource, 'en')).toBe(
      'cumulative flow, module 2: DO switch DO33; err, advance 0; open 1 s, close 1 s',
    );
  });

  it('validates', () => {
    expect(sceneCodec.validate(valve)).toEqual([]);
    expect(sceneCodec.validate(upperBounds)).toEqual([]);
    expect(sceneCodec.validate(disabled)).toEqual([]);
    expect(sceneCodec.validate(modeOnePast)).toEqual(['mode: 0-2']);
    expect(sceneCodec.validate(pastChannelAndSource)).toEqual(['doChannel: 0-31', 'regSource: 0-13']);
    expect(sceneCodec.validate({ ...valve, module: 256, regAddr: -1, advance: 1.5 })).toEqual([
      'module: 0-255',
      'regAddr: 0-65535',
      'advance: 0-65535',
    ]);
  });

  it('holds a valve time to 1-255 s while the mode is on (spec § 5)', () => {
    const zero = { value: 0, unit: 0 } as const;
    expect(sceneCodec.validate({ ...valve, openTime: zero })).toEqual([
      'openTime: 1-255 s while the mode is on',
    ]);
    expect(sceneCodec.validate({ ...valve, closeTime: { value: 5, unit: 2 } })).toEqual([
      'closeTime: 1-255 s while the mode is on',
    ]);
    expect(sceneCodec.validate({ ...valve, openTime: { value: 4, unit: 2 } })).toEqual([]);
    expect(sceneCodec.validate({ ...valve, openTime: { value: 1, unit: 0 } })).toEqual([
      'openTime: 1-255 s while the mode is on',
    ]);
    expect(sceneCodec.validate({ ...disabled, openTime: zero, closeTime: zero })).toEqual([]);
  });
});
