import { describe, expect, it } from 'vitest';
import {
  ALARM_SOUND_COUNT,
  ALARM_TYPES,
  inQuietHours,
  minuteOr,
  minutesToTime,
  SLEEP_BEGIN_DEFAULT,
  SLEEP_END_DEFAULT,
  timeToMinutes,
} from './settings';

describe('alarm choices', () => {
  it('are the six types 0-5 in order and ten sounds', () => {
    expect(ALARM_TYPES.map((a) => a.type)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(ALARM_SOUND_COUNT).toBe(10);
  });
});

describe('times of day', () => {
  it('turns minutes into HH:MM, the defaults included', () => {
    expect(minutesToTime(0)).toBe('00:00');
    expect(minutesToTime(1140)).toBe('19:00');
    expect(minutesToTime(481)).toBe('08:01');
    expect(minutesToTime(1439)).toBe('23:59');
    expect(minutesToTime(1440)).toBe('00:00');
    expect(minutesToTime(-1)).toBe('23:59');
  });
  it('reads HH:MM back, 0 to 1439 and nothing past', () => {
    expect(timeToMinutes('00:00')).toBe(0);
    expect(timeToMinutes('8:01')).toBe(481);
    expect(timeToMinutes('19:00:30')).toBe(1140);
    expect(timeToMinutes('23:59')).toBe(1439);
    expect(timeToMinutes('24:00')).toBeNull();
    expect(timeToMinutes('23:60')).toBeNull();
    expect(timeToMinutes('')).toBeNull();
    expect(timeToMinutes('7')).toBeNull();
  });
});

describe('quiet hours', () => {
  it('default to 19:00-08:01 (1140 and 481) when the record has none or a damaged one', () => {
    expect([SLEEP_BEGIN_DEFAULT, SLEEP_END_DEFAULT]).toEqual([1140, 481]);
    expect(minuteOr(undefined, SLEEP_BEGIN_DEFAULT)).toBe(1140);
    expect(minuteOr(null, SLEEP_END_DEFAULT)).toBe(481);
    expect(minuteOr('600', 481)).toBe(481);
    expect(minuteOr(12.5, 481)).toBe(481);
    expect(minuteOr(-1, 481)).toBe(481);
    expect(minuteOr(1440, 481)).toBe(481);
  });
  it('keep a stored minute of the day, midnight and 23:59 included', () => {
    expect(minuteOr(0, 1140)).toBe(0);
    expect(minuteOr(1439, 1140)).toBe(1439);
    expect(minuteOr(600, 1140)).toBe(600);
  });

  it('run over midnight when the end is before the begin', () => {
    expect(inQuietHours(1140, 481, 1139)).toBe(false);
    expect(inQuietHours(1140, 481, 1140)).toBe(true);
    expect(inQuietHours(1140, 481, 0)).toBe(true);
    expect(inQuietHours(1140, 481, 480)).toBe(true);
    expect(inQuietHours(1140, 481, 481)).toBe(false);
  });
  it('lie within the day otherwise, and are empty for equal ends', () => {
    expect(inQuietHours(720, 780, 719)).toBe(false);
    expect(inQuietHours(720, 780, 720)).toBe(true);
    expect(inQuietHours(720, 780, 780)).toBe(false);
    expect(inQuietHours(600, 600, 600)).toBe(false);
  });
});
