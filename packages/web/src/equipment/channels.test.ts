import { describe, expect, it } from 'vitest';
import { channelViews, isAlarming, shownChannels } from './channels';
import { applyUpdate, emptyLiveState } from './live-state';
import { R8_COUNTS, sampleRecord, sampleSettings } from './test-support';

function tankRecord() {
  const base = sampleSettings(R8_COUNTS);
  return sampleRecord({
    settings: {
      ...base,
      // 4-20 mA (raw 400-2000) shows as 0-5 m; alarms below 0.5 m and above 4.5 m.
      ai: {
        ...base.ai,
        names: ['Tank level', ''],
        units: ['m', ''],
        x1: [400, 0],
        x2: [2000, 0],
        y1: [0, 0],
        y2: [5, 0],
        alarmLow: [0.5, 0],
        alarmHigh: [4.5, 0],
      },
      di: { ...base.di, alarm: [true, false, false, false, false, false, false, false] },
    },
  });
}

const withAi = (raw: number[]) => applyUpdate(undefined, { SN: 'A', regai: raw, regdi: [0] }, R8_COUNTS, 1);

describe('channelViews', () => {
  it('scales AI with the linear points and shows the unit', () => {
    const views = channelViews(tankRecord(), withAi([1200, 77]));
    expect(views.ai[0]).toMatchObject({
      passage: 'AI1',
      name: 'Tank level',
      value: 2.5,
      unit: 'm',
      alarm: 0,
    });
    // Points 0/0 leave the value raw.
    expect(views.ai[1]).toMatchObject({ passage: 'AI2', name: 'AI2', value: 77, alarm: 0 });
  });

  it('alarms low below the lower limit and high above the upper, not at the limits', () => {
    // 0.5 m is raw 560; 4.5 m is raw 1840; one raw step is 0.003125 m.
    const at = (raw: number) => channelViews(tankRecord(), withAi([raw, 0])).ai[0]!.alarm;
    expect(at(560)).toBe(0);
    expect(at(559)).toBe(-1);
    expect(at(1840)).toBe(0);
    expect(at(1841)).toBe(1);
  });

  it('never alarms when the upper limit is not above the lower', () => {
    const record = tankRecord();
    const flat = sampleRecord({
      settings: { ...record.settings, ai: { ...record.settings.ai, alarmLow: [3, 0], alarmHigh: [3, 0] } },
    });
    expect(channelViews(flat, withAi([0, 0])).ai[0]!.alarm).toBe(0);
    expect(channelViews(flat, withAi([2000, 0])).ai[0]!.alarm).toBe(0);
  });

  it('shows DO states with the default switch images', () => {
    const live = applyUpdate(undefined, { SN: 'A', regdo: [1] }, R8_COUNTS, 0);
    const views = channelViews(tankRecord(), live);
    expect(views.do[0]).toMatchObject({ passage: 'DO1', value: 1, image: 'kg03.png' });
    expect(views.do[1]).toMatchObject({ value: 0, image: 'kg03_0.png' });
  });
});

describe('isAlarming', () => {
  it('does not judge before values arrive (a channel reads 0 until then)', () => {
    expect(isAlarming(tankRecord(), emptyLiveState(R8_COUNTS))).toBeNull();
  });
  it('alarms on an AI out of its limits or a DI in its alarm state', () => {
    expect(isAlarming(tankRecord(), withAi([1200, 0]))).toBe(false);
    expect(isAlarming(tankRecord(), withAi([2000, 0]))).toBe(true);
    const di = applyUpdate(withAi([1200, 0]), { SN: 'A', regdi: [1] }, R8_COUNTS, 2);
    expect(isAlarming(tankRecord(), di)).toBe(true);
  });
});

describe('the channels shown (fDODIMode index lists)', () => {
  function hiding(doDi: Record<string, unknown>) {
    const record = tankRecord();
    return sampleRecord({ settings: { ...record.settings, modes: { ...record.settings.modes, doDi } } });
  }

  it('shows every channel when a list is empty or names none within the count', () => {
    expect(shownChannels([], 3)).toEqual([true, true, true]);
    expect(shownChannels([8, 31], 3)).toEqual([true, true, true]);
    expect(shownChannels([2, 0, 9], 3)).toEqual([true, false, true]);
    const views = channelViews(hiding({ DOIndexArr: [], AIIndexArr: [12] }), withAi([1200, 0]));
    expect(views.do).toHaveLength(8);
    expect(views.ai).toHaveLength(2);
  });

  it('shows only the channels listed, in channel order, each keeping its own index', () => {
    const record = hiding({ DOIndexArr: [5, 1], DIIndexArr: [0], AIIndexArr: [1] });
    const views = channelViews(record, withAi([1200, 77]));
    expect(views.do.map((v) => v.passage)).toEqual(['DO2', 'DO6']);
    expect(views.do.map((v) => v.id)).toEqual([1, 5]);
    expect(views.di.map((v) => v.passage)).toEqual(['DI1']);
    expect(views.ai).toEqual([expect.objectContaining({ id: 1, passage: 'AI2', value: 77 })]);
  });

  it('a hidden channel still alarms', () => {
    const record = hiding({ AIIndexArr: [1], DIIndexArr: [1] });
    expect(isAlarming(record, withAi([2000, 0]))).toBe(true);
  });
});
