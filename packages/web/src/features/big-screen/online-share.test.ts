import { describe, expect, it } from 'vitest';
import type { LinkEvent } from '../system/online-ratio';
import { devicesSince, onlineShare, seriesStart } from './online-share';
import type { DeviceSince } from './online-share';

const HOUR = 3_600_000;
const FROM = Date.UTC(2026, 0, 5, 0, 0, 0);
const TO = FROM + 24 * HOUR;
const WINDOW = { from: FROM, to: TO, bucketMs: HOUR };

const device = (
  id: number,
  since: number | null,
  online = true,
  hostId: number | null = null,
): DeviceSince => ({
  id,
  online,
  since,
  hostId,
});
const ratios = (devices: DeviceSince[], events: LinkEvent[] = []) =>
  onlineShare(devices, events, WINDOW).map((p) =>
    p.ratio === null ? null : Math.round(p.ratio * 1000) / 1000,
  );

describe('the online share of the wall', () => {
  it('starts at the first device, not at 0 % for the time before any', () => {
    // The first device was added 6 hours before the end of the window.
    const added = TO - 6 * HOUR;
    const points = onlineShare([device(1, added), device(2, added + HOUR)], [], WINDOW);
    expect(points[0]!.t).toBe(added);
    expect(points).toHaveLength(6);
    expect(points.every((p) => p.ratio === 1)).toBe(true);
    expect(seriesStart([device(1, added)], FROM, TO)).toBe(added);
    // Devices from before the window: the window's start.
    expect(seriesStart([device(1, FROM - HOUR), device(2, null)], FROM, TO)).toBe(FROM);
    expect(seriesStart([], FROM, TO)).toBeNull();
    expect(onlineShare([], [], WINDOW)).toEqual([]);
  });

  it('counts a device only from when it was added', () => {
    // Device 1 online all day; device 2, offline, added at hour 12: before it, 100 %; after, 50 %.
    const r = ratios([device(1, FROM - HOUR), device(2, FROM + 12 * HOUR, false)]);
    expect(r).toHaveLength(24);
    expect(r.slice(0, 12).every((v) => v === 1)).toBe(true);
    expect(r.slice(12).every((v) => v === 0.5)).toBe(true);
    // Added half-way through a bucket: that bucket weighs its half hour.
    const half = ratios([device(1, FROM - HOUR), device(2, FROM + 12.5 * HOUR, false)]);
    expect(half[12]).toBeCloseTo(1 / 1.5, 3);
  });

  it('follows the link events, a sub-device its host', () => {
    const events: LinkEvent[] = [
      { equipmentId: 1, kind: 'offline', at: FROM + 6 * HOUR },
      { equipmentId: 1, kind: 'online', at: FROM + 18 * HOUR },
    ];
    // Device 1 and its sub-device 3 drop for hours 6-18; device 2 stays online.
    const r = ratios([device(1, null), device(2, null), device(3, null, true, 1)], events);
    expect(r.slice(0, 6).every((v) => v === 1)).toBe(true);
    expect(r.slice(6, 18).every((v) => v === 0.333)).toBe(true);
    expect(r.slice(18).every((v) => v === 1)).toBe(true);
    // Events at or after the window's end are not counted.
    expect(ratios([device(1, null)], [{ equipmentId: 1, kind: 'offline', at: TO }])).toEqual(
      Array.from({ length: 24 }, () => 1),
    );
  });
});

describe('devicesSince', () => {
  it('takes the state now from the flags and the start from the record, null until it is read', () => {
    const entries = { 1: { id: 1, parentId: null }, 2: { id: 2, parentId: 1 } };
    expect(
      devicesSince(entries, { 1: { isOnline: true } }, { 1: { createdAt: '2026-01-05T08:00:00.000Z' } }),
    ).toEqual([
      { id: 1, online: true, hostId: null, since: Date.UTC(2026, 0, 5, 8) },
      { id: 2, online: false, hostId: 1, since: null },
    ]);
  });
});
