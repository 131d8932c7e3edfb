// docs/protocol.md § Schedule
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bufferOf, testEncodes, testProperties, testVector } from '../test-support/rule-vectors.js';
import { fixedPointArb } from '../test-support/arbitraries.js';
import type { FixedPoint } from './fixed-point.js';
import { outputCodec } from './output.js';
import type { OutputRule } from './output.js';
import { SCHEDULE_MODES, scheduleCodec, scheduleModeName } from './schedule.js';
import type { ScheduleRule } from './schedule.js';

const codec = scheduleCodec;

const ANY: FixedPoint = { year: null, month: null, day: null, hour: null, minute: null, second: null };
const CLOSE_DO1_10S: OutputRule = { mode: 1, channel: 0, value: 100, addr: 0 };
const OPEN_DO2: OutputRule = { mode: 2, channel: 1, value: 0, addr: 0 };

describe('schedule vectors', () => {
  testVector(codec, 'mode 0: disabled', { dev: 3, mode: 0, more: false }, [
    0x03, // byte 0: dev=3
    0x00, // byte 1: reserved
    0x00, // byte 2: mode=0 bits 7-5, more=0 bit 4, output mode=0 bits 3-0
    0x00, // byte 3: time part (unused)
    0x00, // byte 4
    0x00, // byte 5
    0x00, // byte 6
    0x00, // byte 7
    0x00, // byte 8
    0x00, // byte 9: output payload (unused)
    0x00, // byte 10
    0x00, // byte 11
    0x00, // byte 12
    0x00, // byte 13
  ]);
  testVector(codec, 'mode 0 with more', { dev: 0, mode: 0, more: true }, [
    0x00, // byte 0: dev=0
    0x00, // byte 1: reserved
    0x10, // byte 2: mode=0, more=1, output mode=0
    0x00, // byte 3
    0x00, // byte 4
    0x00, // byte 5
    0x00, // byte 6
    0x00, // byte 7
    0x00, // byte 8
    0x00, // byte 9
    0x00, // byte 10
    0x00, // byte 11
    0x00, // byte 12
    0x00, // byte 13
  ]);
  testVector(
    codec,
    'mode 1: at 2026-11-22 08:30:00 close relay DO1 for 10 s',
    {
      dev: 0,
      mode: 1,
      more: false,
      at: { year: 2026, month: 11, day: 22, hour: 8, minute: 30, second: 0 },
      output: CLOSE_DO1_10S,
    },
    [
      0x00, // byte 0: dev=0
      0x00, // byte 1: reserved
      0x21, // byte 2: mode=1 (001), more=0, output mode=1 (close relay)
      0x1a, // byte 3: fixed point year − 2000 = 26
      0x0b, // byte 4: month=11
      0x16, // byte 5: day=22
      0x08, // byte 6: hour=8
      0x1e, // byte 7: minute=30
      0x00, // byte 8: second=0
      0x00, // byte 9: output channel=0 (DO1)
      0x00, // byte 10: output value high
      0x64, // byte 11: output value low: 100 × 0.1 s
      0x00, // byte 12: output addr=0 (this device)
      0x00, // byte 13: output reserved
    ],
  );
  testVector(
    codec,
    'mode 1: every day at 08:30:00, register operation (output mode 6)',
    {
      dev: 9,
      mode: 1,
      more: false,
      at: { ...ANY, hour: 8, minute: 30, second: 0 },
      output: { mode: 6, operation: { mathType: 1, regType: 1, regAddr: 16, value: 5 } },
    },
    [
      0x09, // byte 0: dev=9
      0x00, // byte 1: reserved
      0x26, // byte 2: mode=1, more=0, output mode=6 (extended)
      0x00, // byte 3: year ignored (0)
      0x00, // byte 4: month ignored (0)
      0x00, // byte 5: day ignored (0)
      0x08, // byte 6: hour=8
      0x1e, // byte 7: minute=30
      0x00, // byte 8: second=0
      0x41, // byte 9: register operation mathType=1 (add) bits 7-6, regType=1 (holding u16) bits 3-0
      0x00, // byte 10: regAddr high
      0x10, // byte 11: regAddr low = 16
      0x00, // byte 12: value high
      0x05, // byte 13: value low = 5
    ],
  );
  testVector(
    codec,
    'mode 2: every Mon Fri at 07:00:00, dev 255, more',
    {
      dev: 255,
      mode: 2,
      more: true,
      weekly: { weekdays: [1, 5], hours: [7], minute: 0, second: 0 },
      output: CLOSE_DO1_10S,
    },
    [
      0xff, // byte 0: dev=255
      0x00, // byte 1: reserved
      0x51, // byte 2: mode=2 (010), more=1, output mode=1 (close relay)
      0x22, // byte 3: weekly reserved=0 bit 7, weekdays bits 1 and 5 (Mon, Fri)
      0x00, // byte 4: hours 23-16
      0x00, // byte 5: hours 15-8
      0x80, // byte 6: hours 7-0: hour 7
      0x00, // byte 7: minute=0
      0x00, // byte 8: second=0
      0x00, // byte 9: output channel=0 (DO1)
      0x00, // byte 10: output value high
      0x64, // byte 11: output value low = 100 (10 s)
      0x00, // byte 12: output addr=0
      0x00, // byte 13: output reserved
    ],
  );
  testVector(
    codec,
    'mode 3: time range 1, the whole of 2026',
    {
      dev: 1,
      mode: 3,
      more: false,
      interval: {
        begin: { year: 2026, month: 1, day: 1, hour: 0, minute: 0, second: 0 },
        end: { year: 2026, month: 12, day: 31, hour: 23, minute: 59, second: 59 },
      },
    },
    [
      0x01, // byte 0: dev=1
      0x3b, // byte 1: end second=59
      0x60, // byte 2: mode=3 (011), more=0, output mode=0 (forced)
      0x1a, // byte 3: begin year − 2000 = 26
      0x01, // byte 4: begin month=1
      0x01, // byte 5: begin day=1
      0x00, // byte 6: begin hour=0
      0x00, // byte 7: begin minute=0
      0x00, // byte 8: begin second=0
      0x1a, // byte 9: end year − 2000 = 26
      0x0c, // byte 10: end month=12
      0x1f, // byte 11: end day=31
      0x17, // byte 12: end hour=23
      0x3b, // byte 13: end minute=59
    ],
  );
  testVector(
    codec,
    'mode 3: every night 22:00:00 to 06:00:*, end second ignored (60)',
    {
      dev: 2,
      mode: 3,
      more: false,
      interval: { begin: { ...ANY, hour: 22, minute: 0, second: 0 }, end: { ...ANY, hour: 6, minute: 0 } },
    },
    [
      0x02, // byte 0: dev=2
      0x3c, // byte 1: end second ignored (60)
      0x60, // byte 2: mode=3, more=0, output mode=0
      0x00, // byte 3: begin year ignored
      0x00, // byte 4: begin month ignored
      0x00, // byte 5: begin day ignored
      0x16, // byte 6: begin hour=22
      0x00, // byte 7: begin minute=0
      0x00, // byte 8: begin second=0
      0x00, // byte 9: end year ignored
      0x00, // byte 10: end month ignored
      0x00, // byte 11: end day ignored
      0x06, // byte 12: end hour=6
      0x00, // byte 13: end minute=0
    ],
  );
  testVector(
    codec,
    'mode 4: time range 2, Mon-Fri 08:00 to 17:30, open relay DO2',
    {
      dev: 4,
      mode: 4,
      more: false,
      window: { weekdays: [1, 2, 3, 4, 5], beginHour: 8, beginMinute: 0, endHour: 17, endMinute: 30 },
      output: OPEN_DO2,
    },
    [
      0x04, // byte 0: dev=4
      0x00, // byte 1: reserved
      0x82, // byte 2: mode=4 (100), more=0, output mode=2 (open relay)
      0x3e, // byte 3: window reserved=0 bit 7, weekdays bits 1-5
      0x08, // byte 4: begin hour=8
      0x00, // byte 5: begin minute=0
      0x11, // byte 6: end hour=17
      0x1e, // byte 7: end minute=30
      0x00, // byte 8: window reserved
      0x01, // byte 9: output channel=1 (DO2)
      0x00, // byte 10: output value high
      0x00, // byte 11: output value low = 0 (stays)
      0x00, // byte 12: output addr=0
      0x00, // byte 13: output reserved
    ],
  );
  testVector(
    codec,
    'mode 4: Sat 22:00 to 06:00 next day, AO1 output 1200 at slave 3',
    {
      dev: 5,
      mode: 4,
      more: true,
      window: { weekdays: [6], beginHour: 22, beginMinute: 0, endHour: 6, endMinute: 0 },
      output: { mode: 7, channel: 0, value: 1200, addr: 3 },
    },
    [
      0x05, // byte 0: dev=5
      0x00, // byte 1: reserved
      0x97, // byte 2: mode=4 (100), more=1, output mode=7 (AO output)
      0x40, // byte 3: weekdays bit 6 (Sat)
      0x16, // byte 4: begin hour=22
      0x00, // byte 5: begin minute=0
      0x06, // byte 6: end hour=6
      0x00, // byte 7: end minute=0
      0x00, // byte 8: window reserved
      0x00, // byte 9: output channel=0 (AO1)
      0x04, // byte 10: output value high
      0xb0, // byte 11: output value low: 0x04B0 = 1200
      0x03, // byte 12: output addr=3
      0x00, // byte 13: output reserved
    ],
  );
  testVector(
    codec,
    'mode 5 (abnormal) keeps every byte',
    {
      dev: 7,
      mode: 5,
      more: true,
      raw: [0x07, 0x12, 0xb5, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0xff],
    },
    [
      0x07, // byte 0: dev=7
      0x12, // byte 1: kept
      0xb5, // byte 2: mode=5 (101), more=1, low nibble 5 kept
      0x01, // byte 3: kept
      0x02, // byte 4
      0x03, // byte 5
      0x04, // byte 6
      0x05, // byte 7
      0x06, // byte 8
      0x07, // byte 9
      0x08, // byte 10
      0x09, // byte 11
      0x0a, // byte 12
      0xff, // byte 13
    ],
  );
  testVector(
    codec,
    'mode 7 (abnormal, the highest mode)',
    { dev: 0, mode: 7, more: false, raw: [0x00, 0x00, 0xef, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80] },
    [
      0x00, // byte 0: dev=0
      0x00, // byte 1
      0xef, // byte 2: mode=7 (111), more=0, low nibble 15 kept
      0x00, // byte 3
      0x00, // byte 4
      0x00, // byte 5
      0x00, // byte 6
      0x00, // byte 7
      0x00, // byte 8
      0x00, // byte 9
      0x00, // byte 10
      0x00, // byte 11
      0x00, // byte 12
      0x80, // byte 13
    ],
  );
});

