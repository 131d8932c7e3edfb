import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PollSchedule } from './poll-schedule.js';

afterEach(() => {
  vi.useRealTimers();
});

/** A schedule on a clock of its own; `polls` records each poll as [time, id]. */
function scheduled(periodMs: number, tickMs?: number) {
  let now = 0;
  const polls: [number, number][] = [];
  /** What onSkipped was told, as [time, polls]. */
  const shed: [number, number][] = [];
  const schedule = new PollSchedule(
    {
      periodMs,
      ...(tickMs === undefined ? {} : { tickMs }),
      now: () => now,
      onSkipped: (n) => shed.push([now, n]),
    },
    (id) => polls.push([now, id]),
  );
  return {
    schedule,
    polls,
    shed,
    at: (ms: number) => {
      now = ms;
      schedule.run();
    },
  };
}

describe('PollSchedule', () => {
  it('polls each device once per period, spread evenly over the ticks', () => {
    const { schedule, polls, at } = scheduled(1000, 100);
    for (let id = 1; id <= 20; id++) schedule.add(id);
    for (let t = 100; t <= 3000; t += 100) at(t);
    // Three periods: every device three times, a period apart, two devices per tick.
    for (let id = 1; id <= 20; id++) {
      const times = polls.filter(([, d]) => d === id).map(([t]) => t);
      expect(times).toHaveLength(3);
      expect(times[1]! - times[0]!).toBe(1000);
      expect(times[2]! - times[1]!).toBe(1000);
    }
    const perTick = new Map<number, number>();
    for (const [t] of polls) perTick.set(t, (perTick.get(t) ?? 0) + 1);
    expect(new Set(perTick.values())).toEqual(new Set([2]));
    schedule.stop();
  });

  it('makes up the ticks a stall missed one per tick on time instead of bunching them', () => {
    const { schedule, polls, shed, at } = scheduled(1000, 100);
    for (let id = 0; id < 10; id++) schedule.add(id);
    at(100);
    expect(polls.map(([, id]) => id)).toEqual([1]);
    // The event loop was blocked for 450 ms: the late tick at 550 polls its own device only; the
    // ticks that come on time after it each make up one missed tick.
    at(550);
    expect(polls.slice(1).map(([, id]) => id)).toEqual([5]);
    expect(schedule.behind).toBe(3);
    at(600);
    at(700);
    at(800);
    expect(polls.slice(2).map(([, id]) => id)).toEqual([6, 2, 7, 3, 8, 4]);
    expect(schedule.behind).toBe(0);
    expect(schedule.skipped).toBe(0);
    expect(shed).toEqual([]);
    for (let t = 900; t <= 1500; t += 100) at(t);
    expect(polls.slice(8).map(([, id]) => id)).toEqual([9, 0, 1, 2, 3, 4, 5]);
    schedule.stop();
  });

  it('sheds the turns missed again before they were made up, and counts them', () => {
    const { schedule, polls, shed, at } = scheduled(1000, 100);
    for (let id = 0; id < 10; id++) schedule.add(id);
    at(100);
    // Blocked for a whole period and more: ticks 2 to 12 missed. Tick 13 polls its own device
    // (its turn at tick 3 is lost in it, and tick 2's in tick 12's); it is late, so no more.
    at(1350);
    expect(polls.slice(1).map(([, id]) => id)).toEqual([3]);
    expect(schedule.skipped).toBe(2);
    expect(shed).toEqual([[1350, 2]]);
    expect(schedule.behind).toBe(9);
    // Blocked again before those were made up: the turns missed twice are polled once.
    at(2300);
    expect(schedule.skipped).toBeGreaterThan(2);
    expect(schedule.behind).toBeLessThanOrEqual(9);
    const before = polls.length;
    for (let t = 2400; t <= 4000; t += 100) at(t);
    expect(schedule.behind).toBe(0);
    // Each tick polled at most two devices while catching up.
    const perTick = new Map<number, number>();
    for (const [t] of polls.slice(before)) perTick.set(t, (perTick.get(t) ?? 0) + 1);
    expect(Math.max(...perTick.values())).toBeLessThanOrEqual(2);
    // Told once per tick that shed, the counts adding up to all it shed.
    expect(shed.reduce((n, [, polls]) => n + polls, 0)).toBe(schedule.skipped);
    expect(new Set(shed.map(([t]) => t)).size).toBe(shed.length);
    schedule.stop();
  });

  it('runs a tick once however often it is asked, and stops polling a removed device', () => {
    const { schedule, polls, at } = scheduled(300, 100);
    schedule.add(7);
    schedule.add(7);
    expect(schedule.size).toBe(1);
    at(0);
    at(0);
    for (let t = 0; t <= 900; t += 50) at(t);
    expect(polls).toEqual([
      [300, 7],
      [600, 7],
      [900, 7],
    ]);
    schedule.remove(7);
    at(1200);
    expect(polls).toHaveLength(3);
    expect(schedule.size).toBe(0);
  });

  it('ticks on its own timer while devices are scheduled', () => {
    vi.useFakeTimers({ now: 0 });
    const polled: number[] = [];
    const schedule = new PollSchedule({ periodMs: 2000 }, (id) => polled.push(id));
    schedule.add(1);
    schedule.add(2);
    vi.advanceTimersByTime(2000);
    expect(polled.sort()).toEqual([1, 2]);
    vi.advanceTimersByTime(2000);
    expect(polled).toHaveLength(4);
    schedule.remove(1);
    schedule.remove(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('refuses a period or tick that is not a whole number of milliseconds', () => {
    expect(() => new PollSchedule({ periodMs: 0 }, () => {})).toThrow(RangeError);
    expect(() => new PollSchedule({ periodMs: 1000, tickMs: 0.5 }, () => {})).toThrow(RangeError);
    // A period shorter than the tick is one tick.
    expect(() => new PollSchedule({ periodMs: 20 }, () => {})).not.toThrow();
  });

  it('whatever the stalls, a tick polls at most twice its share, and no turn is lost unless counted', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.integer({ min: 1, max: 2500 }), { minLength: 1, maxLength: 60 }),
        (devices, steps) => {
          const { schedule, polls, shed, at } = scheduled(1000, 100);
          for (let id = 0; id < devices; id++) schedule.add(id);
          let t = 0;
          for (const step of steps) at((t += step));
          const share = Math.ceil(devices / 10);
          const perRun = new Map<number, number>();
          for (const [time] of polls) perRun.set(time, (perRun.get(time) ?? 0) + 1);
          for (const n of perRun.values()) expect(n).toBeLessThanOrEqual(2 * share);
          // Turns due from the first tick to the last: each polled, still waiting, or counted.
          const turns = Math.floor(t / 100);
          const due = Array.from({ length: turns }, (_, k) => k + 1).reduce(
            (n, k) => n + [...Array(devices).keys()].filter((id) => id % 10 === k % 10).length,
            0,
          );
          const waiting = schedule.behind * share;
          expect(polls.length + schedule.skipped).toBeLessThanOrEqual(due);
          expect(polls.length + schedule.skipped + waiting).toBeGreaterThanOrEqual(due - share);
          expect(shed.reduce((n, [, p]) => n + p, 0)).toBe(schedule.skipped);
          schedule.stop();
        },
      ),
    );
  });
});
