/** Report periods and due times on the wall clock of a zone, clock changes included. */
import { describe, expect, it } from 'vitest';
import { ZonedTime } from '../history/time.js';
import {
  DAY_MS,
  HOUR_MS,
  lastComplete,
  latestDue,
  nextDue,
  periodDueAt,
  periodHolding,
  reportRange,
} from './periods.js';

const SHANGHAI = new ZonedTime('Asia/Shanghai');
const BERLIN = new ZonedTime('Europe/Berlin');
/** Monday 2026-01-05 16:00 in Shanghai. */
const NOW = Date.UTC(2026, 0, 5, 8);
const utc = (...fields: [number, number, number, number?, number?]) =>
  new Date(Date.UTC(fields[0], fields[1] - 1, fields[2], fields[3] ?? 0, fields[4] ?? 0)).toISOString();
const span = (p: { from: number; to: number }) => [
  new Date(p.from).toISOString(),
  new Date(p.to).toISOString(),
];

describe('report periods', () => {
  it('are days from local midnight and weeks from Monday', () => {
    expect(span(periodHolding('daily', NOW, SHANGHAI))).toEqual([utc(2026, 1, 4, 16), utc(2026, 1, 5, 16)]);
    expect(span(periodHolding('weekly', NOW, SHANGHAI))).toEqual([utc(2026, 1, 4, 16), utc(2026, 1, 11, 16)]);
    // Sunday 23:59 local still belongs to the week that began the Monday before.
    expect(span(periodHolding('weekly', Date.UTC(2026, 0, 4, 15, 59), SHANGHAI))).toEqual([
      utc(2025, 12, 28, 16),
      utc(2026, 1, 4, 16),
    ]);
    expect(span(lastComplete('daily', NOW, SHANGHAI))).toEqual([utc(2026, 1, 3, 16), utc(2026, 1, 4, 16)]);
    expect(span(lastComplete('weekly', NOW, SHANGHAI))).toEqual([utc(2025, 12, 28, 16), utc(2026, 1, 4, 16)]);
  });

  it('follow the wall clock across a clock change: 23 and 25 hours', () => {
    // Berlin springs forward on 2026-03-29 and falls back on 2026-10-25.
    const spring = periodHolding('daily', Date.UTC(2026, 2, 29, 12), BERLIN);
    expect(span(spring)).toEqual([utc(2026, 3, 28, 23), utc(2026, 3, 29, 22)]);
    expect(spring.to - spring.from).toBe(23 * HOUR_MS);
    const autumn = periodHolding('daily', Date.UTC(2026, 9, 25, 12), BERLIN);
    expect(autumn.to - autumn.from).toBe(25 * HOUR_MS);
    const week = periodHolding('weekly', Date.UTC(2026, 2, 29, 12), BERLIN);
    expect(week.to - week.from).toBe(7 * DAY_MS - HOUR_MS);
  });

  it('read a query: no end the last complete one, now or an instant the period so far', () => {
    expect(reportRange('daily', undefined, NOW, SHANGHAI)).toEqual({
      kind: 'daily',
      from: Date.UTC(2026, 0, 3, 16),
      to: Date.UTC(2026, 0, 4, 16),
      partial: false,
    });
    expect(reportRange('daily', 'now', NOW, SHANGHAI)).toEqual({
      kind: 'daily',
      from: Date.UTC(2026, 0, 4, 16),
      to: NOW,
      partial: true,
    });
    // An end at a boundary is the whole period before it; one later than now is now.
    expect(reportRange('weekly', Date.UTC(2026, 0, 4, 16), NOW, SHANGHAI)).toMatchObject({
      from: Date.UTC(2025, 11, 28, 16),
      to: Date.UTC(2026, 0, 4, 16),
      partial: false,
    });
    expect(reportRange('daily', NOW + DAY_MS, NOW, SHANGHAI)).toMatchObject({ to: NOW, partial: true });
    expect(reportRange('daily', Date.UTC(2026, 0, 2, 4), NOW, SHANGHAI)).toMatchObject({
      from: Date.UTC(2026, 0, 1, 16),
      to: Date.UTC(2026, 0, 2, 4),
      partial: true,
    });
  });
});

describe('due times', () => {
  const daily = { period: 'daily', hour: 8, weekday: 1 } as const;
  const weekly = { period: 'weekly', hour: 9, weekday: 3 } as const;

  it('fall daily at the hour in the zone, reporting the day before', () => {
    // 16:00 local: due at 08:00 today, next at 08:00 tomorrow.
    expect(latestDue(daily, NOW, SHANGHAI)).toBe(Date.UTC(2026, 0, 5, 0));
    expect(nextDue(daily, NOW, SHANGHAI)).toBe(Date.UTC(2026, 0, 6, 0));
    // At 07:59 local the last one was yesterday's.
    expect(latestDue(daily, Date.UTC(2026, 0, 4, 23, 59), SHANGHAI)).toBe(Date.UTC(2026, 0, 4, 0));
    expect(latestDue(daily, Date.UTC(2026, 0, 5, 0), SHANGHAI)).toBe(Date.UTC(2026, 0, 5, 0));
    expect(span(periodDueAt(daily, Date.UTC(2026, 0, 5, 0), SHANGHAI))).toEqual([
      utc(2026, 1, 3, 16),
      utc(2026, 1, 4, 16),
    ]);
    // At midnight, the day that just ended.
    const midnight = { ...daily, hour: 0 };
    expect(span(periodDueAt(midnight, latestDue(midnight, NOW, SHANGHAI), SHANGHAI))).toEqual([
      utc(2026, 1, 3, 16),
      utc(2026, 1, 4, 16),
    ]);
  });

  it('fall weekly on the weekday at the hour, reporting the last complete week', () => {
    // Monday 16:00: the last Wednesday 09:00 was 2025-12-31, the next is 2026-01-07.
    expect(latestDue(weekly, NOW, SHANGHAI)).toBe(Date.UTC(2025, 11, 31, 1));
    expect(nextDue(weekly, NOW, SHANGHAI)).toBe(Date.UTC(2026, 0, 7, 1));
    expect(span(periodDueAt(weekly, Date.UTC(2026, 0, 7, 1), SHANGHAI))).toEqual([
      utc(2025, 12, 28, 16),
      utc(2026, 1, 4, 16),
    ]);
    const monday = { period: 'weekly', hour: 16, weekday: 1 } as const;
    expect(latestDue(monday, NOW, SHANGHAI)).toBe(NOW);
    expect(nextDue(monday, NOW, SHANGHAI)).toBe(NOW + 7 * DAY_MS);
  });

  it('keep to the wall clock across a clock change', () => {
    // 08:00 in Berlin is 07:00 UTC before the spring change and 06:00 UTC after it.
    const berlin = { period: 'daily', hour: 8, weekday: 1 } as const;
    expect(nextDue(berlin, Date.UTC(2026, 2, 28, 12), BERLIN)).toBe(Date.UTC(2026, 2, 29, 6));
    expect(latestDue(berlin, Date.UTC(2026, 2, 28, 12), BERLIN)).toBe(Date.UTC(2026, 2, 28, 7));
  });
});
