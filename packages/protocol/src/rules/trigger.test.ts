// Checks docs/protocol.md § Trigger.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bufferOf, testEncodes, testProperties, testVector } from '../test-support/rule-vectors.js';
import { outputArb } from '../test-support/arbitraries.js';
import type { OutputRule } from './output.js';
import { displayHoldTenths, TRIGGER_SOURCES, triggerCodec as codec } from './trigger.js';
import type { TriggerRule } from './trigger.js';

const disabledOutput: OutputRule = { mode: 0, channel: 0, value: 0, addr: 0 };
const closeDo2For5s: OutputRule = { mode: 1, channel: 1, value: 50, addr: 0 };

const base: TriggerRule = {
  dev: 0,
  source: 1,
  more: false,
  forced: false,
  repeat: false,
  channel: 2,
  level: 'active',
  holdTime: 10,
  unholdTime: 5,
  output: closeDo2For5s,
};
const rule = (changes: Partial<TriggerRule>): TriggerRule => ({ ...base, ...changes });

// Layout kept by hand so that each field's bytes share one line and one comment.
// prettier-ignore
const VECTORS: [string, TriggerRule, number[]][] = [
  ['DI3 active for 1 s closes DO2', base, [
    0x00, // byte 0: dev=0
    0x20, // byte 1: source=1 (DI) bits 7-5, more=0 bit 4, forced=0 bit 3, repeat=0 bit 2, reserved bits 1-0
    0x02, // byte 2: channel=2 (DI3)
    0x00, // byte 3: reserved bits 7-1, level=0 (active) bit 0
    0x00, 0x0a, // bytes 4-5: holdTime=10 (1 s)
    0x00, 0x05, // bytes 6-7: unholdTime=5 (0.5 s)
    0x01, 0x01, 0x00, 0x32, 0x00, 0x00, // bytes 8-13: output mode=1 (close relay), channel=1, value=50, addr=0
  ]],
  ['disabled', rule({ source: 0, channel: 0, holdTime: 0, unholdTime: 0, output: disabledOutput }), [
    0x00, // byte 0: dev=0
    0x00, // byte 1: source=0 (disabled), flags 0
    0x00, // byte 2: channel=0
    0x00, // byte 3: level=0
    0x00, 0x00, // bytes 4-5: holdTime=0
    0x00, 0x00, // bytes 6-7: unholdTime=0
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // bytes 8-13: output disabled
  ]],
  ['DO32 inactive, every flag, bounds', rule({
    dev: 255, source: 2, more: true, forced: true, repeat: true, channel: 31, level: 'inactive',
    holdTime: 65535, unholdTime: 100, output: { mode: 2, channel: 0, value: 0, addr: 0 },
  }), [
    0xff, // byte 0: dev=255 (bound)
    0x5c, // byte 1: source=2 (DO), more=1, forced=1, repeat=1
    0x1f, // byte 2: channel=31 (DO32, bound)
    0x01, // byte 3: level=1 (inactive)
    0xff, 0xff, // bytes 4-5: holdTime=65535 (bound)
    0x00, 0x64, // bytes 6-7: unholdTime=100 (10 s, bound)
    0x02, 0x00, 0x00, 0x00, 0x00, 0x00, // bytes 8-13: output mode=2 (open relay), channel=0
  ]],
  ['scene 0, unholdTime 101 (one past)', rule({
    dev: 5, source: 3, channel: 0, holdTime: 0, unholdTime: 101, output: { mode: 5, channel: 3, value: 0, addr: 0 },
  }), [
    0x05, // byte 0: dev=5
    0x60, // byte 1: source=3 (scene channel)
    0x00, // byte 2: channel=0 (scene 0)
    0x00, // byte 3: level=0 (active)
    0x00, 0x00, // bytes 4-5: holdTime=0
    0x00, 0x65, // bytes 6-7: unholdTime=101 (one past)
    0x05, 0x03, 0x00, 0x00, 0x00, 0x00, // bytes 8-13: output mode=5 (start scene), channel=3
  ]],
  ['source 4 (reserved), DI channel 32', rule({ dev: 1, source: 4, channel: 32 }), [
    0x01, // byte 0: dev=1
    0x80, // byte 1: source=4 (reserved)
    0x20, // byte 2: channel=32
    0x00, // byte 3: level=0
    0x00, 0x0a, // bytes 4-5: holdTime=10
    0x00, 0x05, // bytes 6-7: unholdTime=5
    0x01, 0x01, 0x00, 0x32, 0x00, 0x00, // bytes 8-13: output close relay DO2, hold 5 s
  ]],
  ['DI33 (channel 32, one past)', rule({ channel: 32 }), [
    0x00, // byte 0: dev=0
    0x20, // byte 1: source=1 (DI)
    0x20, // byte 2: channel=32 (one past)
    0x00, // byte 3: level=0
    0x00, 0x0a, // bytes 4-5: holdTime=10
    0x00, 0x05, // bytes 6-7: unholdTime=5
    0x01, 0x01, 0x00, 0x32, 0x00, 0x00, // bytes 8-13: output close relay DO2, hold 5 s
  ]],
  ['algorithm 9, event-forced, AO output', rule({
    dev: 2, source: 5, forced: true, channel: 9, holdTime: 0, unholdTime: 0,
    output: { mode: 7, channel: 0, value: 1200, addr: 0 },
  }), [
    0x02, // byte 0: dev=2
    0xa8, // byte 1: source=5 (algorithm application), forced=1
    0x09, // byte 2: channel=9
    0x00, // byte 3: level=0
    0x00, 0x00, // bytes 4-5: holdTime=0
    0x00, 0x00, // bytes 6-7: unholdTime=0
    0x07, 0x00, 0x04, 0xb0, 0x00, 0x00, // bytes 8-13: output mode=7 (AO), channel=0, value=1200
  ]],
  ['scene application 255, repeat', rule({ dev: 3, source: 6, repeat: true, channel: 255, level: 'inactive' }), [
    0x03, // byte 0: dev=3
    0xc4, // byte 1: source=6 (scene application), repeat=1
    0xff, // byte 2: channel=255 (bound)
    0x01, // byte 3: level=1 (inactive)
    0x00, 0x0a, // bytes 4-5: holdTime=10
    0x00, 0x05, // bytes 6-7: unholdTime=5
    0x01, 0x01, 0x00, 0x32, 0x00, 0x00, // bytes 8-13: output close relay DO2, hold 5 s
  ]],
  ['condition 0 with the next rule, register operation', rule({
    dev: 4, source: 7, more: true, channel: 0, holdTime: 1, unholdTime: 0,
    output: { mode: 6, operation: { mathType: 0, regType: 5, regAddr: 2, value: 1 } },
  }), [
    0x04, // byte 0: dev=4
    0xf0, // byte 1: source=7 (conditional execution), more=1
    0x00, // byte 2: channel=0
    0x00, // byte 3: level=0
    0x00, 0x01, // bytes 4-5: holdTime=1 (0.1 s)
    0x00, 0x00, // bytes 6-7: unholdTime=0
    0x06, 0x05, 0x00, 0x02, 0x00, 0x01, // bytes 8-13: output mode=6, assign cache register 2 = 1
  ]],
];

