/**
 * An SVG as a picture for the server: sanitised, sized and resized in the SVG thread
 * (svg-thread.ts), drawn by sharp for thumbnails. sharp's renderer (librsvg) only ever sees
 * sanitised markup.
 */
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { unreadable } from './errors.js';
import type { SvgLimits } from './svg-sanitise.js';
import type { SvgBox } from './svg-size.js';
import { svgMarkup } from './svg-thread.js';

export interface SvgPicture {
  readonly svg: string;
  readonly width: number;
  readonly height: number;
  readonly resized: boolean;
}

/**
 * The sanitised SVG and its size in CSS pixels (for one without a size of its own, the size
 * sharp draws it at); when `box` is given, scaled down to fit inside it.
 */
export async function svgPicture(
  bytes: Uint8Array | string,
  box: SvgBox | null,
  limits?: SvgLimits,
): Promise<SvgPicture> {
  const { svg, width, height, resized } = await svgMarkup(bytes, box, limits);
  if (width !== null && height !== null) return { svg, width, height, resized };
  try {
    const drawn = await sharp(Buffer.from(svg)).metadata();
    return { svg, width: drawn.width, height: drawn.height, resized: false };
  } catch (e) {
    throw unreadable(e instanceof Error ? e.message : String(e));
  }
}

/**
 * A sharp pipeline holding the (sanitised) SVG rendered with its longer side at about `side`
 * pixels, so a 16 px icon is drawn sharp at 256 px and a 100 000 px poster never becomes a
 * 10-gigapixel bitmap. The size grows with the density linearly for pixel sizes but with its
 * square for physical units (librsvg converts mm at that density, then sharp scales by it again),
 * so one measured probe tells which before the density is chosen.
 */
export async function renderSvg(svg: string, side: number, timeoutSeconds: number): Promise<Sharp> {
  const source = Buffer.from(svg);
  const longerAt = async (density: number): Promise<number> => {
    const { width, height } = await sharp(source, { density }).metadata();
    return Math.max(width, height, 1);
  };
  const clamp = (density: number): number => Math.min(100_000, Math.max(1, density));
  const base = await longerAt(72);
  let density = clamp((72 * side) / base);
  if (Math.abs(density - 72) > 0.5) {
    const growth = Math.log((await longerAt(density)) / base) / Math.log(density / 72);
    if (Number.isFinite(growth) && growth > 0.5) density = clamp(72 * (side / base) ** (1 / growth));
  }
  return sharp(source, { density }).timeout({ seconds: timeoutSeconds });
}
