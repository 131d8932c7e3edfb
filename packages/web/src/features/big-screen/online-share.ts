/**
 * The share of the user's equipment online over time, counting each device only from when it
 * was added (its record's `createdAt`): the series starts at the first device, so a wall never
 * shows 0 % for the time before there was any equipment, and a device added an hour ago does not
 * pull the hours before down. Time-weighted per bucket. The system overview's ratio is the same
 * series (features/system/online-ratio.ts holds the types of its link events and device states).
 */
import type { DeviceNow, LinkEvent, RatioPoint, RatioWindow } from '../system/online-ratio';

export interface DeviceSince extends DeviceNow {
  /** Epoch ms the device was added; null when not known (then it counts from the window's start). */
  readonly since: number | null;
}

/**
 * The devices as the series counts them: each in the state the store's flags give now (for a
 * device without link events in the window), counted from its record's `createdAt` (from the
 * window's start until the records are read).
 */
export function devicesSince(
  entries: Readonly<Record<number, { readonly id: number; readonly parentId: number | null }>>,
  flags: Readonly<Record<number, { readonly isOnline: boolean } | undefined>>,
  records: Readonly<Record<number, { readonly createdAt?: string } | undefined>>,
): DeviceSince[] {
  return Object.values(entries).map((e) => {
    const created = records[e.id]?.createdAt;
    return {
      id: e.id,
      online: flags[e.id]?.isOnline ?? false,
      hostId: e.parentId,
      since: created ? Date.parse(created) : null,
    };
  });
}

/** A device's link state from `at` on, until the next change. */
interface Change {
  readonly at: number;
  readonly online: boolean;
}

/** The changes of a device from `start`: before its first event it was in the state that event left. */
function changesFrom(events: readonly LinkEvent[], start: number, online: boolean): Change[] {
  if (events.length === 0) return [{ at: start, online }];
  const sorted = [...events].sort((a, b) => a.at - b.at);
  let before: LinkEvent | undefined;
  for (const e of sorted) if (e.at <= start) before = e;
  const first = sorted[0]!;
  const changes: Change[] = [
    { at: start, online: before ? before.kind === 'online' : first.kind !== 'online' },
  ];
  for (const e of sorted) if (e.at > start) changes.push({ at: e.at, online: e.kind === 'online' });
  return changes;
}

/** Where the series starts: the window's start, or the first device's addition if later. */
export function seriesStart(devices: readonly DeviceSince[], from: number, to: number): number | null {
  if (devices.length === 0) return null;
  let first = Number.POSITIVE_INFINITY;
  for (const d of devices) first = Math.min(first, d.since ?? from);
  const start = Math.max(from, first);
  return start < to ? start : null;
}

/** Buckets of `bucketMs` from the series' start (none when there is no equipment yet). */
export function onlineShare(
  devices: readonly DeviceSince[],
  events: readonly LinkEvent[],
  window: RatioWindow,
): RatioPoint[] {
  const { to, bucketMs } = window;
  const start = seriesStart(devices, window.from, to);
  if (start === null || !(bucketMs > 0)) return [];
  const count = Math.ceil((to - start) / bucketMs);
  const online = new Float64Array(count);
  const present = new Float64Array(count);
  /** Adds the overlap of [s, e) with each bucket to `into`. */
  const add = (into: Float64Array, s: number, e: number): void => {
    for (let i = Math.max(0, Math.floor((s - start) / bucketMs)); i < count; i++) {
      const b0 = start + i * bucketMs;
      if (b0 >= e) break;
      const overlap = Math.min(e, b0 + bucketMs, to) - Math.max(s, b0);
      if (overlap > 0) into[i]! += overlap;
    }
  };

  const byDevice = new Map<number, LinkEvent[]>();
  for (const e of events) {
    if (e.at >= to) continue;
    const list = byDevice.get(e.equipmentId);
    if (list) list.push(e);
    else byDevice.set(e.equipmentId, [e]);
  }
  for (const device of devices) {
    const from = Math.max(start, device.since ?? start);
    if (from >= to) continue;
    add(present, from, to);
    const host =
      device.hostId === null || device.hostId === undefined ? undefined : byDevice.get(device.hostId);
    const changes = changesFrom(byDevice.get(device.id) ?? host ?? [], from, device.online);
    for (let c = 0; c < changes.length; c++) {
      const change = changes[c]!;
      const end = Math.min(to, changes[c + 1]?.at ?? to);
      if (change.online && end > change.at) add(online, change.at, end);
    }
  }
  return Array.from({ length: count }, (_, i) => ({
    t: start + i * bucketMs,
    ratio: present[i]! > 0 ? Math.min(1, online[i]! / present[i]!) : null,
  }));
}