describe('schedule encoding of non-canonical models', () => {
  // The model types have no output for modes 0 and 3; a caller's stray one must not reach the wire.
  const disabledWithOutput = { dev: 3, mode: 0 as const, more: false, output: CLOSE_DO1_10S };
  testEncodes(codec, 'mode 0 forces output mode 0 whatever the input', disabledWithOutput, [
    0x03, // byte 0: dev=3
    0x00, // byte 1
    0x00, // byte 2: mode=0, more=0, output mode forced to 0
    0x00, // byte 3
    0x00, // byte 4
    0x00, // byte 5
    0x00, // byte 6
    0x00, // byte 7
    0x00, // byte 8
    0x00, // byte 9: no payload
    0x00, // byte 10
    0x00, // byte 11
    0x00, // byte 12
    0x00, // byte 13
  ]);
  const rangeWithOutput = {
    dev: 1,
    mode: 3 as const,
    more: false,
    interval: {
      begin: { ...ANY, hour: 8, minute: 0, second: 0 },
      end: { ...ANY, hour: 9, minute: 0, second: 0 },
    },
    output: CLOSE_DO1_10S,
  };
  testEncodes(codec, 'mode 3 forces output mode 0 whatever the input', rangeWithOutput, [
    0x01, // byte 0: dev=1
    0x00, // byte 1: end second=0
    0x60, // byte 2: mode=3, more=0, output mode forced to 0
    0x00, // byte 3: begin year ignored
    0x00, // byte 4: begin month ignored
    0x00, // byte 5: begin day ignored
    0x08, // byte 6: begin hour=8
    0x00, // byte 7: begin minute=0
    0x00, // byte 8: begin second=0
    0x00, // byte 9: end year ignored
    0x00, // byte 10: end month ignored
    0x00, // byte 11: end day ignored
    0x09, // byte 12: end hour=9
    0x00, // byte 13: end minute=0
  ]);
  testEncodes(codec, 'dev 300 clamps to 255', { dev: 300, mode: 0, more: false }, [
    0xff, // byte 0: dev clamped to 255
    0x00, // byte 1
    0x00, // byte 2
    0x00, // byte 3
    0x00, // byte 4
    0x00, // byte 5
    0x00, // byte 6
    0x00, // byte 7
    0x00, // byte 8
    0x00, // byte 9
    0x00, // byte 10
    0x00, // byte 11
    0x00, // byte 12
    0x00, // byte 13
  ]);
  testEncodes(
    codec,
    'abnormal raw: dev, mode and more come from the model, a short raw pads with zeros',
    { dev: 8, mode: 6, more: false, raw: [0x01, 0x02, 0x1f, 0x04] },
    [
      0x08, // byte 0: dev from the model (raw had 1)
      0x02, // byte 1: raw
      0xcf, // byte 2: mode=6 (110), more=0 from the model, low nibble 15 from raw
      0x04, // byte 3: raw
      0x00, // byte 4: padding
      0x00, // byte 5
      0x00, // byte 6
      0x00, // byte 7
      0x00, // byte 8
      0x00, // byte 9
      0x00, // byte 10
      0x00, // byte 11
      0x00, // byte 12
      0x00, // byte 13
    ],
  );

  it('decoding mode 0 ignores the other bytes; mode 3 ignores the output nibble', () => {
    expect(codec.decode(Uint8Array.from([5, 9, 0x1f, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]))).toEqual({
      dev: 5,
      mode: 0,
      more: true,
    });
    const r = codec.decode(Uint8Array.from([1, 0, 0x6f, 0, 0, 0, 8, 0, 0, 0, 0, 0, 9, 0]));
    expect(r?.mode).toBe(3);
    expect(r && codec.encode(r)[2]).toBe(0x60);
  });
  it('mode 2 ignores the weekly reserved bit; mode 4 the window reserved bits', () => {
    const weekly = codec.decode(Uint8Array.from([0, 0, 0x41, 0xa2, 0, 0, 0x80, 0, 0, 0, 0, 0x64, 0, 0]));
    expect(weekly?.mode === 2 && weekly.weekly.weekdays).toEqual([1, 5]);
    const window = codec.decode(Uint8Array.from([0, 0, 0x82, 0xbe, 8, 0, 17, 30, 0xff, 1, 0, 0, 0, 0]));
    expect(window?.mode === 4 && window.window).toEqual({
      weekdays: [1, 2, 3, 4, 5],
      beginHour: 8,
      beginMinute: 0,
      endHour: 17,
      endMinute: 30,
    });
  });
});

