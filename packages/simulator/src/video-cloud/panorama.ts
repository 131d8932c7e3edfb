/**
 * The scene every simulated camera looks at: a full turn of landscape drawn once as raw RGB (sky,
 * hills, ground, a red post every 30° with its heading above it), of which each frame cuts the
 * camera's pan/tilt/zoom window and scales it to 320×240. Moving the camera right moves the posts
 * left in the picture, which is what a user pressing PTZ expects to see.
 */
import type { Sharp } from 'sharp';
import { GLYPH_HEIGHT, textPixels, textWidth } from './glyphs.js';
import type { PtzPosition } from './ptz.js';

export const FRAME_WIDTH = 320;
export const FRAME_HEIGHT = 240;
/** Field of view at zoom 1; zoom z divides both. */
export const FIELD_OF_VIEW = { horizontal: 80, vertical: 60 } as const;
export const PIXELS_PER_DEGREE = 4;
/** Elevation of the panorama's top row; the bottom row is its negative. */
const TOP_ELEVATION = 60;
export const POST_SPACING = 30;
/** A post stands 2° wide, from -25° to +12° elevation. */
const POST_HALF_WIDTH = 1;
const POST_BOTTOM = -25;
const POST_TOP = 12;
const LABEL_SCALE = 3;

export interface Panorama {
  readonly data: Buffer;
  readonly width: number;
  readonly height: number;
}

export interface FrameWindow {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

type Rgb = readonly [number, number, number];
const POST_COLOUR: Rgb = [200, 30, 30];
const LABEL_COLOUR: Rgb = [255, 255, 255];

/** Column of a heading (degrees), on the first turn. */
function columnOf(heading: number): number {
  return Math.round(heading * PIXELS_PER_DEGREE);
}

function rowOf(elevation: number): number {
  return Math.round((TOP_ELEVATION - elevation) * PIXELS_PER_DEGREE);
}

/** Hill height in degrees at a heading; whole waves per turn, so the seam at 360° does not show. */
function hillHeight(heading: number): number {
  const turn = (heading / 360) * 2 * Math.PI;
  return 4 + 2.5 * Math.sin(8 * turn) + 1.5 * Math.sin(21 * turn + 1);
}

function backgroundColour(heading: number, elevation: number): Rgb {
  if (elevation >= 0) {
    if (elevation < hillHeight(heading)) return [96, 112, 128];
    const t = elevation / TOP_ELEVATION;
    return [Math.round(170 - 140 * t), Math.round(210 - 130 * t), Math.round(245 - 60 * t)];
  }
  const t = -elevation / TOP_ELEVATION;
  // Furrows every 5° of heading give the ground texture to see small moves by.
  const furrow = Math.floor(heading / 5) % 2 === 0 ? 0 : 12;
  return [Math.round(70 - 30 * t) + furrow, Math.round(140 - 60 * t) + furrow, Math.round(60 - 30 * t)];
}

/**
 * Draws the panorama: 360° plus one field of view more, the start repeated at the end, so a
 * window across north is one rectangle.
 */
export function drawPanorama(): Panorama {
  const width = (360 + FIELD_OF_VIEW.horizontal) * PIXELS_PER_DEGREE;
  const height = 2 * TOP_ELEVATION * PIXELS_PER_DEGREE;
  const data = Buffer.alloc(width * height * 3);
  const put = (x: number, y: number, [r, g, b]: Rgb): void => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const at = (y * width + x) * 3;
    data[at] = r;
    data[at + 1] = g;
    data[at + 2] = b;
  };
  for (let y = 0; y < height; y++) {
    const elevation = TOP_ELEVATION - (y + 0.5) / PIXELS_PER_DEGREE;
    for (let x = 0; x < width; x++)
      put(x, y, backgroundColour(((x + 0.5) / PIXELS_PER_DEGREE) % 360, elevation));
  }
  for (let heading = -POST_SPACING; columnOf(heading - POST_HALF_WIDTH) < width; heading += POST_SPACING) {
    for (let x = columnOf(heading - POST_HALF_WIDTH); x < columnOf(heading + POST_HALF_WIDTH); x++) {
      for (let y = rowOf(POST_TOP); y < rowOf(POST_BOTTOM); y++) put(x, y, POST_COLOUR);
    }
    const shown = (heading + 360) % 360;
    const cardinal = ({ 0: 'N', 90: 'E', 180: 'S', 270: 'W' } as Record<number, string>)[shown];
    const lines = cardinal ? [cardinal, String(shown)] : [String(shown)];
    lines.forEach((text, line) => {
      const left = columnOf(heading) - Math.floor((textWidth(text) * LABEL_SCALE) / 2);
      const top = rowOf(POST_TOP) - (lines.length - line) * (GLYPH_HEIGHT + 2) * LABEL_SCALE;
      for (const [gx, gy] of textPixels(text)) {
        for (let dy = 0; dy < LABEL_SCALE; dy++) {
          for (let dx = 0; dx < LABEL_SCALE; dx++) {
            put(left + gx * LABEL_SCALE + dx, top + gy * LABEL_SCALE + dy, LABEL_COLOUR);
          }
        }
      }
    });
  }
  return { data, width, height };
}

/** The part of the panorama a camera at `position` sees. */
export function frameWindow(
  position: PtzPosition,
  panorama: Pick<Panorama, 'width' | 'height'>,
): FrameWindow {
  const width = Math.round((FIELD_OF_VIEW.horizontal / position.zoom) * PIXELS_PER_DEGREE);
  const height = Math.round((FIELD_OF_VIEW.vertical / position.zoom) * PIXELS_PER_DEGREE);
  const leftHeading = (((position.pan - FIELD_OF_VIEW.horizontal / position.zoom / 2) % 360) + 360) % 360;
  const left = Math.min(columnOf(leftHeading), panorama.width - width);
  const top = rowOf(position.tilt + FIELD_OF_VIEW.vertical / position.zoom / 2);
  return { left, top: Math.max(0, Math.min(top, panorama.height - height)), width, height };
}

type SharpFactory = (
  input: Buffer,
  options: { raw: { width: number; height: number; channels: 3 } },
) => Sharp;

/** Renders frames; the panorama is drawn and sharp loaded on the first frame, not on import. */
export class FrameRenderer {
  private ready: Promise<{ sharp: SharpFactory; panorama: Panorama }> | undefined;

  constructor(private readonly quality = 70) {}

  async jpeg(position: PtzPosition): Promise<Buffer> {
    this.ready ??= import('sharp').then((module) => ({
      sharp: module.default as SharpFactory,
      panorama: drawPanorama(),
    }));
    const { sharp, panorama } = await this.ready;
    const window = frameWindow(position, panorama);
    return sharp(panorama.data, { raw: { width: panorama.width, height: panorama.height, channels: 3 } })
      .extract(window)
      .resize(FRAME_WIDTH, FRAME_HEIGHT, { fit: 'fill' })
      .jpeg({ quality: this.quality })
      .toBuffer();
  }
}
