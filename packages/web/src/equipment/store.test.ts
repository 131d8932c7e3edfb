import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../app/query-client';
import { mockFetch } from '../session/test-support';
import { directory, equipmentKeys, permissionOf, records } from './directory';
import { loadEquipment, putRecord, refreshEquipment, resetEquipment, resyncEquipment } from './loading';
import { scheduleRefresh } from './refresh';
import { useEquipmentStore } from './store';
import { R8_COUNTS, sampleRecord, sampleSettings, sampleType, treeDevice, treeReply } from './test-support';

const host = treeDevice({
  id: 1,
  unid: 'HOST1',
  name: 'Team host',
  isOnline: true,
  soc: 60,
  children: [treeDevice({ id: 2, unid: 'HOST1_3', name: 'Slave 3', isOnline: true, soc: 60 })],
});
const tank = treeDevice({ id: 3, unid: 'TANK', name: 'Tank', group: 'North' });

function tankRecord() {
  const s = sampleSettings(R8_COUNTS);
  return sampleRecord({
    id: 3,
    unid: 'TANK',
    settings: {
      ...s,
      ai: { ...s.ai, x1: [0, 0], x2: [100, 0], y1: [0, 0], y2: [10, 0], alarmLow: [1, 0], alarmHigh: [9, 0] },
    },
  });
}

let restore: () => void = () => undefined;
let fetchCalls: () => number = () => 0;
beforeEach(async () => {
  resetEquipment();
  const fetch = mockFetch({
    'GET /equipment-types': { body: { items: [sampleType()], total: 1 } },
    'GET /equipment/tree': {
      body: treeReply([{ id: 'm_0', name: 'North', children: [tank] }], [host]),
    },
    'GET /equipment': { body: { items: [tankRecord()], total: 1 } },
  });
  restore = fetch.restore;
  fetchCalls = () => fetch.calls.length;
  await loadEquipment();
});
afterEach(() => restore());

