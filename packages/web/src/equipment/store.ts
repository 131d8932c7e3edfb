/**
 * The equipment store (spec §3): types, groups, devices and their tree, records by id, live
 * state, the user's rights and the counters. The tree reply makes the page interactive first;
 * the full records follow in the background (their settings are what channel names, scaling and
 * alarm limits come from). Live pushes arrive already batched (src/live) and are applied in one
 * update: state, tree flags and counters together.
 */
import { parentUnid } from '@fieldlink/protocol';
import { create } from 'zustand';
import type {
  ChannelCounts,
  Counters,
  Equipment,
  EquipmentTree,
  EquipmentType,
  Permission,
} from '../api/equipment';
import { getEquipment, getEquipmentTree, listAllEquipment, listEquipmentTypes } from '../api/equipment';
import { isAlarming } from './channels';
import { countFlags, EMPTY_COUNTERS } from './counters';
import { applyUpdate, emptyLiveState } from './live-state';
import type { DeviceUpdate, LiveState } from './live-state';
import { permissionFromLevel } from './rights';
import { buildTree, flattenTreeReply } from './tree';
import type { DeviceEntry, GroupNode, NodeFlags, TreeNode } from './tree';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

const NO_COUNTS: ChannelCounts = { do: 0, di: 0, ai: 0, ao: 0 };

export interface EquipmentState {
  readonly status: LoadStatus;
  readonly error: string | null;
  /** Catalogue entries by type name. */
  readonly types: Readonly<Record<string, EquipmentType>>;
  /** Static description of each device by id. */
  readonly entries: Readonly<Record<number, DeviceEntry>>;
  readonly idByUnid: Readonly<Record<string, number>>;
  /** Ids of the sub-devices of each host unid (they show the host's online flag and SOC). */
  readonly subDevicesOf: Readonly<Record<string, readonly number[]>>;
  readonly tree: readonly TreeNode[];
  readonly groups: readonly GroupNode[];
  /** Online, alarm and SOC of each tree node. */
  readonly flags: Readonly<Record<number, NodeFlags>>;
  /** Full records, filled in the background and on selection. */
  readonly records: Readonly<Record<number, Equipment>>;
  readonly live: Readonly<Record<number, LiveState>>;
  readonly rights: Readonly<Record<number, Permission>>;
  readonly counters: Counters;
  readonly selectedId: number | null;

  /** Types and tree, then every record in the background. */
  load(): Promise<void>;
  /** Reads the states anew (after a reconnect or an overflow) without losing the selection. */
  resync(): Promise<void>;
  /**
   * The full refresh of §4 (after an edit, a delete, a share change, a live 'EquipChanged'): the
   * types and tree read anew, live state and records kept for the devices still there, the
   * selection dropped if its device is gone, then (unless `records` is false) the records again in
   * the background.
   */
  refresh(options?: { readonly records?: boolean }): Promise<void>;
  /** The record of one equipment, from the server (and kept). */
  loadRecord(id: number): Promise<Equipment>;
  /** A record the server just replied with (after a change): kept, with its rights. */
  putRecord(record: Equipment): void;
  select(id: number | null): void;
  /** A batch of device info from the live channel, applied as one update. */
  applyUpdates(updates: readonly DeviceUpdate[], now?: number): void;
  /** An alarm was raised for the device (a Notiface): its flag shows at once. */
  markAlarm(unid: string): void;
  reset(): void;
}

const initial = {
  status: 'idle' as LoadStatus,
  error: null,
  types: {},
  entries: {},
  idByUnid: {},
  subDevicesOf: {},
  tree: [],
  groups: [],
  flags: {},
  records: {},
  live: {},
  rights: {},
  counters: EMPTY_COUNTERS,
  selectedId: null,
};

/** The channel counts of a device: its record's, else its type's. */
export function countsOf(
  state: Pick<EquipmentState, 'records' | 'types' | 'entries'>,
  id: number,
): ChannelCounts {
  const record = state.records[id];
  if (record) return record.counts;
  const entry = state.entries[id];
  return (entry && state.types[entry.type]?.counts) || NO_COUNTS;
}

