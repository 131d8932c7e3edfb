// Checks docs/protocol.md § Output.
import { describe, expect, it } from 'vitest';
import { toHex } from '../bytes.js';
import { bufferOf, testEncodes, testProperties, testVector } from '../test-support/rule-vectors.js';
import { outputArb } from '../test-support/arbitraries.js';
import {
  decodeOutputPayload,
  describeOutput,
  encodeOutputPayload,
  OUTPUT_MODES,
  outputCodec as codec,
} from './output.js';
import type { ChannelOutput, OutputRule } from './output.js';

const out = (mode: ChannelOutput['mode'], channel: number, value: number, addr: number): OutputRule => ({
  mode,
  channel,
  value,
  addr,
});
const closeDo2For5s = out(1, 1, 50, 0);
const addToHolding: OutputRule = { mode: 6, operation: { mathType: 1, regType: 1, regAddr: 100, value: 5 } };

// Layout kept by hand so that each field's bytes share one line and one comment.
// prettier-ignore
const VECTORS: [string, OutputRule, number[]][] = [
  ['disabled', out(0, 0, 0, 0), [
    0x00, // byte 0: reserved bits 7-4, mode=0 (disabled) bits 3-0
    0x00, // byte 1: channel=0
    0x00, 0x00, // bytes 2-3: value=0
    0x00, // byte 4: addr=0
    0x00, // byte 5: reserved
  ]],
  ['disabled keeps its fields', out(0, 3, 0x0102, 7), [
    0x00, // byte 0: mode=0 (disabled)
    0x03, // byte 1: channel=3
    0x01, 0x02, // bytes 2-3: value=258
    0x07, // byte 4: addr=7
    0x00, // byte 5: reserved
  ]],
  ['close relay DO2, hold 5 s', closeDo2For5s, [
    0x01, // byte 0: mode=1 (close relay)
    0x01, // byte 1: channel=1 (DO2)
    0x00, 0x32, // bytes 2-3: value=50 (hold 5 s)
    0x00, // byte 4: addr=0 (this device)
    0x00, // byte 5: reserved
  ]],
  ['open relay DO32, stays, slave 249 (bounds)', out(2, 31, 0, 249), [
    0x02, // byte 0: mode=2 (open relay)
    0x1f, // byte 1: channel=31 (DO32, bound)
    0x00, 0x00, // bytes 2-3: value=0 (stays)
    0xf9, // byte 4: addr=249 (bound)
    0x00, // byte 5: reserved
  ]],
  ['invert relay, hold 65535, addr 250 (one past)', out(3, 0, 65535, 250), [
    0x03, // byte 0: mode=3 (invert relay)
    0x00, // byte 1: channel=0 (DO1)
    0xff, 0xff, // bytes 2-3: value=65535 (hold bound)
    0xfa, // byte 4: addr=250 (one past)
    0x00, // byte 5: reserved
  ]],
  ['invert relay DO33 (one past), hold 0.2 s (shortest)', out(3, 32, 2, 0), [
    0x03, // byte 0: mode=3 (invert relay)
    0x20, // byte 1: channel=32 (one past)
    0x00, 0x02, // bytes 2-3: value=2 (shortest hold)
    0x00, // byte 4: addr=0
    0x00, // byte 5: reserved
  ]],
  ['stop scene 0', out(4, 0, 0, 0), [
    0x04, // byte 0: mode=4 (stop scene)
    0x00, // byte 1: channel=0 (scene index 0)
    0x00, 0x00, // bytes 2-3: value=0
    0x00, // byte 4: addr=0
    0x00, // byte 5: reserved
  ]],
  ['start scene 255 with a stray value', out(5, 255, 7, 0), [
    0x05, // byte 0: mode=5 (start scene)
    0xff, // byte 1: channel=255 (scene index bound)
    0x00, 0x07, // bytes 2-3: value=7 (kept as read)
    0x00, // byte 4: addr=0
    0x00, // byte 5: reserved
  ]],
  ['register operation', addToHolding, [
    0x06, // byte 0: mode=6 (extended function)
    0x41, // byte 1: register operation byte 0: mathType=1 (add), regType=1 (holding u16)
    0x00, 0x64, // bytes 2-3: regAddr=100
    0x00, 0x05, // bytes 4-5: value=5
  ]],
  ['AO1 output 1200', out(7, 0, 1200, 0), [
    0x07, // byte 0: mode=7 (AO output)
    0x00, // byte 1: channel=0 (AO1)
    0x04, 0xb0, // bytes 2-3: value=1200
    0x00, // byte 4: addr=0
    0x00, // byte 5: reserved
  ]],
  ['AO32 output 20000 @ slave 12', out(7, 31, 20000, 12), [
    0x07, // byte 0: mode=7 (AO output)
    0x1f, // byte 1: channel=31 (AO32)
    0x4e, 0x20, // bytes 2-3: value=20000
    0x0c, // byte 4: addr=12
    0x00, // byte 5: reserved
  ]],
  ['mode 8 (one past) keeps its fields', out(8, 1, 0x0203, 4), [
    0x08, // byte 0: mode=8 (unknown)
    0x01, // byte 1: channel=1
    0x02, 0x03, // bytes 2-3: value=515
    0x04, // byte 4: addr=4
    0x00, // byte 5: reserved
  ]],
  ['mode 15 (largest)', out(15, 255, 65535, 255), [
    0x0f, // byte 0: mode=15 (unknown)
    0xff, // byte 1: channel=255
    0xff, 0xff, // bytes 2-3: value=65535
    0xff, // byte 4: addr=255
    0x00, // byte 5: reserved
  ]],
];

