// docs/protocol.md § Wall clock.
import { describe, expect, it } from 'vitest';
import { isTimeZone, wallClockAt, zoneOffsetMs } from './wall-clock.js';

describe('wallClockAt', () => {
  it('reads the wall clock of a zone without daylight saving and of one with it', () => {
    const at = Date.UTC(2026, 10, 26, 11, 45, 19, 999);
    expect(wallClockAt(at, 'Asia/Shanghai')).toEqual({
      year: 2026,
      month: 11,
      day: 26,
      hour: 19,
      minute: 45,
      second: 19,
    });
    // Berlin: UTC+1 in winter, UTC+2 in summer.
    expect(wallClockAt(Date.UTC(2026, 0, 15, 12), 'Europe/Berlin').hour).toBe(13);
    expect(wallClockAt(Date.UTC(2026, 6, 15, 12), 'Europe/Berlin').hour).toBe(14);
  });

  it('writes midnight as hour 0', () => {
    expect(wallClockAt(Date.UTC(2026, 0, 1, 16), 'Asia/Shanghai')).toMatchObject({ day: 2, hour: 0 });
  });

  it('throws for a zone the runtime does not know, which isTimeZone refuses', () => {
    expect(() => wallClockAt(0, 'Mars/Olympus')).toThrow(RangeError);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('UTC')).toBe(true);
  });
});

describe('zoneOffsetMs', () => {
  it('is the hours a zone is ahead of UTC, by the season where it has daylight saving', () => {
    const hour = 3_600_000;
    expect(zoneOffsetMs(Date.UTC(2026, 0, 15), 'Asia/Shanghai')).toBe(8 * hour);
    expect(zoneOffsetMs(Date.UTC(2026, 6, 15), 'Asia/Shanghai')).toBe(8 * hour);
    expect(zoneOffsetMs(Date.UTC(2026, 0, 15), 'Europe/Berlin')).toBe(hour);
    expect(zoneOffsetMs(Date.UTC(2026, 6, 15), 'Europe/Berlin')).toBe(2 * hour);
    expect(zoneOffsetMs(Date.UTC(2026, 0, 15, 0, 0, 0, 750), 'America/St_Johns')).toBe(-3.5 * hour);
    expect(zoneOffsetMs(Date.UTC(2026, 0, 15), 'UTC')).toBe(0);
  });
});
