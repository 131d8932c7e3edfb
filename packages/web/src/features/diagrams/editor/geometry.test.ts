import { describe, expect, it } from 'vitest';
import {
  boundsOf,
  fitPipe,
  intersects,
  nearestSegment,
  resizeFrame,
  rotate,
  snap,
  toLocal,
  turnedBounds,
} from './geometry';
import type { Box } from './geometry';
import { pipe, run, start, widget } from './test-fixtures';

const canvas = { width: 1000, height: 500 };
const free = { grid: null, keepRatio: false, canvas };

describe('editor geometry', () => {
  it('snaps to the nearest grid line', () => {
    expect([snap(14, 10), snap(15, 10), snap(-6, 10), snap(33, 20)]).toEqual([10, 20, -10, 40]);
  });

  it('boxes: bounds, overlap, turned frames', () => {
    expect(boundsOf([])).toBeNull();
    expect(
      boundsOf([
        { x: 10, y: 20, width: 10, height: 10 },
        { x: 0, y: 50, width: 5, height: 5 },
      ]),
    ).toEqual({
      x: 0,
      y: 20,
      width: 20,
      height: 35,
    });
    const a: Box = { x: 0, y: 0, width: 10, height: 10 };
    expect(intersects(a, { x: 10, y: 10, width: 5, height: 5 })).toBe(true);
    expect(intersects(a, { x: 11, y: 0, width: 5, height: 5 })).toBe(false);
    const turned = turnedBounds({ x: 0, y: 0, width: 100, height: 20, rotation: 90 });
    expect(turned.x).toBeCloseTo(40);
    expect(turned.y).toBeCloseTo(-40);
    expect(turned.width).toBeCloseTo(20);
    expect(turned.height).toBeCloseTo(100);
  });

  it('resizes a turned frame in its own directions, the opposite side staying on screen', () => {
    const frame = { x: 100, y: 100, width: 100, height: 40, rotation: 90 };
    // Turned by 90°, the frame's own right side (handle e) faces down on screen.
    const next = resizeFrame(frame, 'e', { x: 0, y: 50 }, free);
    expect(next.width).toBe(150);
    expect(next.height).toBe(40);
    // The left side (its own), on screen the top end, stays: centre + R(-w/2, 0).
    const fixed = (b: Box) => {
      const r = rotate({ x: -b.width / 2, y: 0 }, 90);
      return { x: b.x + b.width / 2 + r.x, y: b.y + b.height / 2 + r.y };
    };
    const before = fixed(frame);
    const after = fixed(next);
    expect(after.x).toBeCloseTo(before.x, 0);
    expect(after.y).toBeCloseTo(before.y, 0);
  });

  it('does not snap a turned frame to the grid, nor hold it to the canvas, but to its size', () => {
    const frame = { x: 900, y: 100, width: 100, height: 40, rotation: 45 };
    const next = resizeFrame(frame, 'e', { x: 10000, y: 0 }, { ...free, grid: 10 });
    expect(next.width).toBe(1000);
  });

  it('fits a pipe’s frame around its points and stroke', () => {
    const p = fitPipe(
      pipe('p', [
        { x: 0, y: 10 },
        { x: 50, y: 60 },
        { x: 200, y: 10 },
      ]) as Parameters<typeof fitPipe>[0],
    );
    expect(p).toMatchObject({ x: 96, y: 106, width: 208, height: 58 });
    expect(p.points).toEqual([
      { x: 4, y: 4 },
      { x: 54, y: 54 },
      { x: 204, y: 4 },
    ]);
  });
});

describe('pipe points in the editor', () => {
  const s0 = start([
    pipe('p', [
      { x: 0, y: 10 },
      { x: 200, y: 10 },
    ]),
  ]);

  it('drags a point (one step), snapped to the grid when snapping', () => {
    const s = run(
      s0,
      { type: 'beginGesture' },
      { type: 'dragPoint', id: 'p', index: 1, dx: 5, dy: 7 },
      { type: 'dragPoint', id: 'p', index: 1, dx: 10, dy: 100 },
      { type: 'endGesture' },
    );
    const p = widget(s, 'p');
    expect(s.past).toHaveLength(1);
    if (p.kind !== 'pipe') throw new Error('not a pipe');
    // World points: (100, 110) and (310, 210).
    expect(p.points.map((q) => [p.x + q.x, p.y + q.y])).toEqual([
      [100, 110],
      [310, 210],
    ]);
    const snapped = run(
      {
        ...s0,
        doc: { ...s0.doc, canvas: { ...s0.doc.canvas, grid: { size: 25, snap: true, visible: true } } },
      },
      { type: 'dragPoint', id: 'p', index: 0, dx: 3, dy: -3 },
    );
    const q = widget(snapped, 'p');
    if (q.kind !== 'pipe') throw new Error('not a pipe');
    expect([q.x + q.points[0]!.x, q.y + q.points[0]!.y]).toEqual([100, 100]);
  });

  it('adds a point in the middle of a segment and removes points down to two', () => {
    let s = run(s0, { type: 'insertPoint', id: 'p', segment: 0 });
    let p = widget(s, 'p');
    if (p.kind !== 'pipe') throw new Error('not a pipe');
    expect(p.points.map((q) => [p.x + q.x, p.y + q.y])).toEqual([
      [100, 110],
      [200, 110],
      [300, 110],
    ]);
    s = run(s, { type: 'removePoint', id: 'p', index: 1 }, { type: 'removePoint', id: 'p', index: 0 });
    p = widget(s, 'p');
    if (p.kind !== 'pipe') throw new Error('not a pipe');
    expect(p.points).toHaveLength(2);
    expect(s.past).toHaveLength(2);
  });

  it('scales the points when the pipe is resized', () => {
    const s = run(s0, { type: 'frame', id: 'p', patch: { width: 400 } });
    const p = widget(s, 'p');
    if (p.kind !== 'pipe') throw new Error('not a pipe');
    expect(p.points).toEqual([
      { x: 0, y: 10 },
      { x: 400, y: 10 },
    ]);
  });
});

describe('finding a pipe’s segment', () => {
  it('takes the nearest segment and the nearest point on it', () => {
    const points = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 100 },
    ];
    expect(nearestSegment(points, { x: 40, y: 8 })).toEqual({ index: 0, at: { x: 40, y: 0 } });
    expect(nearestSegment(points, { x: 95, y: 60 })).toEqual({ index: 1, at: { x: 100, y: 60 } });
    const local = toLocal({ x: 150, y: 130 }, { x: 100, y: 100, width: 100, height: 40, rotation: 90 });
    expect(local.x).toBeCloseTo(60);
    expect(local.y).toBeCloseTo(20);
  });
});
