// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { panelAt, ROTATION_CYCLE, useRotation } from './rotation';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the rotation of the wall’s slots', () => {
  it('turns every interval while running, holds while paused, and goes with the page', () => {
    let running = true;
    const { result, rerender, unmount } = renderHook(() => useRotation(20_000, running));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(19_999));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(1);
    act(() => vi.advanceTimersByTime(40_000));
    expect(result.current).toBe(3);

    // Paused (the pointer over the wall, the settings open): no timer, the turn held.
    running = false;
    rerender();
    expect(vi.getTimerCount()).toBe(0);
    act(() => vi.advanceTimersByTime(120_000));
    expect(result.current).toBe(3);
    running = true;
    rerender();
    act(() => vi.advanceTimersByTime(20_000));
    expect(result.current).toBe(4);

    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stays a small number however long it runs', () => {
    const { result } = renderHook(() => useRotation(1000, true));
    act(() => vi.advanceTimersByTime(1000 * (ROTATION_CYCLE * 1000 + 5)));
    expect(result.current).toBe(5);
  });

  it('gives each slot its panel of the turn', () => {
    const slot = ['map', 'diagram'];
    expect([0, 1, 2, 3].map((turn) => panelAt(slot, turn))).toEqual(['map', 'diagram', 'map', 'diagram']);
    expect(panelAt(['ticker'], 7)).toBe('ticker');
    expect(panelAt([], 1)).toBeUndefined();
    // Every slot length in use comes back to its first panel at the end of a cycle.
    for (const length of [1, 2, 3, 4]) expect(ROTATION_CYCLE % length).toBe(0);
  });
});