function indexEntries(entries: readonly DeviceEntry[]) {
  const byId: Record<number, DeviceEntry> = {};
  const idByUnid: Record<string, number> = {};
  const subDevicesOf: Record<string, number[]> = {};
  for (const e of entries) {
    byId[e.id] = e;
    idByUnid[e.unid] = e.id;
  }
  for (const e of entries) {
    const host = parentUnid(e.unid);
    if (host !== null && idByUnid[host] !== undefined) (subDevicesOf[host] ??= []).push(e.id);
  }
  return { entries: byId, idByUnid, subDevicesOf };
}

/** What the types and the tree reply make of the store (the tree's rights until records come). */
function treeState(types: readonly EquipmentType[], reply: EquipmentTree) {
  const { entries, flags } = flattenTreeReply(reply);
  const tree = buildTree(entries);
  const rights: Record<number, Permission> = {};
  for (const e of entries) rights[e.id] = permissionFromLevel(e.level);
  return {
    status: 'ready' as const,
    error: null,
    types: Object.fromEntries(types.map((t) => [t.type, t])),
    ...indexEntries(entries),
    tree,
    groups: tree.filter((n): n is GroupNode => n.kind === 'group'),
    flags: Object.fromEntries(flags),
    counters: countFlags(flags.values()),
    rights,
  };
}

/** The records read in the background, kept for the devices of the tree, with their rights. */
function withRecords(s: EquipmentState, records: readonly Equipment[]) {
  const byId: Record<number, Equipment> = { ...s.records };
  const rights: Record<number, Permission> = { ...s.rights };
  for (const r of records) {
    if (s.entries[r.id] === undefined) continue;
    byId[r.id] = r;
    rights[r.id] = r.permission;
  }
  return { records: byId, rights };
}

// A load started later wins over one still running (sign-out and sign-in in quick succession).
let generation = 0;

