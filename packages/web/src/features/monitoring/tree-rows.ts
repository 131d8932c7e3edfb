/**
 * The rows the tree shows: the tree filtered by text and status, flattened in display order
 * with each row's depth, so the list can draw only the rows in view (10,000 devices scroll as
 * smoothly as ten). Groups start open and devices with sub-devices closed; `toggled` holds the
 * keys the user flipped. While a filter is on, every branch with a match is open.
 */
import type { DeviceEntry, NodeFlags, TreeNode } from '../../equipment/tree';

export type StatusFilter = 'all' | 'online' | 'offline' | 'alarm';

export interface TreeFilter {
  readonly text: string;
  readonly status: StatusFilter;
}

export interface TreeRow {
  readonly key: string;
  readonly kind: 'group' | 'device';
  /** Device id; null for a group. */
  readonly id: number | null;
  readonly name: string;
  readonly depth: number;
  readonly hasChildren: boolean;
  readonly open: boolean;
  /** Devices under a group, as filtered. */
  readonly count: number;
}

export interface RowSources {
  readonly entries: Readonly<Record<number, DeviceEntry>>;
  readonly flags: Readonly<Record<number, NodeFlags>>;
}

export const isFiltering = (f: TreeFilter): boolean => f.text.trim() !== '' || f.status !== 'all';

function statusMatches(status: StatusFilter, flags: NodeFlags | undefined): boolean {
  switch (status) {
    case 'all':
      return true;
    case 'online':
      return flags?.isOnline === true;
    case 'offline':
      return flags?.isOnline !== true;
    case 'alarm':
      return flags?.isAlarm === true;
  }
}

export function openByDefault(node: TreeNode): boolean {
  return node.kind === 'group';
}

export function visibleRows(
  tree: readonly TreeNode[],
  toggled: ReadonlySet<string>,
  filter: TreeFilter,
  sources: RowSources,
): TreeRow[] {
  const needle = filter.text.trim().toLowerCase();
  const filtering = isFiltering(filter);
  const textMatches = (node: TreeNode): boolean => {
    if (needle === '') return true;
    if (node.name.toLowerCase().includes(needle)) return true;
    return node.kind === 'device' && (sources.entries[node.id]?.unid.toLowerCase().includes(needle) ?? false);
  };
  // Which nodes stay: a device that matches both, or any node with such a device below it. A
  // group whose name matches keeps its devices that pass the status filter.
  const kept = new Map<TreeNode, number>();
  const keep = (node: TreeNode, textHit: boolean): number => {
    const hit = textHit || textMatches(node);
    let below = 0;
    for (const child of node.children) below += keep(child, hit);
    const self =
      node.kind === 'device' && hit && statusMatches(filter.status, sources.flags[node.id]) ? 1 : 0;
    const total = self + below;
    if (total > 0 || (!filtering && node.kind === 'group'))
      kept.set(node, node.kind === 'group' ? below : total);
    return total;
  };
  for (const node of tree) keep(node, false);

  const rows: TreeRow[] = [];
  const walk = (nodes: readonly TreeNode[], depth: number): void => {
    for (const node of nodes) {
      const count = kept.get(node);
      if (count === undefined) continue;
      const children = node.children.filter((c) => kept.has(c));
      const open = filtering ? true : openByDefault(node) !== toggled.has(node.key);
      rows.push({
        key: node.key,
        kind: node.kind,
        id: node.kind === 'device' ? node.id : null,
        name: node.name,
        depth,
        hasChildren: children.length > 0,
        open: open && children.length > 0,
        count,
      });
      if (open) walk(children, depth + 1);
    }
  };
  walk(tree, 0);
  return rows;
}

/** The keys from the root down to a device, so a selection from elsewhere can be shown open. */
export function pathTo(tree: readonly TreeNode[], id: number): string[] | null {
  for (const node of tree) {
    if (node.kind === 'device' && node.id === id) return [node.key];
    const below = pathTo(node.children, id);
    if (below) return [node.key, ...below];
  }
  return null;
}
