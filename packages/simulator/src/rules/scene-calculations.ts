/**
 * The calculation scenes (docs/protocol.md § Function calculation, § Assignment calculation,
 * § Cumulative flow). They have no rule reference: they run from the moment they are loaded
 * until output mode 4 stops them, and mode 5 starts them again.
 *
 * - Function calculation (10): at every step X = formula(A, B) goes into its cache register;
 *   the scene holds once X has passed the comparison with B and C for the hold time.
 * - Assignment calculation (20): the target is set to formula(A, B) at the first step and then
 *   once every period; the scene holds while it runs.
 * - Cumulative flow (30): the target quantity of totaliser `module` is cache register `module`.
 *   While the flow read from the flow register is below the target less the advance, the valve
 *   (the DO channel) is open: on throughout (DO switch) or on for the open time and off for the
 *   close time in turn (DO loop); otherwise it is closed. It is running while it doses, and
 *   holds once the flow has reached the target less the advance.
 *
 * An operand that cannot be read (a channel or register the device does not have) skips the
 * step: nothing is written, and the function calculation's comparison counts as failed.
 */
import { applyFormula, compare } from '@fieldlink/protocol';
import type { RuleOf } from '@fieldlink/protocol';
import { StableLevel, timeMs } from './levels.js';
import { comparisonUsesB, formulaUsesB } from './math.js';
import type { RegisterTarget } from './registers.js';
import { ChannelWriter } from './scene-runtime.js';
import type { SceneIo, SceneRuntime } from './scene-runtime.js';

export type FunctionScene = Extract<RuleOf<'scene'>, { type: 10 }>;
export type AssignmentScene = Extract<RuleOf<'scene'>, { type: 20 }>;
export type CumulativeFlowScene = Extract<RuleOf<'scene'>, { type: 30 }>;

type Operand = FunctionScene['a'];

function read(io: SceneIo, operand: Operand, now: number): number | null {
  return io.registers.operand(operand.source, operand.value, now);
}

export class FunctionRun implements SceneRuntime {
  readonly kind = 'calculation';
  private readonly level: StableLevel;
  private readonly target: RegisterTarget;
  private readonly needsB: boolean;
  private stopped = false;
  private computed = false;

  constructor(private readonly rule: FunctionScene) {
    this.level = new StableLevel(timeMs(rule.holdTime));
    this.target = { regType: 5, regAddr: rule.resultRegister };
    this.needsB = formulaUsesB(rule.formula) || comparisonUsesB(rule.comparison);
  }

  get running(): boolean {
    return !this.stopped;
  }

  get holds(): boolean {
    return this.level.holds;
  }

  start(): void {
    this.stopped = false;
  }

  stop(): void {
    this.stopped = true;
    this.level.reset();
  }

  step(now: number, io: SceneIo): void {
    if (this.stopped) return;
    const a = read(io, this.rule.a, now);
    const b = this.needsB ? read(io, this.rule.b, now) : 0;
    const c = read(io, this.rule.c, now);
    if (a === null || b === null || c === null) {
      this.level.step(false, now);
      return;
    }
    // Smoothing moves from the cache register's value; the first X of a loaded scene is A.
    const previous = this.computed ? (io.registers.read(this.target, now) ?? undefined) : undefined;
    io.registers.write(this.target, applyFormula(this.rule.formula, a, b, previous), now);
    this.computed = true;
    const x = io.registers.read(this.target, now) ?? 0;
    this.level.step(compare(this.rule.comparison, x, b, c), now);
  }
}

export class AssignmentRun implements SceneRuntime {
  readonly kind = 'calculation';
  private readonly periodMs: number;
  private stopped = false;
  private last: number | null = null;
  private written = false;

  constructor(private readonly rule: AssignmentScene) {
    this.periodMs = timeMs(rule.period);
  }

  get running(): boolean {
    return !this.stopped;
  }

  get holds(): boolean {
    return !this.stopped;
  }

  /** Runs again (a running one writes at its next step and counts its period from there). */
  start(): void {
    this.stopped = false;
    this.last = null;
  }

  stop(): void {
    this.stopped = true;
  }

  step(now: number, io: SceneIo): void {
    if (this.stopped) return;
    if (this.last !== null && now >= this.last && now - this.last < this.periodMs) return;
    const a = read(io, this.rule.a, now);
    const b = formulaUsesB(this.rule.formula) ? read(io, this.rule.b, now) : 0;
    if (a === null || b === null) return;
    const previous = this.written ? (io.registers.read(this.rule.target, now) ?? undefined) : undefined;
    this.written = io.registers.write(this.rule.target, applyFormula(this.rule.formula, a, b, previous), now);
    this.last = now;
  }
}

const DO_SWITCH = 1;
const DO_LOOP = 2;

export class FlowRun implements SceneRuntime {
  readonly kind = 'calculation';
  private readonly writer = new ChannelWriter();
  private readonly active: boolean;
  private stopped = false;
  private dosingSince: number | null = null;
  private reached = false;

  constructor(private readonly rule: CumulativeFlowScene) {
    this.active = rule.mode === DO_SWITCH || rule.mode === DO_LOOP;
  }

  get running(): boolean {
    return this.dosingSince !== null;
  }

  get holds(): boolean {
    return this.reached;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.writer.reset();
  }

  stop(_now: number, io: SceneIo): void {
    this.stopped = true;
    this.dosingSince = null;
    this.reached = false;
    if (this.active) this.valve(false, io);
  }

  step(now: number, io: SceneIo): void {
    if (this.stopped || !this.active) return;
    const target = io.registers.read({ regType: 5, regAddr: this.rule.module }, now) ?? 0;
    const flow = io.registers.operand(this.rule.regSource, this.rule.regAddr, now);
    if (flow === null) return;
    const dosing = target > 0 && flow < target - this.rule.advance;
    this.reached = target > 0 && !dosing;
    if (!dosing) {
      this.dosingSince = null;
      this.valve(false, io);
      return;
    }
    if (this.dosingSince === null || now < this.dosingSince) this.dosingSince = now;
    let open = true;
    if (this.rule.mode === DO_LOOP) {
      const on = timeMs(this.rule.openTime);
      const cycle = on + timeMs(this.rule.closeTime);
      open = cycle === 0 || (now - this.dosingSince) % cycle < on;
    }
    this.valve(open, io);
  }

  private valve(open: boolean, io: SceneIo): void {
    this.writer.apply(new Map([[this.rule.doChannel, open]]), io);
  }
}
