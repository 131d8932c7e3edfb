/**
 * The device's wall clock: a time in ms read as calendar fields at a fixed offset from UTC,
 * and the weekly-cycle condition on those fields (docs/protocol.md § Time rules); fixed points and
 * week intervals are tested with the protocol package's fixedPointMatches and weekIntervalContains.
 */
import { clockAt } from '@fieldlink/protocol';
import type { ClockFields, RuleOf } from '@fieldlink/protocol';

/** Calendar fields of a time, as the device clock shows them (docs/protocol.md § Clock). */
export type WallTime = ClockFields;

/** Calendar fields of `ms` at `offsetMinutes` east of UTC. */
export const wallTime: (ms: number, offsetMinutes: number) => WallTime = clockAt;

/** A selected weekday and hour, and the minute and second (60 matches any). */
export function weeklyCycleAt(cycle: RuleOf<'weeklyCycle'>, t: WallTime): boolean {
  return (
    cycle.weekdays.includes(t.weekday) &&
    cycle.hours.includes(t.hour) &&
    (cycle.minute === 60 || cycle.minute === t.minute) &&
    (cycle.second === 60 || cycle.second === t.second)
  );
}
