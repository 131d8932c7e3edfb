/**
 * Server-side alarm evaluation (spec §4 alarm rule): analog inputs against their limits, after
 * scaling (below the lower limit is low, -1; above the upper is high, 1; limits count only when
 * upper > lower), and digital inputs whose alarm flag is set, at their alarm level.
 *
 * The evaluator remembers each channel's state per equipment, in memory, and answers each new
 * snapshot with the transitions it causes: `raise` when a channel starts alarming, `clear` when it
 * stops. A channel that jumps from low to high clears the low alarm and raises the high one. The
 * first snapshot of an equipment raises whatever alarms in it. No I/O.
 */
import { evaluateAlarm, evaluateDiAlarm, scaleToDisplay } from '@fieldlink/protocol';
import type { AlarmState, ScalingPoints } from '@fieldlink/protocol';
import type { Settings } from '@fieldlink/protocol';

/** What alarm evaluation needs of an equipment's settings. */
export interface AlarmLimits {
  readonly ai: {
    readonly scaling: readonly ScalingPoints[];
    readonly low: readonly number[];
    readonly high: readonly number[];
  };
  readonly di: {
    /** fAlarmDI: the input can alarm. */
    readonly alarm: readonly boolean[];
    /** fAlarmDIH: it alarms when closed (true) or open (false). */
    readonly alarmHigh: readonly boolean[];
  };
}

/** Limits by the settings they were read from: settings are replaced, never changed, on an edit. */
const limitsCache = new WeakMap<object, AlarmLimits>();

export function alarmLimitsOf(settings: Pick<Settings, 'ai' | 'di'>): AlarmLimits {
  let limits = limitsCache.get(settings);
  if (!limits) {
    limits = readLimits(settings);
    limitsCache.set(settings, limits);
  }
  return limits;
}

function readLimits(settings: Pick<Settings, 'ai' | 'di'>): AlarmLimits {
  const { ai, di } = settings;
  return {
    ai: {
      scaling: ai.x1.map((x1, i) => ({ x1, x2: ai.x2[i] ?? 0, y1: ai.y1[i] ?? 0, y2: ai.y2[i] ?? 0 })),
      low: ai.alarmLow,
      high: ai.alarmHigh,
    },
    di: { alarm: di.alarm, alarmHigh: di.alarmHigh },
  };
}

/** A device's current inputs; a part left out keeps its channels' states as they were. */
export interface AlarmSnapshot {
  /** Raw AI register values, channel 0 first. */
  readonly ai?: readonly number[];
  readonly di?: readonly boolean[];
}

export interface AlarmTransition {
  readonly type: 'raise' | 'clear';
  readonly channelKind: 'ai' | 'di';
  /** Counted from 0. */
  readonly channel: number;
  /** The alarm raised or cleared: -1 low, 1 high. */
  readonly level: -1 | 1;
  /** The value now: scaled for AI, 1 or 0 for DI. */
  readonly value: number;
  /** AI: the limit crossed (the lower for low alarms, the upper for high ones). */
  readonly limit?: number;
}

/** At most 32 channels of a kind. */
const MAX_CHANNELS = 32;

/**
 * Adds to `out` the transitions of one channel going from `was` to `now`: the old alarm cleared,
 * then the new one raised. `limits` (AI) adds the limit crossed.
 */
function channelTransitions(
  out: AlarmTransition[],
  channelKind: 'ai' | 'di',
  channel: number,
  was: AlarmState,
  now: AlarmState,
  value: number,
  limits?: { readonly low: readonly number[]; readonly high: readonly number[] },
): void {
  const limitOf = (level: -1 | 1) =>
    limits === undefined ? {} : { limit: (level === 1 ? limits.high[channel] : limits.low[channel]) ?? 0 };
  if (was !== 0) out.push({ type: 'clear', channelKind, channel, level: was, value, ...limitOf(was) });
  if (now !== 0) out.push({ type: 'raise', channelKind, channel, level: now, value, ...limitOf(now) });
}