export const useEquipmentStore = create<EquipmentState>()((set, get) => ({
  ...initial,

  async load() {
    const mine = ++generation;
    set({ status: 'loading', error: null });
    try {
      const [types, reply] = await Promise.all([listEquipmentTypes(), getEquipmentTree()]);
      if (mine !== generation) return;
      set({ ...treeState(types.items, reply), live: {}, records: {} });
    } catch (error) {
      if (mine === generation)
        set({ status: 'error', error: error instanceof Error ? error.message : String(error) });
      return;
    }
    await loadAllRecords(mine);
  },

  async resync() {
    if (get().status === 'idle') return;
    const mine = generation;
    try {
      const reply = await getEquipmentTree();
      if (mine !== generation) return;
      const { entries, flags } = flattenTreeReply(reply);
      const known = get().entries;
      const sameDevices = entries.length === Object.keys(known).length && entries.every((e) => known[e.id]);
      if (!sameDevices) {
        // The user's equipment changed while the channel was down: rebuild everything.
        await get().load();
        return;
      }
      set((s) => {
        const live = { ...s.live };
        for (const [id, f] of flags) {
          const state = live[id];
          if (state) live[id] = { ...state, isOnline: f.isOnline, soc: f.soc };
        }
        return { flags: Object.fromEntries(flags), counters: countFlags(flags.values()), live };
      });
      const selected = get().selectedId;
      if (selected !== null) await get().loadRecord(selected);
    } catch {
      // The next reconnect or push tries again.
    }
  },

  async refresh({ records: withAll = true } = {}) {
    if (get().status === 'idle') return;
    const mine = generation;
    try {
      const [types, reply] = await Promise.all([listEquipmentTypes(), getEquipmentTree()]);
      if (mine !== generation) return;
      set((s) => {
        const next = treeState(types.items, reply);
        const keep = <T>(byId: Readonly<Record<number, T>>): Record<number, T> =>
          Object.fromEntries(Object.entries(byId).filter(([id]) => next.entries[Number(id)] !== undefined));
        const records = keep(s.records);
        for (const r of Object.values(records)) next.rights[r.id] = r.permission;
        const selected = s.selectedId !== null && next.entries[s.selectedId] ? s.selectedId : null;
        return { ...next, live: keep(s.live), records, selectedId: selected };
      });
    } catch {
      // The next change or reconnect refreshes again; what is shown stays.
      return;
    }
    const selected = get().selectedId;
    if (!withAll) {
      // The selected device's record still comes anew (it may be the one that changed).
      if (selected !== null)
        await get()
          .loadRecord(selected)
          .catch(() => undefined);
      return;
    }
    await loadAllRecords(mine);
  },

  putRecord(record) {
    set((s) => ({
      records: { ...s.records, [record.id]: record },
      rights: { ...s.rights, [record.id]: record.permission },
    }));
  },

  async loadRecord(id) {
    const record = await getEquipment(id);
    set((s) => ({
      records: { ...s.records, [id]: record },
      rights: { ...s.rights, [id]: record.permission },
    }));
    return record;
  },

  select(id) {
    set({ selectedId: id });
  },

  applyUpdates(updates, now = Date.now()) {
    if (updates.length === 0) return;
    set((s) => {
      const live = { ...s.live };
      const flags = { ...s.flags };
      let touched = false;
      const setLink = (id: number, isOnline: boolean | undefined, soc: number | undefined): void => {
        const counts = countsOf(s, id);
        const state = live[id] ?? emptyLiveState(counts, flags[id]?.isOnline ?? false, flags[id]?.soc);
        live[id] = { ...state, isOnline: isOnline ?? state.isOnline, soc: soc ?? state.soc };
        const f = flags[id];
        if (f) flags[id] = { ...f, isOnline: isOnline ?? f.isOnline, soc: soc ?? f.soc };
      };
      for (const update of updates) {
        const id = s.idByUnid[update.SN];
        if (id === undefined) continue;
        touched = true;
        const counts = countsOf(s, id);
        const f = flags[id];
        const previous = live[id] ?? emptyLiveState(counts, f?.isOnline ?? false, f?.soc);
        let next = applyUpdate(previous, update, counts, now);
        const host = parentUnid(update.SN);
        const hostId = host === null ? undefined : s.idByUnid[host];
        const hostFlags = hostId === undefined ? undefined : flags[hostId];
        // A sub-device has no link of its own: it shows its host's online flag and battery.
        if (hostFlags) next = { ...next, isOnline: hostFlags.isOnline, soc: hostFlags.soc };
        live[id] = next;
        const record = s.records[id];
        const isAlarm = (record ? isAlarming(record, next) : null) ?? f?.isAlarm ?? false;
        flags[id] = { isOnline: next.isOnline, soc: next.soc, isAlarm };
        if (update.IsOnline !== undefined || update.SOC !== undefined) {
          for (const child of s.subDevicesOf[update.SN] ?? []) setLink(child, next.isOnline, next.soc);
        }
      }
      if (!touched) return {};
      return { live, flags, counters: countFlags(Object.values(flags)) };
    });
  },

  markAlarm(unid) {
    set((s) => {
      const id = s.idByUnid[unid];
      const f = id === undefined ? undefined : s.flags[id];
      if (id === undefined || !f || f.isAlarm) return {};
      const flags = { ...s.flags, [id]: { ...f, isAlarm: true } };
      return { flags, counters: countFlags(Object.values(flags)) };
    });
  },

  reset() {
    generation += 1;
    set({ ...initial });
  },
}));

/**
 * Every record of the user's devices into the store, unless a load started since `mine`. Without
 * them the tree still works (a selected device loads its own record) and the records already held
 * stay.
 */
async function loadAllRecords(mine: number): Promise<void> {
  try {
    const records = await listAllEquipment();
    if (mine !== generation) return;
    useEquipmentStore.setState((s) => withRecords(s, records));
  } catch {
    // The next load or refresh tries again.
  }
}
