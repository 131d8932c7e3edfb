// Checks docs/protocol.md § fDODIMode and § fDOUIMode.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_DO_DI_MODE, formatDoDiMode, formatDoUiMode, parseDoDiMode, parseDoUiMode } from './modes.js';
import type { DoDiMode, DoUiMode } from './modes.js';

describe('parseDoDiMode', () => {
  it('reads every field', () => {
    const text = JSON.stringify({
      DOIndexArr: [0, 2],
      DIIndexArr: [1],
      AOIndexArr: [],
      AIIndexArr: [3, 31],
      DOScene: [{ fOnImg: 'on.png', fOffImg: 'off.png', name: 'gate' }],
      svgEquipsDate: [{ ID: 'E1', x: 10 }, { ID: 7 }],
      layout: 'grid',
    });
    expect(parseDoDiMode(text)).toEqual({
      shownDo: [0, 2],
      shownDi: [1],
      shownAo: [],
      shownAi: [3, 31],
      doScenes: [{ onImage: 'on.png', offImage: 'off.png', extra: { name: 'gate' } }],
      svgDevices: [
        { id: 'E1', extra: { x: 10 } },
        { id: 7, extra: {} },
      ],
      extra: { layout: 'grid' },
    });
  });

  it('fills scene image defaults (kg03.png / kg03_0.png) and keeps one item per output', () => {
    const mode = parseDoDiMode('{"DOScene":[{}, {"fOnImg":""}, 5, null, {"fOffImg":"x.png"}]}');
    expect(mode.doScenes.map((s) => [s.onImage, s.offImage])).toEqual([
      ['kg03.png', 'kg03_0.png'],
      ['kg03.png', 'kg03_0.png'],
      ['kg03.png', 'kg03_0.png'],
      ['kg03.png', 'kg03_0.png'],
      ['kg03.png', 'x.png'],
    ]);
  });

  it('keeps valid channel indices 0-31 only, first occurrence first', () => {
    const mode = parseDoDiMode('{"DOIndexArr":[3,"4",-1,32,31,0,3,1.5,"x",null,"05"]}');
    expect(mode.shownDo).toEqual([3, 4, 31, 0, 5]);
  });

  it('drops svg links without an id', () => {
    const mode = parseDoDiMode('{"svgEquipsDate":[{"ID":""},{"x":1},"E2",{"ID":null},{"ID":"E3"}]}');
    expect(mode.svgDevices).toEqual([{ id: 'E3', extra: {} }]);
  });

  it('gives empty arrays for missing or mistyped fields', () => {
    expect(parseDoDiMode('{}')).toEqual(EMPTY_DO_DI_MODE);
    expect(parseDoDiMode('{"DOIndexArr":"0;1","DOScene":{}}')).toEqual(EMPTY_DO_DI_MODE);
  });

  it.each(['', 'not json', '[1,2]', 'null', '42', '"text"', '{"DOIndexArr":[1]'])(
    'gives the empty value for %j',
    (text) => {
      expect(parseDoDiMode(text)).toEqual(EMPTY_DO_DI_MODE);
    },
  );

  it('takes an already parsed object', () => {
    expect(parseDoDiMode({ AIIndexArr: [1] }).shownAi).toEqual([1]);
    expect(parseDoDiMode(undefined)).toEqual(EMPTY_DO_DI_MODE);
  });

  it('formats the wire names', () => {
    const mode: DoDiMode = {
      ...EMPTY_DO_DI_MODE,
      shownDo: [1],
      doScenes: [{ onImage: 'a.png', offImage: 'b.png', extra: {} }],
      svgDevices: [{ id: 'E1', extra: {} }],
    };
    expect(JSON.parse(formatDoDiMode(mode))).toEqual({
      DOIndexArr: [1],
      DIIndexArr: [],
      AOIndexArr: [],
      AIIndexArr: [],
      DOScene: [{ fOnImg: 'a.png', fOffImg: 'b.png' }],
      svgEquipsDate: [{ ID: 'E1' }],
    });
  });
});

const KNOWN = new Set(['DOIndexArr', 'DIIndexArr', 'AOIndexArr', 'AIIndexArr', 'DOScene', 'svgEquipsDate']);
const extraArb = (known: readonly string[]) =>
  fc
    .dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.jsonValue(), { maxKeys: 3 })
    .map((d) =>
      Object.fromEntries(
        Object.entries(d).filter(([k]) => !known.includes(k) && !KNOWN.has(k) && k !== '__proto__'),
      ),
    )
    .map((d) => JSON.parse(JSON.stringify(d)) as Record<string, unknown>);
