/**
 * Channel alarms as the console shows them. See docs/protocol.md § Alarms.
 */

/** -1 below the lower limit, 1 above the upper limit, 0 otherwise. */
export type AlarmState = -1 | 0 | 1;

/**
 * An analog value against its limits (fAlarmL, fAlarmH). The limits only count when
 * high > low: equal limits (both 0 is the unset case) or reversed limits never alarm.
 * A value equal to a limit is not an alarm. Any non-finite input gives 0.
 */
export function evaluateAlarm(value: number, low: number, high: number): AlarmState {
  if (!Number.isFinite(value) || !Number.isFinite(low) || !Number.isFinite(high)) return 0;
  if (!(high > low)) return 0;
  if (value < low) return -1;
  if (value > high) return 1;
  return 0;
}

/** evaluateAlarm per channel; a channel without limits (list too short) reads 0/0 and never alarms. */
export function evaluateChannelAlarms(
  values: readonly number[],
  lows: readonly number[],
  highs: readonly number[],
): AlarmState[] {
  return values.map((v, i) => evaluateAlarm(v, lows[i] ?? 0, highs[i] ?? 0));
}

/**
 * A digital input's alarm. Only an input whose alarm flag (fAlarmDI) is set can alarm; it
 * alarms (1) while its state equals the alarm level: fAlarmDIH true alarms on high (closed,
 * state true), false on low (open, state false). The level defaults to high because an
 * alarm contact that closes is the common wiring. A digital alarm is never -1.
 */
export function evaluateDiAlarm(state: boolean, alarmFlag: boolean, alarmLevelHigh = true): 0 | 1 {
  if (!alarmFlag) return 0;
  return state === alarmLevelHigh ? 1 : 0;
}

/** evaluateDiAlarm per channel; missing flags are off, missing levels high. */
export function evaluateDiAlarms(
  states: readonly boolean[],
  alarmFlags: readonly boolean[],
  alarmLevelsHigh: readonly boolean[] = [],
): (0 | 1)[] {
  return states.map((s, i) => evaluateDiAlarm(s, alarmFlags[i] ?? false, alarmLevelsHigh[i] ?? true));
}

/** Whether any channel alarms (the equipment's alarm flag in the tree). */
export function anyAlarm(states: readonly number[]): boolean {
  return states.some((s) => s !== 0);
}
