import { describe, expect, it } from 'vitest';
import { isPtzDirection, isPtzSpeed, PTZ_DIRECTION, PtzHead, TILT_LIMIT, ZOOM_MAX, ZOOM_MIN } from './ptz.js';

describe('PtzHead', () => {
  it('stays where it starts until told to move', () => {
    const head = new PtzHead({ pan: 45, tilt: 5, zoom: 2 });
    expect(head.state(1e9)).toEqual({ pan: 45, tilt: 5, zoom: 2, moving: null, speed: 0 });
  });

  it('pans right at 20°/s at speed 1, from the start time to now, and holds after stop', () => {
    const head = new PtzHead();
    head.start(PTZ_DIRECTION.right, 1, 1000);
    expect(head.position(1000).pan).toBe(0);
    expect(head.position(2500).pan).toBeCloseTo(30);
    expect(head.state(2500).moving).toBe(PTZ_DIRECTION.right);
    head.stop(3000);
    expect(head.state(10_000)).toMatchObject({ pan: 40, moving: null });
  });

  it('scales the rate by speed: 0 half, 2 double', () => {
    const slow = new PtzHead();
    const fast = new PtzHead();
    slow.start(PTZ_DIRECTION.left, 0, 0);
    fast.start(PTZ_DIRECTION.up, 2, 0);
    expect(slow.position(1000).pan).toBeCloseTo(350);
    expect(fast.position(500).tilt).toBeCloseTo(20);
  });

  it('wraps pan through north both ways', () => {
    const head = new PtzHead({ pan: 350 });
    head.start(PTZ_DIRECTION.right, 1, 0);
    expect(head.position(1000).pan).toBeCloseTo(10);
    head.start(PTZ_DIRECTION.left, 1, 1000);
    expect(head.position(2000).pan).toBeCloseTo(350);
  });

  it('stops tilt at its limits and zoom at its range', () => {
    const head = new PtzHead();
    head.start(PTZ_DIRECTION.downRight, 2, 0);
    expect(head.position(60_000).tilt).toBe(-TILT_LIMIT);
    head.start(PTZ_DIRECTION.zoomIn, 1, 0);
    expect(head.position(2000).zoom).toBeCloseTo(3);
    expect(head.position(60_000).zoom).toBe(ZOOM_MAX);
    head.start(PTZ_DIRECTION.zoomOut, 1, 60_000);
    expect(head.position(120_000).zoom).toBe(ZOOM_MIN);
  });

  it('turns to a new command from where the last one got to', () => {
    const head = new PtzHead();
    head.start(PTZ_DIRECTION.upRight, 1, 0);
    head.start(PTZ_DIRECTION.down, 1, 1000);
    expect(head.position(1500)).toEqual({ pan: 20, tilt: 10, zoom: 1 });
  });

  it('knows the cloud directions 0-9 and speeds 0-2', () => {
    expect([0, 9].every(isPtzDirection)).toBe(true);
    expect([-1, 10, 1.5, Number.NaN].some(isPtzDirection)).toBe(false);
    expect([0, 1, 2].every(isPtzSpeed)).toBe(true);
    expect([3, -1].some(isPtzSpeed)).toBe(false);
  });
});
