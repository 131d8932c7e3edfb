// Checks docs/protocol.md § Analog trigger.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bufferOf,
  testEncodes,
  testProperties,
  testVector,
  timeValueArb,
} from '../test-support/rule-vectors.js';
import { outputArb } from '../test-support/arbitraries.js';
import { ANALOG_TRIGGER_SOURCES, analogTriggerCodec as codec } from './analog-trigger.js';
import type { AnalogTriggerRule } from './analog-trigger.js';
import type { OutputRule } from './output.js';

const openDo1: OutputRule = { mode: 2, channel: 0, value: 0, addr: 0 };

const base: AnalogTriggerRule = {
  dev: 0,
  source: 1,
  more: false,
  forced: false,
  repeat: false,
  channel: 0,
  window: { band: false, holdTime: { value: 20, unit: 0 }, high: 16000, low: 4000 },
  output: openDo1,
};
const rule = (changes: Partial<AnalogTriggerRule>): AnalogTriggerRule => ({ ...base, ...changes });

// Bytes 3-13 of `base`, for the vectors that only change the header.
// prettier-ignore
const BASE_TAIL = [
  0x14, // byte 3: window holdTime unit=0 (0.1 s), value=20 → 2 s
  0x3e, 0x80, // bytes 4-5: window high=16000
  0x0f, 0xa0, // bytes 6-7: window band=0, low=4000
  0x02, 0x00, 0x00, 0x00, 0x00, 0x00, // bytes 8-13: output mode=2 (open relay), channel=0 (DO1)
];

// Layout kept by hand so that each field's bytes share one line and one comment.
// prettier-ignore
const VECTORS: [string, AnalogTriggerRule, number[]][] = [
  ['AI1 outside 4000-16000 for 2 s opens DO1', base, [
    0x00, // byte 0: dev=0
    0x20, // byte 1: source=1 (AI) bits 7-5, more=0 bit 4, forced=0 bit 3, repeat=0 bit 2, reserved bits 1-0
    0x00, // byte 2: channel=0 (AI1)
    0x14, // byte 3: window holdTime unit=0 (0.1 s) bits 7-6, value=20 bits 5-0 → 2 s
    0x3e, 0x80, // bytes 4-5: window high=16000
    0x0f, 0xa0, // bytes 6-7: window band=0 bit 15, low=4000 bits 14-0
    0x02, 0x00, 0x00, 0x00, 0x00, 0x00, // bytes 8-13: output mode=2 (open relay), channel=0 (DO1)
  ]],
  ['disabled', rule({
    source: 0, window: { band: false, holdTime: { value: 0, unit: 0 }, high: 0, low: 0 },
    output: { mode: 0, channel: 0, value: 0, addr: 0 },
  }), [
    0x00, // byte 0: dev=0
    0x00, // byte 1: source=0 (disabled)
    0x00, // byte 2: channel=0
    0x00, // byte 3: window holdTime 0
    0x00, 0x00, // bytes 4-5: window high=0
    0x00, 0x00, // bytes 6-7: window band=0, low=0
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // bytes 8-13: output disabled
  ]],
  ['AO32 band, every flag, bounds', rule({
    dev: 255, source: 2, more: true, forced: true, repeat: true, channel: 31,
    window: { band: true, holdTime: { value: 63, unit: 3 }, high: 65535, low: 32767 },
    output: { mode: 7, channel: 0, value: 20000, addr: 1 },
  }), [
    0xff, // byte 0: dev=255 (bound)
    0x5c, // byte 1: source=2 (AO), more=1, forced=1, repeat=1
    0x1f, // byte 2: channel=31 (AO32, bound)
    0xff, // byte 3: window holdTime unit=3 (10 min), value=63
    0xff, 0xff, // bytes 4-5: window high=65535
    0xff, 0xff, // bytes 6-7: window band=1, low=32767
    0x07, 0x00, 0x4e, 0x20, 0x01, 0x00, // bytes 8-13: output mode=7 (AO), channel=0, value=20000, addr=1
  ]],
  ['AI33 (channel 32, one past)', rule({ channel: 32 }), [
    0x00, // byte 0: dev=0
    0x20, // byte 1: source=1 (AI)
    0x20, // byte 2: channel=32 (one past)
    ...BASE_TAIL, // bytes 3-13: as the first vector
  ]],
  ['source 3 (cache register)', rule({ source: 3 }), [
    0x00, // byte 0: dev=0
    0x60, // byte 1: source=3 (cache register)
    0x00, // byte 2: channel=0
    ...BASE_TAIL, // bytes 3-13: as the first vector
  ]],
  ['source 4 (time register)', rule({ source: 4 }), [
    0x00, // byte 0: dev=0
    0x80, // byte 1: source=4 (time register)
    0x00, // byte 2: channel=0
    ...BASE_TAIL, // bytes 3-13: as the first vector
  ]],
  ['source 5 (flow total)', rule({ source: 5 }), [
    0x00, // byte 0: dev=0
    0xa0, // byte 1: source=5 (flow total)
    0x00, // byte 2: channel=0
    ...BASE_TAIL, // bytes 3-13: as the first vector
  ]],
  ['source 6 (changed flow)', rule({ source: 6 }), [
    0x00, // byte 0: dev=0
    0xc0, // byte 1: source=6 (changed flow)
    0x00, // byte 2: channel=0
    ...BASE_TAIL, // bytes 3-13: as the first vector
  ]],
  ['source 7 (read-only register), more', rule({ source: 7, more: true }), [
    0x00, // byte 0: dev=0
    0xf0, // byte 1: source=7 (read-only register), more=1
    0x00, // byte 2: channel=0
    ...BASE_TAIL, // bytes 3-13: as the first vector
  ]],
];

