/** Test records and tree replies shaped like the server's. */
import type {
  ChannelCounts,
  Equipment,
  EquipmentSettings,
  EquipmentTree,
  EquipmentType,
  TreeDevice,
} from '../api/equipment';
import { queryClient } from '../app/query-client';
import { countFlags } from './counters';
import { equipmentKeys, indexDirectory } from './directory';
import type { Records } from './directory';
import type { LiveState } from './live-state';
import { resetEquipment } from './loading';
import { useEquipmentStore } from './store';
import type { DeviceEntry, NodeFlags } from './tree';

const list = <T>(n: number, item: T): T[] => Array.from({ length: n }, () => item);

export function sampleSettings(counts: ChannelCounts): EquipmentSettings {
  return {
    image: '',
    background: '',
    webBackground: '',
    colors: { background: '', device: '', alarm: '', alarmHigh: '', alarmLow: '', title: '' },
    showOpenAll: true,
    showCloseAll: true,
    param: {},
    camera: {},
    alarmType: {},
    teamSn: '',
    modes: { doOpr: '', doRtc: '', doDi: {}, doAi: {}, doUi: '', doScene: '' },
    do: { names: list(counts.do, ''), onImages: list(counts.do, ''), offImages: list(counts.do, '') },
    di: {
      names: list(counts.di, ''),
      onImages: list(counts.di, ''),
      offImages: list(counts.di, ''),
      alarm: list(counts.di, false),
      alarmHigh: list(counts.di, true),
    },
    ai: {
      names: list(counts.ai, ''),
      units: list(counts.ai, ''),
      x1: list(counts.ai, 0),
      x2: list(counts.ai, 0),
      y1: list(counts.ai, 0),
      y2: list(counts.ai, 0),
      alarmHigh: list(counts.ai, 0),
      alarmLow: list(counts.ai, 0),
      alarmOperations: list(counts.ai, ''),
      images: list(counts.ai, ''),
      alarmImages: list(counts.ai, ''),
    },
    ao: {
      names: list(counts.ao, ''),
      units: list(counts.ao, ''),
      x1: list(counts.ao, 0),
      x2: list(counts.ao, 0),
      y1: list(counts.ao, 0),
      y2: list(counts.ao, 0),
      min: list(counts.ao, 0),
      max: list(counts.ao, 0),
      images: list(counts.ao, ''),
    },
  };
}

export const R8_COUNTS: ChannelCounts = { do: 8, di: 8, ai: 2, ao: 0 };

export function sampleType(type = 'FL-R8', counts: ChannelCounts = R8_COUNTS): EquipmentType {
  return {
    type,
    names: { en: type, zh: type, tc: type },
    counts,
    aoRegister: 400,
    series2000: false,
    logicType: 'rules',
    rulePages: [],
    relayModes: [0, 1, 2, 3],
    image: '',
    icon: '',
    hostRole: null,
    attachesTo: null,
    isTeam: false,
    slaveAddress: 254,
    clock: true,
    starts: { do: 0, di: 0, ai: 0 },
    custom: false,
    defaults: sampleSettings(counts),
  };
}

export function sampleRecord(overrides: Partial<Equipment> = {}): Equipment {
  const counts = overrides.counts ?? R8_COUNTS;
  return {
    id: 1,
    unid: 'DEMO0001',
    sn: 'DEMO0001',
    type: 'FL-R8',
    name: 'Pump house',
    description: '',
    group: '',
    parentId: null,
    address: null,
    ownerId: 7,
    counts,
    aoRegister: 400,
    series2000: false,
    permission: {
      level: 4,
      operate: 1,
      camera: 1,
      read: true,
      edit: true,
      delete: true,
      owner: true,
      until: null,
    },
    status: { online: true, alarm: false, soc: null, at: null, unansweredAddress: null, unsupported: {} },
    settings: sampleSettings(counts),
    hasLinkSecret: true,
    openLink: false,
    modbusTcp: null,
    slaveAddress: null,
    clockSync: null,
    createdAt: '2026-01-05T08:00:00.000Z',
    updatedAt: '2026-01-05T08:00:00.000Z',
    ...overrides,
  };
}

/**
 * A record of these channel counts whose settings are the sample ones of the counts with the parts
 * `change` gives (from the sample settings) put in their place; `overrides` as sampleRecord's.
 */
