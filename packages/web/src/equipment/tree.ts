/**
 * The equipment tree (spec §3): group nodes ('m_' + index) holding devices, sub-devices nested
 * under their host, every level sorted by name with Chinese collation (pinyin order, digits by
 * value). The server's tree reply is flattened to entries first, so the console keeps one
 * static description per device and the live flags apart (they change; the structure does not).
 */
import type { EquipmentTree, TreeDevice } from '../api/equipment';

/** What does not change while the page is open. */
export interface DeviceEntry {
  readonly id: number;
  readonly unid: string;
  readonly name: string;
  readonly type: string;
  readonly group: string;
  /** The record's image, or ab00.png. */
  readonly icon: string;
  /** The host's id for a sub-device whose host the user can see. */
  readonly parentId: number | null;
  /** The user's permission level (0-4). */
  readonly level: number;
}

/** What live pushes change. */
export interface NodeFlags {
  readonly isOnline: boolean;
  readonly isAlarm: boolean;
  /**
   * The battery level (0-100 %) the device reported; null while it has reported none (a board
   * without a battery, or none read yet), when no battery is shown.
   */
  readonly soc: number | null;
  /**
   * Set while the device's link is up but it does not answer at this slave address (a wrong
   * address, wiring, or the device off behind its DTU); absent while it answers and offline. A
   * sub-device shows its host's.
   */
  readonly unansweredAddress?: number;
}

export interface GroupNode {
  readonly kind: 'group';
  /** 'm_' + index in sorted order. */
  readonly key: string;
  readonly name: string;
  readonly children: readonly DeviceNode[];
}

export interface DeviceNode {
  readonly kind: 'device';
  readonly key: string;
  readonly id: number;
  readonly name: string;
  readonly children: readonly DeviceNode[];
}

export type TreeNode = GroupNode | DeviceNode;

export const collator = new Intl.Collator('zh', { numeric: true });
export const byName = (a: { readonly name: string }, b: { readonly name: string }): number =>
  collator.compare(a.name, b.name);

export const deviceKey = (id: number): string => `d_${id}`;

/** The server's tree → one entry and one flag set per device, sub-devices pointing at their host. */
export function flattenTreeReply(reply: EquipmentTree): {
  entries: DeviceEntry[];
  flags: Map<number, NodeFlags>;
} {
  const entries: DeviceEntry[] = [];
  const flags = new Map<number, NodeFlags>();
  const walk = (node: TreeDevice, parentId: number | null): void => {
    entries.push({
      id: node.id,
      unid: node.unid,
      name: node.name,
      type: node.type,
      group: node.group,
      icon: node.icon,
      parentId,
      level: node.level,
    });
    flags.set(node.id, {
      isOnline: node.isOnline,
      isAlarm: node.isAlarm,
      soc: node.soc,
      ...(node.isOnline && node.unansweredAddress !== undefined
        ? { unansweredAddress: node.unansweredAddress }
        : {}),
    });
    for (const child of node.children) walk(child, node.id);
  };
  for (const group of reply.groups) for (const node of group.children) walk(node, null);
  for (const node of reply.devices) walk(node, null);
  return { entries, flags };
}

/**
 * Entries → the tree. A sub-device whose host is not among the entries stands at the top level
 * in its own group. Groups come first (named, sorted), then the devices without a group.
 */
export function buildTree(entries: readonly DeviceEntry[]): TreeNode[] {
  const ids = new Set(entries.map((e) => e.id));
  const childrenOf = new Map<number, DeviceEntry[]>();
  const roots: DeviceEntry[] = [];
  for (const entry of entries) {
    if (entry.parentId !== null && entry.parentId !== entry.id && ids.has(entry.parentId)) {
      const list = childrenOf.get(entry.parentId);
      if (list) list.push(entry);
      else childrenOf.set(entry.parentId, [entry]);
    } else roots.push(entry);
  }
  // A host chain is followed once per device: `seen` stops a cycle in bad data from recursing.
  const seen = new Set<number>();
  const node = (entry: DeviceEntry): DeviceNode => {
    seen.add(entry.id);
    const children = (childrenOf.get(entry.id) ?? []).filter((c) => !seen.has(c.id)).sort(byName);
    return {
      kind: 'device',
      key: deviceKey(entry.id),
      id: entry.id,
      name: entry.name,
      children: children.map(node),
    };
  };
  const grouped = new Map<string, DeviceEntry[]>();
  const ungrouped: DeviceEntry[] = [];
  for (const entry of roots) {
    if (entry.group === '') ungrouped.push(entry);
    else {
      const list = grouped.get(entry.group);
      if (list) list.push(entry);
      else grouped.set(entry.group, [entry]);
    }
  }
  const groupNames = [...grouped.keys()].sort((a, b) => collator.compare(a, b));
  const groups: GroupNode[] = groupNames.map((name, index) => ({
    kind: 'group',
    key: `m_${index}`,
    name,
    children: (grouped.get(name) ?? []).sort(byName).map(node),
  }));
  return [...groups, ...ungrouped.sort(byName).map(node)];
}

/** Every device id in the tree, depth first. */
export function deviceIds(nodes: readonly TreeNode[]): number[] {
  const out: number[] = [];
  const walk = (list: readonly TreeNode[]): void => {
    for (const n of list) {
      if (n.kind === 'device') out.push(n.id);
      walk(n.children);
    }
  };
  walk(nodes);
  return out;
}
