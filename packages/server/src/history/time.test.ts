/** Wall-clock times of a zone: formatting, reading query times, and daylight-saving edges. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketGrid, fitInterval } from './fields.js';
import { formatLocalTime, isTimeZone, parseTimeInput, ZonedTime } from './time.js';

const T0 = Date.UTC(2026, 0, 5, 8, 0, 0);

describe('time zones', () => {
  it('knows IANA names and refuses others', () => {
    for (const name of ['Asia/Shanghai', 'UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kathmandu']) {
      expect(isTimeZone(name), name).toBe(true);
    }
    for (const name of ['', 'Mars/Olympus', 'GMT+99', 'x'.repeat(65)])
      expect(isTimeZone(name), name).toBe(false);
  });

  it('formats yyyy-MM-dd HH:mm:ss in the zone', () => {
    expect(formatLocalTime(T0, 'Asia/Shanghai')).toBe('2026-01-05 16:00:00');
    expect(formatLocalTime(T0, 'UTC')).toBe('2026-01-05 08:00:00');
    expect(formatLocalTime(T0 + 999, 'UTC')).toBe('2026-01-05 08:00:00');
    expect(formatLocalTime(T0, 'America/New_York')).toBe('2026-01-05 03:00:00');
    expect(formatLocalTime(T0, 'Asia/Kathmandu')).toBe('2026-01-05 13:45:00');
    expect(formatLocalTime(Date.UTC(2025, 11, 31, 16), 'Asia/Shanghai')).toBe('2026-01-01 00:00:00');
    expect(new ZonedTime('Asia/Shanghai').stamp(T0)).toBe('20260105160000');
  });

  it('follows daylight saving, across the hour the clocks change', () => {
    const berlin = new ZonedTime('Europe/Berlin');
    // 2026-03-29 01:00 UTC: 02:00 CET becomes 03:00 CEST.
    const change = Date.UTC(2026, 2, 29, 1);
    expect(berlin.format(change - 1000)).toBe('2026-03-29 01:59:59');
    expect(berlin.format(change)).toBe('2026-03-29 03:00:00');
    // 2026-10-25 01:00 UTC: 03:00 CEST becomes 02:00 CET; 02:30 shows twice.
    const back = Date.UTC(2026, 9, 25, 1);
    expect(berlin.format(back - 30 * 60_000)).toBe('2026-10-25 02:30:00');
    expect(berlin.format(back + 30 * 60_000)).toBe('2026-10-25 02:30:00');
  });

  it('formats like Intl for any instant and zone', () => {
    const zones = [
      'Asia/Shanghai',
      'Europe/Berlin',
      'America/Sao_Paulo',
      'Australia/Lord_Howe',
      'Asia/Kolkata',
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2060, 0, 1) }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          const parts = new Intl.DateTimeFormat('sv-SE', {
            timeZone: zone,
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
            hourCycle: 'h23',
          }).format(ms);
          expect(new ZonedTime(zone).format(ms)).toBe(parts);
        },
      ),
    );
  });
});

describe('query times', () => {
  const shanghai = new ZonedTime('Asia/Shanghai');
  const berlin = new ZonedTime('Europe/Berlin');

  it('reads instants with an offset, and wall-clock times in the zone', () => {
    expect(parseTimeInput('2026-01-05T08:00:00Z', shanghai)).toBe(T0);
    expect(parseTimeInput('2026-01-05T08:00:00.250z', shanghai)).toBe(T0 + 250);
    expect(parseTimeInput('2026-01-05T16:00:00+08:00', berlin)).toBe(T0);
    expect(parseTimeInput('2026-01-05T03:00:00-0500', berlin)).toBe(T0);
    expect(parseTimeInput('2026-01-05 16:00:00', shanghai)).toBe(T0);
    expect(parseTimeInput('2026-01-05T16:00', shanghai)).toBe(T0);
    expect(parseTimeInput('2026-01-05', shanghai)).toBe(Date.UTC(2026, 0, 4, 16));
    expect(parseTimeInput('2026-01-05 09:00:00', berlin)).toBe(T0);
  });

  it('refuses times that do not exist', () => {
    for (const text of [
      '2026-02-30',
      '2026-13-01',
      '2026-01-05 24:00:00',
      '2026-01-05 12:60',
      '2026-01-05Z',
      '2026-01-05T08:00:00+19:00',
      '1969-12-31T00:00:00Z',
      'today',
    ]) {
      expect(parseTimeInput(text, shanghai), text).toBeNull();
    }
  });

  it('reads a wall-clock time the clocks skip or repeat as one instant', () => {
    // Skipped: 02:30 on 29 March does not exist in Berlin; it is read with the winter offset.
    expect(parseTimeInput('2026-03-29 02:30:00', berlin)).toBe(Date.UTC(2026, 2, 29, 1, 30));
    // Repeated: 02:30 on 25 October shows twice; the first is taken.
    expect(parseTimeInput('2026-10-25 02:30:00', berlin)).toBe(Date.UTC(2026, 9, 25, 0, 30));
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }), (ms) => {
        const second = Math.floor(ms / 1000) * 1000;
        const back = parseTimeInput(shanghai.format(second), shanghai);
        expect(back).toBe(second);
      }),
    );
  });
});

describe('buckets', () => {
  it('start on the wall clock of the zone at or before the range', () => {
    const shanghai = new ZonedTime('Asia/Shanghai');
    expect(bucketGrid(T0 + 1234, 60, shanghai)).toEqual({ origin: T0, intervalMs: 60_000 });
    expect(bucketGrid(T0, 86_400, shanghai)).toEqual({
      origin: Date.UTC(2026, 0, 4, 16),
      intervalMs: 86_400_000,
    });
    expect(bucketGrid(T0, 86_400, new ZonedTime('UTC')).origin).toBe(Date.UTC(2026, 0, 5));
    const kathmandu = bucketGrid(T0, 3600, new ZonedTime('Asia/Kathmandu'));
    expect(kathmandu.origin).toBe(T0 - 45 * 60_000);
  });

  it('widen to the next step that keeps a range within the points allowed', () => {
    const day = { from: 0, to: 86_400_000 };
    expect(fitInterval(60, day, 20_000)).toBe(60);
    expect(fitInterval(1, day, 20_000)).toBe(5);
    expect(fitInterval(7, day, 20_000)).toBe(7);
    expect(fitInterval(1, { from: 0, to: 400 * 86_400_000 }, 20_000)).toBe(1800);
    expect(fitInterval(1, { from: 0, to: 400 * 86_400_000 }, 10)).toBe(86_400);
  });
});
