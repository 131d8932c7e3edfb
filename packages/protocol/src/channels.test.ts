// Checks docs/protocol.md § Channel bit packing, § Channel values in live data and § Channel view.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aiChannelViews,
  aoChannelViews,
  channelLabel,
  diChannelViews,
  doChannelViews,
  MAX_CHANNELS,
  packChannels,
  packChannelsHex,
  parseChannelValues,
  readChannelStates,
  unpackChannels,
  unpackChannelsHex,
} from './channels.js';

const T = true;
const F = false;

describe('packChannels / unpackChannels', () => {
  it.each([
    ['no channels', [], []],
    ['channel 0 = bit 0 of byte 0', [T], [0x01]],
    ['channel 7 = bit 7 of byte 0', [F, F, F, F, F, F, F, T], [0x80]],
    ['channel 8 = bit 0 of byte 1', [F, F, F, F, F, F, F, F, T], [0x00, 0x01]],
    ['channels 0, 2, 4, 6', [T, F, T, F, T, F, T, F], [0x55]],
    ['channels 1, 3, 5, 7, 9', [F, T, F, T, F, T, F, T, F, T], [0xaa, 0x02]],
    ['channel 31 = bit 7 of byte 3', [...Array<boolean>(31).fill(F), T], [0x00, 0x00, 0x00, 0x80]],
    ['all 32', Array<boolean>(32).fill(T), [0xff, 0xff, 0xff, 0xff]],
  ])('%s', (_name, bools, bytes) => {
    expect([...packChannels(bools)]).toEqual(bytes);
    expect(unpackChannels(Uint8Array.from(bytes), bools.length)).toEqual(bools);
  });

  it('ignores items past 32 (the 33rd channel would be bit 0 of byte 4)', () => {
    expect([...packChannels(Array<boolean>(33).fill(T))]).toEqual([0xff, 0xff, 0xff, 0xff]);
    expect([...packChannels([...Array<boolean>(32).fill(F), T])]).toEqual([0, 0, 0, 0]);
  });

  it('clamps the count to 0-32', () => {
    const bytes = Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0xff);
    expect(unpackChannels(bytes, 32)).toHaveLength(32);
    expect(unpackChannels(bytes, 33)).toHaveLength(32);
    expect(unpackChannels(bytes, 0)).toEqual([]);
    expect(unpackChannels(bytes, -1)).toEqual([]);
    expect(unpackChannels(bytes, Number.NaN)).toEqual([]);
    expect(unpackChannels(bytes, 2.7)).toEqual([T, T]);
  });

  it('reads channels past the bytes given as false', () => {
    expect(unpackChannels(Uint8Array.of(0x81), 10)).toEqual([T, F, F, F, F, F, F, T, F, F]);
    expect(unpackChannels(new Uint8Array(0), 3)).toEqual([F, F, F]);
  });

  it('round trips any states (up to 32)', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: MAX_CHANNELS }), (bools) => {
        const bytes = packChannels(bools);
        expect(bytes.length).toBe(Math.ceil(bools.length / 8));
        expect(unpackChannels(bytes, bools.length)).toEqual(bools);
      }),
    );
  });

  it('round trips any bytes (up to 4) whose unused bits are 0', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4 }), (bytes) => {
        expect([...packChannels(unpackChannels(bytes, bytes.length * 8))]).toEqual([...bytes]);
      }),
    );
  });
});

describe('hex form (regdo/regdi)', () => {
  it.each([
    ['', 0, []],
    ['01', 2, [T, F]],
    ['8001', 9, [F, F, F, F, F, F, F, T, T]],
    ['80 01', 9, [F, F, F, F, F, F, F, T, T]],
    ['ff', 4, [T, T, T, T]],
    ['0f', 10, [T, T, T, T, F, F, F, F, F, F]],
  ])('unpackChannelsHex(%j, %s)', (hex, count, states) => {
    expect(unpackChannelsHex(hex, count)).toEqual(states);
  });

  it.each(['0', 'zz', '0x01', '1g'])('invalid hex %j gives null', (hex) => {
    expect(unpackChannelsHex(hex, 8)).toBeNull();
  });

  it('packChannelsHex writes upper case, byte 0 first', () => {
    expect(packChannelsHex([T, F, F, F, F, F, F, F, F, T, F, T])).toBe('010A');
  });

  it('round trips through hex', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 32 }), (bools) => {
        expect(unpackChannelsHex(packChannelsHex(bools), bools.length)).toEqual(bools);
      }),
    );
  });

  it('readChannelStates takes bytes, byte arrays and hex; unreadable input reads all off', () => {
    expect(readChannelStates(Uint8Array.of(0x03), 3)).toEqual([T, T, F]);
    expect(readChannelStates([0x02, 0x01], 10)).toEqual([F, T, F, F, F, F, F, F, T, F]);
    expect(readChannelStates([256, -1, 1.5], 3)).toEqual([F, F, F]);
    expect(readChannelStates('05', 3)).toEqual([T, F, T]);
    expect(readChannelStates('nothex', 3)).toEqual([F, F, F]);
    expect(readChannelStates(null, 2)).toEqual([F, F]);
    expect(readChannelStates(undefined, 0)).toEqual([]);
  });

  it('never throws on random strings', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: -5, max: 40 }), (s, n) => {
        const r = unpackChannelsHex(s, n);
        if (r !== null) expect(r.length).toBe(Math.max(0, Math.min(32, n)));
        expect(readChannelStates(s, n).length).toBe(Math.max(0, Math.min(32, n)));
      }),
    );
  });
});

