import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { steadyInterval } from './steady-interval.js';
import type { IntervalScheduler } from './steady-interval.js';

/**
 * A manual clock: timers fire in due order when the clock is moved, each callback taking as long
 * as `cost()` says (the clock moves on while it runs, as on a busy process).
 */
function manualScheduler(cost: () => number = () => 0) {
  let now = 0;
  let seq = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const scheduler: IntervalScheduler = {
    now: () => now,
    setTimeout(fn, ms) {
      const id = ++seq;
      timers.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
  };
  return {
    scheduler,
    /** Runs what falls due up to `until`, each late by however long the ones before took. */
    runUntil(until: number): void {
      for (;;) {
        let next: [number, { at: number; fn: () => void }] | undefined;
        for (const entry of timers) if (!next || entry[1].at < next[1].at) next = entry;
        if (!next || next[1].at > until) break;
        timers.delete(next[0]);
        now = Math.max(now, next[1].at);
        next[1].fn();
        now += cost();
      }
      now = Math.max(now, until);
    },
    get pending() {
      return timers.size;
    },
  };
}

describe('steadyInterval', () => {
  it('runs once a period on an idle clock', () => {
    const clock = manualScheduler();
    const runs: number[] = [];
    steadyInterval(() => runs.push(clock.scheduler.now()), 100, clock.scheduler);
    clock.runUntil(1000);
    expect(runs).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
  });

  it('keeps the rate when every run is late, where counting from the last run would fall behind', () => {
    // Each run costs 40 ms: a drifting interval would run every 140 ms (7 in a second).
    const clock = manualScheduler(() => 40);
    let runs = 0;
    steadyInterval(() => runs++, 100, clock.scheduler);
    clock.runUntil(10_000);
    expect(runs).toBe(100);
  });

  it('drops the runs of a stall instead of bunching them', () => {
    let stall = true;
    const clock = manualScheduler(() => (stall ? ((stall = false), 550) : 0));
    const runs: number[] = [];
    steadyInterval(() => runs.push(clock.scheduler.now()), 100, clock.scheduler);
    clock.runUntil(1000);
    // The first run (at 100) stalls until 650: one late run stands for those due at 200-600,
    // and the schedule goes on at 700.
    expect(runs).toEqual([100, 650, 700, 800, 900, 1000]);
  });

  it('stops: nothing runs after stop(), and no timer is left', () => {
    const clock = manualScheduler();
    let runs = 0;
    const interval = steadyInterval(() => runs++, 50, clock.scheduler);
    clock.runUntil(120);
    interval.stop();
    interval.stop();
    clock.runUntil(1000);
    expect(runs).toBe(2);
    expect(clock.pending).toBe(0);
  });

  it('stops from inside its own run', () => {
    const clock = manualScheduler();
    let runs = 0;
    const interval = steadyInterval(
      () => {
        if (++runs === 3) interval.stop();
      },
      10,
      clock.scheduler,
    );
    clock.runUntil(1000);
    expect(runs).toBe(3);
    expect(clock.pending).toBe(0);
  });

  it('refuses a period that is not a positive number', () => {
    for (const period of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => steadyInterval(() => undefined, period)).toThrow(RangeError);
    }
  });

  it('keeps its rate whenever each run takes less than a period, and never runs twice in a period', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { minLength: 1, maxLength: 60 }),
        (period, shares) => {
          let i = 0;
          const clock = manualScheduler(() => shares[i++ % shares.length]! * period);
          const runs: number[] = [];
          steadyInterval(() => runs.push(clock.scheduler.now()), period, clock.scheduler);
          clock.runUntil(period * 200);
          expect(runs).toHaveLength(200);
          const slots = runs.map((t) => Math.floor(t / period));
          expect(new Set(slots).size).toBe(slots.length);
        },
      ),
    );
  });

  it('never runs more often than its schedule allows, however long its runs take', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.array(fc.nat({ max: 2000 }), { minLength: 1, maxLength: 60 }),
        (period, costs) => {
          let i = 0;
          const clock = manualScheduler(() => costs[i++ % costs.length]!);
          let runs = 0;
          steadyInterval(() => runs++, period, clock.scheduler);
          clock.runUntil(period * 200);
          expect(runs).toBeGreaterThan(0);
          expect(runs).toBeLessThanOrEqual(200);
        },
      ),
    );
  });
});