/** The transitions from `before` to `after` on one kind of channel. Pure. */
export function alarmTransitions(
  channelKind: 'ai' | 'di',
  before: readonly AlarmState[],
  after: readonly AlarmState[],
  values: readonly number[],
  limits?: { readonly low: readonly number[]; readonly high: readonly number[] },
): AlarmTransition[] {
  const out: AlarmTransition[] = [];
  const n = Math.max(before.length, after.length);
  for (let i = 0; i < n; i++) {
    const was = before[i] ?? 0;
    const now = after[i] ?? 0;
    if (was !== now) channelTransitions(out, channelKind, i, was, now, values[i] ?? 0, limits);
  }
  return out;
}

/** One AI channel's scaled value. */
function aiValue(raw: number, limits: AlarmLimits['ai'], channel: number): number {
  const points = limits.scaling[channel];
  return points ? scaleToDisplay(raw, points) : Number.isFinite(raw) ? raw : 0;
}

/** One DI channel's alarm state. */
function diState(state: boolean, limits: AlarmLimits['di'], channel: number): AlarmState {
  return evaluateDiAlarm(state, limits.alarm[channel] ?? false, limits.alarmHigh[channel] ?? true);
}

/** Scaled AI values and their alarm states. */
export function aiStates(
  raw: readonly number[],
  limits: AlarmLimits['ai'],
): { values: number[]; states: AlarmState[] } {
  const values = raw.slice(0, MAX_CHANNELS).map((r, i) => aiValue(r, limits, i));
  const states = values.map((v, i) => evaluateAlarm(v, limits.low[i] ?? 0, limits.high[i] ?? 0));
  return { values, states };
}

/** DI alarm states (1 or 0). */
export function diStates(states: readonly boolean[], limits: AlarmLimits['di']): AlarmState[] {
  return states.slice(0, MAX_CHANNELS).map((s, i) => diState(s, limits, i));
}

interface EquipmentAlarms {
  ai: AlarmState[];
  di: AlarmState[];
}

export interface ActiveAlarm {
  readonly channelKind: 'ai' | 'di';
  readonly channel: number;
  readonly level: -1 | 1;
}

export class AlarmEvaluator {
  readonly #states = new Map<number, EquipmentAlarms>();

  /**
   * The transitions `snapshot` causes on the equipment, remembering its new states. Runs for
   * every status of every device, so it works channel by channel on the remembered states and
   * allocates only for a transition.
   */
  evaluate(equipmentId: number, limits: AlarmLimits, snapshot: AlarmSnapshot): AlarmTransition[] {
    let known = this.#states.get(equipmentId);
    if (!known) {
      known = { ai: [], di: [] };
      this.#states.set(equipmentId, known);
    }
    const out: AlarmTransition[] = [];
    const { ai, di } = snapshot;
    if (ai !== undefined) {
      const n = Math.min(ai.length, MAX_CHANNELS);
      for (let i = 0; i < n; i++) {
        const value = aiValue(ai[i]!, limits.ai, i);
        const now = evaluateAlarm(value, limits.ai.low[i] ?? 0, limits.ai.high[i] ?? 0);
        const was = known.ai[i] ?? 0;
        if (was !== now) channelTransitions(out, 'ai', i, was, now, value, limits.ai);
        known.ai[i] = now;
      }
    }
    if (di !== undefined) {
      const n = Math.min(di.length, MAX_CHANNELS);
      for (let i = 0; i < n; i++) {
        const now = diState(di[i]!, limits.di, i);
        const was = known.di[i] ?? 0;
        if (was !== now) channelTransitions(out, 'di', i, was, now, di[i] ? 1 : 0);
        known.di[i] = now;
      }
    }
    return out;
  }

  /** The channels alarming now. */
  active(equipmentId: number): ActiveAlarm[] {
    const known = this.#states.get(equipmentId);
    if (!known) return [];
    const list = (channelKind: 'ai' | 'di', states: readonly AlarmState[]): ActiveAlarm[] =>
      states.flatMap((level, channel) => (level === 0 ? [] : [{ channelKind, channel, level }]));
    return [...list('ai', known.ai), ...list('di', known.di)];
  }

  /** Whether any channel of the equipment alarms. */
  isAlarming(equipmentId: number): boolean {
    const known = this.#states.get(equipmentId);
    return known !== undefined && (known.ai.some((s) => s !== 0) || known.di.some((s) => s !== 0));
  }

  /** Drops what is known of the equipment (deleted, or its link restarted). */
  forget(equipmentId: number): void {
    this.#states.delete(equipmentId);
  }
}
