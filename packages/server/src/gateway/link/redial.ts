/**
 * The back-off between attempts to bring a link up again (the Modbus TCP dialer's redials, the
 * MQTT gateway's relinking of a device whose link died): doubled per failure up to a maximum, with
 * jitter so devices do not come back in step.
 */

/** The longest wait when none is given. */
export const DEFAULT_MAX_BACKOFF_MS = 60_000;

export interface Backoff {
  /** The first wait after a failure; default 1000 ms. */
  readonly initialMs?: number;
  /** The longest wait; default 60 000 ms. */
  readonly maxMs?: number;
  /** A link that stayed up this long starts the back-off again from the first wait; default 30 000 ms. */
  readonly resetAfterMs?: number;
}

/**
 * The wait before redial number `failures` (0 for the first): the initial wait doubled per
 * failure up to the maximum, then a random half of it taken off so devices do not redial in step.
 */
export function redialDelay(
  failures: number,
  backoff: Backoff = {},
  random: () => number = Math.random,
): number {
  const initial = backoff.initialMs ?? 1000;
  const max = backoff.maxMs ?? DEFAULT_MAX_BACKOFF_MS;
  const base = Math.min(max, initial * 2 ** Math.min(failures, 52));
  return Math.round(base / 2 + (base / 2) * random());
}
