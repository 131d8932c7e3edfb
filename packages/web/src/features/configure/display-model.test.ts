import { RELAY_HOLD } from '@fieldlink/protocol';
import { describe, expect, it } from 'vitest';
import type { ChannelCounts, Equipment } from '../../api/equipment';
import { sampleRecordOf } from '../../equipment/test-support';
import {
  displayChanges,
  displayFromRecord,
  modeField,
  sameDisplay,
  shownList,
  validateDisplay,
} from './display-model';
import type { DisplayDraft, ModeDraft } from './display-model';

const COUNTS: ChannelCounts = { do: 3, di: 2, ai: 2, ao: 0 };
const DO_DI = {
  DOIndexArr: [],
  DIIndexArr: [1],
  AOIndexArr: [],
  AIIndexArr: [],
  DOScene: [{ fOnImg: 'a.png', fOffImg: 'b.png', note: 'kept' }],
  svgEquipsDate: [{ ID: 12 }],
  custom: { x: 1 },
};

function record(): Equipment {
  return sampleRecordOf(COUNTS, (s) => ({
    modes: { ...s.modes, doUi: '0;1;3&;50;3,10,20', doDi: DO_DI },
    do: {
      ...s.do,
      onImages: ['kg03.png', 'pump.png', ''],
      offImages: ['kg03_0.png', 'pump_0.png', 'x.png'],
    },
  }));
}

function withMode(index: number, change: Partial<ModeDraft>): DisplayDraft {
  const d = displayFromRecord(record());
  return { ...d, modes: d.modes.map((m, i) => (i === index ? { ...m, ...change } : m)) };
}

const errorOf = (draft: DisplayDraft, field: string, modes: readonly number[] = [0, 1, 2, 3]) =>
  validateDisplay(draft, COUNTS, modes)[field]?.key ?? null;

describe('the UI draft', () => {
  it('reads each output mode with its parameters, the channels shown and the pictures', () => {
    const d = displayFromRecord(record());
    expect(d.modes.map((m) => m.mode)).toEqual([0, 1, 3]);
    expect(d.modes[1]).toMatchObject({ hold: '50' });
    expect(d.modes[2]).toMatchObject({ count: '3', on: '10', off: '20' });
    // An empty list shows every channel; DI shows only DI2.
    expect(d.shown).toEqual({ do: [true, true, true], di: [false, true], ai: [true, true], ao: [] });
    // An empty picture is the default.
    expect(d.images.doOn).toEqual(['kg03.png', 'pump.png', 'kg03.png']);
    expect(d.images.aiAlarm).toEqual(['com_alarm.gif', 'com_alarm.gif']);
    expect(sameDisplay(d, displayFromRecord(record()))).toBe(true);
    expect(sameDisplay(d, withMode(0, { mode: 1 }))).toBe(false);
    expect(validateDisplay(d, COUNTS, [0, 1, 2, 3])).toEqual({});
  });
});

describe('UI validation', () => {
  it(`hold of modes 1 and 2: 0 or ${RELAY_HOLD.min}-${RELAY_HOLD.max} (0.1 s), each bound and one past`, () => {
    const hold = (text: string, mode = 1) => errorOf(withMode(1, { mode, hold: text }), modeField(1, 'hold'));
    expect(hold('0')).toBeNull();
    expect(hold('1')).toBe('display.errors.hold');
    expect(hold('2')).toBeNull();
    expect(hold('65535', 2)).toBeNull();
    expect(hold('65536', 2)).toBe('display.errors.hold');
    expect(hold('-1')).toBe('display.errors.hold');
    expect(hold('2.5')).toBe('display.errors.hold');
    expect(hold('')).toBe('parameters.errors.required');
    expect(
      validateDisplay(withMode(1, { hold: '1' }), COUNTS, undefined)[modeField(1, 'hold')]?.values,
    ).toEqual({
      min: 2,
      max: 65535,
    });
  });

  it('cycle: count 1-65535, on and off times 2-65535 (0.1 s)', () => {
    const cycle = (part: 'count' | 'on' | 'off', text: string) =>
      errorOf(withMode(2, { [part]: text }), modeField(2, part));
    expect(cycle('count', '1')).toBeNull();
    expect(cycle('count', '0')).toBe('display.errors.count');
    expect(cycle('count', '65535')).toBeNull();
    expect(cycle('count', '65536')).toBe('display.errors.count');
    for (const part of ['on', 'off'] as const) {
      expect(cycle(part, '2')).toBeNull();
      expect(cycle(part, '1')).toBe('display.errors.phase');
      expect(cycle(part, '65535')).toBeNull();
      expect(cycle(part, '65536')).toBe('display.errors.phase');
    }
  });

  it('parameters of a mode not chosen are not checked', () => {
    expect(errorOf(withMode(1, { mode: 0, hold: '1' }), modeField(1, 'hold'))).toBeNull();
  });

  it('a mode the type does not accept is refused', () => {
    expect(errorOf(displayFromRecord(record()), modeField(2, 'mode'), [0, 1, 2])).toBe(
      'display.errors.modeNotAccepted',
    );
    expect(errorOf(displayFromRecord(record()), modeField(1, 'mode'), [0, 1, 2])).toBeNull();
  });

  it('each kind shows at least one channel', () => {
    const d = displayFromRecord(record());
    const none = { ...d, shown: { ...d.shown, di: [false, false] } };
    expect(errorOf(none, 'shown.di')).toBe('display.errors.noneShown');
    expect(errorOf(d, 'shown.di')).toBeNull();
    // A kind the device does not have needs nothing.
    expect(errorOf(d, 'shown.ao')).toBeNull();
  });
});

describe('the UI changes saved', () => {
  it('nothing when nothing changed', () => {
    expect(displayChanges(displayFromRecord(record()), record())).toBeNull();
  });

  it('the modes as fDOUIMode text', () => {
    const draft = withMode(0, { mode: 2, hold: '25' });
    expect(displayChanges(draft, record())).toEqual({ modes: { doUi: '2;1;3&25;50;3,10,20' } });
  });

  it('the channels shown, keeping every other key of fDODIMode and the lists not changed', () => {
    const d = displayFromRecord(record());
    const draft = { ...d, shown: { ...d.shown, do: [true, false, true], di: [true, true] } };
    const changes = displayChanges(draft, record());
    expect(changes?.modes?.doDi).toEqual({
      custom: { x: 1 },
      DOIndexArr: [0, 2],
      DIIndexArr: [],
      AOIndexArr: [],
      AIIndexArr: [],
      DOScene: [{ note: 'kept', fOnImg: 'a.png', fOffImg: 'b.png' }],
      svgEquipsDate: [{ ID: 12 }],
    });
    expect(shownList([true, true])).toEqual([]);
    expect(shownList([false, true, true])).toEqual([1, 2]);
  });

  it('the open-all and close-all buttons, and the picture lists that changed', () => {
    const d = displayFromRecord(record());
    const draft: DisplayDraft = {
      ...d,
      showCloseAll: false,
      images: {
        ...d.images,
        doOff: ['valve_0.png', 'pump_0.png', 'x.png'],
        ai: ['thermometer.png', 'com_default.png'],
      },
    };
    expect(displayChanges(draft, record())).toEqual({
      showCloseAll: false,
      do: { offImages: ['valve_0.png', 'pump_0.png', 'x.png'] },
      ai: { images: ['thermometer.png', 'com_default.png'] },
    });
  });
});
