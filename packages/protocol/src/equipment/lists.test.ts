// Checks docs/protocol.md § Semicolon lists.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatList, listItem, parseBoolList, parseDecimal, parseList, parseNumberList } from './lists.js';

/** An item without ';' (the only items a list can carry as they are). */
const item = fc.string().map((s) => s.replaceAll(';', ''));

describe('parseList', () => {
  it.each([
    ['a;b;c', 3, ['a', 'b', 'c']],
    ['a;b', 4, ['a', 'b', '', '']], // missing items are ''
    ['a;b;c', 2, ['a', 'b']], // items past count dropped
    ['', 2, ['', '']],
    [';', 2, ['', '']],
    [' a ; b', 2, [' a ', ' b']], // kept as written
  ])('parseList(%j, %s)', (text, count, items) => {
    expect(parseList(text, count)).toEqual(items);
  });

  it('clamps the count to 0-32', () => {
    const text = Array.from({ length: 40 }, (_, i) => `n${i}`).join(';');
    expect(parseList(text, 32)).toHaveLength(32);
    expect(parseList(text, 33)).toHaveLength(32);
    expect(parseList(text, -1)).toEqual([]);
    expect(parseList(text, Number.NaN)).toEqual([]);
  });

  it('reads a number as its text and anything else as empty', () => {
    expect(parseList(5, 2)).toEqual(['5', '']);
    expect(parseList(null, 1)).toEqual(['']);
    expect(parseList({}, 1)).toEqual(['']);
  });
});

describe('parseNumberList', () => {
  it.each([
    ['1;2.5;-3;1e2', 4, [1, 2.5, -3, 100]],
    ['1;;x;0x10;Infinity', 6, [1, 0, 0, 0, 0, 0]],
    [' 7 ', 1, [7]],
  ])('parseNumberList(%j, %s)', (text, count, values) => {
    expect(parseNumberList(text, count)).toEqual(values);
  });

  it('parseDecimal accepts plain decimals only', () => {
    expect(parseDecimal('12')).toBe(12);
    expect(parseDecimal('-.5')).toBe(-0.5);
    expect(parseDecimal('3.')).toBe(3);
    expect(parseDecimal('+2E3')).toBe(2000);
    for (const bad of ['', ' ', '.', '1,5', '0x1f', 'NaN', 'Infinity', '1e999', '1 2']) {
      expect(parseDecimal(bad)).toBeNull();
    }
  });
});

describe('parseBoolList (fAlarmDI, fAlarmDIH)', () => {
  it.each([
    ['true;false;1;0', 4, [true, false, true, false]],
    ['FALSE; 0 ;yes;x', 4, [false, false, true, true]],
    ['true', 3, [true, false, false]], // missing items false
    [';true', 2, [false, true]], // empty item false
  ])('parseBoolList(%j, %s)', (text, count, flags) => {
    expect(parseBoolList(text, count)).toEqual(flags);
  });

  it('takes another value for empty or missing items (fAlarmDIH defaults to high)', () => {
    expect(parseBoolList('false;;', 4, true)).toEqual([false, true, true, true]);
  });
});

describe('formatList', () => {
  it.each([
    [['a', 'b', 'c'], 'a;b;c'],
    [[], ''],
    [['', ''], ';'],
    [[1, 2.5, Number.NaN, Infinity], '1;2.5;0;0'],
    [[true, false], 'true;false'],
    [['a;b', 'c'], 'a；b;c'], // ';' inside an item becomes the full-width '；'
  ])('formatList(%j) = %j', (items, text) => {
    expect(formatList(items)).toBe(text);
  });

  it('writes at most 32 items', () => {
    expect(formatList(Array<string>(33).fill('x')).split(';')).toHaveLength(32);
  });

  it('listItem leaves other text alone', () => {
    expect(listItem('泵 1')).toBe('泵 1');
  });
});

describe('round trips', () => {
  it('strings', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 32 }), (items) => {
        expect(parseList(formatList(items), items.length)).toEqual(items);
      }),
    );
  });

  it('strings with ";" read back with "；"', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 32 }), (items) => {
        expect(parseList(formatList(items), items.length)).toEqual(items.map((s) => s.replaceAll(';', '；')));
      }),
    );
  });

  it('numbers', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { maxLength: 32 }),
        (values) => {
          expect(parseNumberList(formatList(values), values.length)).toEqual(values.map((v) => v + 0));
        },
      ),
    );
  });

  it('flags', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 32 }), fc.boolean(), (flags, missing) => {
        expect(parseBoolList(formatList(flags), flags.length, missing)).toEqual(flags);
      }),
    );
  });

  it('text → items → text for any list of up to 32 items without the stand-in', () => {
    fc.assert(
      fc.property(
        fc.array(
          item.map((s) => s.replaceAll('；', '')),
          { minLength: 1, maxLength: 32 },
        ),
        (items) => {
          const text = items.join(';');
          expect(formatList(parseList(text, items.length))).toBe(text);
        },
      ),
    );
  });

  it('never throws on random input', () => {
    fc.assert(
      fc.property(fc.anything(), fc.integer({ min: -3, max: 40 }), (text, n) => {
        const size = Math.max(0, Math.min(32, n));
        expect(parseList(text, n)).toHaveLength(size);
        expect(parseNumberList(text, n)).toHaveLength(size);
        expect(parseBoolList(text, n)).toHaveLength(size);
      }),
    );
  });
});