describe('schedule descriptions', () => {
  const cases: [ScheduleRule, string, string, string][] = [
    [{ dev: 0, mode: 0, more: false }, 'disabled', '禁用', '禁用'],
    [
      { dev: 0, mode: 5, more: false, raw: [0, 0, 0xa0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
      'abnormal',
      '异常',
      '異常',
    ],
    [
      {
        dev: 0,
        mode: 1,
        more: false,
        at: { year: 2026, month: 11, day: 22, hour: 8, minute: 30, second: 0 },
        output: CLOSE_DO1_10S,
      },
      'at 2026-11-22 08:30:00: close relay DO1, hold 10 s',
      '于 2026-11-22 08:30:00：闭合继电器DO1，保持10秒',
      '於 2026-11-22 08:30:00：閉合繼電器DO1，保持10秒',
    ],
    [
      {
        dev: 0,
        mode: 2,
        more: false,
        weekly: { weekdays: [1, 5], hours: [7], minute: 0, second: 0 },
        output: CLOSE_DO1_10S,
      },
      'every Mon Fri at 07:00:00: close relay DO1, hold 10 s',
      '每周一、周五 07:00:00：闭合继电器DO1，保持10秒',
      '每週一、週五 07:00:00：閉合繼電器DO1，保持10秒',
    ],
    [
      {
        dev: 0,
        mode: 2,
        more: true,
        weekly: { weekdays: [1, 5], hours: [7], minute: 0, second: 0 },
        output: CLOSE_DO1_10S,
      },
      "every Mon Fri at 07:00:00: close relay DO1, hold 10 s; also runs the next rule's output",
      '每周一、周五 07:00:00：闭合继电器DO1，保持10秒；同时执行下一条规则的输出',
      '每週一、週五 07:00:00：閉合繼電器DO1，保持10秒；同時執行下一條規則的輸出',
    ],
    [
      {
        dev: 0,
        mode: 3,
        more: false,
        interval: {
          begin: { ...ANY, hour: 8, minute: 0, second: 0 },
          end: { ...ANY, hour: 17, minute: 0, second: 0 },
        },
      },
      'time range 1: from *-*-* 08:00:00 to *-*-* 17:00:00',
      '时间段1：从 *-*-* 08:00:00 到 *-*-* 17:00:00',
      '時間段1：從 *-*-* 08:00:00 到 *-*-* 17:00:00',
    ],
    [
      {
        dev: 0,
        mode: 4,
        more: false,
        window: { weekdays: [1, 2, 3, 4, 5], beginHour: 8, beginMinute: 0, endHour: 17, endMinute: 30 },
        output: OPEN_DO2,
      },
      'every Mon Tue Wed Thu Fri from 08:00 to 17:30: open relay DO2 (reversed outside)',
      '每周一、周二、周三、周四、周五 08:00 至 17:30：断开继电器DO2（时段外反向）',
      '每週一、週二、週三、週四、週五 08:00 至 17:30：斷開繼電器DO2（時段外反向）',
    ],
  ];
  it.each(cases)('%j', (rule, en, zh, tc) => {
    expect(codec.describe(rule, 'en')).toBe(en);
    expect(codec.describe(rule, 'zh')).toBe(zh);
    expect(codec.describe(rule, 'tc')).toBe(tc);
  });
  it('names the modes, abnormal past 4', () => {
    expect(SCHEDULE_MODES.map((m) => m.en)).toEqual([
      'disabled',
      'fixed-point control',
      'weekday mode',
      'time range 1',
      'time range 2',
    ]);
    expect(scheduleModeName(2, 'zh')).toBe('星期模式');
    expect(scheduleModeName(4, 'tc')).toBe('時間段2');
    expect(scheduleModeName(5, 'en')).toBe('abnormal');
  });
});

describe('schedule validation', () => {
  it.each<[ScheduleRule, string[]]>([
    [{ dev: 0, mode: 0, more: false }, []],
    [{ dev: 255, mode: 0, more: false }, []],
    [{ dev: 256, mode: 0, more: false }, ['dev: 0-255']],
    [{ dev: -1, mode: 0, more: false }, ['dev: 0-255']],
    [
      {
        dev: 0,
        mode: 1,
        more: false,
        at: { ...ANY, hour: 24, minute: 59 },
        output: { mode: 1, channel: 32, value: 100, addr: 0 },
      },
      ['at.hour: 0-23 or null (any)', 'output.channel: DO channel 0-31'],
    ],
    [
      {
        dev: 0,
        mode: 2,
        more: false,
        weekly: { weekdays: [6], hours: [23], minute: 60, second: 61 },
        output: CLOSE_DO1_10S,
      },
      ['weekly.second: 0-59 or 60 (every second)'],
    ],
    [
      {
        dev: 0,
        mode: 3,
        more: false,
        interval: { begin: { ...ANY, hour: 23 }, end: { ...ANY, second: 60 } },
      },
      ['interval.end.second: 0-59 or null (any)'],
    ],
    [
      {
        dev: 0,
        mode: 4,
        more: false,
        window: { weekdays: [0], beginHour: 23, beginMinute: 59, endHour: 24, endMinute: 0 },
        output: OPEN_DO2,
      },
      ['window.endHour: 0-23'],
    ],
    [{ dev: 0, mode: 6, more: false, raw: new Array<number>(14).fill(0) }, ['mode: 0-4']],
  ])('%j → %j', (rule, reasons) => {
    expect(codec.validate(rule)).toEqual(reasons);
  });
});

// Outputs as the output codec writes them: its decode and encode clear what it reserves.
const canonicalOutputBytes = (b: Uint8Array): Uint8Array => outputCodec.encode(outputCodec.decode(b)!);
const outputArb: fc.Arbitrary<OutputRule> = fc
  .uint8Array({ minLength: 6, maxLength: 6 })
  .map((b) => outputCodec.decode(canonicalOutputBytes(b))!);

const weekdaysArb = fc.uniqueArray(fc.integer({ min: 0, max: 6 })).map((xs) => [...xs].sort((a, b) => a - b));
const byte = fc.integer({ min: 0, max: 255 });
const base = { dev: byte, more: fc.boolean() };

const ruleArb: fc.Arbitrary<ScheduleRule> = fc.oneof(
  fc.record({ ...base, mode: fc.constant(0 as const) }),
  fc.record({ ...base, mode: fc.constant(1 as const), at: fixedPointArb, output: outputArb }),
  fc.record({
    ...base,
    mode: fc.constant(2 as const),
    weekly: fc.record({
      weekdays: weekdaysArb,
      hours: fc.uniqueArray(fc.integer({ min: 0, max: 23 })).map((xs) => [...xs].sort((a, b) => a - b)),
      minute: byte,
      second: byte,
    }),
    output: outputArb,
  }),
  fc.record({
    ...base,
    mode: fc.constant(3 as const),
    interval: fc.record({ begin: fixedPointArb, end: fixedPointArb }),
  }),
  fc.record({
    ...base,
    mode: fc.constant(4 as const),
    window: fc.record({
      weekdays: weekdaysArb,
      beginHour: byte,
      beginMinute: byte,
      endHour: byte,
      endMinute: byte,
    }),
    output: outputArb,
  }),
  fc
    .tuple(fc.integer({ min: 5, max: 7 }), fc.uint8Array({ minLength: 14, maxLength: 14 }))
    .map(([mode, b]) => {
      const copy = Uint8Array.from(b);
      copy[2] = (mode << 5) | (copy[2]! & 0x1f);
      return codec.decode(copy)!;
    }),
);

/** Valid buffers, every mode equally likely: reserved bits and unused bytes cleared. */
const bufferArb = fc.tuple(fc.integer({ min: 0, max: 7 }), bufferOf(14)).map(([mode, raw]) => {
  const b = Uint8Array.from(raw);
  b[2] = (mode << 5) | (b[2]! & 0x1f);
  const canonicalOutput = (): void => {
    const o = canonicalOutputBytes(Uint8Array.from([b[2]! & 0x0f, ...b.subarray(9, 14)]));
    b[2] = (b[2]! & 0xf0) | o[0]!;
    b.set(o.subarray(1), 9);
  };
  if (mode === 0) {
    b.fill(0, 1, 2);
    b.fill(0, 3);
    b[2] = b[2]! & 0xf0;
  } else if (mode === 1) {
    b[1] = 0;
    canonicalOutput();
  } else if (mode === 2) {
    b[1] = 0;
    b[3] = b[3]! & 0x7f;
    canonicalOutput();
  } else if (mode === 3) {
    b[2] = b[2]! & 0xf0;
  } else if (mode === 4) {
    b[1] = 0;
    b[3] = b[3]! & 0x7f;
    b[8] = 0;
    canonicalOutput();
  }
  return b;
});

testProperties(codec, { rule: ruleArb, buffer: bufferArb });
