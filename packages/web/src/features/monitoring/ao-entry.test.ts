import { describe, expect, it } from 'vitest';
import { outsideAoRange, readAoEntry } from './ao-entry';

const PERCENT = { min: 0, max: 100 };

describe('readAoEntry', () => {
  it('reads a number within the range, at each bound and inside', () => {
    expect(readAoEntry('0', PERCENT)).toEqual({ value: 0 });
    expect(readAoEntry(' 42.5 ', PERCENT)).toEqual({ value: 42.5 });
    expect(readAoEntry('+100', PERCENT)).toEqual({ value: 100 });
    expect(readAoEntry('.5', PERCENT)).toEqual({ value: 0.5 });
  });

  it('names the bound a value passes, one past each', () => {
    expect(readAoEntry('100.001', PERCENT)).toEqual({ problem: 'above' });
    expect(readAoEntry('150', PERCENT)).toEqual({ problem: 'above' });
    expect(readAoEntry('-0.001', PERCENT)).toEqual({ problem: 'below' });
    expect(readAoEntry('-5', PERCENT)).toEqual({ problem: 'below' });
  });

  it('tells an empty field from one that is not a number', () => {
    expect(readAoEntry('', PERCENT)).toEqual({ problem: 'empty' });
    expect(readAoEntry('   ', PERCENT)).toEqual({ problem: 'empty' });
    for (const text of ['abc', '12a', '1e2', '1,5', '--1', '.', 'Infinity', 'NaN', '0x10']) {
      expect(readAoEntry(text, PERCENT)).toEqual({ problem: 'notNumber' });
    }
  });

  it('reads full-width digits and the minus sign as typed with a Chinese input method', () => {
    expect(readAoEntry('５０．５', PERCENT)).toEqual({ value: 50.5 });
    expect(readAoEntry('\u22125', { min: -10, max: 10 })).toEqual({ value: -5 });
  });

  it('compares with the bounds as shown, so the limit on the range line can be typed', () => {
    // A scaled maximum of 33.33349 shows as 33.333.
    expect(readAoEntry('33.333', { min: 0, max: 33.33349 })).toEqual({ value: 33.333 });
    expect(readAoEntry('33.334', { min: 0, max: 33.33349 })).toEqual({ problem: 'above' });
  });
});

describe('outsideAoRange', () => {
  it('names the side a value lies outside the range on, comparing the bounds as shown', () => {
    const range = { min: 0, max: 100 };
    expect(outsideAoRange(150, range)).toBe('above');
    expect(outsideAoRange(-0.5, range)).toBe('below');
    expect(outsideAoRange(100, range)).toBeNull();
    expect(outsideAoRange(0, range)).toBeNull();
    // A bound of 33.3333… is shown (and typed) as 33.333.
    expect(outsideAoRange(33.333, { min: 0, max: 100 / 3 })).toBeNull();
    expect(outsideAoRange(33.334, { min: 0, max: 100 / 3 })).toBe('above');
  });
});
