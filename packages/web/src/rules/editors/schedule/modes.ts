/**
 * Switching a schedule rule between its modes (docs/protocol.md § Schedule). The rule index and
 * the 'more' flag always carry over. A part the rule held earlier in the same dialog (a time part
 * or the output) comes back when its mode is picked again, so switching away and back changes
 * nothing. Otherwise what means the same carries over: the output between the modes that have
 * one, the weekdays between the weekday mode and time range 2, a fixed point and the begin of a
 * date-time interval. Anything else starts as an empty slot reads: a disabled output, no
 * weekday, zero times.
 */
import type {
  DateTimeInterval,
  FixedPoint,
  OutputRule,
  ScheduleRule,
  WeekInterval,
  WeeklyCycle,
} from '@fieldlink/protocol';

/** The modes a user can pick; 5-7 are only ever read. */
export type DefinedMode = 0 | 1 | 2 | 3 | 4;
export const DEFINED_MODES: readonly DefinedMode[] = [0, 1, 2, 3, 4];

export function isDefinedMode(mode: number): mode is DefinedMode {
  return (DEFINED_MODES as readonly number[]).includes(mode);
}

/** The output of an empty slot: disabled (mode 0). */
export const DISABLED_OUTPUT: OutputRule = { mode: 0, channel: 0, value: 0, addr: 0 };
/** Zero bytes as a fixed point: year, month and day any, 00:00:00. */
export const BLANK_FIXED_POINT: FixedPoint = {
  year: null,
  month: null,
  day: null,
  hour: 0,
  minute: 0,
  second: 0,
};
/** Zero bytes as a weekly cycle: no weekday and no hour, so it never fires. */
export const BLANK_WEEKLY: WeeklyCycle = { weekdays: [], hours: [], minute: 0, second: 0 };
/** Zero bytes as a week interval: no weekday, 00:00 to 00:00. */
export const BLANK_WINDOW: WeekInterval = {
  weekdays: [],
  beginHour: 0,
  beginMinute: 0,
  endHour: 0,
  endMinute: 0,
};
export const BLANK_INTERVAL: DateTimeInterval = { begin: BLANK_FIXED_POINT, end: BLANK_FIXED_POINT };

/** The parts a rule held earlier in the dialog. */
export interface HeldParts {
  at?: FixedPoint;
  weekly?: WeeklyCycle;
  interval?: DateTimeInterval;
  window?: WeekInterval;
  output?: OutputRule;
}

/** The parts of `rule` added to what was held. */
export function holdParts(held: HeldParts, rule: ScheduleRule): HeldParts {
  switch (rule.mode) {
    case 1:
      return { ...held, at: rule.at, output: rule.output };
    case 2:
      return { ...held, weekly: rule.weekly, output: rule.output };
    case 3:
      return { ...held, interval: rule.interval };
    case 4:
      return { ...held, window: rule.window, output: rule.output };
    default:
      return held;
  }
}

function weekdaysOf(rule: ScheduleRule): number[] {
  if (rule.mode === 2) return rule.weekly.weekdays;
  if (rule.mode === 4) return rule.window.weekdays;
  return [];
}

/** The rule in another mode. */
export function switchMode(rule: ScheduleRule, mode: DefinedMode, held: HeldParts = {}): ScheduleRule {
  if (rule.mode === mode) return rule;
  const base = { dev: rule.dev, more: rule.more };
  const output = ('output' in rule ? rule.output : undefined) ?? held.output ?? DISABLED_OUTPUT;
  switch (mode) {
    case 0:
      return { ...base, mode: 0 };
    case 1:
      return {
        ...base,
        mode: 1,
        at: held.at ?? (rule.mode === 3 ? rule.interval.begin : BLANK_FIXED_POINT),
        output,
      };
    case 2:
      return {
        ...base,
        mode: 2,
        weekly: held.weekly ?? { ...BLANK_WEEKLY, weekdays: weekdaysOf(rule) },
        output,
      };
    case 3:
      return {
        ...base,
        mode: 3,
        interval: held.interval ?? (rule.mode === 1 ? { begin: rule.at, end: rule.at } : BLANK_INTERVAL),
      };
    case 4:
      return {
        ...base,
        mode: 4,
        window: held.window ?? { ...BLANK_WINDOW, weekdays: weekdaysOf(rule) },
        output,
      };
  }
}