describe('output vectors', () => {
  for (const [name, rule, bytes] of VECTORS) testVector(codec, name, rule, bytes);
  // prettier-ignore
  testEncodes(codec, 'fields past their widths are masked', out(1, 257, 65586, 256), [
    0x01, // byte 0: mode=1
    0x01, // byte 1: channel 257 → 1
    0x00, 0x32, // bytes 2-3: value 65586 → 50
    0x00, // byte 4: addr 256 → 0
    0x00, // byte 5: reserved
  ]);
  it('ignores the reserved bits (byte 0 bits 7-4, byte 5)', () => {
    expect(codec.decode(Uint8Array.of(0xf1, 0x01, 0x00, 0x32, 0x00, 0xaa))).toEqual(closeDo2For5s);
  });
});

describe('output payload', () => {
  it('is bytes 1-5 of the output', () => {
    expect(toHex(encodeOutputPayload(closeDo2For5s))).toBe('0100320000');
    expect(toHex(encodeOutputPayload(addToHolding))).toBe('4100640005');
    expect(decodeOutputPayload(1, Uint8Array.of(0x01, 0x00, 0x32, 0x00, 0x00))).toEqual(closeDo2For5s);
    expect(decodeOutputPayload(6, Uint8Array.of(0x41, 0x00, 0x64, 0x00, 0x05))).toEqual(addToHolding);
  });
  it('reads the low 4 bits of the mode and the first 5 payload bytes', () => {
    const longer = Uint8Array.of(0x01, 0x00, 0x32, 0x00, 0x00, 0xee, 0xee);
    expect(decodeOutputPayload(0x31, longer)).toEqual(closeDo2For5s);
  });
  it('never throws on a short payload: missing bytes read as 0', () => {
    expect(decodeOutputPayload(1, Uint8Array.of(0x01))).toEqual(out(1, 1, 0, 0));
    expect(decodeOutputPayload(6, Uint8Array.of(0x41))).toEqual({
      mode: 6,
      operation: { mathType: 1, regType: 1, regAddr: 0, value: 0 },
    });
    expect(decodeOutputPayload(7, new Uint8Array(0))).toEqual(out(7, 0, 0, 0));
  });
});

testProperties(codec, {
  rule: outputArb,
  buffer: bufferOf(6, (b) => {
    b[0] = (b[0] ?? 0) & 0x0f;
    if (b[0] === 6) b[1] = (b[1] ?? 0) & 0xcf;
    else b[5] = 0;
  }),
});

describe('output descriptions', () => {
  it.each([
    [closeDo2For5s, 'close relay DO2, hold 5 s', '闭合继电器DO2，保持5秒', '閉合繼電器DO2，保持5秒'],
    [out(2, 31, 0, 12), 'open relay DO32 @ slave 12', '断开继电器DO32 @从机12', '斷開繼電器DO32 @從機12'],
    [
      out(3, 0, 900, 0),
      'invert relay DO1, hold 1 min 30 s',
      '翻转继电器DO1，保持1分钟30秒',
      '翻轉繼電器DO1，保持1分鐘30秒',
    ],
    [out(7, 0, 1200, 0), 'AO1 output 1200', 'AO1输出1200', 'AO1輸出1200'],
    [out(5, 3, 0, 0), 'start scene 3', '启动场景3', '啟動場景3'],
    [out(4, 0, 0, 3), 'stop scene 0 @ slave 3', '停止场景0 @从机3', '停止場景0 @從機3'],
    [
      addToHolding,
      'register operation: holding register (u16) 100 += 5',
      '寄存器操作：保持寄存器(u16) 100 += 5',
      '寄存器操作：保持寄存器(u16) 100 += 5',
    ],
    [out(0, 3, 9, 9), 'disabled', '禁用', '禁用'],
    [out(8, 0, 0, 0), 'err', 'err', 'err'],
  ])('%o', (rule, en, zh, tc) => {
    expect(describeOutput(rule, 'en')).toBe(en);
    expect(describeOutput(rule, 'zh')).toBe(zh);
    expect(describeOutput(rule, 'tc')).toBe(tc);
  });

  it('names every known mode in every language', () => {
    expect(OUTPUT_MODES).toHaveLength(8);
    OUTPUT_MODES.forEach((m, i) => {
      expect(m.code).toBe(i);
      for (const text of Object.values(m.name)) expect(text.length).toBeGreaterThan(0);
    });
  });
});

describe('output validation', () => {
  it.each([
    [out(1, 0, 0, 0), []],
    [out(1, 0, 1, 0), ['value: hold 2-65535 (0.1 s) or 0']],
    [out(2, 0, 2, 0), []],
    [out(3, 0, 65535, 0), []],
    [out(3, 0, 65536, 0), ['value: hold 2-65535 (0.1 s) or 0']],
    [out(1, 31, 0, 249), []],
    [out(1, 32, 0, 0), ['channel: DO channel 0-31']],
    [out(1, 0, 0, 250), ['addr: 0-249']],
    [out(7, 31, 20000, 0), []],
    [out(7, 32, 0, 0), ['channel: AO channel 0-31']],
    [out(5, 255, 0, 0), []],
    [out(4, 0, 1, 0), ['value: 0 for scene modes']],
    [out(0, 99, 1, 255), []],
    [out(8, 0, 0, 0), ['mode: 0-7']],
    [addToHolding, []],
    [
      { mode: 6, operation: { mathType: 0, regType: 9, regAddr: 0, value: 0 } } as OutputRule,
      ['operation.regType: 0-8'],
    ],
  ])('%o → %o', (rule, reasons) => {
    expect(codec.validate(rule)).toEqual(reasons);
  });
});