describe('equipment data and live store', () => {
  it('loads types, the tree and the records into the query cache, the flags and counters into the store', () => {
    const dir = directory();
    expect(queryClient.getQueryState(equipmentKeys.directory)?.status).toBe('success');
    expect(dir.tree.map((n) => n.key)).toEqual(['m_0', 'd_1']);
    expect(dir.idByUnid['HOST1_3']).toBe(2);
    expect(dir.subDevicesOf['HOST1']).toEqual([2]);
    expect(records()[3]?.name).toBe('Pump house');
    const s = useEquipmentStore.getState();
    expect(s.counters).toEqual({ total: 3, online: 2, offline: 1, alarm: 0, normal: 3 });
    expect(s.flags[1]).toMatchObject({ isOnline: true, soc: 60 });
    // The rights are the record's; a device without a record yet has the tree's level.
    expect(permissionOf(dir, records(), 3)?.operate).toBe(1);
    expect(permissionOf(dir, records(), 1)).toMatchObject({ level: 4, operate: 1 });
  });

  it('keeps a record put after a change, and its rights follow it', () => {
    const changed = {
      ...tankRecord(),
      name: 'Renamed',
      permission: { ...tankRecord().permission, operate: 0 as const },
    };
    putRecord(changed);
    expect(records()[3]?.name).toBe('Renamed');
    expect(permissionOf(directory(), records(), 3)?.operate).toBe(0);
  });

  it('a host going offline takes its sub-devices with it, and the counters follow', () => {
    useEquipmentStore.getState().applyUpdates([{ SN: 'HOST1', IsOnline: false, SOC: 20 }]);
    const s = useEquipmentStore.getState();
    expect(s.flags[1]).toMatchObject({ isOnline: false, soc: 20 });
    expect(s.flags[2]).toMatchObject({ isOnline: false, soc: 20 });
    expect(s.counters).toMatchObject({ online: 0, offline: 3 });
  });

  it('shows no battery for a device that never reported one, until a push carries SOC', () => {
    // The tree gives the tank no battery level: it never reported one.
    expect(useEquipmentStore.getState().flags[3]?.soc).toBeNull();
    useEquipmentStore.getState().applyUpdates([{ SN: 'TANK', IsOnline: true, regai: [50, 0] }]);
    expect(useEquipmentStore.getState().flags[3]).toMatchObject({ isOnline: true, soc: null });
    useEquipmentStore.getState().applyUpdates([{ SN: 'TANK', SOC: 30 }]);
    expect(useEquipmentStore.getState().flags[3]?.soc).toBe(30);
    useEquipmentStore.getState().applyUpdates([{ SN: 'TANK', IsOnline: false }]);
    expect(useEquipmentStore.getState().flags[3]?.soc).toBe(30);
    // A host's reading is its sub-devices'.
    expect(useEquipmentStore.getState().flags[2]?.soc).toBe(60);
  });

  it("a sub-device's own link fields give way to its host's", () => {
    useEquipmentStore.getState().applyUpdates([{ SN: 'HOST1_3', regdo: [1], IsOnline: false, SOC: 5 }]);
    const s = useEquipmentStore.getState();
    expect(s.flags[2]).toMatchObject({ isOnline: true, soc: 60 });
    expect(s.live[2]?.do[0]).toBe(true);
  });

  it('raises and clears the alarm flag from scaled AI values against the limits', () => {
    const apply = (raw: number) =>
      useEquipmentStore.getState().applyUpdates([{ SN: 'TANK', regai: [raw, 0], IsOnline: true }]);
    apply(50);
    expect(useEquipmentStore.getState().flags[3]?.isAlarm).toBe(false);
    apply(95);
    expect(useEquipmentStore.getState().flags[3]?.isAlarm).toBe(true);
    expect(useEquipmentStore.getState().counters.alarm).toBe(1);
    apply(5);
    expect(useEquipmentStore.getState().flags[3]?.isAlarm).toBe(true);
    apply(10);
    expect(useEquipmentStore.getState().flags[3]?.isAlarm).toBe(false);
  });

  it('shows an alarm at once when one is raised for a device', () => {
    useEquipmentStore.getState().markAlarm('HOST1_3');
    expect(useEquipmentStore.getState().flags[2]?.isAlarm).toBe(true);
    expect(useEquipmentStore.getState().counters.alarm).toBe(1);
    const before = useEquipmentStore.getState().flags;
    useEquipmentStore.getState().markAlarm('NOPE');
    expect(useEquipmentStore.getState().flags).toBe(before);
  });

  it('ignores devices it does not know and keeps the state when nothing applies', () => {
    const before = useEquipmentStore.getState();
    before.applyUpdates([{ SN: 'NOPE', IsOnline: true }]);
    expect(useEquipmentStore.getState().live).toBe(before.live);
  });

  it('resync reads the flags anew and keeps the selection', async () => {
    useEquipmentStore.getState().select(1);
    useEquipmentStore.getState().applyUpdates([{ SN: 'HOST1', IsOnline: false }]);
    restore();
    const fetch = mockFetch({
      'GET /equipment/tree': { body: treeReply([{ id: 'm_0', name: 'North', children: [tank] }], [host]) },
      'GET /equipment-types': { body: { items: [sampleType()], total: 1 } },
      'GET /equipment/1': { body: sampleRecord({ id: 1, unid: 'HOST1' }) },
    });
    restore = fetch.restore;
    await resyncEquipment();
    const s = useEquipmentStore.getState();
    expect(s.flags[1]?.isOnline).toBe(true);
    expect(s.selectedId).toBe(1);
    // The same devices: the records are not read again, only the selected one's.
    expect(fetch.calls.map((c) => c.path)).toEqual(['/equipment-types', '/equipment/tree', '/equipment/1']);
  });
  it('refreshes: names anew, live state and records kept for devices still there, the rest gone', async () => {
    const store = useEquipmentStore.getState();
    store.applyUpdates([{ SN: 'TANK', regai: [50, 0], IsOnline: true }]);
    store.select(2);
    expect(useEquipmentStore.getState().live[3]).toBeDefined();
    restore();
    // The host (and its slave) were deleted; the tank was renamed.
    const fetch = mockFetch({
      'GET /equipment-types': { body: { items: [sampleType()], total: 1 } },
      'GET /equipment/tree': {
        body: treeReply([{ id: 'm_0', name: 'North', children: [{ ...tank, name: 'Big tank' }] }], []),
      },
      'GET /equipment': { body: { items: [tankRecord()], total: 1 } },
    });
    restore = fetch.restore;
    await refreshEquipment();
    const dir = directory();
    expect(dir.entries[3]?.name).toBe('Big tank');
    expect(dir.entries[1]).toBeUndefined();
    expect(dir.idByUnid['HOST1_3']).toBeUndefined();
    const s = useEquipmentStore.getState();
    expect(s.live[3]?.ai[0]).toBe(50);
    expect(records()[3]).toBeDefined();
    expect(records()[1]).toBeUndefined();
    expect(s.selectedId).toBeNull();
    expect(s.counters.total).toBe(1);
    expect(Object.keys(s.flags)).toEqual(['3']);
  });

  it('does nothing on a refresh or resync before the first read', async () => {
    resetEquipment();
    restore();
    const fetch = mockFetch({});
    restore = fetch.restore;
    await refreshEquipment();
    await resyncEquipment();
    expect(fetch.calls).toEqual([]);
    expect(queryClient.getQueryData(equipmentKeys.directory)).toBeUndefined();
  });

  it('does not run a refresh asked for before a sign-out', async () => {
    vi.useFakeTimers();
    try {
      scheduleRefresh();
      resetEquipment();
      await loadEquipment();
      const before = fetchCalls();
      await vi.advanceTimersByTimeAsync(2000);
      expect(fetchCalls()).toBe(before);
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops what a read brings after sign-out', async () => {
    resetEquipment();
    restore();
    const fetch = mockFetch({
      'GET /equipment-types': { body: { items: [sampleType()], total: 1 } },
      'GET /equipment/tree': { body: treeReply([], [host]) },
      'GET /equipment': { body: { items: [], total: 0 } },
    });
    restore = fetch.restore;
    const loading = loadEquipment();
    resetEquipment();
    await loading;
    expect(queryClient.getQueryData(equipmentKeys.directory)).toBeUndefined();
    expect(useEquipmentStore.getState().flags).toEqual({});
  });
});