describe('parseChannelValues (regai/regao/strregai/strregao)', () => {
  it.each([
    ['semicolons', '1;2.5;-3', 3, [1, 2.5, -3]],
    ['commas', '4000,20000', 2, [4000, 20000]],
    ['mixed separators', '1,2;3', 3, [1, 2, 3]],
    ['missing items are 0', '7', 3, [7, 0, 0]],
    ['items past count dropped', '1;2;3', 2, [1, 2]],
    ['non-numeric items are 0', 'a;;0x10;Infinity;1e3', 5, [0, 0, 0, 0, 1000]],
    ['spaces around items', ' 1 ; 2 ', 2, [1, 2]],
    ['empty text', '', 2, [0, 0]],
  ] as const)('%s', (_name, text, count, values) => {
    expect(parseChannelValues(text, count)).toEqual(values);
  });

  it('reads arrays item by item', () => {
    expect(parseChannelValues([1, '2', 'x', null, Number.NaN, Infinity], 7)).toEqual([1, 2, 0, 0, 0, 0, 0]);
  });

  it('treats missing input as all 0 and clamps the count to 32', () => {
    expect(parseChannelValues(null, 2)).toEqual([0, 0]);
    expect(parseChannelValues(undefined, 40)).toHaveLength(32);
  });

  it('round trips finite numbers joined by ";" or ","', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { maxLength: 32 }),
        fc.constantFrom(';', ','),
        (values, sep) => {
          expect(parseChannelValues(values.join(sep), values.length)).toEqual(values.map((v) => v + 0));
        },
      ),
    );
  });

  it('never throws and always sizes to count', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 32 }), (s, n) => {
        const values = parseChannelValues(s, n);
        expect(values).toHaveLength(n);
        for (const v of values) expect(Number.isFinite(v)).toBe(true);
      }),
    );
  });
});

describe('channel views', () => {
  it('labels channels counted from 1', () => {
    expect(channelLabel('DO', 0)).toBe('DO1');
    expect(channelLabel('DI', 2)).toBe('DI3');
    expect(channelLabel('AI', 31)).toBe('AI32');
    expect(channelLabel('AO', 0)).toBe('AO1');
  });

  it('builds DO views with names, states and on/off images', () => {
    const views = doChannelViews({
      count: 3,
      names: ['Pump', ''],
      states: [true, false, true],
      onImages: ['', 'x_on.png'],
      offImages: ['x_off.png'],
    });
    expect(views).toEqual([
      { id: 0, passage: 'DO1', name: 'Pump', value: 1, alarm: 0, image: 'kg03.png', unit: '' },
      { id: 1, passage: 'DO2', name: 'DO2', value: 0, alarm: 0, image: 'kg03_0.png', unit: '' },
      { id: 2, passage: 'DO3', name: 'DO3', value: 1, alarm: 0, image: 'kg03.png', unit: '' },
    ]);
  });

  it('builds DI views with their alarms', () => {
    const views = diChannelViews({
      count: 4,
      states: [true, false, false, true],
      alarmFlags: [true, true, false, true],
      alarmOnHigh: [true, false, true],
    });
    expect(views.map((v) => [v.passage, v.value, v.alarm, v.image])).toEqual([
      ['DI1', 1, 1, 'kg11.png'], // flag set, alarms on high, state high
      ['DI2', 0, 1, 'kg11_0.png'], // flag set, alarms on low, state low
      ['DI3', 0, 0, 'kg11_0.png'], // flag not set
      ['DI4', 1, 1, 'kg11.png'], // level missing: high
    ]);
  });

  it('builds AI views: scaled values, alarms against the scaled value, alarm image', () => {
    const scaling = [
      { x1: 4000, x2: 20000, y1: 0, y2: 100 },
      { x1: 0, x2: 0, y1: 0, y2: 0 },
    ];
    const views = aiChannelViews({
      count: 3,
      names: ['Level'],
      raw: [12000, 55, 7],
      units: ['%', 'mV'],
      scaling,
      lows: [10, 0],
      highs: [40, 0],
    });
    expect(views).toEqual([
      { id: 0, passage: 'AI1', name: 'Level', value: 50, alarm: 1, image: 'com_alarm.gif', unit: '%' },
      { id: 1, passage: 'AI2', name: 'AI2', value: 55, alarm: 0, image: 'com_default.png', unit: 'mV' },
      { id: 2, passage: 'AI3', name: 'AI3', value: 7, alarm: 0, image: 'com_default.png', unit: '' },
    ]);
  });

  it('builds AO views with the AO default image', () => {
    const views = aoChannelViews({ count: 1, raw: [400], scaling: [{ x1: 400, x2: 2000, y1: 4, y2: 20 }] });
    expect(views).toEqual([
      { id: 0, passage: 'AO1', name: 'AO1', value: 4, alarm: 0, image: 'com_default.png', unit: '' },
    ]);
  });

  it('sizes views by the count (0-32)', () => {
    expect(doChannelViews({ count: 40 })).toHaveLength(32);
    expect(aiChannelViews({ count: -1 })).toHaveLength(0);
  });
});
