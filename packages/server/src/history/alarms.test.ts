/** Alarm evaluation: vectors at and past every limit, and properties over random snapshot sequences. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AlarmEvaluator, alarmLimitsOf, alarmTransitions, aiStates, diStates } from './alarms.js';
import type { AlarmState } from '@fieldlink/protocol';
import type { AlarmLimits, AlarmTransition } from './alarms.js';

/** Two AI channels scaled 0-4000 raw → 0-10 m, limits 2 / 8 on the first, none on the second. */
const LIMITS: AlarmLimits = {
  ai: {
    scaling: [
      { x1: 0, x2: 4000, y1: 0, y2: 10 },
      { x1: 0, x2: 0, y1: 0, y2: 0 },
    ],
    low: [2, 0],
    high: [8, 0],
  },
  di: { alarm: [true, true, false], alarmHigh: [true, false, true] },
};

describe('alarm states', () => {
  it('compares the scaled value with the limits, strictly, only when upper > lower', () => {
    // raw 800 → 2 m (at the lower limit: no alarm), 799 → 1.9975 (low), 3200 → 8 (at the upper), 3201 high.
    expect(aiStates([800, 5], LIMITS.ai)).toEqual({ values: [2, 5], states: [0, 0] });
    expect(aiStates([799], LIMITS.ai).states).toEqual([-1]);
    expect(aiStates([3200], LIMITS.ai).states).toEqual([0]);
    expect(aiStates([3201], LIMITS.ai)).toEqual({ values: [8.0025], states: [1] });
    const equal = { ...LIMITS.ai, low: [5, 0], high: [5, 0] };
    expect(aiStates([0, 4000], equal).states).toEqual([0, 0]);
    const reversed = { ...LIMITS.ai, low: [8, 0], high: [2, 0] };
    expect(aiStates([0, 4000], reversed).states).toEqual([0, 0]);
    // A channel with no scaling points reads raw; one past the settings never alarms.
    expect(aiStates([1, 2, 3], { scaling: [], low: [0, 0], high: [1, 1] })).toEqual({
      values: [1, 2, 3],
      states: [0, 1, 0],
    });
    expect(aiStates([Number.NaN], LIMITS.ai)).toEqual({ values: [0], states: [-1] });
  });

  it('alarms a flagged input at its level only', () => {
    expect(diStates([true, true, true], LIMITS.di)).toEqual([1, 0, 0]);
    expect(diStates([false, false, false], LIMITS.di)).toEqual([0, 1, 0]);
    expect(diStates([true, false, true, true], LIMITS.di)).toEqual([1, 1, 0, 0]);
  });

  it('reads the limits of stored settings', () => {
    const limits = alarmLimitsOf({
      ai: {
        names: [],
        units: [],
        x1: [0],
        x2: [4000],
        y1: [0],
        y2: [10],
        alarmHigh: [8],
        alarmLow: [2],
        alarmOperations: [],
        images: [],
        alarmImages: [],
      },
      di: { names: [], onImages: [], offImages: [], alarm: [true], alarmHigh: [false] },
    });
    expect(limits).toEqual({
      ai: { scaling: [{ x1: 0, x2: 4000, y1: 0, y2: 10 }], low: [2], high: [8] },
      di: { alarm: [true], alarmHigh: [false] },
    });
  });
});

describe('alarm transitions', () => {
  it('raises, clears, and clears before raising when a channel jumps from low to high', () => {
    expect(
      alarmTransitions('ai', [0, -1, 1], [1, 0, -1], [9, 5, 1], { low: [2, 2, 2], high: [8, 8, 8] }),
    ).toEqual([
      { type: 'raise', channelKind: 'ai', channel: 0, level: 1, value: 9, limit: 8 },
      { type: 'clear', channelKind: 'ai', channel: 1, level: -1, value: 5, limit: 2 },
      { type: 'clear', channelKind: 'ai', channel: 2, level: 1, value: 1, limit: 8 },
      { type: 'raise', channelKind: 'ai', channel: 2, level: -1, value: 1, limit: 2 },
    ]);
    expect(alarmTransitions('di', [1], [1], [1])).toEqual([]);
    expect(alarmTransitions('di', [], [1], [1])).toEqual([
      { type: 'raise', channelKind: 'di', channel: 0, level: 1, value: 1 },
    ]);
  });

  it('raises what alarms at the first snapshot, then only changes', () => {
    const evaluator = new AlarmEvaluator();
    expect(evaluator.evaluate(1, LIMITS, { ai: [4000, 0], di: [true, true, true] })).toEqual([
      { type: 'raise', channelKind: 'ai', channel: 0, level: 1, value: 10, limit: 8 },
      { type: 'raise', channelKind: 'di', channel: 0, level: 1, value: 1 },
    ]);
    expect(evaluator.evaluate(1, LIMITS, { ai: [3999, 0] })).toEqual([]);
    expect(evaluator.active(1)).toEqual([
      { channelKind: 'ai', channel: 0, level: 1 },
      { channelKind: 'di', channel: 0, level: 1 },
    ]);
    // DI left out: its alarm stays.
    expect(evaluator.evaluate(1, LIMITS, { ai: [0] })).toEqual([
      { type: 'clear', channelKind: 'ai', channel: 0, level: 1, value: 0, limit: 8 },
      { type: 'raise', channelKind: 'ai', channel: 0, level: -1, value: 0, limit: 2 },
    ]);
    expect(evaluator.evaluate(1, LIMITS, { di: [false, false] })).toEqual([
      { type: 'clear', channelKind: 'di', channel: 0, level: 1, value: 0 },
      { type: 'raise', channelKind: 'di', channel: 1, level: 1, value: 0 },
    ]);
    expect(evaluator.isAlarming(1)).toBe(true);
    // Limits removed: the alarm clears.
    const none: AlarmLimits = { ai: { ...LIMITS.ai, low: [0], high: [0] }, di: { alarm: [], alarmHigh: [] } };
    expect(evaluator.evaluate(1, none, { ai: [0], di: [false, false] }).map((t) => t.type)).toEqual([
      'clear',
      'clear',
    ]);
    expect(evaluator.isAlarming(1)).toBe(false);
    // Equipment are independent; a forgotten one starts afresh.
    expect(evaluator.evaluate(2, LIMITS, { di: [true] })).toHaveLength(1);
    evaluator.forget(2);
    expect(evaluator.active(2)).toEqual([]);
    expect(evaluator.evaluate(2, LIMITS, { di: [true] })).toHaveLength(1);
  });
});

