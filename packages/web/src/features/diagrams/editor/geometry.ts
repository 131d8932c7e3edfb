/**
 * The editor's geometry, in canvas pixels: snapping to the grid, boxes and what they touch, a
 * widget's frame resized by one of its eight handles (also when it is turned: the opposite side
 * stays where it is on screen), and a pipe's frame fitted around its points.
 */
import { CANVAS_MAX } from '@fieldlink/protocol';
import type { DraftOf } from './draft';

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface CanvasSize {
  readonly width: number;
  readonly height: number;
}

export type Handle = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';
export const HANDLES: readonly Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];

/** The grid line nearest to `value`. */
export function snap(value: number, size: number): number {
  return Math.round(value / size) * size;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** The smallest box holding all of `boxes`; null for none. */
export function boundsOf(boxes: readonly Box[]): Box | null {
  if (boxes.length === 0) return null;
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const b of boxes) {
    left = Math.min(left, b.x);
    top = Math.min(top, b.y);
    right = Math.max(right, b.x + b.width);
    bottom = Math.max(bottom, b.y + b.height);
  }
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** The upright box a frame covers once turned by `rotation` degrees about its centre. */
export function turnedBounds(frame: Box & { readonly rotation: number }): Box {
  if (frame.rotation % 360 === 0) return frame;
  const a = (frame.rotation * Math.PI) / 180;
  const cos = Math.abs(Math.cos(a));
  const sin = Math.abs(Math.sin(a));
  const width = frame.width * cos + frame.height * sin;
  const height = frame.width * sin + frame.height * cos;
  const cx = frame.x + frame.width / 2;
  const cy = frame.y + frame.height / 2;
  return { x: cx - width / 2, y: cy - height / 2, width, height };
}

/** Whether two boxes overlap (touching edges count). */
export function intersects(a: Box, b: Box): boolean {
  return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
}

/** The box between two corners, in any order. */
export function boxBetween(a: Point, b: Point): Box {
  return {
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    width: Math.abs(a.x - b.x),
    height: Math.abs(a.y - b.y),
  };
}

/** `p` turned by `degrees` about the origin. */
export function rotate(p: Point, degrees: number): Point {
  if (degrees % 360 === 0) return p;
  const a = (degrees * Math.PI) / 180;
  return { x: p.x * Math.cos(a) - p.y * Math.sin(a), y: p.x * Math.sin(a) + p.y * Math.cos(a) };
}

export interface ResizeOptions {
  /** The grid size to snap the moved sides to, or null. */
  readonly grid: number | null;
  /** Keep the width to height ratio (corner handles). */
  readonly keepRatio: boolean;
  readonly canvas: CanvasSize;
}

type Sides = { l: number; t: number; r: number; b: number };

function keepRatio(sides: Sides, handle: Handle, ratio: number): void {
  const w = sides.r - sides.l;
  const h = sides.b - sides.t;
  if (w / ratio >= h) {
    const nh = w / ratio;
    if (handle.includes('n')) sides.t = sides.b - nh;
    else sides.b = sides.t + nh;
  } else {
    const nw = h * ratio;
    if (handle.includes('w')) sides.l = sides.r - nw;
    else sides.r = sides.l + nw;
  }
}

/**
 * `frame` resized by dragging `handle` by `delta` (screen direction, canvas pixels): the sides
 * the handle holds move, the others stay. At least 1 × 1 and no larger than the canvas; an
 * upright frame stays on the canvas and its moved sides snap to the grid.
 */
export function resizeFrame(
  frame: Box & { readonly rotation: number },
  handle: Handle,
  delta: Point,
  options: ResizeOptions,
): Box {
  const { width: w, height: h, rotation } = frame;
  // The drag in the frame's own (unturned) directions.
  const d = rotate(delta, -rotation);
  const s: Sides = { l: 0, t: 0, r: w, b: h };
  if (handle.includes('w')) s.l += d.x;
  if (handle.includes('e')) s.r += d.x;
  if (handle.includes('n')) s.t += d.y;
  if (handle.includes('s')) s.b += d.y;
  const upright = rotation % 360 === 0;
  if (options.grid !== null && upright) {
    const g = options.grid;
    if (handle.includes('w')) s.l = snap(frame.x + s.l, g) - frame.x;
    if (handle.includes('e')) s.r = snap(frame.x + s.r, g) - frame.x;
    if (handle.includes('n')) s.t = snap(frame.y + s.t, g) - frame.y;
    if (handle.includes('s')) s.b = snap(frame.y + s.b, g) - frame.y;
  }
  if (options.keepRatio && handle.length === 2 && w > 0 && h > 0) keepRatio(s, handle, w / h);
  const maxW = Math.min(options.canvas.width, CANVAS_MAX);
  const maxH = Math.min(options.canvas.height, CANVAS_MAX);
  if (upright) {
    // On the canvas: the moved sides stop at its edges.
    s.l = Math.max(s.l, -frame.x);
    s.t = Math.max(s.t, -frame.y);
    s.r = Math.min(s.r, options.canvas.width - frame.x);
    s.b = Math.min(s.b, options.canvas.height - frame.y);
  }
  // At least 1 and at most the canvas: the moved side gives way, the other stays.
  const fit = (lo: 'l' | 't', hi: 'r' | 'b', lowMoves: boolean, max: number): void => {
    const size = clamp(s[hi] - s[lo], 1, max);
    if (lowMoves) s[lo] = s[hi] - size;
    else s[hi] = s[lo] + size;
  };
  fit('l', 'r', handle.includes('w'), maxW);
  fit('t', 'b', handle.includes('n'), maxH);
  const width = Math.round(s.r - s.l);
  const height = Math.round(s.b - s.t);
  if (upright) return { x: Math.round(frame.x + s.l), y: Math.round(frame.y + s.t), width, height };
  // Turned about its centre: the new centre, turned back to the screen, keeps the fixed side put.
  const shift = rotate({ x: (s.l + s.r) / 2 - w / 2, y: (s.t + s.b) / 2 - h / 2 }, rotation);
  const cx = frame.x + w / 2 + shift.x;
  const cy = frame.y + h / 2 + shift.y;
  return { x: Math.round(cx - width / 2), y: Math.round(cy - height / 2), width, height };
}

/** Where a box of `size` may be placed so that it stays on the canvas (at 0 when it is larger). */
export function keepOnCanvas(at: Point, size: CanvasSize, canvas: CanvasSize): Point {
  return {
    x: clamp(at.x, 0, Math.max(0, canvas.width - size.width)),
    y: clamp(at.y, 0, Math.max(0, canvas.height - size.height)),
  };
}

type Pipe = DraftOf<'pipe'>;

/**
 * A pipe whose frame holds its points and its stroke: the frame moves to the points' bounds
 * (less half the thickness) and the points become relative to it again. A turned pipe keeps its
 * frame (moving it would move the drawing, since it turns about the frame's centre).
 */
export function fitPipe(pipe: Pipe): Pipe {
  if (pipe.rotation % 360 !== 0) return pipe;
  const pad = Math.ceil(pipe.thickness / 2);
  const xs = pipe.points.map((p) => pipe.x + p.x);
  const ys = pipe.points.map((p) => pipe.y + p.y);
  const left = Math.min(...xs) - pad;
  const top = Math.min(...ys) - pad;
  const width = Math.max(1, Math.max(...xs) + pad - left);
  const height = Math.max(1, Math.max(...ys) + pad - top);
  return {
    ...pipe,
    x: left,
    y: top,
    width,
    height,
    points: pipe.points.map((p) => ({ x: pipe.x + p.x - left, y: pipe.y + p.y - top })),
  };
}

/** A pipe's points scaled with its frame (resized from `before`). */
export function scalePoints(pipe: Pipe, before: Box): Pipe {
  const sx = pipe.width / before.width;
  const sy = pipe.height / before.height;
  return { ...pipe, points: pipe.points.map((p) => ({ x: p.x * sx, y: p.y * sy })) };
}

/** The segment (from point i to i + 1) of a polyline nearest to `p`, and the nearest point on it. */
export function nearestSegment(points: readonly Point[], p: Point): { index: number; at: Point } {
  let best = { index: 0, at: points[0] ?? p, distance: Infinity };
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i]!;
    const b = points[i + 1]!;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const length = dx * dx + dy * dy;
    const t = length === 0 ? 0 : clamp(((p.x - a.x) * dx + (p.y - a.y) * dy) / length, 0, 1);
    const at = { x: a.x + t * dx, y: a.y + t * dy };
    const distance = Math.hypot(p.x - at.x, p.y - at.y);
    if (distance < best.distance) best = { index: i, at, distance };
  }
  return { index: best.index, at: best.at };
}

/** A canvas point in a widget's own (unturned, relative) coordinates. */
export function toLocal(p: Point, frame: Box & { readonly rotation: number }): Point {
  const cx = frame.x + frame.width / 2;
  const cy = frame.y + frame.height / 2;
  const r = rotate({ x: p.x - cx, y: p.y - cy }, -frame.rotation);
  return { x: r.x + frame.width / 2, y: r.y + frame.height / 2 };
}
