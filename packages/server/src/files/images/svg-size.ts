/**
 * An SVG's size, and the SVG resized as a vector: root width and height set, a viewBox added when
 * it had none so the drawing scales instead of being cropped. Runs beside the sanitiser (in the
 * SVG thread), on markup it has just sanitised.
 */
import { ImageRejected } from './errors.js';
import { svgDom } from './svg-dom.js';
import { sanitiseSvgHere } from './svg-sanitise.js';
import type { SvgLimits } from './svg-sanitise.js';

/** CSS pixels per unit; an SVG without a viewBox draws in user units of one CSS pixel. */
const PX_PER_UNIT: Readonly<Record<string, number>> = {
  '': 1,
  px: 1,
  pt: 4 / 3,
  pc: 16,
  mm: 96 / 25.4,
  cm: 96 / 2.54,
  in: 96,
};

function absoluteLength(value: string | null): number | null {
  if (value === null) return null;
  const match = /^\s*\+?(\d*\.?\d+(?:e[+-]?\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  const factor = match ? PX_PER_UNIT[match[2]!.toLowerCase()] : undefined;
  if (!match || factor === undefined) return null;
  const px = Number(match[1]) * factor;
  return px > 0 && Number.isFinite(px) ? px : null;
}

function viewBoxSize(value: string | null): { width: number; height: number } | null {
  const parts = (value ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return null;
  const [, , width, height] = parts as [number, number, number, number];
  return width > 0 && height > 0 ? { width, height } : null;
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

export interface SvgSize {
  readonly width: number;
  readonly height: number;
  /** The viewBox to add when resizing, when the root has none. */
  readonly viewBox: string | null;
}

/**
 * The size a browser shows the SVG at, in CSS pixels: from the root's width and height in
 * absolute units, the missing one (or both) from the viewBox's proportions. Null when the SVG has
 * no size of its own (percentages or em without a viewBox, or neither).
 */
export function intrinsicSize(root: Element): SvgSize | null {
  const width = absoluteLength(root.getAttribute('width'));
  const height = absoluteLength(root.getAttribute('height'));
  const box = viewBoxSize(root.getAttribute('viewBox'));
  if (width !== null && height !== null) {
    return { width, height, viewBox: box ? null : `0 0 ${round(width)} ${round(height)}` };
  }
  if (!box) return null;
  if (width !== null) return { width, height: (width * box.height) / box.width, viewBox: null };
  if (height !== null) return { width: (height * box.width) / box.height, height, viewBox: null };
  return { width: box.width, height: box.height, viewBox: null };
}

export interface SvgBox {
  readonly width?: number | undefined;
  readonly height?: number | undefined;
}

/** The scale that fits `size` inside `box` (a missing side is free), never above 1. */
export function fitScale(size: { width: number; height: number }, box: SvgBox): number {
  const byWidth = box.width === undefined ? Infinity : box.width / size.width;
  const byHeight = box.height === undefined ? Infinity : box.height / size.height;
  return Math.min(byWidth, byHeight, 1);
}

export interface SvgMarkup {
  readonly svg: string;
  readonly removed: string[];
  /** CSS pixels, whole; null when the SVG has no size of its own. */
  readonly width: number | null;
  readonly height: number | null;
  readonly resized: boolean;
}

/**
 * The sanitised SVG with its size; with `box`, scaled down to fit inside it (never up). Refuses
 * (ImageRejected 'bad_size') to resize an SVG that has no size of its own.
 */
export async function svgMarkupHere(
  input: Uint8Array | string,
  box: SvgBox | null,
  limits?: SvgLimits,
): Promise<SvgMarkup> {
  const { svg, removed } = await sanitiseSvgHere(input, limits);
  const dom = await svgDom();
  const parsed = dom.parse(svg);
  if (typeof parsed === 'string') throw new Error(`the sanitised svg does not parse: ${parsed}`);
  const root = parsed.documentElement;
  const size = intrinsicSize(root);
  if (!size) {
    if (box) {
      throw new ImageRejected(
        'bad_size',
        'this svg has no size of its own (no width and height in px, mm, cm, in or pt, and no viewBox), so it cannot be resized',
      );
    }
    return { svg, removed, width: null, height: null, resized: false };
  }
  const scale = box ? fitScale(size, box) : 1;
  if (scale >= 1) {
    const width = Math.max(1, Math.round(size.width));
    const height = Math.max(1, Math.round(size.height));
    return { svg, removed, width, height, resized: false };
  }
  const width = Math.max(1, Math.round(size.width * scale));
  const height = Math.max(1, Math.round(size.height * scale));
  if (size.viewBox) root.setAttribute('viewBox', size.viewBox);
  root.setAttribute('width', String(width));
  root.setAttribute('height', String(height));
  return { svg: dom.serialize(root), removed, width, height, resized: true };
}
