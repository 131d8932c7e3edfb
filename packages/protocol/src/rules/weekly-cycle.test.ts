// docs/protocol.md § Weekly cycle
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bufferOf, testEncodes, testProperties, testVector } from '../test-support/rule-vectors.js';
import { formatBitList, parseBitList, weeklyCycleCodec } from './weekly-cycle.js';
import type { WeeklyCycle } from './weekly-cycle.js';

const codec = weeklyCycleCodec;

describe('weekly cycle vectors', () => {
  testVector(codec, 'Mon Wed Fri at 08:30:00', { weekdays: [1, 3, 5], hours: [8], minute: 30, second: 0 }, [
    0x2a, // byte 0: reserved=0 bit 7, weekdays bits 6-0 = 0101010 (Mon, Wed, Fri)
    0x00, // byte 1: hours bits 23-16 none
    0x01, // byte 2: hours bits 15-8: bit 8 (08)
    0x00, // byte 3: hours bits 7-0 none
    0x1e, // byte 4: minute=30
    0x00, // byte 5: second=0
  ]);
  testVector(
    codec,
    'every day, every hour, minute and second wildcards (60)',
    {
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      hours: Array.from({ length: 24 }, (_, h) => h),
      minute: 60,
      second: 60,
    },
    [
      0x7f, // byte 0: reserved=0, weekdays = all seven
      0xff, // byte 1: hours 23-16
      0xff, // byte 2: hours 15-8
      0xff, // byte 3: hours 7-0
      0x3c, // byte 4: minute=60 (every minute)
      0x3c, // byte 5: second=60 (every second)
    ],
  );
  testVector(
    codec,
    'upper bounds: Saturday (bit 6), hour 23, 23:59:59',
    {
      weekdays: [6],
      hours: [23],
      minute: 59,
      second: 59,
    },
    [
      0x40, // byte 0: weekdays bit 6 (Sat)
      0x80, // byte 1: hours bit 23
      0x00, // byte 2
      0x00, // byte 3
      0x3b, // byte 4: minute=59
      0x3b, // byte 5: second=59
    ],
  );
  testVector(
    codec,
    'lower bounds: Sunday (bit 0), hour 0, 00:00:00',
    {
      weekdays: [0],
      hours: [0],
      minute: 0,
      second: 0,
    },
    [
      0x01, // byte 0: weekdays bit 0 (Sun)
      0x00, // byte 1
      0x00, // byte 2
      0x01, // byte 3: hours bit 0
      0x00, // byte 4: minute=0
      0x00, // byte 5: second=0
    ],
  );
  testVector(
    codec,
    'minute and second 61, one past the wildcard, decode as they are',
    {
      weekdays: [1],
      hours: [0],
      minute: 61,
      second: 61,
    },
    [
      0x02, // byte 0: weekdays bit 1 (Mon)
      0x00, // byte 1
      0x00, // byte 2
      0x01, // byte 3: hours bit 0
      0x3d, // byte 4: minute=61 (invalid)
      0x3d, // byte 5: second=61 (invalid)
    ],
  );
  testVector(codec, 'minute and second 255', { weekdays: [1], hours: [0], minute: 255, second: 255 }, [
    0x02, // byte 0: weekdays bit 1 (Mon)
    0x00, // byte 1
    0x00, // byte 2
    0x01, // byte 3: hours bit 0
    0xff, // byte 4: minute=255
    0xff, // byte 5: second=255
  ]);
  testVector(codec, 'nothing selected', { weekdays: [], hours: [], minute: 0, second: 0 }, [
    0x00, // byte 0: no weekday
    0x00, // byte 1
    0x00, // byte 2
    0x00, // byte 3: no hour
    0x00, // byte 4: minute=0
    0x00, // byte 5: second=0
  ]);
  testVector(
    codec,
    'Mon-Fri at 07, 12 and 18 o’clock',
    {
      weekdays: [1, 2, 3, 4, 5],
      hours: [7, 12, 18],
      minute: 0,
      second: 0,
    },
    [
      0x3e, // byte 0: weekdays bits 1-5
      0x04, // byte 1: hours bit 18 (byte bit 2)
      0x10, // byte 2: hours bit 12 (byte bit 4)
      0x80, // byte 3: hours bit 7
      0x00, // byte 4: minute=0
      0x00, // byte 5: second=0
    ],
  );
  testVector(
    codec,
    'Sun Sat, hours 0-5 8 12-23, every minute at second 15',
    {
      weekdays: [0, 6],
      hours: [0, 1, 2, 3, 4, 5, 8, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23],
      minute: 60,
      second: 15,
    },
    [
      0x41, // byte 0: weekdays bits 0 and 6
      0xff, // byte 1: hours 16-23
      0xf1, // byte 2: hours 12-15 (bits 7-4), 8 (bit 0)
      0x3f, // byte 3: hours 0-5
      0x3c, // byte 4: minute=60 (every minute)
      0x0f, // byte 5: second=15
    ],
  );
});

describe('weekly cycle encoding of non-canonical models', () => {
  testEncodes(
    codec,
    'out-of-field weekdays and hours dropped, duplicates merged, minute 300 clamps to 255, second -1 to 0',
    { weekdays: [7, -1, 3, 3, 2.5], hours: [24, 5, 5], minute: 300, second: -1 },
    [
      0x08, // byte 0: weekdays bit 3 only
      0x00, // byte 1
      0x00, // byte 2
      0x20, // byte 3: hours bit 5 only
      0xff, // byte 4: minute clamped to 255
      0x00, // byte 5: second clamped to 0
    ],
  );

  it('ignores the reserved bit 7 of byte 0 on read', () => {
    expect(codec.decode(Uint8Array.from([0xaa, 0, 1, 0, 30, 0]))?.weekdays).toEqual([1, 3, 5]);
  });
});

