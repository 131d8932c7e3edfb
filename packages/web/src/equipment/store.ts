/**
 * The equipment store: what the live channel changes and what the user picked, nothing the
 * server's REST replies own (those are in TanStack Query, directory.ts). Per device: its link
 * flags (online, alarm, battery, the slave address it does not answer at; seeded from each tree
 * read, then moved by pushes), the register blocks it does not have (seeded from each record read,
 * then moved by pushes; none once offline) and its channel values; the counters over the flags;
 * the selected device. Live pushes arrive already batched (src/live) and are applied in one
 * update: values, flags and counters together.
 */
import { parentUnid } from '@fieldlink/protocol';
import { create } from 'zustand';
import type { Counters, Equipment } from '../api/equipment';
import { isAlarming } from './channels';
import { countFlags, EMPTY_COUNTERS } from './counters';
import { countsOf, directory, records } from './directory';
import type { Directory } from './directory';
import { applyUpdate } from './live-state';
import type { DeviceUpdate, LiveState } from './live-state';
import type { NodeFlags } from './tree';
import { unsupportedOfRecord, withUnsupported } from './unsupported';
import type { UnsupportedBlocks } from './unsupported';

export interface EquipmentState {
  /** Online, alarm and SOC of each device: the one place the console keeps them. */
  readonly flags: Readonly<Record<number, NodeFlags>>;
  /** Channel values of the devices that have pushed. */
  readonly live: Readonly<Record<number, LiveState>>;
  /** The register blocks each online device refused; only devices with some are named. */
  readonly unsupported: Readonly<Record<number, UnsupportedBlocks>>;
  readonly counters: Counters;
  readonly selectedId: number | null;

  /**
   * A tree was read (directory.ts): its flags are the server's latest word, the values of the
   * devices still there are kept, the selection is dropped if its device is gone.
   */
  adopt(dir: Directory): void;
  /** Records were read (or replied to a change): their refused blocks are the server's latest word. */
  adoptRecords(records: readonly Equipment[]): void;
  select(id: number | null): void;
  /** A batch of device info from the live channel, applied as one update. */
  applyUpdates(updates: readonly DeviceUpdate[], now?: number): void;
  /** An alarm was raised for the device (a Notiface): its flag shows at once. */
  markAlarm(unid: string): void;
  reset(): void;
}

const initial = {
  flags: {},
  live: {},
  unsupported: {},
  counters: EMPTY_COUNTERS,
  selectedId: null,
};

export const useEquipmentStore = create<EquipmentState>()((set) => ({
  ...initial,

  adopt(dir) {
    set((s) => {
      const live: Record<number, LiveState> = {};
      for (const [id, state] of Object.entries(s.live)) if (dir.entries[Number(id)]) live[Number(id)] = state;
      const selectedId = s.selectedId !== null && dir.entries[s.selectedId] ? s.selectedId : null;
      // The tree does not carry refused blocks: those of devices still there and online stay.
      let unsupported = s.unsupported;
      for (const id of Object.keys(s.unsupported).map(Number)) {
        if (!dir.entries[id] || !dir.flags[id]?.isOnline) {
          unsupported = withUnsupported(unsupported, id, undefined);
        }
      }
      return {
        flags: dir.flags,
        counters: countFlags(Object.values(dir.flags)),
        live,
        unsupported,
        selectedId,
      };
    });
  },

  adoptRecords(records) {
    set((s) => {
      let unsupported = s.unsupported;
      for (const record of records) {
        unsupported = withUnsupported(unsupported, record.id, unsupportedOfRecord(record));
      }
      return unsupported === s.unsupported ? {} : { unsupported };
    });
  },

  select(id) {
    set({ selectedId: id });
  },

  applyUpdates(updates, now = Date.now()) {
    if (updates.length === 0) return;
    const dir = directory();
    const byId = records();
    set((s) => {
      const live = { ...s.live };
      const flags = { ...s.flags };
      let unsupported = s.unsupported;
      let touched = false;
      for (const update of updates) {
        const id = dir.idByUnid[update.SN];
        if (id === undefined) continue;
        touched = true;
        const f = flags[id];
        const next = applyUpdate(live[id], update, countsOf(dir, byId, id), now);
        live[id] = next;
        // A sub-device has no link of its own: it shows its host's online flag, battery and silence.
        const host = parentUnid(update.SN);
        const hostId = host === null ? undefined : dir.idByUnid[host];
        const hostFlags = hostId === undefined ? undefined : flags[hostId];
        const link = hostFlags ? linkOf(hostFlags) : ownLink(f, update);
        const record = byId[id];
        const isAlarm = (record ? isAlarming(record, next) : null) ?? f?.isAlarm ?? false;
        flags[id] = { ...link, isAlarm };
        // Refused blocks are the device's own (never a host's for its sub-devices), none offline.
        if (update.IsOnline === false) unsupported = withUnsupported(unsupported, id, undefined);
        else if (update.Unsupported !== undefined) {
          unsupported = withUnsupported(unsupported, id, update.Unsupported);
        }
        if (update.IsOnline !== undefined || update.SOC !== undefined || update.Unanswered !== undefined) {
          for (const child of dir.subDevicesOf[update.SN] ?? []) {
            const c = flags[child] ?? DEFAULT_FLAGS;
            flags[child] = { ...link, isAlarm: c.isAlarm };
          }
        }
      }
      if (!touched) return {};
      return { live, flags, unsupported, counters: countFlags(Object.values(flags)) };
    });
  },

  markAlarm(unid) {
    set((s) => {
      const id = directory().idByUnid[unid];
      const f = id === undefined ? undefined : s.flags[id];
      if (id === undefined || !f || f.isAlarm) return {};
      const flags = { ...s.flags, [id]: { ...f, isAlarm: true } };
      return { flags, counters: countFlags(Object.values(flags)) };
    });
  },

  reset() {
    set({ ...initial });
  },
}));

/** The flags of a device the tree has not described: offline, normal, no battery reported. */
const DEFAULT_FLAGS: NodeFlags = { isOnline: false, isAlarm: false, soc: null };

/** What a device's link gives its flags (a sub-device takes its host's). */
type LinkFlags = Omit<NodeFlags, 'isAlarm'>;

function linkOf(f: NodeFlags): LinkFlags {
  return withUnanswered({ isOnline: f.isOnline, soc: f.soc }, f.unansweredAddress);
}

/**
 * A device's link flags after `update`: online and battery as pushed, else as they were; the
 * address it does not answer at as pushed (null: it answers), else as it was, and never while
 * offline.
 */
function ownLink(f: NodeFlags | undefined, update: DeviceUpdate): LinkFlags {
  const isOnline = update.IsOnline ?? f?.isOnline ?? false;
  // Only a push that carries SOC reports a battery: until one does, none is shown.
  const soc = update.SOC ?? f?.soc ?? DEFAULT_FLAGS.soc;
  const unanswered =
    update.Unanswered === undefined ? f?.unansweredAddress : (update.Unanswered ?? undefined);
  return withUnanswered({ isOnline, soc }, isOnline ? unanswered : undefined);
}

/** Online and battery with the unanswered address, the key left out when there is none. */
function withUnanswered(
  link: { isOnline: boolean; soc: number | null },
  address: number | undefined,
): LinkFlags {
  return address === undefined ? link : { ...link, unansweredAddress: address };
}