export function sampleRecordOf(
  counts: ChannelCounts,
  change: (settings: EquipmentSettings) => Partial<EquipmentSettings>,
  overrides: Partial<Equipment> = {},
): Equipment {
  const settings = sampleSettings(counts);
  return sampleRecord({ counts, settings: { ...settings, ...change(settings) }, ...overrides });
}

export function treeDevice(overrides: Partial<TreeDevice> & { id: number; name: string }): TreeDevice {
  return {
    unid: `SN${overrides.id}`,
    type: 'FL-R8',
    group: '',
    icon: 'ab00.png',
    isOnline: false,
    isAlarm: false,
    soc: null,
    level: 4,
    children: [],
    ...overrides,
  };
}

export function treeReply(groups: EquipmentTree['groups'], devices: TreeDevice[]): EquipmentTree {
  return { groups, devices, counters: { total: 0, online: 0, offline: 0, alarm: 0, normal: 0 } };
}

/** A tree entry: an FL-R8 with serial `SN<id>`, full rights, in `group` (none by default). */
export const deviceEntry = (
  id: number,
  name: string,
  group = '',
  parentId: number | null = null,
): DeviceEntry => ({
  id,
  unid: `SN${id}`,
  name,
  type: 'FL-R8',
  group,
  icon: 'ab00.png',
  parentId,
  level: 4,
});

/** What a test puts in place of the server's replies and the live channel. */
export interface EquipmentSeed {
  /** Catalogue entries; by default the sample FL-R8 when there are entries. */
  readonly types?: Readonly<Record<string, EquipmentType>>;
  /** Tree entries: the directory's entries, serials, sub-devices, tree and groups follow. */
  readonly entries?: readonly DeviceEntry[];
  /** Full records (also their entries, when `entries` is not given). */
  readonly records?: readonly Equipment[];
  /** The flags the tree reply came with, and the live store's. */
  readonly flags?: Readonly<Record<number, NodeFlags>>;
  readonly live?: Readonly<Record<number, LiveState>>;
  readonly selectedId?: number | null;
}

/** A tree entry for a record (its group, no host). */
export function entryOf(record: Equipment): DeviceEntry {
  return {
    id: record.id,
    unid: record.unid,
    name: record.name,
    type: record.type,
    group: record.group,
    icon: 'ab00.png',
    parentId: null,
    level: record.permission.level,
  };
}

/**
 * The console's equipment as after the server's replies and the live channel gave `seed`: the
 * directory and records in the query cache, the flags, values and selection in the store.
 * Whatever was there before goes.
 */
export function seedEquipment(seed: EquipmentSeed): void {
  resetEquipment();
  const entries = seed.entries ?? (seed.records ?? []).map(entryOf);
  const types = seed.types ?? (entries.length > 0 ? Object.fromEntries(typesOf(entries, seed.records)) : {});
  const flags = seed.flags ?? {};
  // Indexed as the server's tree is (directory.ts): a sub-device is one whose serial names its host.
  const dir = indexDirectory(types, entries, flags);
  queryClient.setQueryData(equipmentKeys.directory, dir);
  if (seed.records) {
    const byId: Records = Object.fromEntries(seed.records.map((r) => [r.id, r]));
    queryClient.setQueryData(equipmentKeys.records, byId);
  }
  useEquipmentStore.setState({
    flags,
    counters: countFlags(Object.values(flags)),
    live: seed.live ?? {},
    selectedId: seed.selectedId ?? null,
  });
  // As a records read hands them on (loading.ts): the blocks each online device refused.
  useEquipmentStore.getState().adoptRecords(seed.records ?? []);
}

/** The sample type of each model the entries name (with the counts of its record, if given). */
function typesOf(
  entries: readonly DeviceEntry[],
  records: readonly Equipment[] = [],
): [string, EquipmentType][] {
  const names = [...new Set(entries.map((e) => e.type))];
  return names.map((name) => [name, sampleType(name, records.find((r) => r.type === name)?.counts)]);
}

/** The equipment as after a tree reply of `entries` (FL-R8s) with their `flags`. */
export function loadTreeStore(entries: readonly DeviceEntry[], flags: Record<number, NodeFlags>): void {
  seedEquipment({ types: { 'FL-R8': sampleType() }, entries, flags });
}
