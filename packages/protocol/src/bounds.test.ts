// Checks docs/protocol.md § Bounds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADC_DETECT_DISABLED,
  boundFor,
  BOUNDS,
  clampRegisterCount,
  validateAdcDetectTime,
  validateChangeRatio,
  validateDebounce,
  validateMinHold,
  validateRegisterCount,
  validateRelayHold,
  validateReportPeriod,
  validateRuleTime,
  validateRuleTimeValue,
  validateSceneHold,
  validateSceneStableTime,
  validateSlaveId,
  validateThreshold0to10V,
  validateThreshold4to20mA,
  validateTimedReturn,
  validateValveTime,
} from './bounds.js';
import type { BoundValidator } from './bounds.js';
import { LANGS } from './i18n.js';

// [item, validator, min, max, the reason for a value out of range]
const rows: [string, BoundValidator, number, number, string][] = [
  [
    'relay output hold',
    validateRelayHold,
    2,
    65535,
    'relay output hold: 2-65535 (0.1 s), or 0 to hold forever',
  ],
  ['scene output hold', validateSceneHold, 2, 65535, 'scene output hold: 2-65535 s'],
  ['minimum hold', validateMinHold, 1, 65535, 'minimum hold: 1-65535 s'],
  ['debounce', validateDebounce, 1, 255, 'debounce: 1-255 s'],
  [
    'threshold 4-20 mA',
    validateThreshold4to20mA,
    4000,
    20000,
    'analog threshold 4-20 mA: channel value 4000-20000',
  ],
  ['threshold 0-10 V', validateThreshold0to10V, 0, 10000, 'analog threshold 0-10 V: channel value 0-10000'],
  ['scene stable time', validateSceneStableTime, 0, 63, 'scene stable time: 0-63'],
  ['periodic report time', validateReportPeriod, 1, 65535, 'periodic report time: 1-65535 s'],
  ['ADC detect time', validateAdcDetectTime, 1, 255, 'ADC detect time: 1-255 s (255 disables detection)'],
  ['valve open/close time', validateValveTime, 1, 255, 'valve open/close time: 1-255 s'],
  ['change ratio', validateChangeRatio, 0, 100, 'change ratio: 0-100 per mille'],
  [
    'register count',
    validateRegisterCount,
    0,
    255,
    'register count: 0-255 (larger counts are clamped to 255)',
  ],
  ['rule time', validateRuleTime, 0, 63, 'rule time: 0-63 with a unit of 0.1 s, 1 s, 1 min or 10 min'],
  ['timed return', validateTimedReturn, 1, 65535, 'timed return: 1-65535 s'],
  ['slave id', (v) => validateSlaveId(v), 0, 249, 'slave id: 0-249'],
];

describe.each(rows)('%s', (_name, validate, min, max, reason) => {
  it(`accepts ${min} and ${max}`, () => {
    expect(validate(min)).toBeNull();
    expect(validate(max)).toBeNull();
  });

  it(`rejects ${min - 1} and ${max + 1}`, () => {
    expect(validate(min - 1)).toBe(reason);
    expect(validate(max + 1)).toBe(reason);
  });

  it('rejects non-integers', () => {
    expect(validate(min + 0.5)).toMatch(/: whole numbers only, /);
    expect(validate(Number.NaN)).toMatch(/: whole numbers only, /);
    expect(validate(Infinity)).toMatch(/: whole numbers only, /);
  });
});

describe('special values', () => {
  it('relay output hold: 0 holds forever, 1 is out', () => {
    expect(validateRelayHold(0)).toBeNull();
    expect(validateRelayHold(1)).toBe('relay output hold: 2-65535 (0.1 s), or 0 to hold forever');
    expect(validateRelayHold(-1)).toBe('relay output hold: 2-65535 (0.1 s), or 0 to hold forever');
  });

  it('ADC detect time: 255 (disabled) is accepted', () => {
    expect(ADC_DETECT_DISABLED).toBe(255);
    expect(validateAdcDetectTime(ADC_DETECT_DISABLED)).toBeNull();
  });

  it('periodic report time accepts the wider reading 60001-65535', () => {
    expect(validateReportPeriod(60000)).toBeNull();
    expect(validateReportPeriod(60001)).toBeNull();
  });

  it('rule time value and unit', () => {
    expect(validateRuleTimeValue({ value: 63, unit: 3 })).toBeNull();
    expect(validateRuleTimeValue({ value: 0, unit: 0 })).toBeNull();
    expect(validateRuleTimeValue({ value: 64, unit: 0 })).toMatch(/^rule time: 0-63/);
    expect(validateRuleTimeValue({ value: 1, unit: 4 as 0 })).toBe('rule time unit: 0-3');
  });
});

describe('clampRegisterCount', () => {
  it.each([
    [-1, 0],
    [0, 0],
    [255, 255],
    [256, 255],
    [300, 255],
    [12.4, 12],
    [Number.NaN, 0],
    [Infinity, 255],
    [-Infinity, 0],
  ])('%s → %s', (n, clamped) => {
    expect(clampRegisterCount(n)).toBe(clamped);
  });

  it('always gives a count the validator accepts', () => {
    fc.assert(
      fc.property(fc.double(), (n) => {
        expect(validateRegisterCount(clampRegisterCount(n))).toBeNull();
      }),
    );
  });
});

describe('validateSlaveId', () => {
  it('rejects an id used by another device of the team', () => {
    expect(validateSlaveId(3, [1, 2, 3])).toBe('slave id: already used by another device of the team');
    expect(validateSlaveId(4, [1, 2, 3])).toBeNull();
    expect(validateSlaveId(4, new Set([4]))).toBe('slave id: already used by another device of the team');
  });

  it('reports the range before the team', () => {
    expect(validateSlaveId(250, [250])).toBe('slave id: 0-249');
  });
});

describe('BOUNDS table', () => {
  it('has one row per item, unique keys, labels and hints in every language', () => {
    expect(BOUNDS).toHaveLength(15);
    expect(new Set(BOUNDS.map((b) => b.key)).size).toBe(BOUNDS.length);
    for (const row of BOUNDS) {
      for (const lang of LANGS) {
        expect(row.label[lang].length).toBeGreaterThan(0);
        expect(row.hint[lang].length).toBeGreaterThan(0);
      }
      expect(row.validate(row.min)).toBeNull();
      expect(row.validate(row.max)).toBeNull();
      expect(row.validate(row.max + 1)).toMatch(new RegExp(`^${row.name}: `));
      expect(boundFor(row.key)).toBe(row);
    }
    expect(boundFor('nope')).toBeUndefined();
  });

  it('validators never throw', () => {
    fc.assert(
      fc.property(fc.double(), (v) => {
        for (const row of BOUNDS) {
          const r = row.validate(v);
          expect(r === null || typeof r === 'string').toBe(true);
        }
      }),
    );
  });
});
