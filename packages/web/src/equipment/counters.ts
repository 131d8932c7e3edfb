/** The counters above the tree (spec §3): every device node, sub-devices included. */
import type { Counters } from '../api/equipment';
import type { NodeFlags } from './tree';

export const EMPTY_COUNTERS: Counters = { total: 0, online: 0, offline: 0, alarm: 0, normal: 0 };

export function countFlags(flags: Iterable<NodeFlags>): Counters {
  let total = 0;
  let online = 0;
  let alarm = 0;
  for (const f of flags) {
    total += 1;
    if (f.isOnline) online += 1;
    if (f.isAlarm) alarm += 1;
  }
  return { total, online, offline: total - online, alarm, normal: total - alarm };
}
