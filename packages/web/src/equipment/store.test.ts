import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../session/test-support';
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
beforeEach(async () => {
  useEquipmentStore.getState().reset();
  const fetch = mockFetch({
    'GET /equipment-types': { body: { items: [sampleType()], total: 1 } },
    'GET /equipment/tree': {
      body: treeReply([{ id: 'm_0', name: 'North', children: [tank] }], [host]),
    },
    'GET /equipment': { body: { items: [tankRecord()], total: 1 } },
  });
  restore = fetch.restore;
  await useEquipmentStore.getState().load();
});
afterEach(() => restore());

describe('equipment store', () => {
  it('loads types, the tree, the counters and the records', () => {
    const s = useEquipmentStore.getState();
    expect(s.status).toBe('ready');
    expect(s.tree.map((n) => n.key)).toEqual(['m_0', 'd_1']);
    expect(s.counters).toEqual({ total: 3, online: 2, offline: 1, alarm: 0, normal: 3 });
    expect(s.idByUnid['HOST1_3']).toBe(2);
    expect(s.subDevicesOf['HOST1']).toEqual([2]);
    expect(s.records[3]?.name).toBe('Pump house');
    expect(s.rights[3]?.operate).toBe(1);
    // Devices without a record yet take their rights from the tree's level.
    expect(s.rights[1]).toMatchObject({ level: 4, operate: 1 });
  });

  it('a host going offline takes its sub-devices with it, and the counters follow', () => {
    useEquipmentStore.getState().applyUpdates([{ SN: 'HOST1', IsOnline: false, SOC: 20 }]);
    const s = useEquipmentStore.getState();
    expect(s.flags[1]).toMatchObject({ isOnline: false, soc: 20 });
    expect(s.flags[2]).toMatchObject({ isOnline: false, soc: 20 });
    expect(s.live[2]?.soc).toBe(20);
    expect(s.counters).toMatchObject({ online: 0, offline: 3 });
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
      'GET /equipment/1': { body: sampleRecord({ id: 1, unid: 'HOST1' }) },
    });
    restore = fetch.restore;
    await useEquipmentStore.getState().resync();
    const s = useEquipmentStore.getState();
    expect(s.flags[1]?.isOnline).toBe(true);
    expect(s.live[1]?.isOnline).toBe(true);
    expect(s.selectedId).toBe(1);
    expect(fetch.calls.map((c) => c.path)).toEqual(['/equipment/tree', '/equipment/1']);
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
    await useEquipmentStore.getState().refresh();
    const s = useEquipmentStore.getState();
    expect(s.entries[3]?.name).toBe('Big tank');
    expect(s.entries[1]).toBeUndefined();
    expect(s.idByUnid['HOST1_3']).toBeUndefined();
    expect(s.live[3]?.ai[0]).toBe(50);
    expect(s.records[3]).toBeDefined();
    expect(s.selectedId).toBeNull();
    expect(s.counters.total).toBe(1);
  });
});
