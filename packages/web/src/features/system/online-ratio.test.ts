import { describe, expect, it } from 'vitest';
import { onlineShare } from '../big-screen/online-share';
import type { DeviceNow, LinkEvent, RatioWindow } from './online-ratio';

const H = 3_600_000;
const window = { from: 0, to: 4 * H, bucketMs: H };
const ratios = (points: { ratio: number | null }[]) => points.map((p) => p.ratio);
const ev = (equipmentId: number, kind: 'online' | 'offline', at: number): LinkEvent => ({
  equipmentId,
  kind,
  at,
});

/**
 * The share of devices whose addition is not known (`since` null: counted from the window's start),
 * as the system overview computes it before the records are read.
 */
const onlineRatio = (devices: readonly DeviceNow[], events: readonly LinkEvent[], w: RatioWindow) =>
  onlineShare(
    devices.map((d) => ({ ...d, since: null })),
    events,
    w,
  );

describe('the online share from link events', () => {
  it('gives one bucket per interval, the last ending at the window end', () => {
    const points = onlineRatio([{ id: 1, online: true }], [], { from: 0, to: 2.5 * H, bucketMs: H });
    expect(points.map((p) => p.t)).toEqual([0, H, 2 * H]);
    expect(ratios(points)).toEqual([1, 1, 1]);
  });

  it('holds the present state for devices without events', () => {
    const devices = [
      { id: 1, online: true },
      { id: 2, online: false },
      { id: 3, online: true },
      { id: 4, online: false },
    ];
    expect(ratios(onlineRatio(devices, [], window))).toEqual([0.5, 0.5, 0.5, 0.5]);
  });

  it('gives nothing without equipment, and nothing for an empty window', () => {
    expect(onlineRatio([], [], window)).toEqual([]);
    expect(onlineRatio([{ id: 1, online: true }], [], { from: 5, to: 5, bucketMs: H })).toEqual([]);
    expect(onlineRatio([{ id: 1, online: true }], [], { from: 0, to: H, bucketMs: 0 })).toEqual([]);
  });

  it('takes the state before the first event as the opposite of that event', () => {
    // Came online at 2 h: offline before.
    const up = onlineRatio([{ id: 1, online: true }], [ev(1, 'online', 2 * H)], window);
    expect(ratios(up)).toEqual([0, 0, 1, 1]);
    // Went offline at 1.5 h: online before, half of the second hour.
    const down = onlineRatio([{ id: 1, online: false }], [ev(1, 'offline', 1.5 * H)], window);
    expect(ratios(down)).toEqual([1, 0.5, 0, 0]);
  });

  it('weighs a short drop inside a bucket by its length, events in any order', () => {
    const events = [ev(1, 'online', 0.75 * H), ev(1, 'offline', 0.5 * H)];
    expect(ratios(onlineRatio([{ id: 1, online: true }], events, window))).toEqual([0.75, 1, 1, 1]);
  });

  it('averages over all devices, steady ones included', () => {
    const devices = [
      { id: 1, online: true },
      { id: 2, online: false },
    ];
    const points = onlineRatio(devices, [ev(1, 'online', H)], window);
    expect(ratios(points)).toEqual([0, 0.5, 0.5, 0.5]);
  });

  it('reads repeated events of the same kind as one state', () => {
    const events = [ev(1, 'online', H), ev(1, 'online', 2 * H), ev(1, 'offline', 3 * H)];
    expect(ratios(onlineRatio([{ id: 1, online: false }], events, window))).toEqual([0, 1, 1, 0]);
  });

  it('uses the latest event before the window for its start', () => {
    const events = [ev(1, 'offline', -2 * H), ev(1, 'online', -H), ev(1, 'offline', 2 * H)];
    expect(ratios(onlineRatio([{ id: 1, online: false }], events, window))).toEqual([1, 1, 0, 0]);
  });

  it('ignores events at or after the window end', () => {
    const events = [ev(1, 'offline', 4 * H), ev(1, 'online', 5 * H)];
    expect(ratios(onlineRatio([{ id: 1, online: true }], events, window))).toEqual([1, 1, 1, 1]);
  });

  it("lets a sub-device without events follow its host's", () => {
    const devices = [
      { id: 1, online: true },
      { id: 2, online: true, hostId: 1 },
    ];
    const points = onlineRatio(devices, [ev(1, 'online', 2 * H)], window);
    expect(ratios(points)).toEqual([0, 0, 1, 1]);
  });

  it('weighs a short last bucket by its own length', () => {
    const points = onlineRatio([{ id: 1, online: true }], [ev(1, 'online', 2.25 * H)], {
      from: 0,
      to: 2.5 * H,
      bucketMs: H,
    });
    expect(ratios(points)).toEqual([0, 0, 0.5]);
  });

  it('handles 10,000 devices over a week of hourly buckets', () => {
    const devices = Array.from({ length: 10_000 }, (_, id) => ({ id, online: id % 2 === 0 }));
    const events = Array.from({ length: 2000 }, (_, i) =>
      ev(i, i % 2 === 0 ? 'online' : 'offline', i * 300_000),
    );
    const points = onlineRatio(devices, events, { from: 0, to: 168 * H, bucketMs: H });
    expect(points).toHaveLength(168);
    expect(points.at(-1)!.ratio).toBe(0.5);
  });
});
