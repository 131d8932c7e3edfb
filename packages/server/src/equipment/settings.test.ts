/** Equipment settings: sizing by the type, both list forms, merging edits, the wire record. */
import { formatList, parseList } from '@fieldlink/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Settings, SettingsInput } from '@fieldlink/protocol';
import { normaliseSettings, readSettings, wireSettings } from './settings.js';

const counts = { do: 4, di: 2, ai: 3, ao: 1 };

describe('equipment settings', () => {
  it('fills a new record with the defaults of §3, sized by the counts', () => {
    const s = normaliseSettings(counts, {}, undefined, { image: 'relay8.png' });
    expect(s.image).toBe('relay8.png');
    expect(s.do.names).toEqual(['', '', '', '']);
    expect(s.do.onImages).toEqual(Array(4).fill('kg03.png'));
    expect(s.do.offImages).toEqual(Array(4).fill('kg03_0.png'));
    expect(s.di.onImages).toEqual(['kg11.png', 'kg11.png']);
    expect(s.di.offImages).toEqual(['kg11_0.png', 'kg11_0.png']);
    expect(s.di.alarm).toEqual([false, false]);
    expect(s.di.alarmHigh).toEqual([true, true]);
    expect(s.ai.images).toEqual(Array(3).fill('com_default.png'));
    expect(s.ai.alarmImages).toEqual(Array(3).fill('com_alarm.gif'));
    expect(s.ai.alarmHigh).toEqual([0, 0, 0]);
    expect(s.ao.min).toEqual([0]);
    expect(s.param).toEqual({
      basicParam: { NetType: 0, isGateWay: 0, gps: '116.39, 39.9' },
      pcstyles: {},
      wapstyles: {},
    });
    expect(s.modes.doDi).toMatchObject({ DOIndexArr: [], DOScene: [], svgEquipsDate: [] });
    expect(s.modes.doUi).toBe('0;0;0;0&;;;');
    expect(Settings.parse(s)).toEqual(s);
  });

  it('takes lists as arrays or as ; text, dropping items past the count', () => {
    const a = normaliseSettings(counts, {
      do: { names: ['a', 'b', 'c', 'd', 'e', 'f'] },
      ai: { units: 'V;A;W;Hz' },
    });
    expect(a.do.names).toEqual(['a', 'b', 'c', 'd']);
    expect(a.ai.units).toEqual(['V', 'A', 'W']);
    const b = normaliseSettings(counts, {
      ai: { alarmHigh: '1.5;x;;7', x2: [4095] },
      di: { alarm: 'true;0' },
    });
    expect(b.ai.alarmHigh).toEqual([1.5, 0, 0]);
    expect(b.ai.x2).toEqual([4095, 0, 0]);
    expect(b.di.alarm).toEqual([true, false]);
  });

  it('never keeps more than 32 items', () => {
    const big = { do: 32, di: 32, ai: 32, ao: 32 };
    const s = normaliseSettings(big, { do: { names: Array.from({ length: 40 }, (_, i) => `n${i}`) } });
    expect(s.do.names).toHaveLength(32);
    expect(s.do.names[31]).toBe('n31');
  });

  it('merges an edit into what is stored, lists replaced whole', () => {
    const stored = normaliseSettings(counts, {
      do: { names: ['a', 'b'] },
      colors: { title: '#fff' },
      teamSn: 'T1',
    });
    const edited = normaliseSettings(
      counts,
      { do: { onImages: ['x.png'] }, colors: { alarm: 'red' } },
      stored,
    );
    expect(edited.do.names).toEqual(['a', 'b', '', '']);
    expect(edited.do.onImages).toEqual(['x.png', 'kg03.png', 'kg03.png', 'kg03.png']);
    expect(edited.colors).toMatchObject({ title: '#fff', alarm: 'red' });
    expect(edited.teamSn).toBe('T1');
    const replaced = normaliseSettings(counts, { do: { names: ['z'] } }, edited);
    expect(replaced.do.names).toEqual(['z', '', '', '']);
  });

  it('normalises the JSON fields and keeps unknown keys', () => {
    const s = normaliseSettings(counts, {
      param: '{"basicParam":{"gps":"120.1, 30.2","isGateWay":true,"x":1},"y":2}',
      modes: { doDi: '{"DOIndexArr":[0,"1",99,1]}', doUi: '1;3&50;3,10,20' },
      camera: 'not json',
    });
    expect(s.param).toEqual({
      y: 2,
      basicParam: { x: 1, NetType: 0, isGateWay: 1, gps: '120.1, 30.2' },
      pcstyles: {},
      wapstyles: {},
    });
    expect(s.modes.doDi['DOIndexArr']).toEqual([0, 1]);
    expect(s.modes.doUi).toBe('1;3;0;0&50;3,10,20;;');
    expect(s.camera).toEqual({});
  });

  it('rejects input that is not settings', () => {
    expect(SettingsInput.safeParse({ do: { names: [1] } }).success).toBe(false);
    expect(SettingsInput.safeParse({ do: { nicknames: [] } }).success).toBe(false);
    expect(SettingsInput.safeParse({ colors: { title: 'red;drop' } }).success).toBe(false);
    expect(SettingsInput.safeParse({ param: '[1,2]' }).success).toBe(false);
    expect(SettingsInput.safeParse({ ai: { x1: [Infinity] } }).success).toBe(false);
  });

  it('reads a damaged stored document as the defaults', () => {
    expect(readSettings(counts, '{oops', 'a.png')).toEqual(
      normaliseSettings(counts, {}, undefined, { image: 'a.png' }),
    );
    expect(readSettings(counts, '{"image":1}', 'a.png').image).toBe('a.png');
  });

  it('gives the specification record with ; lists', () => {
    const s = normaliseSettings(counts, {
      do: { names: ['Pump;1', 'Fan'] },
      ai: { alarmHigh: [1.5, 2] },
      showOpenAll: false,
    });
    const wire = wireSettings(s);
    expect(wire['fDOName']).toBe('Pump\uff1b1;Fan;;');
    expect(wire['fAlarmH']).toBe('1.5;2;0');
    expect(wire['fAlarmDIH']).toBe('true;true');
    expect(wire['fShowOpenAll']).toBe(0);
    expect(JSON.parse(String(wire['fParam']))).toEqual(s.param);
  });

  it('property: any accepted input gives settings sized by the counts, stable under re-normalising', () => {
    const countsArb = fc.record({
      do: fc.integer({ min: 0, max: 32 }),
      di: fc.integer({ min: 0, max: 32 }),
      ai: fc.integer({ min: 0, max: 32 }),
      ao: fc.integer({ min: 0, max: 32 }),
    });
    const items = fc.array(fc.string({ maxLength: 10 }), { maxLength: 40 });
    const list = fc.oneof(
      items,
      items.map((xs) => formatList(xs)),
    );
    const nums = fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { maxLength: 40 });
    fc.assert(
      fc.property(
        countsArb,
        list,
        nums,
        fc.array(fc.boolean(), { maxLength: 40 }),
        (c, names, highs, flags) => {
          const input = SettingsInput.parse({
            do: { names },
            di: { alarm: flags },
            ai: { alarmHigh: highs },
          });
          const s = normaliseSettings(c, input);
          expect(s.do.names).toHaveLength(c.do);
          expect(s.di.alarm).toHaveLength(c.di);
          expect(s.ai.alarmHigh).toHaveLength(c.ai);
          expect(s.ao.max).toHaveLength(c.ao);
          const texts =
            typeof names === 'string' ? parseList(names, c.do) : parseList(formatList(names), c.do);
          expect(s.do.names).toEqual(texts);
          expect(normaliseSettings(c, {}, s)).toEqual(s);
          expect(Settings.parse(JSON.parse(JSON.stringify(s)))).toEqual(s);
        },
      ),
    );
  });
});
