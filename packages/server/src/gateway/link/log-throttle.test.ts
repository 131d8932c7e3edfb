/** Repeated log lines held back: one per key per interval, telling how many were held back. */
import { describe, expect, it } from 'vitest';
import { LogThrottle } from './log-throttle.js';

describe('LogThrottle', () => {
  it('lets one line per key through each interval, and counts the others', () => {
    let now = 0;
    const throttle = new LogThrottle({ intervalMs: 1000, now: () => now });
    expect(throttle.take('a')).toBe(0);
    expect(throttle.take('b')).toBe(0);
    expect(throttle.take('a')).toBeNull();
    now = 999;
    expect(throttle.take('a')).toBeNull();
    now = 1000;
    expect(throttle.take('a')).toBe(2);
    expect(throttle.take('a')).toBeNull();
    expect(throttle.take('b')).toBe(0);
  });

  it('keeps at most maxKeys keys, forgetting those quiet for an interval to make room', () => {
    let now = 0;
    const throttle = new LogThrottle({ intervalMs: 1000, maxKeys: 2, now: () => now });
    expect(throttle.take('a')).toBe(0);
    expect(throttle.take('b')).toBe(0);
    expect(throttle.take('c')).toBeNull();
    expect(throttle.overflowed).toBe(1);
    now = 1000;
    expect(throttle.take('c')).toBe(0);
    expect(throttle.take('a')).toBe(0);
  });
});
