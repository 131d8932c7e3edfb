// Checks docs/protocol.md § Equipment record channel settings.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aiChannelViews, diChannelViews, doChannelViews, readChannelStates } from '../channels.js';
import { readChannelConfig, typeChannels } from './record.js';

describe('typeChannels', () => {
  it('reads the counts (0-32) and the AO register start (default 400)', () => {
    expect(typeChannels({ fDONum: 4, fDINum: '8', fAINum: 40, fAONum: -1, fAOReg: 600 })).toEqual({
      counts: { do: 4, di: 8, ai: 32, ao: 0 },
      aoRegister: 600,
    });
    expect(typeChannels({})).toEqual({ counts: { do: 0, di: 0, ai: 0, ao: 0 }, aoRegister: 400 });
    expect(typeChannels({ fAOReg: 0 }).aoRegister).toBe(400);
    expect(typeChannels({ fAOReg: '670' }).aoRegister).toBe(670);
    expect(typeChannels({ fAOReg: 65536 }).aoRegister).toBe(400);
  });
});

describe('readChannelConfig', () => {
  const record = {
    fDOName: 'Pump;Fan',
    fDOOnImg: ';fan_on.png',
    fDIName: 'Door',
    fAlarmDI: 'true;0;1',
    fAlarmDIH: 'false',
    fAIName: 'Level;Temp',
    fAIUNIT: 'm;℃',
    fAIX1: '4000;0',
    fAIX2: '20000;0',
    fAIY1: '0;0',
    fAIY2: '5;0',
    fAlarmL: '1;-10',
    fAlarmH: '4;50',
    fAOMin: '0;100',
    fAOMax: '0;900',
  };
  const counts = { do: 2, di: 3, ai: 2, ao: 2 };
  const config = readChannelConfig(record, counts);

  it('sizes every list by the counts and fills the defaults', () => {
    expect(config.do).toEqual({
      names: ['Pump', 'Fan'],
      onImages: ['kg03.png', 'fan_on.png'],
      offImages: ['kg03_0.png', 'kg03_0.png'],
    });
    expect(config.di.alarmFlags).toEqual([true, false, true]);
    expect(config.di.alarmOnHigh).toEqual([false, true, true]);
    expect(config.ai.scaling).toEqual([
      { x1: 4000, x2: 20000, y1: 0, y2: 5 },
      { x1: 0, x2: 0, y1: 0, y2: 0 },
    ]);
    expect(config.ai.lows).toEqual([1, -10]);
    expect(config.ai.highs).toEqual([4, 50]);
    expect(config.ai.alarmImages).toEqual(['com_alarm.gif', 'com_alarm.gif']);
    expect(config.ao.limits).toEqual([
      { min: 400, max: 2000 },
      { min: 100, max: 900 },
    ]);
    expect(config.ao.images).toEqual(['com_default.png', 'com_default.png']);
  });

  it('feeds the view builders', () => {
    const doViews = doChannelViews({
      count: counts.do,
      ...config.do,
      states: readChannelStates('02', counts.do),
    });
    expect(doViews.map((v) => [v.name, v.value, v.image])).toEqual([
      ['Pump', 0, 'kg03_0.png'],
      ['Fan', 1, 'fan_on.png'],
    ]);
    const diViews = diChannelViews({ count: counts.di, ...config.di, states: [false, false, true] });
    expect(diViews.map((v) => [v.passage, v.name, v.alarm])).toEqual([
      ['DI1', 'Door', 1], // alarms on low, is low
      ['DI2', 'DI2', 0], // flag off
      ['DI3', 'DI3', 1], // alarms on high, is high
    ]);
    const aiViews = aiChannelViews({ count: counts.ai, ...config.ai, raw: [20000, 21] });
    expect(aiViews.map((v) => [v.value, v.unit, v.alarm, v.image])).toEqual([
      [5, 'm', 1, 'com_alarm.gif'],
      [21, '℃', 0, 'com_default.png'],
    ]);
  });

  it('never throws on any record', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom('fDOName', 'fAlarmDI', 'fAIX1', 'fAOMin', 'fAOImg', 'fAlarmH', 'x'),
          fc.oneof(fc.string(), fc.anything()),
        ),
        fc.integer({ min: -2, max: 40 }),
        (rec, n) => {
          const c = readChannelConfig(rec, { do: n, di: n, ai: n, ao: n });
          const size = Math.max(0, Math.min(32, n));
          expect(c.do.names).toHaveLength(size);
          expect(c.ao.limits).toHaveLength(size);
        },
      ),
    );
  });
});
