/**
 * The Parameters tab's form: per-channel names, units, scaling points, alarm limits and AO limits
 * as typed (text, so nothing typed is lost), checked against their bounds, and turned into the
 * PATCH settings holding only the lists that changed (a list sent replaces the stored one whole).
 */
import { isScalingActive, scaleValue } from '@fieldlink/protocol';
import type { ScalingPoints, SettingsInput } from '@fieldlink/protocol';
import type { ChannelCounts, Equipment } from '../../api/equipment';
import {
  AO_LIMIT_MAX,
  AO_LIMIT_MIN,
  CHANNEL_NAME_MAX,
  CHANNEL_UNIT_MAX,
  fieldId,
  numberOrNull,
  numberTexts,
  readNumber,
  readWhole,
  sameList,
  textError,
  texts,
} from './channel-rules';
import type { FieldError, FieldErrors } from './channel-rules';

type Lists<K extends string, T> = { readonly [key in K]: readonly T[] };
type ScalingKey = 'x1' | 'x2' | 'y1' | 'y2';

export interface ParametersDraft {
  readonly do: Lists<'names', string>;
  readonly di: Lists<'names', string> & Lists<'alarm' | 'alarmHigh', boolean>;
  readonly ai: Lists<'names' | 'units' | ScalingKey | 'alarmLow' | 'alarmHigh' | 'alarmOperations', string>;
  readonly ao: Lists<'names' | 'units' | ScalingKey | 'min' | 'max', string>;
}

export type AnalogKind = 'ai' | 'ao';
export const SCALING_KEYS: readonly ScalingKey[] = ['x1', 'x2', 'y1', 'y2'];

export function draftFromRecord({
  counts,
  settings: s,
}: Pick<Equipment, 'counts' | 'settings'>): ParametersDraft {
  const bools = (values: readonly boolean[], n: number, missing: boolean) =>
    Array.from({ length: n }, (_, i) => values[i] ?? missing);
  const scaling = (lists: Lists<ScalingKey, number>, n: number) => ({
    x1: numberTexts(lists.x1, n),
    x2: numberTexts(lists.x2, n),
    y1: numberTexts(lists.y1, n),
    y2: numberTexts(lists.y2, n),
  });
  return {
    do: { names: texts(s.do.names, counts.do) },
    di: {
      names: texts(s.di.names, counts.di),
      alarm: bools(s.di.alarm, counts.di, false),
      alarmHigh: bools(s.di.alarmHigh, counts.di, true),
    },
    ai: {
      names: texts(s.ai.names, counts.ai),
      units: texts(s.ai.units, counts.ai),
      ...scaling(s.ai, counts.ai),
      alarmLow: numberTexts(s.ai.alarmLow, counts.ai),
      alarmHigh: numberTexts(s.ai.alarmHigh, counts.ai),
      alarmOperations: texts(s.ai.alarmOperations, counts.ai),
    },
    ao: {
      names: texts(s.ao.names, counts.ao),
      units: texts(s.ao.units, counts.ao),
      ...scaling(s.ao, counts.ao),
      min: numberTexts(s.ao.min, counts.ao),
      max: numberTexts(s.ao.max, counts.ao),
    },
  };
}

/** Whether two drafts hold the same text everywhere (dirty = not the same as the record's). */
export function sameDraft(a: ParametersDraft, b: ParametersDraft): boolean {
  return (['do', 'di', 'ai', 'ao'] as const).every((kind) => {
    const x = a[kind] as Record<string, readonly unknown[]>;
    const y = b[kind] as Record<string, readonly unknown[]>;
    return Object.keys(x).every((key) => sameList(x[key] ?? [], y[key] ?? []));
  });
}

/** Four numbers as points, or null when one is missing. */
function pointsOf(values: readonly (number | null | undefined)[]): ScalingPoints | null {
  const [x1, x2, y1, y2] = values;
  if (typeof x1 !== 'number' || typeof x2 !== 'number' || typeof y1 !== 'number' || typeof y2 !== 'number') {
    return null;
  }
  return { x1, x2, y1, y2 };
}

/** All four points 0: the unset case, values shown raw. */
const isUnset = (p: ScalingPoints): boolean => p.x1 === 0 && p.x2 === 0 && p.y1 === 0 && p.y2 === 0;

/**
 * The points typed for one channel: 'none' when all four are 0 (the unset case, values shown raw),
 * the points when they make a line, 'invalid' otherwise (a field that is not a number, x1 = x2 or
 * y1 = y2: the line would divide by zero or show every value the same).
 */
export function typedScaling(
  lists: Lists<ScalingKey, string>,
  index: number,
): ScalingPoints | 'none' | 'invalid' {
  const points = pointsOf(SCALING_KEYS.map((key) => numberOrNull(lists[key][index] ?? '')));
  if (points === null) return 'invalid';
  if (isUnset(points)) return 'none';
  return isScalingActive(points) ? points : 'invalid';
}

/** A raw reading as the typed points would show it; null while the points are invalid. */
export function previewValue(raw: number, lists: Lists<ScalingKey, string>, index: number): number | null {
  const points = typedScaling(lists, index);
  if (points === 'invalid') return null;
  if (points === 'none') return scaleValue(raw, 0, 0, 0, 0);
  return scaleValue(raw, points.x1, points.x2, points.y1, points.y2);
}

