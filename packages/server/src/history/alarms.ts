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
import type { Settings } from '../equipment/settings.js';

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
    if (was === now) continue;
    const value = values[i] ?? 0;
    const limitOf = (level: -1 | 1) =>
      limits === undefined ? {} : { limit: (level === 1 ? limits.high[i] : limits.low[i]) ?? 0 };
    if (was !== 0) out.push({ type: 'clear', channelKind, channel: i, level: was, value, ...limitOf(was) });
    if (now !== 0) out.push({ type: 'raise', channelKind, channel: i, level: now, value, ...limitOf(now) });
  }
  return out;
}

/** Scaled AI values and their alarm states. */
export function aiStates(
  raw: readonly number[],
  limits: AlarmLimits['ai'],
): { values: number[]; states: AlarmState[] } {
  const values = raw.slice(0, MAX_CHANNELS).map((r, i) => {
    const points = limits.scaling[i];
    return points ? scaleToDisplay(r, points) : Number.isFinite(r) ? r : 0;
  });
  const states = values.map((v, i) => evaluateAlarm(v, limits.low[i] ?? 0, limits.high[i] ?? 0));
  return { values, states };
}

/** DI alarm states (1 or 0). */
export function diStates(states: readonly boolean[], limits: AlarmLimits['di']): AlarmState[] {
  return states
    .slice(0, MAX_CHANNELS)
    .map((s, i) => evaluateDiAlarm(s, limits.alarm[i] ?? false, limits.alarmHigh[i] ?? true));
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

  /** The transitions `snapshot` causes on the equipment, remembering its new states. */
  evaluate(equipmentId: number, limits: AlarmLimits, snapshot: AlarmSnapshot): AlarmTransition[] {
    let known = this.#states.get(equipmentId);
    if (!known) {
      known = { ai: [], di: [] };
      this.#states.set(equipmentId, known);
    }
    const out: AlarmTransition[] = [];
    if (snapshot.ai !== undefined) {
      const { values, states } = aiStates(snapshot.ai, limits.ai);
      const next = merge(known.ai, states);
      out.push(...alarmTransitions('ai', known.ai, next, values, limits.ai));
      known.ai = next;
    }
    if (snapshot.di !== undefined) {
      const states = diStates(snapshot.di, limits.di);
      const next = merge(known.di, states);
      const values = snapshot.di.map((s) => (s ? 1 : 0));
      out.push(...alarmTransitions('di', known.di, next, values));
      known.di = next;
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

/** The new states over the old: channels the snapshot does not reach keep theirs. */
function merge(before: readonly AlarmState[], after: readonly AlarmState[]): AlarmState[] {
  const n = Math.max(before.length, after.length);
  return Array.from({ length: n }, (_, i) => (i < after.length ? after[i]! : (before[i] ?? 0)));
}
