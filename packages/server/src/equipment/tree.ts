/**
 * The equipment tree (spec §3 tree node, §4 live push): group nodes ('m_' + index) holding
 * device nodes, sub-devices nested under their host, everything sorted by name with Chinese
 * collation, and the counters over every device node.
 */
import type { Equipment } from '../storage/schema.js';
import type { Access } from './access.js';
import { permissionOf } from './access.js';
import { readSettings } from './settings.js';
import { equipmentType } from '@fieldlink/protocol';
import type { TreeDeviceReply, TreeReply } from '@fieldlink/protocol';

/** The icon of a device node without an image of its own (spec §3). */
export const DEFAULT_NODE_ICON = 'ab00.png';

export type DeviceNode = TreeDeviceReply;

const collator = new Intl.Collator('zh-Hans-CN', { numeric: true });
const byName = (a: { name: string }, b: { name: string }): number => collator.compare(a.name, b.name);

function nodeOf(row: Equipment, access: Access, host: Equipment | undefined): DeviceNode {
  const type = equipmentType(row.type);
  const image = type ? readSettings(type.counts, row.settings, type.image).image : '';
  const link = host ?? row;
  return {
    id: row.id,
    unid: row.unid,
    name: row.name,
    type: row.type,
    group: row.group_name,
    icon: image === '' ? DEFAULT_NODE_ICON : image,
    isOnline: link.online === 1,
    isAlarm: row.alarm === 1,
    soc: link.soc,
    level: permissionOf(access.rights).level,
    ...(link.online === 1 && link.unanswered_address !== null && link.unanswered_address !== undefined
      ? { unansweredAddress: link.unanswered_address }
      : {}),
    children: [],
  };
}

function sortNodes(nodes: DeviceNode[]): DeviceNode[] {
  nodes.sort(byName);
  for (const node of nodes) sortNodes(node.children);
  return nodes;
}

/** `rows` are what the caller may read; `accessOf` gives the caller's access to each. */
export function buildTree(
  rows: readonly Equipment[],
  accessOf: (row: Equipment) => Access | null,
): TreeReply {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const nodes = new Map<number, DeviceNode>();
  for (const row of rows) {
    const access = accessOf(row);
    if (access === null) continue;
    nodes.set(row.id, nodeOf(row, access, row.parent_id === null ? undefined : byId.get(row.parent_id)));
  }
  const roots: DeviceNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id);
    if (!node) continue;
    const parent = row.parent_id === null ? undefined : nodes.get(row.parent_id);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const groups = new Map<string, DeviceNode[]>();
  const ungrouped: DeviceNode[] = [];
  for (const node of roots) {
    if (node.group === '') ungrouped.push(node);
    else groups.set(node.group, [...(groups.get(node.group) ?? []), node]);
  }
  const counters = { total: 0, online: 0, offline: 0, alarm: 0, normal: 0 };
  for (const node of nodes.values()) {
    counters.total += 1;
    if (node.isOnline) counters.online += 1;
    else counters.offline += 1;
    if (node.isAlarm) counters.alarm += 1;
    else counters.normal += 1;
  }
  const groupNodes = [...groups.keys()]
    .sort((a, b) => collator.compare(a, b))
    .map((name, index) => ({ id: `m_${index}`, name, children: sortNodes(groups.get(name) ?? []) }));
  return { groups: groupNodes, devices: sortNodes(ungrouped), counters };
}
