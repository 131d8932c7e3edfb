// @vitest-environment jsdom
// A trend's series: the bounded buffer, and the hook adding each new reading it is shown.
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appendSample, TREND_CAPACITY, useTrendSeries } from './trend';
import { fixedEquipment } from './values';
import type { DiagramValues } from './values';

const MINUTE = 60_000;

describe('trend buffer', () => {
  it('drops samples older than the window and keeps at most its capacity', () => {
    let samples = appendSample([], { at: 0, value: 1 }, 10 * MINUTE);
    samples = appendSample(samples, { at: 5 * MINUTE, value: 2 }, 10 * MINUTE);
    samples = appendSample(samples, { at: 10 * MINUTE, value: 3 }, 10 * MINUTE);
    expect(samples.map((s) => s.value)).toEqual([1, 2, 3]); // the first is exactly a window old
    samples = appendSample(samples, { at: 15 * MINUTE, value: 4 }, 10 * MINUTE);
    expect(samples.map((s) => s.value)).toEqual([2, 3, 4]);
    let few = appendSample([], { at: 0, value: 1 }, 10 * MINUTE, 2);
    few = appendSample(few, { at: 5 * MINUTE, value: 2 }, 10 * MINUTE, 2);
    few = appendSample(few, { at: 10 * MINUTE, value: 3 }, 10 * MINUTE, 2);
    expect(few.map((s) => s.value)).toEqual([2, 3]);
  });

  it('replaces the last sample with one closer than window / capacity', () => {
    const window = TREND_CAPACITY * 1000; // one slot a second
    let samples = appendSample([], { at: 0, value: 1 }, window);
    samples = appendSample(samples, { at: 999, value: 2 }, window);
    expect(samples).toEqual([{ at: 999, value: 2 }]);
    samples = appendSample(samples, { at: 1999, value: 3 }, window);
    expect(samples.map((s) => s.value)).toEqual([2, 3]);
  });
});

describe('useTrendSeries', () => {
  const binding = { equipmentId: 7, channel: { kind: 'ai' as const, index: 1 } };
  const valuesOf = (value: number | undefined): DiagramValues =>
    new Map([
      [
        7,
        fixedEquipment({
          channels: { ai: [{ value, text: String(value), unit: '', alarm: false, name: 'AI1' }] },
        }),
      ],
    ]);

  it('adds each new reading with its time, and starts anew for another channel', () => {
    let clock = 1_000;
    const now = () => clock;
    const { result, rerender } = renderHook(({ values, b }) => useTrendSeries(b, 60, values, now), {
      initialProps: { values: valuesOf(1), b: binding },
    });
    expect(result.current).toEqual([{ at: 1_000, value: 1 }]);
    clock = 61_000;
    act(() => rerender({ values: valuesOf(2), b: binding }));
    expect(result.current.map((s) => s.value)).toEqual([1, 2]);
    // No value (not reported yet): nothing added.
    act(() => rerender({ values: valuesOf(undefined), b: binding }));
    expect(result.current).toHaveLength(2);
    act(() => rerender({ values: valuesOf(5), b: { ...binding, channel: { kind: 'ai', index: 2 } } }));
    expect(result.current).toEqual([]);
  });
});
