/**
 * An interval held to its schedule: run k is due at start + k·period, whenever run k-1 ran. Node's
 * own setInterval counts each period from when the last run fired, so on a busy process every
 * late run pushes the later ones back and a device asked to report ten times a second reports
 * seven. Here a late run makes the next wait shorter; a run that is a whole period or more
 * behind is dropped rather than bunched (a device that was stalled does not burst).
 */

/** The clock and one-shot timer an interval is built on (the system's, or a test's). */
export interface IntervalScheduler {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const SYSTEM_SCHEDULER: IntervalScheduler = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

/** A running interval: stop() ends it (calling it again does nothing). */
export interface SteadyInterval {
  stop(): void;
}

/** Runs `fn` every `periodMs` (> 0) on the schedule set now, until stopped. */
export function steadyInterval(
  fn: () => void,
  periodMs: number,
  scheduler: IntervalScheduler = SYSTEM_SCHEDULER,
): SteadyInterval {
  if (!(periodMs > 0) || !Number.isFinite(periodMs)) {
    throw new RangeError(`an interval's period must be a positive number of ms, got ${periodMs}`);
  }
  let due = scheduler.now() + periodMs;
  let stopped = false;
  let handle: unknown;
  const run = (): void => {
    if (stopped) return;
    const now = scheduler.now();
    // Whole periods missed are dropped: this run stands for them.
    const behind = now - due;
    if (behind >= periodMs) due += Math.floor(behind / periodMs) * periodMs;
    due += periodMs;
    handle = scheduler.setTimeout(run, Math.max(0, due - now));
    fn();
  };
  handle = scheduler.setTimeout(run, periodMs);
  return {
    stop() {
      stopped = true;
      scheduler.clearTimeout(handle);
    },
  };
}
