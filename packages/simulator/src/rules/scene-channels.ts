/**
 * The channel scenes (docs/protocol.md § Scene, types 1-7): marquee and water-flow light,
 * open and close in turn or in sequence, simultaneous. A scene starts when the rule it refers
 * to has held for the scene's hold time (its stable time) or when an output starts it, and
 * then switches its DO channels on a timeline from its time bytes. Opening a channel switches
 * it on, closing switches it off.
 *
 * Each timeline is a function of the time since the start, so a late step lands in the right
 * state; the resolution is the step interval.
 */
import type { RuleOf } from '@fieldlink/protocol';
import { StableLevel, timeMs } from './levels.js';
import { ChannelWriter } from './scene-runtime.js';
import type { SceneIo, SceneRuntime } from './scene-runtime.js';

export type MarqueeScene = Extract<RuleOf<'scene'>, { type: 1 | 2 }>;
export type StepScene = Extract<RuleOf<'scene'>, { type: 3 | 4 | 5 | 6 }>;
export type SimultaneousScene = Extract<RuleOf<'scene'>, { type: 7 }>;
export type ChannelSceneModel = MarqueeScene | StepScene | SimultaneousScene;

/** The channel states a run wants `elapsed` ms after its start, and whether it has ended. */
interface PlanState {
  readonly wanted: ReadonlyMap<number, boolean>;
  readonly done: boolean;
}

/** `elapsed` ms after the start; `endless` keeps passes coming (a cycling marquee whose rule holds). */
type Plan = (elapsed: number, endless: boolean) => PlanState;

const sorted = (channels: readonly number[]): number[] => [...new Set(channels)].sort((a, b) => a - b);

/**
 * Marquee (1): channel j of a pass is on from j × (open + gap) for `open`; water-flow light
 * (2): from then until the pass ends, when all go off together. A pass lasts
 * k × open + (k − 1) × gap; the next starts `wait` later; the run ends after `cycleCount`
 * passes (0 = endless). A run whose passes take no time ends at once.
 */
export function marqueePlan(rule: MarqueeScene): Plan {
  const up = sorted(rule.channels);
  const order = rule.reverse ? up.reverse() : up;
  const open = timeMs(rule.openTime);
  const slot = open + timeMs(rule.closeTime);
  const k = order.length;
  const pass = k === 0 ? 0 : k * slot - (slot - open);
  const period = pass + timeMs(rule.waitTime);
  const off = new Map(order.map((c) => [c, false] as const));
  return (elapsed, endless) => {
    if (k === 0 || period === 0) return { wanted: off, done: true };
    const count = endless ? 0 : rule.cycleCount;
    if (count > 0 && elapsed >= (count - 1) * period + pass) return { wanted: off, done: true };
    const r = elapsed % period;
    const wanted = new Map<number, boolean>();
    order.forEach((channel, j) => {
      const from = j * slot;
      wanted.set(channel, r >= from && r < (rule.type === 1 ? from + open : pass));
    });
    return { wanted, done: false };
  };
}

/**
 * Steps (3-6): step i acts on the i-th selected channel (lowest first) `i × stepTime` after the
 * start. In turn (3, 4) undoes the previous channel's step; in sequence (5, 6) leaves it. The
 * run ends at the last step, leaving the channels as that step set them.
 */
export function stepPlan(rule: StepScene): Plan {
  const order = sorted(rule.channels);
  const k = order.length;
  const step = timeMs(rule.stepTime);
  const opens = rule.type === 3 || rule.type === 5;
  const accumulates = rule.type === 5 || rule.type === 6;
  return (elapsed) => {
    if (k === 0) return { wanted: new Map(), done: true };
    const i = step === 0 ? k - 1 : Math.min(k - 1, Math.floor(elapsed / step));
    const wanted = new Map<number, boolean>();
    for (let j = 0; j <= i; j++) wanted.set(order[j]!, j === i || accumulates ? opens : !opens);
    return { wanted, done: i === k - 1 };
  };
}

/** Simultaneous (7): the open set on and the close set off at once (a channel in both ends off). */
export function simultaneousPlan(rule: SimultaneousScene): Plan {
  const wanted = new Map<number, boolean>();
  for (const c of rule.openChannels) wanted.set(c, true);
  for (const c of rule.closeChannels) wanted.set(c, false);
  return () => ({ wanted, done: true });
}

/**
 * A channel scene: starts when its condition comes to hold (a condition that holds when the
 * scene is loaded counts) or by output mode 5 (a running scene starts over). A cycling
 * marquee or water-flow light runs pass after pass while the condition holds and stops when it
 * ends; any other run goes to its end whatever the condition does. Mode 4 stops a run; a
 * stopped marquee or water-flow light switches its channels off, the other scenes leave them.
 */
export class ChannelScene implements SceneRuntime {
  readonly kind = 'channel';
  private readonly level: StableLevel;
  private readonly plan: Plan;
  private readonly writer = new ChannelWriter();
  /** A marquee's channels, all off, for a stop; null for the scenes that leave them. */
  private readonly offWhenStopped: ReadonlyMap<number, boolean> | null;
  private readonly cycle: boolean;
  private startedAt: number | null = null;

  constructor(private readonly rule: ChannelSceneModel) {
    this.level = new StableLevel(timeMs(rule.holdTime));
    this.offWhenStopped = null;
    this.cycle = false;
    switch (rule.type) {
      case 1:
      case 2:
        this.plan = marqueePlan(rule);
        this.offWhenStopped = new Map(rule.channels.map((c) => [c, false]));
        this.cycle = rule.cycle;
        break;
      case 7:
        this.plan = simultaneousPlan(rule);
        break;
      default:
        this.plan = stepPlan(rule);
    }
  }

  get running(): boolean {
    return this.startedAt !== null;
  }

  get holds(): boolean {
    return this.level.holds;
  }

  start(now: number): void {
    this.startedAt = now;
    this.writer.reset();
  }

  stop(_now: number, io: SceneIo): void {
    if (this.startedAt === null) return;
    this.startedAt = null;
    if (this.offWhenStopped) this.writer.apply(this.offWhenStopped, io);
  }

  step(now: number, io: SceneIo): void {
    const before = this.level.holds;
    const held = this.level.step(io.states.holds(this.rule), now);
    if (held && !before) this.start(now);
    else if (!held && before && this.cycle) this.stop(now, io);
    if (this.startedAt === null) return;
    const { wanted, done } = this.plan(Math.max(0, now - this.startedAt), this.cycle && held);
    this.writer.apply(wanted, io);
    if (done) this.startedAt = null;
  }
}
