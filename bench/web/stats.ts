/** Frame-time and load figures of the web benchmark. */

export interface LongTask {
  readonly start: number;
  readonly duration: number;
}

export interface FrameStats {
  readonly frames: number;
  readonly fps: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
  /** Frames that took over 50 ms (a visible stall). */
  readonly over50: number;
  readonly longTasks: number;
  readonly longTaskMs: number;
  readonly longestTask: number;
}

/** The value at quantile q (0-1) of sorted values, nearest rank. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

export function median(values: readonly number[]): number {
  return quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

/** Figures of the times between animation frames and the long tasks of the same span. */
export function frameStats(deltas: readonly number[], tasks: readonly LongTask[]): FrameStats {
  const sorted = [...deltas].sort((a, b) => a - b);
  const total = deltas.reduce((sum, d) => sum + d, 0);
  return {
    frames: deltas.length,
    fps: total > 0 ? (deltas.length * 1000) / total : 0,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    p99: quantile(sorted, 0.99),
    max: sorted.at(-1) ?? NaN,
    over50: deltas.filter((d) => d > 50).length,
    longTasks: tasks.length,
    longTaskMs: tasks.reduce((sum, t) => sum + t.duration, 0),
    longestTask: tasks.reduce((max, t) => Math.max(max, t.duration), 0),
  };
}

export const ms = (value: number): string =>
  Number.isFinite(value) ? `${value < 100 ? value.toFixed(1) : Math.round(value)} ms` : 'n/a';

/** `a` as a multiple of `b`, e.g. '3.2×'. */
export const ratio = (a: number, b: number): string =>
  Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(1)}×` : 'n/a';
