import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkWaveform, defaultWaveform, MAX_RAW, randomWalk, waveValue } from './waveforms.js';
import type { Waveform } from './waveforms.js';

const raw = fc.integer({ min: 0, max: MAX_RAW });
const range = fc.tuple(raw, raw).map(([a, b]) => ({ min: Math.min(a, b), max: Math.max(a, b) }));
const time = fc.integer({ min: -1e13, max: 1e13 });
const periodic = fc.record({
  periodMs: fc.double({ min: 1, max: 1e9, noNaN: true }),
  phase: fc.double({ min: 0, max: 1, noNaN: true }),
});

const waveform: fc.Arbitrary<Waveform> = fc.oneof(
  raw.map((value) => ({ kind: 'constant' as const, value })),
  fc.tuple(range, periodic).map(([r, p]) => ({ kind: 'sine' as const, ...r, ...p })),
  fc.tuple(range, periodic).map(([r, p]) => ({ kind: 'ramp' as const, ...r, ...p })),
  fc
    .tuple(range, periodic, fc.double({ min: 0, max: 1, noNaN: true }))
    .map(([r, p, duty]) => ({ kind: 'square' as const, ...r, ...p, duty })),
  fc
    .tuple(
      range,
      fc.integer(),
      fc.integer({ min: 1, max: 100_000 }),
      fc.double({ min: 0, max: 70_000, noNaN: true }),
      fc.integer({ min: 1, max: 64 }),
    )
    .map(([r, seed, stepMs, maxStep, window]) => ({
      kind: 'random-walk' as const,
      ...r,
      seed,
      stepMs,
      maxStep,
      window,
    })),
);

function bounds(w: Waveform): [number, number] {
  return w.kind === 'constant' ? [w.value, w.value] : [w.min, w.max];
}

describe('waveforms', () => {
  it('always give an integer register value within the waveform range', () => {
    fc.assert(
      fc.property(waveform, time, (w, t) => {
        const v = waveValue(w, t);
        const [min, max] = bounds(w);
        expect(Number.isInteger(v)).toBe(true);
        expect(v).toBeGreaterThanOrEqual(min);
        expect(v).toBeLessThanOrEqual(max);
      }),
      { numRuns: 2000 },
    );
  });

  it('are deterministic: the same parameters and time give the same value', () => {
    fc.assert(
      fc.property(waveform, fc.array(time, { minLength: 1, maxLength: 20 }), (w, times) => {
        const first = times.map((t) => waveValue(w, t));
        const again = [...times].reverse().map((t) => waveValue({ ...w }, t));
        expect(again.reverse()).toEqual(first);
      }),
    );
  });

  it('sine: min at three quarters of the period, max at one quarter, middle at 0', () => {
    const w = { kind: 'sine', min: 0, max: 4000, periodMs: 1000 } as const;
    expect(waveValue(w, 0)).toBe(2000);
    expect(waveValue(w, 250)).toBe(4000);
    expect(waveValue(w, 750)).toBe(0);
    expect(waveValue(w, 1250)).toBe(4000);
    expect(waveValue({ ...w, phase: 0.25 }, 0)).toBe(4000);
  });

  it('ramp rises over the period and drops back; square follows its duty', () => {
    const ramp = { kind: 'ramp', min: 100, max: 1100, periodMs: 10_000 } as const;
    expect([0, 2500, 5000, 9999, 10_000].map((t) => waveValue(ramp, t))).toEqual([100, 350, 600, 1100, 100]);
    expect(waveValue(ramp, -2500)).toBe(850);
    const square = { kind: 'square', min: 0, max: 1, periodMs: 100, duty: 0.2 } as const;
    expect([0, 19, 20, 99, 100].map((t) => waveValue(square, t))).toEqual([1, 1, 0, 0, 1]);
  });

  it('random walk: seeded, moves at most a few steps per step, differs between seeds', () => {
    const w = { min: 0, max: 4095, seed: 7, stepMs: 1000, maxStep: 10, window: 32 };
    const values = Array.from({ length: 500 }, (_, i) => randomWalk(i * 1000, w));
    for (let i = 1; i < values.length; i++) {
      expect(Math.abs(values[i]! - values[i - 1]!)).toBeLessThanOrEqual(2 * 10 + 1);
    }
    expect(new Set(values).size).toBeGreaterThan(20);
    expect(randomWalk(1500, w)).toBe(randomWalk(1000, w));
    const other = Array.from({ length: 500 }, (_, i) => randomWalk(i * 1000, { ...w, seed: 8 }));
    expect(other).not.toEqual(values);
    // Far in the future (a wall clock) it still costs one window and stays in range.
    const now = randomWalk(1.7e12, w);
    expect(now).toBeGreaterThanOrEqual(0);
    expect(now).toBeLessThanOrEqual(4095);
  });

  it('reject parameters out of bounds', () => {
    const bad: Waveform[] = [
      { kind: 'constant', value: 65536 },
      { kind: 'constant', value: 1.5 },
      { kind: 'sine', min: 10, max: 5, periodMs: 1000 },
      { kind: 'sine', min: 0, max: 5, periodMs: 0 },
      { kind: 'ramp', min: -1, max: 5, periodMs: 1000 },
      { kind: 'square', min: 0, max: 5, periodMs: 1000, duty: 2 },
      { kind: 'sine', min: 0, max: 5, periodMs: 1000, phase: -0.1 },
      { kind: 'random-walk', min: 0, max: 5, seed: 1.5 },
      { kind: 'random-walk', min: 0, max: 5, seed: 1, window: 0 },
      { kind: 'random-walk', min: 0, max: 5, seed: 1, stepMs: -1 },
    ];
    for (const w of bad) expect(() => checkWaveform(w), JSON.stringify(w)).toThrow(RangeError);
    expect(() => waveValue({ kind: 'sine', min: 0, max: 5, periodMs: 10 }, NaN)).toThrow(RangeError);
  });

  it('default: a gentle sine inside 0-4095, channels out of phase', () => {
    const waves = [0, 1, 2, 3].map((i) => defaultWaveform(i, 4));
    for (const w of waves) {
      expect(w.min).toBeGreaterThanOrEqual(0);
      expect(w.max).toBeLessThanOrEqual(4095);
    }
    expect(new Set(waves.map((w) => waveValue(w, 0))).size).toBe(3); // phases 0 and 0.5 share the middle
  });
});
