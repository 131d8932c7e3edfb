/** The basic param between the store (spec names) and the rest of the server (domain names). */
import { describe, expect, it } from 'vitest';
import { mergeParam, PARAM_DEFAULTS } from './preferences.js';
import { readParam, storedParam } from './stored-param.js';
import { STORED_PARAM, STORED_PARAM_READ } from './test-support.js';

describe('stored param', () => {
  it('reads each specification name into its domain field', () => {
    expect(readParam(JSON.stringify(STORED_PARAM))).toEqual(STORED_PARAM_READ);
  });

  it('writes the whole param back under the specification names', () => {
    expect(JSON.parse(storedParam(STORED_PARAM_READ))).toEqual(STORED_PARAM);
    expect(readParam(storedParam(STORED_PARAM_READ))).toEqual(STORED_PARAM_READ);
    expect(JSON.parse(storedParam(PARAM_DEFAULTS))).toEqual({
      Sleep_Enable: false,
      Sleep_begin: 1140,
      Sleep_end: 481,
      en_openall: true,
      en_closeall: true,
      en_oprall_Confirm: true,
      en_opr_sec: false,
      sec_confirm: false,
      en_google: false,
      info: { alarm: { alarmtype: 1, alarmsound: 0 }, cfg: {} },
    });
  });

  it('gives the defaults for text that is no JSON object', () => {
    for (const text of ['', '{"Sleep_begin": 5', 'null', '3', '"x"', '[1, 2]', '{}']) {
      expect(readParam(text), text).toEqual(PARAM_DEFAULTS);
    }
  });

  it('gives a damaged field its default and keeps the others', () => {
    const damaged = {
      ...STORED_PARAM,
      Sleep_begin: 1440,
      en_closeall: 'yes',
      sec_confirm: null,
      info: { alarm: { alarmtype: 6, alarmsound: 7 }, cfg: [1] },
    };
    expect(readParam(JSON.stringify(damaged))).toEqual({
      ...STORED_PARAM_READ,
      quietHours: { ...STORED_PARAM_READ.quietHours, start: 1140 },
      closeAllButton: true,
      operationPassword: false,
      alarm: { repeat: 1, sound: 7 },
      consoleSettings: {},
    });
    expect(readParam(JSON.stringify({ ...STORED_PARAM, info: { alarm: 3 } }))).toEqual({
      ...STORED_PARAM_READ,
      alarm: PARAM_DEFAULTS.alarm,
      consoleSettings: {},
    });
    expect(readParam(JSON.stringify({ ...STORED_PARAM, info: 'x' }))).toEqual({
      ...STORED_PARAM_READ,
      alarm: PARAM_DEFAULTS.alarm,
      consoleSettings: {},
    });
  });

  it('drops unknown stored keys on the next write', () => {
    const read = readParam(JSON.stringify({ ...STORED_PARAM, quietHours: { enabled: false }, extra: 1 }));
    expect(read).toEqual(STORED_PARAM_READ);
    expect(JSON.parse(storedParam(read))).toEqual(STORED_PARAM);
  });

  it('does not share the default objects between reads', () => {
    const first = readParam('{}');
    first.consoleSettings['x'] = 1;
    first.quietHours.enabled = true;
    expect(readParam('{}')).toEqual(PARAM_DEFAULTS);
    expect(PARAM_DEFAULTS.consoleSettings).toEqual({});
  });
});

describe('param patch', () => {
  it('merges nested objects field by field and replaces the console settings', () => {
    const merged = mergeParam(STORED_PARAM_READ, {
      quietHours: { end: 0 },
      googleMaps: false,
      alarm: { sound: 2 },
      consoleSettings: { rows: 3 },
    });
    expect(merged).toEqual({
      ...STORED_PARAM_READ,
      quietHours: { enabled: true, start: 1320, end: 0 },
      googleMaps: false,
      alarm: { repeat: 4, sound: 2 },
      consoleSettings: { rows: 3 },
    });
    expect(mergeParam(STORED_PARAM_READ, {})).toEqual(STORED_PARAM_READ);
    expect(mergeParam(STORED_PARAM_READ, { quietHours: {}, alarm: {} })).toEqual(STORED_PARAM_READ);
  });
});