describe('trigger vectors', () => {
  for (const [name, r, bytes] of VECTORS) testVector(codec, name, r, bytes);
  // prettier-ignore
  testEncodes(codec, 'fields past their widths are masked', rule({ dev: 256, source: 9, holdTime: 65546, unholdTime: 65541 }), [
    0x00, // byte 0: dev 256 → 0
    0x20, // byte 1: source 9 → 1
    0x02, // byte 2: channel=2
    0x00, // byte 3: level=0
    0x00, 0x0a, // bytes 4-5: holdTime 65546 → 10
    0x00, 0x05, // bytes 6-7: unholdTime 65541 → 5
    0x01, 0x01, 0x00, 0x32, 0x00, 0x00, // bytes 8-13: output
  ]);
  it('ignores the reserved bits (byte 1 bits 1-0, byte 3 bits 7-1, byte 13)', () => {
    const bytes = Uint8Array.of(
      0x00,
      0x23,
      0x02,
      0xfe,
      0x00,
      0x0a,
      0x00,
      0x05,
      0x01,
      0x01,
      0x00,
      0x32,
      0x00,
      0x99,
    );
    expect(codec.decode(bytes)).toEqual(base);
  });
});

testProperties(codec, {
  rule: fc.record({
    dev: fc.integer({ min: 0, max: 255 }),
    source: fc.integer({ min: 0, max: 7 }),
    more: fc.boolean(),
    forced: fc.boolean(),
    repeat: fc.boolean(),
    channel: fc.integer({ min: 0, max: 255 }),
    level: fc.constantFrom('active' as const, 'inactive' as const),
    holdTime: fc.integer({ min: 0, max: 65535 }),
    unholdTime: fc.integer({ min: 0, max: 65535 }),
    output: outputArb,
  }),
  buffer: bufferOf(14, (b) => {
    b[1] = (b[1] ?? 0) & 0xfc;
    b[3] = (b[3] ?? 0) & 0x01;
    b[8] = (b[8] ?? 0) & 0x0f;
    if (b[8] === 6) b[9] = (b[9] ?? 0) & 0xcf;
    else b[13] = 0;
  }),
});

