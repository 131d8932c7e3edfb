import { describe, expect, it } from 'vitest';
import { formatInstant, instantMs, isTimeZone, offsetLabel, wallClock } from './format';

// 2026-11-26 11:45:19 UTC: the notice of issue 27 that showed 19:45:19 beside 11:45:19 AM.
const NOTICE = Date.UTC(2026, 10, 26, 11, 45, 19);

describe('formatInstant', () => {
  it('writes one instant on the wall clock of the zone asked, whatever the input form', () => {
    for (const at of [NOTICE, new Date(NOTICE), '2026-11-26T11:45:19.000Z', '2026-11-26T19:45:19+08:00']) {
      expect(formatInstant(at, 'Asia/Shanghai', 'en')).toBe('2026-11-26 19:45:19');
      expect(formatInstant(at, 'UTC', 'en')).toBe('2026-11-26 11:45:19');
      expect(formatInstant(at, 'Europe/Berlin', 'en')).toBe('2026-11-26 12:45:19');
    }
  });

  it('has one format per language, always 24 hours', () => {
    expect(formatInstant(NOTICE, 'Asia/Shanghai', 'en')).toBe('2026-11-26 19:45:19');
    expect(formatInstant(NOTICE, 'Asia/Shanghai', 'zh')).toBe('2026-11-26 19:45:19');
    expect(formatInstant(NOTICE, 'Asia/Shanghai', 'tc')).toBe('2026/11/26 19:45:19');
    expect(formatInstant(NOTICE, 'Asia/Shanghai', 'en', 'minute')).toBe('2026-11-26 19:45');
    expect(formatInstant(NOTICE, 'Asia/Shanghai', 'tc', 'date')).toBe('2026/11/26');
    expect(formatInstant(NOTICE, 'Asia/Shanghai', 'zh', 'time')).toBe('19:45:19');
  });

  it('writes midnight as 00, the day turning with the zone', () => {
    const midnight = Date.UTC(2026, 0, 4, 16, 0, 0); // 00:00 on 5 January in Shanghai
    expect(formatInstant(midnight, 'Asia/Shanghai', 'en')).toBe('2026-01-05 00:00:00');
    expect(formatInstant(midnight, 'UTC', 'en')).toBe('2026-01-04 16:00:00');
  });

  it('keeps Shanghai at UTC+8 all year (no daylight saving)', () => {
    expect(formatInstant(Date.UTC(2026, 0, 15, 4), 'Asia/Shanghai', 'en', 'time')).toBe('12:00:00');
    expect(formatInstant(Date.UTC(2026, 6, 15, 4), 'Asia/Shanghai', 'en', 'time')).toBe('12:00:00');
    expect(offsetLabel(Date.UTC(2026, 0, 15), 'Asia/Shanghai')).toBe('UTC+8');
    expect(offsetLabel(Date.UTC(2026, 6, 15), 'Asia/Shanghai')).toBe('UTC+8');
  });

  it('follows a daylight-saving zone across its changes', () => {
    // Europe/Berlin: UTC+1 in winter, UTC+2 from 29 March 2026 01:00 UTC to 25 October 01:00 UTC.
    expect(formatInstant(Date.UTC(2026, 2, 29, 0, 59, 59), 'Europe/Berlin', 'en')).toBe(
      '2026-03-29 01:59:59',
    );
    expect(formatInstant(Date.UTC(2026, 2, 29, 1, 0, 0), 'Europe/Berlin', 'en')).toBe('2026-03-29 03:00:00');
    // The autumn hour repeats: two instants an hour apart read the same wall clock.
    expect(formatInstant(Date.UTC(2026, 9, 25, 0, 30), 'Europe/Berlin', 'en')).toBe('2026-10-25 02:30:00');
    expect(formatInstant(Date.UTC(2026, 9, 25, 1, 30), 'Europe/Berlin', 'en')).toBe('2026-10-25 02:30:00');
    expect(offsetLabel(Date.UTC(2026, 0, 15), 'Europe/Berlin')).toBe('UTC+1');
    expect(offsetLabel(Date.UTC(2026, 6, 15), 'Europe/Berlin')).toBe('UTC+2');
    expect(offsetLabel(Date.UTC(2026, 0, 15), 'America/New_York')).toBe('UTC-5');
    expect(offsetLabel(Date.UTC(2026, 0, 15), 'Asia/Kolkata')).toBe('UTC+5:30');
    expect(offsetLabel(Date.UTC(2026, 0, 15), 'UTC')).toBe('UTC');
  });

  it('refuses a text without a zone rather than read it on the browser clock', () => {
    expect(instantMs('2026-11-26 19:45:19')).toBeNaN();
    expect(formatInstant('2026-11-26 19:45:19', 'UTC', 'en')).toBe('');
    expect(formatInstant('not a time', 'UTC', 'en')).toBe('');
    expect(formatInstant(Number.NaN, 'UTC', 'en')).toBe('');
    expect(wallClock('2026-11-26T19:45:19+0800', 'UTC')?.hour).toBe('11');
  });

  it('tells a known zone from an unknown one', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
