/** The user's equipment in tree order (groups, then devices; sub-devices after their host). */
import type { DeviceEntry, TreeNode } from '../../equipment/tree';

export function devicesInTreeOrder(
  tree: readonly TreeNode[],
  entries: Readonly<Record<number, DeviceEntry>>,
): DeviceEntry[] {
  const out: DeviceEntry[] = [];
  const walk = (nodes: readonly TreeNode[]): void => {
    for (const node of nodes) {
      if (node.kind === 'device') {
        const entry = entries[node.id];
        if (entry) out.push(entry);
      }
      walk(node.children);
    }
  };
  walk(tree);
  return out;
}
