import { describe, expect, it } from 'vitest';
import { frameStats, median, quantile, ratio } from './stats.js';

describe('web benchmark figures', () => {
  it('takes quantiles by nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantile(values, 0.5)).toBe(50);
    expect(quantile(values, 0.95)).toBe(95);
    expect(quantile(values, 1)).toBe(100);
    expect(quantile([], 0.5)).toBeNaN();
    expect(median([30, 10, 20])).toBe(20);
  });

  it('counts frames, stalls and long tasks', () => {
    const deltas = [...Array.from({ length: 58 }, () => 16.7), 60, 100];
    const stats = frameStats(deltas, [
      { start: 0, duration: 70 },
      { start: 500, duration: 120 },
    ]);
    expect(stats.frames).toBe(60);
    expect(stats.over50).toBe(2);
    expect(stats.max).toBe(100);
    expect(stats.p50).toBeCloseTo(16.7);
    expect(stats.fps).toBeCloseTo(60 / ((58 * 16.7 + 160) / 1000));
    expect(stats.longTasks).toBe(2);
    expect(stats.longTaskMs).toBe(190);
    expect(stats.longestTask).toBe(120);
  });

  it('says ratios plainly', () => {
    expect(ratio(50, 10)).toBe('5.0×');
    expect(ratio(1, 0)).toBe('n/a');
  });
});