describe('trigger descriptions', () => {
  it.each([
    [
      base,
      'when DI3 is active for 1 s (release 0.5 s), event-triggered, single: close relay DO2, hold 5 s',
      '当DI3导通持续1秒（释放0.5秒），事件触发，单次：闭合继电器DO2，保持5秒',
      '當DI3導通持續1秒（釋放0.5秒），事件觸發，單次：閉合繼電器DO2，保持5秒',
    ],
    [
      rule({
        source: 2,
        channel: 31,
        level: 'inactive',
        holdTime: 0,
        unholdTime: 0,
        more: true,
        forced: true,
        repeat: true,
      }),
      'when DO32 is inactive, event-forced, repeat, with the next rule: close relay DO2, hold 5 s',
      '当DO32断开，事件强制，重复，联动下一条规则：闭合继电器DO2，保持5秒',
      '當DO32斷開，事件強制，重複，聯動下一條規則：閉合繼電器DO2，保持5秒',
    ],
    [
      rule({
        source: 3,
        channel: 0,
        holdTime: 0,
        unholdTime: 0,
        output: { mode: 5, channel: 3, value: 0, addr: 0 },
      }),
      'when scene 0 is active, event-triggered, single: start scene 3',
      '当场景0有效，事件触发，单次：启动场景3',
      '當場景0有效，事件觸發，單次：啟動場景3',
    ],
    [rule({ source: 0 }), 'disabled', '禁用', '禁用'],
    [rule({ source: 4 }), 'err', 'err', 'err'],
  ])('%o', (r, en, zh, tc) => {
    expect(codec.describe(r, 'en')).toBe(en);
    expect(codec.describe(r, 'zh')).toBe(zh);
    expect(codec.describe(r, 'tc')).toBe(tc);
  });

  it('labels every source but the reserved one', () => {
    expect(TRIGGER_SOURCES.map((s) => s.code)).toEqual([0, 1, 2, 3, 5, 6, 7]);
    const labels = [5, 6, 7].map((source) =>
      codec.describe(rule({ source, channel: 0, holdTime: 0, unholdTime: 0 }), 'en'),
    );
    expect(labels.map((text) => text.split(' is ')[0])).toEqual([
      'when algorithm 0',
      'when scene application 0',
      'when condition 0',
    ]);
  });
});

describe('trigger validation', () => {
  it.each([
    [base, []],
    [rule({ channel: 31, unholdTime: 100, holdTime: 65535, dev: 255 }), []],
    [rule({ channel: 32 }), ['channel: 0-31']],
    [rule({ unholdTime: 101 }), ['unholdTime: 0-100 (0.1 s)']],
    [rule({ holdTime: 65536 }), ['holdTime: 0-65535 (0.1 s)']],
    [rule({ dev: 256 }), ['dev: 0-255']],
    [rule({ source: 3, channel: 255 }), []],
    [rule({ source: 3, channel: 256 }), ['channel: 0-255']],
    [rule({ source: 4 }), ['source: 4 is reserved']],
    [rule({ source: 8 }), ['source: 0-7']],
    [rule({ source: 0, channel: 99, unholdTime: 999 }), []],
    [
      rule({ output: { mode: 1, channel: 1, value: 1, addr: 0 } }),
      ['output.value: hold 2-65535 (0.1 s) or 0'],
    ],
  ])('%o → %o', (r, reasons) => {
    expect(codec.validate(r)).toEqual(reasons);
  });
});

describe('displayHoldTenths', () => {
  it.each([
    [0, 1],
    [1, 1],
    [50, 50],
    [100, 100],
    [101, 100],
    [65535, 100],
  ])('hold %i shows as %i', (holdTime, shown) => {
    expect(displayHoldTenths(rule({ holdTime }))).toBe(shown);
  });
});
