/**
 * The share of the user's equipment online over time, rebuilt in the browser from the link events
 * (`online` / `offline`) of GET /me/events and the states the equipment store holds now.
 *
 * Each bucket's ratio is time-weighted: the online time of every device in the bucket over the
 * devices times the bucket's length, so a short drop shows instead of falling between samples.
 */

export interface LinkEvent {
  readonly equipmentId: number;
  readonly kind: 'online' | 'offline';
  /** Epoch milliseconds. */
  readonly at: number;
}

export interface DeviceNow {
  readonly id: number;
  readonly online: boolean;
  /**
   * A sub-device's host: without link events of its own it follows the host's (a sub-device is
   * online when its host is, specification §4).
   */
  readonly hostId?: number | null;
}

export interface RatioWindow {
  readonly from: number;
  readonly to: number;
  readonly bucketMs: number;
}

export interface RatioPoint {
  /** The bucket's start. */
  readonly t: number;
  /** 0-1; null when there is no equipment. */
  readonly ratio: number | null;
}

/** A device's link state from `start` on: `online` until the next change. */
interface Change {
  readonly at: number;
  readonly online: boolean;
}

/**
 * The changes of one device from its events, oldest first. Before its first event it was in the
 * state that event left (an `online` event means it was offline until then).
 */
function timeline(events: readonly LinkEvent[], from: number, online: boolean): Change[] {
  if (events.length === 0) return [{ at: from, online }];
  const sorted = [...events].sort((a, b) => a.at - b.at);
  const before = sorted.filter((e) => e.at <= from).at(-1);
  const first = sorted[0]!;
  const changes: Change[] = [
    { at: from, online: before ? before.kind === 'online' : first.kind !== 'online' },
  ];
  for (const e of sorted) if (e.at > from) changes.push({ at: e.at, online: e.kind === 'online' });
  return changes;
}

/** Buckets of `bucketMs` from `from`; the last one ends at `to`. */
export function onlineRatio(
  devices: readonly DeviceNow[],
  events: readonly LinkEvent[],
  window: RatioWindow,
): RatioPoint[] {
  const { from, to, bucketMs } = window;
  if (!(to > from) || !(bucketMs > 0)) return [];
  const count = Math.ceil((to - from) / bucketMs);
  const starts = Array.from({ length: count }, (_, i) => from + i * bucketMs);
  const length = (i: number): number => Math.min(to, starts[i]! + bucketMs) - starts[i]!;
  if (devices.length === 0) return starts.map((t) => ({ t, ratio: null }));

  const byDevice = new Map<number, LinkEvent[]>();
  for (const e of events) {
    if (e.at >= to) continue;
    const list = byDevice.get(e.equipmentId);
    if (list) list.push(e);
    else byDevice.set(e.equipmentId, [e]);
  }

  // Online milliseconds per bucket, summed over devices. Devices without events are steady and
  // are counted once per bucket instead of walked.
  const onlineMs = new Array<number>(count).fill(0);
  let steadyOnline = 0;
  for (const device of devices) {
    const own = byDevice.get(device.id);
    const host =
      device.hostId === null || device.hostId === undefined ? undefined : byDevice.get(device.hostId);
    const list = own ?? host;
    if (!list) {
      if (device.online) steadyOnline++;
      continue;
    }
    const changes = timeline(list, from, device.online);
    for (let c = 0; c < changes.length; c++) {
      const change = changes[c]!;
      if (!change.online) continue;
      const start = change.at;
      const end = Math.min(to, changes[c + 1]?.at ?? to);
      if (end <= start) continue;
      let i = Math.floor((start - from) / bucketMs);
      for (; i < count && starts[i]! < end; i++) {
        const overlap = Math.min(end, starts[i]! + length(i)) - Math.max(start, starts[i]!);
        if (overlap > 0) onlineMs[i] = (onlineMs[i] ?? 0) + overlap;
      }
    }
  }
  return starts.map((t, i) => ({
    t,
    ratio: Math.min(1, (onlineMs[i]! + steadyOnline * length(i)) / (devices.length * length(i))),
  }));
}
