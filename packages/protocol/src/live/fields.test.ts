// docs/protocol.md § Live channel (field caps).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  LIVE_MAX_ARRAY,
  LIVE_MAX_STRING,
  formatIssues,
  hexRegisters,
  isBoundedJson,
  timestamp,
  unitId,
} from './fields.js';

describe('isBoundedJson', () => {
  const nest = (depth: number): unknown => {
    let v: unknown = 0;
    for (let i = 0; i < depth; i++) v = [v];
    return v;
  };
  it.each([
    ['null', null, true],
    ['a string of LIVE_MAX_STRING characters', 'x'.repeat(LIVE_MAX_STRING), true],
    ['a string one past', 'x'.repeat(LIVE_MAX_STRING + 1), false],
    ['LIVE_MAX_ARRAY items', Array(LIVE_MAX_ARRAY).fill(1), true],
    ['one item past', Array(LIVE_MAX_ARRAY + 1).fill(1), false],
    [
      'an object of LIVE_MAX_ARRAY keys',
      Object.fromEntries(Array.from({ length: LIVE_MAX_ARRAY }, (_, i) => [`k${i}`, i])),
      true,
    ],
    [
      'an object one key past',
      Object.fromEntries(Array.from({ length: LIVE_MAX_ARRAY + 1 }, (_, i) => [`k${i}`, i])),
      false,
    ],
    ['16 levels', nest(16), true],
    ['17 levels', nest(17), false],
    ['NaN', NaN, false],
    ['Infinity', [Infinity], false],
    ['undefined', undefined, false],
    ['a Date', new Date(0), false],
    ['a Map', new Map(), false],
    ['a function', () => 1, false],
  ])('%s → %s', (_name, value, expected) => {
    expect(isBoundedJson(value)).toBe(expected);
  });

  it('refuses 100000 levels without running out of stack', () => {
    expect(isBoundedJson(nest(100000))).toBe(false);
  });

  it('accepts JSON as JSON.parse gives it', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (v) => {
        expect(isBoundedJson(JSON.parse(JSON.stringify(v)))).toBe(true);
      }),
    );
  });
});

describe('field schemas', () => {
  it.each([
    ['A1B2C3', true],
    ['A1B2C3_2', true],
    ['x'.repeat(64), true],
    ['x'.repeat(65), false],
    ['', false],
    ['A 1', false],
    ['中文', false],
  ])('unit id %j → %s', (value, ok) => {
    expect(unitId.safeParse(value).success).toBe(ok);
  });

  it.each([
    ['2024-02-29 23:59:59', true],
    ['0000-01-01 00:00:00', true],
    ['2024-00-01 00:00:00', false],
    ['2024-01-32 00:00:00', false],
    ['2024-01-01 24:00:00', false],
    ['2024-01-01T00:00:00', false],
    ['2024-01-01 00:00:60', false],
  ])('time %j → %s', (value, ok) => {
    expect(timestamp.safeParse(value).success).toBe(ok);
  });

  it('register hex is whole registers within its count', () => {
    const s = hexRegisters(1, 2);
    expect(s.safeParse('0a0B').success).toBe(true);
    expect(s.safeParse('0000FFFF').success).toBe(true);
    expect(s.safeParse('').success).toBe(false);
    expect(s.safeParse('00').success).toBe(false);
    expect(s.safeParse('000000000000').success).toBe(false);
  });

  it('formatIssues gives the first issue as path: reason', () => {
    const r = z
      .object({ a: z.object({ b: z.number({ error: 'a number' }) }), c: z.string() })
      .safeParse({ a: { b: 'x' } });
    expect(r.success).toBe(false);
    if (!r.success) expect(formatIssues(r.error)).toBe('a.b: a number (and 1 more)');
  });
});