describe('analog trigger vectors', () => {
  for (const [name, r, bytes] of VECTORS) testVector(codec, name, r, bytes);
  // prettier-ignore
  testEncodes(codec, 'fields past their widths are masked', rule({ dev: 257, source: 9, channel: 256 }), [
    0x01, // byte 0: dev 257 → 1
    0x20, // byte 1: source 9 → 1
    0x00, // byte 2: channel 256 → 0
    ...BASE_TAIL, // bytes 3-13: as the first vector
  ]);
  it('ignores the reserved bits (byte 1 bits 1-0, byte 13)', () => {
    const bytes = Uint8Array.of(0x00, 0x23, 0x00, ...BASE_TAIL.slice(0, -1), 0x77);
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
    window: fc.record({
      band: fc.boolean(),
      holdTime: timeValueArb,
      high: fc.integer({ min: 0, max: 65535 }),
      low: fc.integer({ min: 0, max: 32767 }),
    }),
    output: outputArb,
  }),
  buffer: bufferOf(14, (b) => {
    b[1] = (b[1] ?? 0) & 0xfc;
    b[8] = (b[8] ?? 0) & 0x0f;
    if (b[8] === 6) b[9] = (b[9] ?? 0) & 0xcf;
    else b[13] = 0;
  }),
});

describe('analog trigger descriptions', () => {
  it.each([
    [
      base,
      'when AI1 ≤ 4000 or ≥ 16000 for 2 s, event-triggered, single: open relay DO1',
      '当AI1 ≤ 4000 或 ≥ 16000持续2秒，事件触发，单次：断开继电器DO1',
      '當AI1 ≤ 4000 或 ≥ 16000持續2秒，事件觸發，單次：斷開繼電器DO1',
    ],
    [
      rule({
        source: 2,
        channel: 1,
        forced: true,
        more: true,
        window: { band: true, holdTime: { value: 0, unit: 0 }, high: 8000, low: 2000 },
      }),
      'when 2000 ≤ AO2 ≤ 8000, event-forced, single, with the next rule: open relay DO1',
      '当2000 ≤ AO2 ≤ 8000，事件强制，单次，联动下一条规则：断开继电器DO1',
      '當2000 ≤ AO2 ≤ 8000，事件強制，單次，聯動下一條規則：斷開繼電器DO1',
    ],
    [rule({ source: 0 }), 'disabled', '禁用', '禁用'],
    [
      rule({ source: 3, channel: 12 }),
      'when CACHE12 ≤ 4000 or ≥ 16000 for 2 s, event-triggered, single: open relay DO1',
      '当CACHE12 ≤ 4000 或 ≥ 16000持续2秒，事件触发，单次：断开继电器DO1',
      '當CACHE12 ≤ 4000 或 ≥ 16000持續2秒，事件觸發，單次：斷開繼電器DO1',
    ],
    [
      rule({ source: 7, channel: 200 }),
      'when IR200 ≤ 4000 or ≥ 16000 for 2 s, event-triggered, single: open relay DO1',
      '当IR200 ≤ 4000 或 ≥ 16000持续2秒，事件触发，单次：断开继电器DO1',
      '當IR200 ≤ 4000 或 ≥ 16000持續2秒，事件觸發，單次：斷開繼電器DO1',
    ],
  ])('%o', (r, en, zh, tc) => {
    expect(codec.describe(r, 'en')).toBe(en);
    expect(codec.describe(r, 'zh')).toBe(zh);
    expect(codec.describe(r, 'tc')).toBe(tc);
  });

  it('knows every source: disabled, AI, AO, the rule registers and the read-only registers', () => {
    expect(ANALOG_TRIGGER_SOURCES.map((s) => s.code)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('analog trigger validation', () => {
  it.each([
    [base, []],
    [rule({ source: 2, channel: 31, dev: 255 }), []],
    [rule({ channel: 32 }), ['channel: 0-31']],
    [rule({ dev: 256 }), ['dev: 0-255']],
    [rule({ source: 2 }), []],
    [rule({ source: 3, channel: 255 }), []],
    [rule({ source: 7, channel: 256 }), ['channel: 0-255']],
    [rule({ source: 8 }), ['source: 0-7']],
    [rule({ source: 0, channel: 99 }), []],
    [rule({ window: { ...base.window, low: 16001 } }), ['window.low: not above high']],
    [rule({ output: { mode: 2, channel: 32, value: 0, addr: 0 } }), ['output.channel: DO channel 0-31']],
  ])('%o → %o', (r, reasons) => {
    expect(codec.validate(r)).toEqual(reasons);
  });
});
