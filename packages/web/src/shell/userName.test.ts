import { describe, expect, it } from 'vitest';
import { cutName, displayWidth } from './userName';

describe('user name in the avatar menu', () => {
  it('counts double-byte characters as 2', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('张三')).toBe(4);
    expect(displayWidth('ａ')).toBe(2);
  });

  it('keeps a name of 6 width units and cuts one of 7', () => {
    expect(cutName('abcdef')).toBe('abcdef');
    expect(cutName('abcdefg')).toBe('abcdef...');
    expect(cutName('张三丰')).toBe('张三丰');
    expect(cutName('张三丰a')).toBe('张三丰...');
    expect(cutName('张三丰李')).toBe('张三丰...');
  });

  it('does not split a double-byte character across the bound', () => {
    expect(cutName('abcde张')).toBe('abcde...');
    expect(cutName('a张三丰')).toBe('a张三...');
    expect(cutName('')).toBe('');
  });
});
