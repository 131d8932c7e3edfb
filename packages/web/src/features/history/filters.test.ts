import { describe, expect, it } from 'vitest';
import type { HistorySeries } from '../../api/history';
import { curvePoints, formatValue } from './chart/history-option';
import {
  channelOptions,
  DAY_MS,
  defaultChannels,
  HOUR_MS,
  initialChannels,
  rangeOf,
  rangeProblem,
  sameChannels,
} from './filters';

const record = (counts: { do: number; di: number; ai: number; ao: number }) =>
  ({
    counts,
    settings: {
      ai: { names: ['Tank level', ''], units: ['m', ''] },
      ao: { names: ['Valve'], units: ['%'] },
      di: { names: ['Door'] },
      do: { names: ['Pump'] },
    },
  }) as unknown as Parameters<typeof channelOptions>[0];

describe('ranges', () => {
  it('counts a preset back from its anchor', () => {
    expect(rangeOf({ preset: '1h', custom: null, anchor: 10 * HOUR_MS })).toEqual({
      from: 9 * HOUR_MS,
      to: 10 * HOUR_MS,
    });
    expect(rangeOf({ preset: '7d', custom: null, anchor: 8 * DAY_MS })).toEqual({
      from: DAY_MS,
      to: 8 * DAY_MS,
    });
    expect(rangeOf({ preset: 'custom', custom: null, anchor: 0 })).toBeNull();
    expect(rangeOf({ preset: 'custom', custom: { from: 1, to: 2 }, anchor: 0 })).toEqual({ from: 1, to: 2 });
  });

  it('refuses what the server refuses: no range, a reversed one, over 400 days', () => {
    expect(rangeProblem(null)).toBe('missing');
    expect(rangeProblem({ from: 5, to: 5 })).toBe('reversed');
    expect(rangeProblem({ from: 6, to: 5 })).toBe('reversed');
    expect(rangeProblem({ from: 0, to: 400 * DAY_MS })).toBeNull();
    expect(rangeProblem({ from: 0, to: 400 * DAY_MS + 1 })).toBe('tooLong');
  });
});

describe('channels', () => {
  it('lists every channel by the type counts, AI first, then online and battery', () => {
    const options = channelOptions(record({ do: 1, di: 1, ai: 2, ao: 1 }));
    expect(options.map((o) => o.key)).toEqual(['ai1', 'ai2', 'ao1', 'di1', 'do1', 'online', 'soc']);
    expect(options[0]).toMatchObject({ label: 'AI1', name: 'Tank level', unit: 'm' });
    expect(options[1]).toMatchObject({ label: 'AI2', name: '', unit: '' });
  });

  it("defaults to the server's set: every AI, else every DO and DI", () => {
    expect(defaultChannels({ do: 8, di: 8, ai: 2, ao: 0 })).toEqual(['ai1', 'ai2']);
    expect(defaultChannels({ do: 2, di: 1, ai: 0, ao: 4 })).toEqual(['do1', 'do2', 'di1']);
    // 32 DO and 32 DI: only 32 names may be saved.
    expect(defaultChannels({ do: 32, di: 32, ai: 0, ao: 0 })).toHaveLength(32);
  });

  it('takes the saved channels the equipment still has, else the default', () => {
    const counts = { do: 1, di: 1, ai: 2, ao: 1 };
    const options = channelOptions(record(counts));
    expect(initialChannels(options, ['DO1', 'ai2', 'ai9'], counts)).toEqual(['ai2', 'do1']);
    expect(initialChannels(options, ['ai9'], counts)).toEqual(['ai1', 'ai2']);
    expect(initialChannels(options, [], counts)).toEqual(['ai1', 'ai2']);
    expect(initialChannels(options, undefined, counts)).toEqual(['ai1', 'ai2']);
  });

  it('compares channel lists order aside', () => {
    expect(sameChannels(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(sameChannels(['a'], ['a', 'b'])).toBe(false);
    expect(sameChannels(['a', 'c'], ['a', 'b'])).toBe(false);
  });
});

describe('curvePoints', () => {
  const series = (over: Partial<HistorySeries>): HistorySeries => ({
    channel: 'ai1',
    kind: 'ai',
    index: 0,
    name: 'Tank level',
    unit: 'm',
    previous: null,
    points: [],
    ...over,
  });

  it('starts with the value held before the range and holds the last value to its end', () => {
    const s = series({
      previous: { t: -50, value: 2 },
      points: [
        { t: -10, avg: 3, min: 2, max: 4, last: 4 },
        { t: 60, avg: 5, min: 5, max: 5, last: 5 },
      ],
    });
    expect(curvePoints(s, 0, 120)).toEqual([
      [0, 2],
      [0, 3],
      [60, 5],
      [120, 5],
    ]);
  });

  it("draws on/off channels by each bucket's last state", () => {
    const s = series({ kind: 'do', points: [{ t: 0, min: 0, max: 1, last: 0 }] });
    expect(curvePoints(s, 0, 60)).toEqual([
      [0, 0],
      [60, 0],
    ]);
  });

  it('draws nothing for a channel without any value', () => {
    expect(curvePoints(series({}), 0, 60)).toEqual([]);
  });

  it('shows values with at most 3 decimals', () => {
    expect(formatValue(93.7728937729)).toBe('93.773');
    expect(formatValue(4.5)).toBe('4.5');
    expect(formatValue(null)).toBe('');
  });
});