const indices = fc.uniqueArray(fc.integer({ min: 0, max: 31 }), { maxLength: 32 });
const image = fc.stringMatching(/^[\w.-]{1,12}$/);
const doDiModeArb: fc.Arbitrary<DoDiMode> = fc.record({
  shownDo: indices,
  shownDi: indices,
  shownAo: indices,
  shownAi: indices,
  doScenes: fc.array(fc.record({ onImage: image, offImage: image, extra: extraArb(['fOnImg', 'fOffImg']) }), {
    maxLength: 32,
  }),
  svgDevices: fc.array(
    fc.record({
      id: fc.oneof(fc.stringMatching(/^\w{1,10}$/), fc.integer()),
      extra: extraArb(['ID']),
    }),
    { maxLength: 5 },
  ),
  extra: extraArb([]),
});

describe('fDODIMode properties', () => {
  it('parse(format(mode)) equals mode', () => {
    fc.assert(
      fc.property(doDiModeArb, (mode) => {
        expect(parseDoDiMode(formatDoDiMode(mode))).toEqual(mode);
      }),
    );
  });

  it('never throws on random text or JSON', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.jsonValue().map((v) => JSON.stringify({ DOScene: v })),
        ),
        (t) => {
          const mode = parseDoDiMode(t);
          expect(parseDoDiMode(formatDoDiMode(mode))).toEqual(mode);
        },
      ),
    );
  });
});

describe('parseDoUiMode', () => {
  it.each<[string, number, DoUiMode[]]>([
    [
      '0;1;2;3&;50;20;3,10,20',
      4,
      [
        { mode: 0, params: [] },
        { mode: 1, params: [50] }, // open, close after 5 s
        { mode: 2, params: [20] }, // close, open after 2 s
        { mode: 3, params: [3, 10, 20] }, // 3 cycles, 1 s on, 2 s off
      ],
    ],
    [
      '1;1&0;65535',
      2,
      [
        { mode: 1, params: [0] },
        { mode: 1, params: [65535] },
      ],
    ], // parameter bounds
    ['1&65536', 1, [{ mode: 0, params: [] }]], // one past the bound
    ['3&3,10', 1, [{ mode: 0, params: [] }]], // cycle needs three numbers
    ['1&5,6', 1, [{ mode: 0, params: [] }]], // open-close needs one
    ['1&-5', 1, [{ mode: 0, params: [] }]],
    ['2&1.5', 1, [{ mode: 0, params: [] }]],
    ['1', 1, [{ mode: 0, params: [] }]], // no '&': no parameters
    ['4&1', 1, [{ mode: 0, params: [] }]], // unknown mode
    [
      'x;1&;7',
      2,
      [
        { mode: 0, params: [] },
        { mode: 1, params: [7] },
      ],
    ],
    ['0&99', 1, [{ mode: 0, params: [] }]], // mode 0 ignores its parameters
    [' 3 & 1, 2 ,3', 1, [{ mode: 3, params: [1, 2, 3] }]],
    [
      '1;2&5;6',
      3,
      [
        { mode: 1, params: [5] },
        { mode: 2, params: [6] },
        { mode: 0, params: [] },
      ],
    ], // missing
    ['1;2&5;6', 1, [{ mode: 1, params: [5] }]], // past count
    [
      '',
      2,
      [
        { mode: 0, params: [] },
        { mode: 0, params: [] },
      ],
    ],
  ])('parseDoUiMode(%j, %s)', (text, count, modes) => {
    expect(parseDoUiMode(text, count)).toEqual(modes);
  });

  it('formats modes and parameters', () => {
    const modes: DoUiMode[] = [
      { mode: 0, params: [] },
      { mode: 1, params: [50] },
      { mode: 3, params: [3, 10, 20] },
    ];
    expect(formatDoUiMode(modes)).toBe('0;1;3&;50;3,10,20');
    expect(formatDoUiMode([])).toBe('&');
    expect(formatDoUiMode([{ mode: 2, params: [70000] }])).toBe('2&65535');
    expect(formatDoUiMode([{ mode: 1, params: [Number.NaN] }])).toBe('1&0');
  });

  const param = fc.integer({ min: 0, max: 65535 });
  const uiModeArb: fc.Arbitrary<DoUiMode> = fc.oneof(
    fc.constant<DoUiMode>({ mode: 0, params: [] }),
    fc.record({ mode: fc.constantFrom(1 as const, 2 as const), params: fc.tuple(param) }),
    fc.record({ mode: fc.constant(3 as const), params: fc.tuple(param, param, param) }),
  );

  it('parse(format(modes)) equals modes', () => {
    fc.assert(
      fc.property(fc.array(uiModeArb, { maxLength: 32 }), (modes) => {
        expect(parseDoUiMode(formatDoUiMode(modes), modes.length)).toEqual(modes);
      }),
    );
  });

  it('never throws on random text and re-reads its own output', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 32 }), (text, n) => {
        const modes = parseDoUiMode(text, n);
        expect(modes).toHaveLength(n);
        expect(parseDoUiMode(formatDoUiMode(modes), n)).toEqual(modes);
      }),
    );
  });
});
