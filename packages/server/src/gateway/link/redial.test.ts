/** The back-off between attempts to bring a link up again. */
import { describe, expect, it } from 'vitest';
import { redialDelay } from './redial.js';

describe('redialDelay', () => {
  it('doubles from the first wait up to the longest, with up to half taken off', () => {
    expect([0, 1, 2, 5, 6, 7, 100].map((n) => redialDelay(n, {}, () => 1))).toEqual([
      1000, 2000, 4000, 32_000, 60_000, 60_000, 60_000,
    ]);
    expect(redialDelay(0, {}, () => 0)).toBe(500);
    expect(redialDelay(3, { initialMs: 10, maxMs: 50 }, () => 0.5)).toBe(38);
  });
});