const limitsArb: fc.Arbitrary<AlarmLimits> = fc
  .record({
    low: fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 4, maxLength: 4 }),
    high: fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 4, maxLength: 4 }),
    scale: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
    diAlarm: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
    diHigh: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
  })
  .map(({ low, high, scale, diAlarm, diHigh }) => ({
    ai: {
      scaling: scale.map((s) => (s ? { x1: 0, x2: 100, y1: -50, y2: 50 } : { x1: 0, x2: 0, y1: 0, y2: 0 })),
      low,
      high,
    },
    di: { alarm: diAlarm, alarmHigh: diHigh },
  }));

const snapshotArb = fc.record(
  {
    ai: fc.array(fc.integer({ min: -100, max: 200 }), { maxLength: 4 }),
    di: fc.array(fc.boolean(), { maxLength: 4 }),
  },
  { requiredKeys: [] },
);

/** Replays transitions into the set of active alarms. */
function replay(active: Map<string, number>, transitions: readonly AlarmTransition[]): void {
  for (const t of transitions) {
    const key = `${t.channelKind}:${t.channel}`;
    if (t.type === 'raise') {
      expect(active.has(key), `raise of ${key} while active`).toBe(false);
      active.set(key, t.level);
    } else {
      expect(active.get(key), `clear of ${key}`).toBe(t.level);
      active.delete(key);
    }
  }
}

describe('alarm evaluator properties', () => {
  it('its transitions, replayed, always give the channels alarming now', () => {
    fc.assert(
      fc.property(limitsArb, fc.array(snapshotArb, { maxLength: 12 }), (limits, snapshots) => {
        const evaluator = new AlarmEvaluator();
        const active = new Map<string, number>();
        for (const snapshot of snapshots) {
          replay(active, evaluator.evaluate(7, limits, snapshot));
          const now = new Map(evaluator.active(7).map((a) => [`${a.channelKind}:${a.channel}`, a.level]));
          expect(active).toEqual(now);
        }
      }),
    );
  });

  it('gives, snapshot after snapshot, what the pure functions give on the merged states', () => {
    const merged = (before: readonly number[], after: readonly number[]): AlarmState[] =>
      Array.from({ length: Math.max(before.length, after.length) }, (_, i) =>
        i < after.length ? (after[i] as AlarmState) : ((before[i] ?? 0) as AlarmState),
      );
    fc.assert(
      fc.property(limitsArb, fc.array(snapshotArb, { maxLength: 12 }), (limits, snapshots) => {
        const evaluator = new AlarmEvaluator();
        let ai: AlarmState[] = [];
        let di: AlarmState[] = [];
        for (const snapshot of snapshots) {
          const expected: AlarmTransition[] = [];
          if (snapshot.ai !== undefined) {
            const { values, states } = aiStates(snapshot.ai, limits.ai);
            const next = merged(ai, states);
            expected.push(...alarmTransitions('ai', ai, next, values, limits.ai));
            ai = next;
          }
          if (snapshot.di !== undefined) {
            const next = merged(di, diStates(snapshot.di, limits.di));
            const values = snapshot.di.map((s) => (s ? 1 : 0));
            expected.push(...alarmTransitions('di', di, next, values));
            di = next;
          }
          expect(evaluator.evaluate(3, limits, snapshot)).toEqual(expected);
        }
      }),
    );
  });

  it('says nothing when a snapshot repeats, and raises only where a limit is crossed', () => {
    fc.assert(
      fc.property(limitsArb, snapshotArb, (limits, snapshot) => {
        const evaluator = new AlarmEvaluator();
        const first = evaluator.evaluate(1, limits, snapshot);
        expect(first.every((t) => t.type === 'raise')).toBe(true);
        expect(evaluator.evaluate(1, limits, snapshot)).toEqual([]);
        for (const t of first) {
          if (t.channelKind === 'ai') {
            const low = limits.ai.low[t.channel]!;
            const high = limits.ai.high[t.channel]!;
            expect(high).toBeGreaterThan(low);
            expect(t.level === 1 ? t.value > high : t.value < low).toBe(true);
          } else {
            expect(limits.di.alarm[t.channel]).toBe(true);
            expect(t.value === 1).toBe(limits.di.alarmHigh[t.channel]);
          }
        }
      }),
    );
  });
});
