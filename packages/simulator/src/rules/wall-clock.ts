/**
 * The device's wall clock: a time in ms read as calendar fields at a fixed offset from UTC,
 * and the weekly-cycle condition on those fields (docs/protocol.md § Time rules); fixed points and
 * week intervals are tested with the protocol package's fixedPointMatches and weekIntervalContains.
 */
import type { RuleOf } from '@fieldlink/protocol';

export interface WallTime {
  readonly year: number;
  /** 1-12 */
  readonly month: number;
  /** 1-31 */
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  /** 0 = Sunday … 6 = Saturday, as Date#getDay. */
  readonly weekday: number;
}

/** Calendar fields of `ms` at `offsetMinutes` east of UTC. */
export function wallTime(ms: number, offsetMinutes: number): WallTime {
  const d = new Date(ms + offsetMinutes * 60_000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    weekday: d.getUTCDay(),
  };
}

/** A selected weekday and hour, and the minute and second (60 matches any). */
export function weeklyCycleAt(cycle: RuleOf<'weeklyCycle'>, t: WallTime): boolean {
  return (
    cycle.weekdays.includes(t.weekday) &&
    cycle.hours.includes(t.hour) &&
    (cycle.minute === 60 || cycle.minute === t.minute) &&
    (cycle.second === 60 || cycle.second === t.second)
  );
}