type Put = (kind: string, list: string, index: number, error: FieldError | null) => void;

function checkTexts(put: Put, kind: string, list: string, values: readonly string[], max: number): void {
  values.forEach((v, i) => put(kind, list, i, textError(v, max)));
}

/** Numbers of `lists`, each its own error; returns the values (null where there is an error). */
function checkNumbers(
  put: Put,
  kind: string,
  lists: Record<string, readonly string[]>,
  keys: readonly string[],
  n: number,
) {
  const out: Record<string, (number | null)[]> = {};
  for (const key of keys) {
    out[key] = Array.from({ length: n }, (_, i) => {
      const r = readNumber(lists[key]?.[i] ?? '');
      put(kind, key, i, 'error' in r ? r.error : null);
      return 'value' in r ? r.value : null;
    });
  }
  return out;
}

function checkScaling(put: Put, kind: AnalogKind, v: Record<string, (number | null)[]>, n: number): void {
  for (let i = 0; i < n; i++) {
    const p = pointsOf(SCALING_KEYS.map((key) => v[key]?.[i]));
    if (p === null || isUnset(p)) continue;
    if (p.x1 === p.x2) put(kind, 'x2', i, { key: 'parameters.errors.sameX' });
    if (p.y1 === p.y2) put(kind, 'y2', i, { key: 'parameters.errors.sameY' });
  }
}

/** Every field's error; an empty object when the form may be saved. */
export function validateParameters(draft: ParametersDraft, counts: ChannelCounts): FieldErrors {
  const errors: Record<string, FieldError> = {};
  const put: Put = (kind, list, index, error) => {
    if (error) errors[fieldId(kind, list, index)] = error;
  };
  checkTexts(put, 'do', 'names', draft.do.names, CHANNEL_NAME_MAX);
  checkTexts(put, 'di', 'names', draft.di.names, CHANNEL_NAME_MAX);
  for (const kind of ['ai', 'ao'] as const) {
    checkTexts(put, kind, 'names', draft[kind].names, CHANNEL_NAME_MAX);
    checkTexts(put, kind, 'units', draft[kind].units, CHANNEL_UNIT_MAX);
  }

  const ai = checkNumbers(put, 'ai', draft.ai, [...SCALING_KEYS, 'alarmLow', 'alarmHigh'], counts.ai);
  checkScaling(put, 'ai', ai, counts.ai);
  for (let i = 0; i < counts.ai; i++) {
    const low = ai['alarmLow']?.[i];
    const high = ai['alarmHigh']?.[i];
    if (typeof low !== 'number' || typeof high !== 'number' || (low === 0 && high === 0)) continue;
    // Alarms are evaluated only when upper > lower (spec §4): anything else would never alarm.
    if (!(high > low)) put('ai', 'alarmHigh', i, { key: 'parameters.errors.highNotAboveLow' });
  }

  const ao = checkNumbers(put, 'ao', draft.ao, SCALING_KEYS, counts.ao);
  checkScaling(put, 'ao', ao, counts.ao);
  for (let i = 0; i < counts.ao; i++) {
    const range = (key: 'min' | 'max') => {
      const r = readWhole(draft.ao[key][i] ?? '', AO_LIMIT_MIN, AO_LIMIT_MAX);
      put('ao', key, i, 'error' in r ? r.error : null);
      return 'value' in r ? r.value : null;
    };
    const min = range('min');
    const max = range('max');
    if (min === null || max === null || (min === 0 && max === 0)) continue;
    if (!(min < max)) put('ao', 'max', i, { key: 'parameters.errors.maxNotAboveMin' });
  }
  return errors;
}

const trimmed = (values: readonly string[]) => values.map((v) => v.trim());
const numbers = (values: readonly string[]) => values.map((v) => numberOrNull(v) ?? 0);

/** The lists of `kind` that differ from the record, as the PATCH takes them. */
function changedLists(
  draft: Record<string, readonly unknown[]>,
  stored: Record<string, readonly unknown[]>,
  read: Record<string, (values: readonly never[]) => readonly unknown[]>,
): Record<string, readonly unknown[]> | undefined {
  const out: Record<string, readonly unknown[]> = {};
  for (const [key, convert] of Object.entries(read)) {
    const value = convert((draft[key] ?? []) as readonly never[]);
    if (!sameList(value, stored[key] ?? [])) out[key] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

const keep = (values: readonly boolean[]) => values;

/**
 * The settings to PATCH: only the lists that changed, each whole. Null when nothing changed.
 * Call with a draft that validated.
 */
export function parametersChanges(
  draft: ParametersDraft,
  record: Pick<Equipment, 'counts' | 'settings'>,
): SettingsInput | null {
  const s = record.settings;
  const analog = { names: trimmed, units: trimmed, x1: numbers, x2: numbers, y1: numbers, y2: numbers };
  const changes = {
    do: changedLists(draft.do, s.do, { names: trimmed }),
    di: changedLists(draft.di, s.di, { names: trimmed, alarm: keep, alarmHigh: keep }),
    ai: changedLists(draft.ai, s.ai, {
      ...analog,
      alarmLow: numbers,
      alarmHigh: numbers,
      alarmOperations: trimmed,
    }),
    ao: changedLists(draft.ao, s.ao, { ...analog, min: numbers, max: numbers }),
  };
  const present = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  return Object.keys(present).length > 0 ? (present as SettingsInput) : null;
}
