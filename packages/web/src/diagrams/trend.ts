/**
 * A trend widget's recent values. There is no history read: the series holds what the view has
 * seen since it opened (each reading that arrives), so a trend starts empty and fills as pushes
 * come (the server polls every device about once a minute; the selected device more often). The
 * buffer is bounded: older than the widget's window goes, and samples closer together than the
 * window over TREND_CAPACITY replace the last one, so a long window is not crowded out by a
 * device that pushes often.
 */
import type { Binding } from '@fieldlink/protocol';
import { useState } from 'react';
import { readingOf } from './values';
import type { ChannelReading, DiagramValues } from './values';

export interface TrendSample {
  /** Epoch ms when the view received it. */
  readonly at: number;
  readonly value: number;
}

/** The most samples a trend keeps. */
export const TREND_CAPACITY = 720;

/** `samples` (oldest first) with `sample` added, as the bounded buffer keeps them. */
export function appendSample(
  samples: readonly TrendSample[],
  sample: TrendSample,
  windowMs: number,
  capacity = TREND_CAPACITY,
): TrendSample[] {
  const since = sample.at - windowMs;
  let first = 0;
  while (first < samples.length && samples[first]!.at < since) first += 1;
  const kept = samples.slice(first);
  const last = kept.at(-1);
  if (last !== undefined && sample.at - last.at < windowMs / capacity) kept[kept.length - 1] = sample;
  else kept.push(sample);
  return kept.length > capacity ? kept.slice(kept.length - capacity) : kept;
}

const keyOf = (b: Binding): string =>
  b.channel ? `${b.equipmentId}/${b.channel.kind}/${b.channel.index}` : '';

/**
 * The values of `binding` seen within the last `minutes`, oldest first: each new reading (a push
 * that touched its equipment) adds one. Starts anew when the binding changes.
 */
export function useTrendSeries(
  binding: Binding,
  minutes: number,
  values: DiagramValues,
  now: () => number = Date.now,
): readonly TrendSample[] {
  const reading = readingOf(values, binding);
  const key = keyOf(binding);
  const [series, setSeries] = useState<{
    readonly key: string;
    readonly reading: ChannelReading | undefined;
    readonly samples: readonly TrendSample[];
  }>({ key, reading: undefined, samples: [] });
  if (series.key === key && series.reading === reading) return series.samples;
  // A new reading: kept in state during render (React's way to follow a changed input).
  const base = series.key === key ? series.samples : [];
  const samples =
    reading?.value === undefined
      ? base
      : appendSample(base, { at: now(), value: reading.value }, minutes * 60_000);
  setSeries({ key, reading, samples });
  return samples;
}
