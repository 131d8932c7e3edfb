/**
 * The timer (rtc) rules of docs/protocol.md § Schedule, run against the wall clock:
 * fixed-point control (mode 1) and weekday mode (mode 2) run their output in each second
 * the clock matches; time range 2 (mode 4) runs its output when the clock enters the window
 * and the reversed output (close ↔ open, start ↔ stop scene) when it leaves. Time range 1
 * (mode 3) has no output. Any of them holds, for rules that refer to it, while the clock is
 * in it (`holds`).
 */
import { fixedPointMatches, intervalContains, weekIntervalContains } from '@fieldlink/protocol';
import type { RuleOf } from '@fieldlink/protocol';
import type { Output } from './outputs.js';
import { wallTime, weeklyCycleAt } from './wall-clock.js';

export type Schedule = RuleOf<'schedule'>;

/** How far back a late step still looks for matching seconds; older ones are skipped. */
export const MAX_CATCH_UP_SECONDS = 60;

/** The output a schedule runs, if its mode has one. */
function outputOf(rule: Schedule | undefined): Output | null {
  if (!rule || (rule.mode !== 1 && rule.mode !== 2 && rule.mode !== 4)) return null;
  return rule.output;
}

export interface TimerActions {
  run(output: Output): void;
  /** The reverse of an output (null when it has none). */
  reverse(output: Output): Output | null;
}

export class TimerRules {
  /** The last whole second (ms / 1000) already evaluated. */
  private lastSecond: number | null = null;
  /** Per rule: whether the clock was inside its mode-4 window at the last step. */
  private readonly inside = new Map<number, boolean>();

  /**
   * `rules` in page order (page 0 slot 0 first); `more` runs the next one's output too. From
   * `previous` (the rules before a page rewrite) the last second evaluated carries over, and so
   * does the window state of every rule the rewrite left unchanged.
   */
  constructor(
    private readonly rules: readonly (Schedule | null)[],
    private readonly offsetMinutes: number,
    previous?: TimerRules,
  ) {
    if (!previous) return;
    this.lastSecond = previous.lastSecond;
    for (const [i, inside] of previous.inside) {
      if (JSON.stringify(previous.rules[i]) === JSON.stringify(rules[i])) this.inside.set(i, inside);
    }
  }

  step(now: number, actions: TimerActions): void {
    const second = Math.floor(now / 1000);
    const from =
      this.lastSecond === null ? second : Math.max(this.lastSecond + 1, second - MAX_CATCH_UP_SECONDS + 1);
    for (let s = from; s <= second; s++) this.fireAt(s, actions);
    if (this.lastSecond === null || second > this.lastSecond) this.lastSecond = second;
    this.windows(now, actions);
  }

  /**
   * Whether time rule `index` holds at `now`: a fixed point or weekly cycle in each second the
   * clock matches, time range 1 inside its date-time interval, time range 2 inside its window.
   */
  holds(index: number, now: number): boolean {
    const rule = this.rules[index];
    if (!rule) return false;
    const t = wallTime(now, this.offsetMinutes);
    switch (rule.mode) {
      case 1:
        return fixedPointMatches(rule.at, t);
      case 2:
        return weeklyCycleAt(rule.weekly, t);
      case 3:
        return intervalContains(rule.interval, t);
      case 4:
        return weekIntervalContains(rule.window, t);
      default:
        return false;
    }
  }

  private fireAt(second: number, actions: TimerActions): void {
    const t = wallTime(second * 1000, this.offsetMinutes);
    this.rules.forEach((rule, i) => {
      if (!rule) return;
      const due =
        (rule.mode === 1 && fixedPointMatches(rule.at, t)) ||
        (rule.mode === 2 && weeklyCycleAt(rule.weekly, t));
      if (!due) return;
      actions.run(rule.output);
      const next = rule.more ? outputOf(this.rules[i + 1] ?? undefined) : null;
      if (next) actions.run(next);
    });
  }

  private windows(now: number, actions: TimerActions): void {
    const t = wallTime(now, this.offsetMinutes);
    this.rules.forEach((rule, i) => {
      if (!rule || rule.mode !== 4) return;
      const inside = weekIntervalContains(rule.window, t);
      if (this.inside.get(i) === inside) return;
      this.inside.set(i, inside);
      const outputs = [rule.output];
      const next = rule.more ? outputOf(this.rules[i + 1] ?? undefined) : null;
      if (next) outputs.push(next);
      for (const output of outputs) {
        const applied = inside ? output : actions.reverse(output);
        if (applied) actions.run(applied);
      }
    });
  }
}
