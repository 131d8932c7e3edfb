// Checks the JSON field reading shared by docs/protocol.md § fDODIMode and § fParam.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { field, otherKeys, readJsonObject } from './json.js';

describe('readJsonObject', () => {
  it.each([
    ['{"a":1}', { a: 1 }],
    ['{}', {}],
    ['[]', null],
    ['null', null],
    ['1', null],
    ['{', null],
    ['', null],
  ])('readJsonObject(%j)', (text, value) => {
    expect(readJsonObject(text)).toEqual(value);
  });

  it('takes parsed objects, not arrays or other values', () => {
    expect(readJsonObject({ b: 2 })).toEqual({ b: 2 });
    expect(readJsonObject([1])).toBeNull();
    expect(readJsonObject(undefined)).toBeNull();
  });

  it('never reaches the prototype', () => {
    const o = readJsonObject('{"__proto__":{"polluted":1},"a":1}');
    expect(o).toEqual({ a: 1 });
    expect(field(o ?? {}, 'toString')).toBeUndefined();
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('otherKeys leaves out the known keys', () => {
    expect(otherKeys({ a: 1, b: 2, c: 3 }, ['a', 'c'])).toEqual({ b: 2 });
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.anything()), (v) => {
        const o = readJsonObject(v);
        expect(o === null || typeof o === 'object').toBe(true);
      }),
    );
  });
});