describe('weekly cycle descriptions', () => {
  const cases: [WeeklyCycle, string, string, string][] = [
    [
      { weekdays: [1, 3, 5], hours: [8], minute: 30, second: 0 },
      'every Mon Wed Fri at 08:30:00',
      '每周一、周三、周五 08:30:00',
      '每週一、週三、週五 08:30:00',
    ],
    [
      { weekdays: [0, 1, 2, 3, 4, 5, 6], hours: [8], minute: 60, second: 15 },
      'every day at 08:**:15',
      '每天 08:**:15',
      '每天 08:**:15',
    ],
    [
      { weekdays: [6], hours: Array.from({ length: 24 }, (_, h) => h), minute: 0, second: 60 },
      'every Sat at **:00:**',
      '每周六 **:00:**',
      '每週六 **:00:**',
    ],
    [
      { weekdays: [1, 5], hours: [7, 19], minute: 0, second: 0 },
      'every Mon Fri at 07:00:00, 19:00:00',
      '每周一、周五 07:00:00、19:00:00',
      '每週一、週五 07:00:00、19:00:00',
    ],
    [
      {
        weekdays: [0, 6],
        hours: [0, 1, 2, 3, 4, 5, 8, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23],
        minute: 60,
        second: 15,
      },
      'every Sun Sat at **:**:15 in hours 00-05, 08, 12-23',
      '每周日、周六 00-05、08、12-23时的 **:**:15',
      '每週日、週六 00-05、08、12-23時的 **:**:15',
    ],
    [
      { weekdays: [], hours: [8], minute: 0, second: 0 },
      'never (no weekday selected)',
      '从不（未选星期）',
      '從不（未選星期）',
    ],
    [
      { weekdays: [2], hours: [], minute: 0, second: 0 },
      'never (no hour selected)',
      '从不（未选小时）',
      '從不（未選小時）',
    ],
  ];
  it.each(cases)('%j', (rule, en, zh, tc) => {
    expect(codec.describe(rule, 'en')).toBe(en);
    expect(codec.describe(rule, 'zh')).toBe(zh);
    expect(codec.describe(rule, 'tc')).toBe(tc);
  });
});

describe('weekly cycle validation', () => {
  const ok: WeeklyCycle = { weekdays: [0, 6], hours: [0, 23], minute: 59, second: 59 };
  it.each<[Partial<WeeklyCycle>, string[]]>([
    [{}, []],
    [{ minute: 60, second: 60 }, []],
    [{ minute: 61 }, ['minute: 0-59 or 60 (every minute)']],
    [{ second: 61 }, ['second: 0-59 or 60 (every second)']],
    [{ minute: -1 }, ['minute: 0-59 or 60 (every minute)']],
    [{ weekdays: [7] }, ['weekdays: 0-6 (0 = Sunday)']],
    [{ hours: [24] }, ['hours: 0-23']],
    [{ hours: [1.5] }, ['hours: 0-23']],
  ])('%j → %j', (change, reasons) => {
    expect(codec.validate({ ...ok, ...change })).toEqual(reasons);
  });
});

describe('bit lists (weeksel text form)', () => {
  it('formats ascending, space-separated, without duplicates', () => {
    expect(formatBitList([5, 0, 3, 3])).toBe('0 3 5');
    expect(formatBitList([])).toBe('');
  });
  it.each<[string, number, number[] | null]>([
    ['0 3 5', 6, [0, 3, 5]],
    ['  5  0 3 3 ', 6, [0, 3, 5]],
    ['1,2, 4', 6, [1, 2, 4]],
    ['', 6, []],
    ['   ', 6, []],
    ['6', 6, [6]],
    ['7', 6, null],
    ['23', 23, [23]],
    ['24', 23, null],
    ['-1', 6, null],
    ['1.5', 6, null],
    ['a', 6, null],
    ['1 x', 6, null],
  ])('parseBitList(%j, %d) = %j', (text, max, expected) => {
    expect(parseBitList(text, max)).toEqual(expected);
  });
  it('parse(format(x)) is x sorted without duplicates', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 23 })), (xs) => {
        expect(parseBitList(formatBitList(xs), 23)).toEqual([...new Set(xs)].sort((a, b) => a - b));
      }),
    );
  });
  it('never throws on any text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const r = parseBitList(text, 6);
        expect(r === null || r.every((n) => n >= 0 && n <= 6)).toBe(true);
      }),
    );
  });
});

const sortedSubset = (max: number): fc.Arbitrary<number[]> =>
  fc.uniqueArray(fc.integer({ min: 0, max })).map((xs) => [...xs].sort((a, b) => a - b));

testProperties(codec, {
  rule: fc.record({
    weekdays: sortedSubset(6),
    hours: sortedSubset(23),
    minute: fc.integer({ min: 0, max: 255 }),
    second: fc.integer({ min: 0, max: 255 }),
  }),
  buffer: bufferOf(6, (b) => {
    b[0] = b[0]! & 0x7f;
  }),
});
