// Checks docs/protocol.md § Alarms.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  anyAlarm,
  evaluateAlarm,
  evaluateChannelAlarms,
  evaluateDiAlarm,
  evaluateDiAlarms,
} from './alarm.js';

describe('evaluateAlarm', () => {
  it.each([
    [9.99, 10, 20, -1], // just below low
    [10, 10, 20, 0], // at low
    [15, 10, 20, 0],
    [20, 10, 20, 0], // at high
    [20.01, 10, 20, 1], // just above high
    [-5, -4, -3, -1],
    [5, 10, 10, 0], // high = low: limits unused
    [50, 10, 10, 0],
    [5, 20, 10, 0], // high < low: limits unused
    [0, 0, 0, 0], // unset
    [Number.NaN, 10, 20, 0],
    [Infinity, 10, 20, 0],
    [15, Number.NaN, 20, 0],
    [15, 10, -Infinity, 0],
  ])('value %s, low %s, high %s → %s', (value, low, high, alarm) => {
    expect(evaluateAlarm(value, low, high)).toBe(alarm);
  });

  it('matches the rule for any numbers', () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), fc.double(), (v, lo, hi) => {
        const got = evaluateAlarm(v, lo, hi);
        const finite = [v, lo, hi].every(Number.isFinite);
        const want = !finite || !(hi > lo) ? 0 : v < lo ? -1 : v > hi ? 1 : 0;
        expect(got).toBe(want);
      }),
    );
  });

  it('evaluates channel lists; missing limits never alarm', () => {
    expect(evaluateChannelAlarms([1, 50, 25, 99], [10, 10, 10], [40, 40, 40])).toEqual([-1, 1, 0, 0]);
  });
});

describe('evaluateDiAlarm', () => {
  it.each([
    [true, true, true, 1],
    [false, true, true, 0],
    [true, true, false, 0],
    [false, true, false, 1],
    [true, false, true, 0], // flag off: never
    [false, false, false, 0],
  ])('state %s, flag %s, alarm on high %s → %s', (state, flag, high, alarm) => {
    expect(evaluateDiAlarm(state, flag, high)).toBe(alarm);
  });

  it('alarms on high by default', () => {
    expect(evaluateDiAlarm(true, true)).toBe(1);
    expect(evaluateDiAlarm(false, true)).toBe(0);
  });

  it('evaluates lists: missing flags off, missing levels high', () => {
    expect(evaluateDiAlarms([true, false, true], [true, true])).toEqual([1, 0, 0]);
    expect(evaluateDiAlarms([false, false], [true, true], [false])).toEqual([1, 0]);
  });

  it('anyAlarm', () => {
    expect(anyAlarm([0, 0])).toBe(false);
    expect(anyAlarm([0, -1])).toBe(true);
    expect(anyAlarm([])).toBe(false);
  });
});
