/**
 * The user's equipment as the server gives it (spec §3), held in TanStack Query and nowhere else:
 * the directory (types, and the tree reply indexed: entries, serials, sub-devices, tree, groups,
 * and the flags the reply came with) and the full records by id. The live state and the
 * selection are the equipment store's (store.ts). Components subscribe through the hooks here;
 * they never fetch by themselves: `loadEquipment` (loading.ts) does, once per sign-in, and the
 * refreshes of §4 after that.
 */
import { parentUnid } from '@fieldlink/protocol';
import { useQuery } from '@tanstack/react-query';
import type { ChannelCounts, Equipment, EquipmentTree, EquipmentType, Permission } from '../api/equipment';
import { getEquipmentTree, listAllEquipment, listEquipmentTypes } from '../api/equipment';
import { queryClient } from '../app/query-client';
import { permissionFromLevel } from './rights';
import { buildTree, flattenTreeReply } from './tree';
import type { DeviceEntry, GroupNode, NodeFlags, TreeNode } from './tree';

export interface Directory {
  /** Catalogue entries by type name. */
  readonly types: Readonly<Record<string, EquipmentType>>;
  /** Static description of each device by id. */
  readonly entries: Readonly<Record<number, DeviceEntry>>;
  readonly idByUnid: Readonly<Record<string, number>>;
  /** Ids of the sub-devices of each host unid (they show the host's online flag and SOC). */
  readonly subDevicesOf: Readonly<Record<string, readonly number[]>>;
  readonly tree: readonly TreeNode[];
  readonly groups: readonly GroupNode[];
  /** Online, alarm and SOC of each device when the tree was read (the live store takes over). */
  readonly flags: Readonly<Record<number, NodeFlags>>;
}

/** Full records by id. */
export type Records = Readonly<Record<number, Equipment>>;

export const EMPTY_DIRECTORY: Directory = {
  types: {},
  entries: {},
  idByUnid: {},
  subDevicesOf: {},
  tree: [],
  groups: [],
  flags: {},
};
const NO_RECORDS: Records = {};
const NO_COUNTS: ChannelCounts = { do: 0, di: 0, ai: 0, ao: 0 };

export const equipmentKeys = {
  /** Everything below: removed on sign-out. */
  root: ['equipment'] as const,
  directory: ['equipment', 'directory'] as const,
  records: ['equipment', 'records'] as const,
};

/** The types and the tree reply, indexed once per read. */
export function buildDirectory(types: readonly EquipmentType[], reply: EquipmentTree): Directory {
  const { entries, flags } = flattenTreeReply(reply);
  return indexDirectory(
    Object.fromEntries(types.map((t) => [t.type, t])),
    entries,
    Object.fromEntries(flags),
  );
}

/** The directory of these types, entries and flags: by id, by serial, sub-devices, tree, groups. */
export function indexDirectory(
  types: Directory['types'],
  entries: readonly DeviceEntry[],
  flags: Directory['flags'],
): Directory {
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
  const tree = buildTree(entries);
  return {
    types,
    entries: byId,
    idByUnid,
    subDevicesOf,
    tree,
    groups: tree.filter((n): n is GroupNode => n.kind === 'group'),
    flags,
  };
}

// Read once per sign-in and on the refreshes of §4, never because a component mounted or some
// time passed; a parse of 10,000 devices is not repeated for a structural comparison either.
const held = {
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  structuralSharing: false,
};

export const directoryQuery = {
  queryKey: equipmentKeys.directory,
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<Directory> => {
    const [types, reply] = await Promise.all([listEquipmentTypes(signal), getEquipmentTree(signal)]);
    return buildDirectory(types.items, reply);
  },
  ...held,
};

export const recordsQuery = {
  queryKey: equipmentKeys.records,
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<Records> => {
    const items = await listAllEquipment({}, signal);
    // Only the devices of the tree: one added since is read with the next tree.
    const known = directory().entries;
    return Object.fromEntries(items.filter((r) => known[r.id] !== undefined).map((r) => [r.id, r]));
  },
  ...held,
};

/** The directory now (empty before the first read), for code outside React. */
export function directory(): Directory {
  return queryClient.getQueryData<Directory>(equipmentKeys.directory) ?? EMPTY_DIRECTORY;
}

/** The records read so far, for code outside React. */
export function records(): Records {
  return queryClient.getQueryData<Records>(equipmentKeys.records) ?? NO_RECORDS;
}

/** The channel counts of a device: its record's, else its type's. */
export function countsOf(dir: Directory, byId: Records, id: number): ChannelCounts {
  const record = byId[id];
  if (record) return record.counts;
  const entry = dir.entries[id];
  return (entry && dir.types[entry.type]?.counts) || NO_COUNTS;
}

/** The user's rights on a device: its record's, else the tree's level. */
export function permissionOf(dir: Directory, byId: Records, id: number): Permission | undefined {
  const record = byId[id];
  if (record) return record.permission;
  const entry = dir.entries[id];
  return entry ? permissionFromLevel(entry.level) : undefined;
}

/** A part of the directory; redraws only when that part changes. */
export function useDirectory<T>(select: (dir: Directory) => T): T {
  const { data } = useQuery({ ...directoryQuery, enabled: false, select }, queryClient);
  return data ?? select(EMPTY_DIRECTORY);
}

/** A part of the records; redraws only when that part changes. */
export function useRecords<T>(select: (byId: Records) => T): T {
  const { data } = useQuery({ ...recordsQuery, enabled: false, select }, queryClient);
  return data ?? select(NO_RECORDS);
}

/** The record of one device, once read. */
export function useRecord(id: number | null): Equipment | undefined {
  return useRecords((byId) => (id === null ? undefined : byId[id]));
}

/** Where the read of every record stands: running, or failed with this error. */
export function useRecordsRead(): { readonly fetching: boolean; readonly error: Error | null } {
  const q = useQuery({ ...recordsQuery, enabled: false }, queryClient);
  return { fetching: q.fetchStatus === 'fetching', error: q.error };
}

/** The user's rights on a device, from its record or the tree. */
export function usePermission(id: number | null): Permission | undefined {
  const record = useRecord(id);
  const level = useDirectory((d) => (id === null ? undefined : d.entries[id]?.level));
  if (record) return record.permission;
  return level === undefined ? undefined : permissionFromLevel(level);
}

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

function loadStatus(status: 'pending' | 'error' | 'success', fetchStatus: string): LoadStatus {
  if (status === 'success') return 'ready';
  if (status === 'error') return fetchStatus === 'fetching' ? 'loading' : 'error';
  return fetchStatus === 'fetching' ? 'loading' : 'idle';
}

/** Where the directory's first read stands, and its error (the page shows it, with a retry). */
export function useEquipmentStatus(): { readonly status: LoadStatus; readonly error: string | null } {
  const q = useQuery({ ...directoryQuery, enabled: false }, queryClient);
  const status = loadStatus(q.status, q.fetchStatus);
  return { status, error: status === 'error' && q.error ? q.error.message : null };
}
