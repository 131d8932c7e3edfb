import { describe, expect, it } from 'vitest';
import type { ChannelCounts, Equipment } from '../../api/equipment';
import { sampleRecordOf } from '../../equipment/test-support';
import { CHANNEL_NAME_MAX, CHANNEL_UNIT_MAX } from './channel-rules';
import {
  draftFromRecord,
  parametersChanges,
  previewValue,
  sameDraft,
  typedScaling,
  validateParameters,
} from './parameters-model';
import type { ParametersDraft } from './parameters-model';

const COUNTS: ChannelCounts = { do: 2, di: 2, ai: 2, ao: 2 };

function record(): Equipment {
  return sampleRecordOf(COUNTS, (s) => ({
    do: { ...s.do, names: ['Pump', ''] },
    ai: {
      ...s.ai,
      names: ['Level', ''],
      units: ['m', ''],
      x1: [0, 0],
      x2: [4095, 0],
      y1: [0, 0],
      y2: [5, 0],
      alarmLow: [0.5, 0],
      alarmHigh: [4.5, 0],
    },
    ao: { ...s.ao, min: [400, 0], max: [2000, 0], x1: [400, 0], x2: [2000, 0], y1: [0, 0], y2: [100, 0] },
  }));
}

/** The draft of record() with one item of one list replaced. */
function edited(kind: 'do' | 'di' | 'ai' | 'ao', list: string, index: number, value: string | boolean) {
  const d = draftFromRecord(record()) as unknown as Record<string, Record<string, unknown[]>>;
  const lists = d[kind]!;
  lists[list] = lists[list]!.map((v, i) => (i === index ? value : v));
  return d as unknown as ParametersDraft;
}

const errorsOf = (draft: ParametersDraft) => validateParameters(draft, COUNTS);
const errorAt = (kind: 'do' | 'di' | 'ai' | 'ao', list: string, index: number, value: string) =>
  errorsOf(edited(kind, list, index, value))[`${kind}.${list}.${index}`]?.key ?? null;

describe('the parameters draft', () => {
  it('reads every list of the record as text, and is the same as itself', () => {
    const draft = draftFromRecord(record());
    expect(draft.do.names).toEqual(['Pump', '']);
    expect(draft.ai.x2).toEqual(['4095', '0']);
    expect(draft.ai.alarmLow).toEqual(['0.5', '0']);
    expect(draft.di.alarmHigh).toEqual([true, true]);
    expect(sameDraft(draft, draftFromRecord(record()))).toBe(true);
    expect(sameDraft(draft, edited('ai', 'x2', 0, '4000'))).toBe(false);
    expect(sameDraft(draft, edited('di', 'alarm', 1, true))).toBe(false);
  });

  it('the stored record passes', () => {
    expect(errorsOf(draftFromRecord(record()))).toEqual({});
  });
});

