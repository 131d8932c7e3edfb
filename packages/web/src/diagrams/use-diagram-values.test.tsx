// @vitest-environment jsdom
// useDiagramValues against the console's stores, seeded as the monitoring tests seed them: the
// equipment page's names, scaling, alarms and limits; only the bound equipment; unknown ones left
// out; pushes followed.
import { DIAGRAM_FORMAT, DIAGRAM_VERSION, DiagramDocument } from '@fieldlink/protocol';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelCounts } from '../api/equipment';
import type { LiveState } from '../equipment/live-state';
import { resetEquipment } from '../equipment/loading';
import { useEquipmentStore } from '../equipment/store';
import { deviceEntry, sampleRecordOf, seedEquipment } from '../equipment/test-support';
import { setLanguage } from '../i18n';
import { useDiagramValues } from './use-diagram-values';

const COUNTS: ChannelCounts = { do: 2, di: 2, ai: 2, ao: 1 };

/** Tank 7: DO2 hidden from its page; AI1 0-1000 raw as 0-10 m, alarming below 1 m and above 8 m; AO1 0-100 %. */
const tank = sampleRecordOf(
  COUNTS,
  (s) => ({
    modes: { ...s.modes, doDi: { DOIndexArr: [0] } },
    do: { ...s.do, names: ['Pump', ''] },
    ai: {
      ...s.ai,
      names: ['Level', ''],
      units: ['m', ''],
      x1: [0, 0],
      x2: [1000, 0],
      y1: [0, 0],
      y2: [10, 0],
      alarmLow: [1, 0],
      alarmHigh: [8, 0],
    },
    ao: {
      ...s.ao,
      names: ['Valve'],
      units: ['%'],
      x1: [0],
      x2: [1000],
      y1: [0],
      y2: [100],
      min: [100],
      max: [900],
    },
  }),
  { id: 7, unid: 'SN7', name: 'Tank' },
);

function liveOf(raw: { do: boolean[]; ai: number[]; ao: number[] }): LiveState {
  return {
    do: raw.do,
    di: [false, false],
    ai: raw.ai,
    ao: raw.ao,
    time: null,
    receivedAt: 1,
    known: { do: true, di: false, ai: true, ao: true },
  };
}

const doc = DiagramDocument.parse({
  format: DIAGRAM_FORMAT,
  version: DIAGRAM_VERSION,
  canvas: { background: {}, grid: {} },
  widgets: [
    {
      id: 'v',
      kind: 'value',
      x: 0,
      y: 0,
      width: 10,
      height: 10,
      binding: { equipmentId: 7, channel: { kind: 'ai', index: 1 } },
    },
    {
      id: 's8',
      kind: 'status',
      x: 0,
      y: 0,
      width: 10,
      height: 10,
      binding: { equipmentId: 8, channel: null },
    },
    {
      id: 's9',
      kind: 'status',
      x: 0,
      y: 0,
      width: 10,
      height: 10,
      binding: { equipmentId: 9, channel: null },
    },
  ],
});

beforeEach(() => {
  setLanguage('en');
  seedEquipment({
    entries: [deviceEntry(7, 'Tank'), { ...deviceEntry(8, 'Well'), level: 3 }, deviceEntry(10, 'Barn')],
    records: [tank],
    flags: {
      7: { isOnline: true, isAlarm: false, soc: 30 },
      8: { isOnline: false, isAlarm: true, soc: 30 },
      10: { isOnline: true, isAlarm: false, soc: 30 },
    },
    live: { 7: liveOf({ do: [true, true], ai: [500, 0], ao: [500] }) },
  });
});
afterEach(() => {
  cleanup();
  resetEquipment();
});

describe('useDiagramValues', () => {
  it("reads the bound equipment's channels as the equipment page does", () => {
    const { result } = renderHook(() => useDiagramValues(doc));
    const tankValues = result.current.get(7)!;
    expect(tankValues).toMatchObject({ name: 'Tank', online: true, alarm: false, operable: true });
    expect(tankValues.channel('ai', 1)).toEqual({
      value: 5,
      text: '5 m',
      unit: 'm',
      alarm: false,
      name: 'Level',
    });
    expect(tankValues.channel('do', 1)).toEqual({
      on: true,
      text: 'On',
      unit: '',
      alarm: false,
      name: 'Pump',
    });
    // Hidden from the equipment page, still drawn where a diagram binds it.
    expect(tankValues.channel('do', 2)).toMatchObject({ on: true, name: 'DO2' });
    // DI values have not arrived: '—', not off.
    expect(tankValues.channel('di', 1)).toEqual({ text: '—', unit: '', alarm: false, name: 'DI1' });
    // The output's limits (raw 100-900) in the shown unit.
    expect(tankValues.channel('ao', 1)).toMatchObject({
      value: 50,
      text: '50 %',
      min: 10,
      max: 90,
      name: 'Valve',
    });
    expect(tankValues.channel('ai', 3)).toBeUndefined();
  });

  it('knows equipment without a record by its tree entry, and leaves out what the user cannot see', () => {
    const { result } = renderHook(() => useDiagramValues(doc));
    expect([...result.current.keys()]).toEqual([7, 8]); // 9 is not in the tree; 10 is not drawn
    const well = result.current.get(8)!;
    // The tree's level alone: edit (3) does not imply operating until the record says.
    expect(well).toMatchObject({ name: 'Well', online: false, alarm: true, operable: false });
    expect(well.channel('do', 1)).toBeUndefined();
  });

  it('follows pushes, and keeps the values of equipment a push did not touch', () => {
    const { result } = renderHook(() => useDiagramValues(doc));
    const well = result.current.get(8);
    act(() => {
      useEquipmentStore.setState((s) => ({
        live: { ...s.live, 7: liveOf({ do: [false, true], ai: [900, 0], ao: [500] }) },
        flags: { ...s.flags, 7: { isOnline: true, isAlarm: true, soc: 30 } },
      }));
    });
    const tankValues = result.current.get(7)!;
    expect(tankValues.channel('ai', 1)).toMatchObject({ value: 9, text: '9 m', alarm: true });
    expect(tankValues.channel('do', 1)).toMatchObject({ on: false, text: 'Off' });
    expect(tankValues.alarm).toBe(true);
    expect(result.current.get(8)).toBe(well);
  });

  it('shows — for a block the device does not have', () => {
    act(() => useEquipmentStore.setState({ unsupported: { 7: { ai: 2 } } }));
    const { result } = renderHook(() => useDiagramValues(doc));
    expect(result.current.get(7)!.channel('ai', 1)).toEqual({
      text: '—',
      unit: 'm',
      alarm: false,
      name: 'Level',
    });
  });
});