describe('parameters validation', () => {
  it(`names: up to ${CHANNEL_NAME_MAX} characters, one more refused (spaces around do not count)`, () => {
    for (const kind of ['do', 'di', 'ai', 'ao'] as const) {
      expect(errorAt(kind, 'names', 0, 'n'.repeat(CHANNEL_NAME_MAX))).toBeNull();
      expect(errorAt(kind, 'names', 0, `  ${'n'.repeat(CHANNEL_NAME_MAX)}  `)).toBeNull();
      expect(errorAt(kind, 'names', 1, 'n'.repeat(CHANNEL_NAME_MAX + 1))).toBe('parameters.errors.tooLong');
    }
    expect(errorAt('do', 'names', 0, '')).toBeNull();
  });

  it(`units: up to ${CHANNEL_UNIT_MAX} characters, one more refused`, () => {
    for (const kind of ['ai', 'ao'] as const) {
      expect(errorAt(kind, 'units', 0, 'u'.repeat(CHANNEL_UNIT_MAX))).toBeNull();
      expect(errorAt(kind, 'units', 0, 'u'.repeat(CHANNEL_UNIT_MAX + 1))).toBe('parameters.errors.tooLong');
    }
  });

  it('numbers: plain decimals within ±10^12 (the contract), one past refused', () => {
    for (const list of ['x1', 'y1', 'alarmLow']) {
      expect(errorAt('ai', list, 1, '-1000000000000')).toBeNull();
      expect(errorAt('ai', list, 1, '-1000000000001')).toBe('parameters.errors.numberRange');
    }
    for (const list of ['x2', 'y2', 'alarmHigh']) {
      expect(errorAt('ai', list, 1, '1e12')).toBeNull();
      expect(errorAt('ai', list, 1, '1000000000001')).toBe('parameters.errors.numberRange');
    }
    expect(errorAt('ao', 'y2', 0, '1000000000001')).toBe('parameters.errors.numberRange');
    expect(errorAt('ai', 'x2', 0, '')).toBe('parameters.errors.required');
    expect(errorAt('ai', 'x2', 0, '  ')).toBe('parameters.errors.required');
    for (const text of ['abc', '0x10', 'Infinity', '1,5', '1e999']) {
      expect(errorAt('ai', 'x2', 0, text)).toBe('parameters.errors.notNumber');
    }
    expect(errorAt('ai', 'y2', 0, ' 2.5 ')).toBeNull();
  });

  it('scaling: X1 = X2 and Y1 = Y2 refused, all four 0 is no scaling', () => {
    expect(errorAt('ai', 'x2', 0, '0')).toBe('parameters.errors.sameX');
    expect(errorAt('ai', 'x2', 0, '1')).toBeNull();
    expect(errorAt('ai', 'y2', 0, '0')).toBe('parameters.errors.sameY');
    expect(errorAt('ao', 'x2', 0, '400')).toBe('parameters.errors.sameX');
    // Channel 2 has all four at 0: raw values, fine; one set makes the others count.
    expect(errorsOf(draftFromRecord(record()))['ai.x2.1']).toBeUndefined();
    expect(errorAt('ai', 'y2', 1, '10')).toBeNull();
    expect(errorsOf(edited('ai', 'y2', 1, '10'))['ai.x2.1']?.key).toBe('parameters.errors.sameX');
  });

  it('alarm limits: the upper must be above the lower (spec §4), both 0 is no alarm', () => {
    // Lower is 0.5.
    expect(errorAt('ai', 'alarmHigh', 0, '0.6')).toBeNull();
    expect(errorAt('ai', 'alarmHigh', 0, '0.5')).toBe('parameters.errors.highNotAboveLow');
    expect(errorAt('ai', 'alarmHigh', 0, '0.4')).toBe('parameters.errors.highNotAboveLow');
    expect(errorAt('ai', 'alarmHigh', 0, '0')).toBe('parameters.errors.highNotAboveLow');
    // Channel 2: 0 / 0 is unset; a lower limit alone would never alarm.
    expect(errorsOf(draftFromRecord(record()))['ai.alarmHigh.1']).toBeUndefined();
    expect(errorsOf(edited('ai', 'alarmLow', 1, '3'))['ai.alarmHigh.1']?.key).toBe(
      'parameters.errors.highNotAboveLow',
    );
    expect(errorAt('ai', 'alarmHigh', 1, '-1')).toBe('parameters.errors.highNotAboveLow');
  });

  it('AO limits: whole raw values 0-65535, min below max, both 0 the default range', () => {
    expect(errorAt('ao', 'min', 1, '0')).toBeNull();
    expect(errorAt('ao', 'min', 1, '-1')).toBe('parameters.errors.wholeRange');
    expect(errorAt('ao', 'max', 0, '65535')).toBeNull();
    expect(errorAt('ao', 'max', 0, '65536')).toBe('parameters.errors.wholeRange');
    expect(errorAt('ao', 'max', 0, '1500.5')).toBe('parameters.errors.wholeRange');
    expect(errorAt('ao', 'max', 0, '401')).toBeNull();
    expect(errorAt('ao', 'max', 0, '400')).toBe('parameters.errors.maxNotAboveMin');
    expect(errorAt('ao', 'max', 0, '399')).toBe('parameters.errors.maxNotAboveMin');
    expect(errorsOf(draftFromRecord(record()))['ao.max.1']).toBeUndefined();
    expect(errorsOf(edited('ao', 'min', 1, '10'))['ao.max.1']?.key).toBe('parameters.errors.maxNotAboveMin');
  });
});

describe('the preview of typed points', () => {
  it('scales a raw reading with the typed points; raw when all are 0; none while invalid', () => {
    const draft = draftFromRecord(record());
    expect(previewValue(4095, draft.ai, 0)).toBe(5);
    expect(previewValue(77, draft.ai, 1)).toBe(77);
    expect(previewValue(4095, edited('ai', 'y2', 0, '10').ai, 0)).toBe(10);
    expect(previewValue(4095, edited('ai', 'x2', 0, '0').ai, 0)).toBeNull();
    expect(previewValue(4095, edited('ai', 'x2', 0, 'x').ai, 0)).toBeNull();
    expect(typedScaling(draft.ao, 0)).toEqual({ x1: 400, x2: 2000, y1: 0, y2: 100 });
    expect(typedScaling(draft.ao, 1)).toBe('none');
  });
});

describe('the changes saved', () => {
  it('nothing when nothing changed', () => {
    expect(parametersChanges(draftFromRecord(record()), record())).toBeNull();
  });

  it('only the lists that changed, each whole, names trimmed and numbers as numbers', () => {
    const d = draftFromRecord(record());
    const draft: ParametersDraft = {
      ...d,
      do: { names: ['  Main pump ', ''] },
      di: { ...d.di, alarm: [false, true], alarmHigh: [true, false] },
      ai: { ...d.ai, y2: ['10', '0'], alarmOperations: ['close 1', ''] },
    };
    expect(parametersChanges(draft, record())).toEqual({
      do: { names: ['Main pump', ''] },
      di: { alarm: [false, true], alarmHigh: [true, false] },
      ai: { y2: [10, 0], alarmOperations: ['close 1', ''] },
    });
  });

  it('a number typed differently but equal is no change', () => {
    expect(parametersChanges(edited('ai', 'y2', 0, '5.0'), record())).toBeNull();
    expect(parametersChanges(edited('ao', 'max', 0, ' 2000 '), record())).toBeNull();
  });
});
