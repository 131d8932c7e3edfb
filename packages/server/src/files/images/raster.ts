/**
 * Pictures proven, resized and made into thumbnails with sharp. A picture is accepted when its
 * content sniffs as an accepted format, its structure ends where the file ends (no second file
 * appended, not cut short) and sharp decodes every pixel of it without a warning; pixel bombs are
 * refused from the header before anything is decoded.
 *
 * Decisions: a resize fits the picture inside the box keeping its proportions and never enlarges
 * it (enlarging adds bytes and no detail; the console scales up on screen when it must). A
 * picture that already fits is returned as it came, byte for byte, its metadata included; every
 * re-encode (a resize, a thumbnail) drops the metadata (EXIF, GPS, XMP), after turning the
 * picture upright by its EXIF orientation so dropping that tag does not tip it over. Animated GIF
 * and WebP stay animated through a resize (APNG does not: sharp reads its first frame only).
 * Thumbnails are WebP, at most 256 × 256, of the first frame.
 */
import sharp from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import { ImageRejected, notAPicture, unreadable } from './errors.js';
import { IMAGE_MIME, sniffImage } from './sniff.js';
import type { ImageFormat } from './sniff.js';
import { checkRasterStructure, isLosslessWebp } from './structure.js';
import { renderSvg, svgPicture } from './svg-picture.js';
import { sanitisedMarkup } from './svg-thread.js';
import type { SvgLimits } from './svg-sanitise.js';

export interface ImageLimits {
  /** Most pixels in one frame (width × height). */
  readonly maxPixels?: number;
  /** Most pixels over all frames of an animation. */
  readonly maxAnimationPixels?: number;
  /** sharp gives up on one picture after this long. */
  readonly timeoutSeconds?: number;
  readonly svg?: SvgLimits;
}

export const IMAGE_LIMITS = {
  maxPixels: 50_000_000,
  maxAnimationPixels: 100_000_000,
  timeoutSeconds: 30,
} as const;

/** Bounds of a requested resize (spec ImageAddAndModify's width and height). */
export const MAX_RESIZE = 4096;
export const THUMBNAIL_SIDE = 256;

export interface ImageInfo {
  readonly format: ImageFormat;
  /** As displayed: after the EXIF orientation; for an animation, one frame. */
  readonly width: number;
  readonly height: number;
  /** More than one frame (GIF, WebP). */
  readonly animated: boolean;
}

export interface ResizeBox {
  readonly width?: number | undefined;
  readonly height?: number | undefined;
}

export interface ResizedImage {
  readonly bytes: Uint8Array;
  readonly format: ImageFormat;
  readonly width: number;
  readonly height: number;
  /** False when the picture already fitted: `bytes` are the input, unchanged. */
  readonly resized: boolean;
}

export interface Thumbnail {
  readonly bytes: Uint8Array;
  readonly contentType: 'image/webp';
  readonly width: number;
  readonly height: number;
}

type RasterFormat = Exclude<ImageFormat, 'svg'>;

interface Decoded {
  readonly format: RasterFormat;
  readonly width: number;
  readonly height: number;
  readonly frames: number;
  readonly isPalette: boolean;
}

function limitsOf(limits: ImageLimits): Required<Omit<ImageLimits, 'svg'>> & { svg?: SvgLimits } {
  return { ...IMAGE_LIMITS, ...limits };
}

/** sharp's words for why it could not decode, without the library prefix. */
function sharpReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.split('\n')[0] ?? message;
  return (
    line
      .replace(/Vips\w+:\s*/g, '')
      .replace(/\w+load(?:_buffer)?:\s*/g, '')
      .trim() || 'it does not decode'
  );
}

function megapixels(n: number): string {
  return `${Math.round(n / 1e5) / 10} megapixels`;
}

/** Sniffed, structure-checked, header read and size-checked; no pixel decoded yet. */
async function readHeader(
  bytes: Uint8Array,
  format: RasterFormat,
  limits: ReturnType<typeof limitsOf>,
): Promise<Decoded> {
  checkRasterStructure(bytes, format);
  let metadata: Metadata;
  try {
    // The header alone: the pixel limit is checked here, with the numbers for the message.
    metadata = await sharp(bytes, { limitInputPixels: false, failOn: 'warning' }).metadata();
  } catch (e) {
    throw unreadable(sharpReason(e));
  }
  if (metadata.format !== format) throw unreadable(`its content is not a complete ${format} picture`);
  const width = metadata.autoOrient?.width ?? metadata.width;
  const height = metadata.autoOrient?.height ?? metadata.height;
  if (width * height > limits.maxPixels) {
    throw new ImageRejected(
      'too_large',
      `the picture is too large: ${width} × ${height} pixels, at most ${megapixels(limits.maxPixels)} are accepted`,
    );
  }
  const frames = format === 'gif' || format === 'webp' ? Math.max(1, metadata.pages ?? 1) : 1;
  if (frames > 1 && width * height * frames > limits.maxAnimationPixels) {
    throw new ImageRejected(
      'too_large',
      `the animation is too large: ${frames} frames of ${width} × ${height} pixels, at most ${megapixels(limits.maxAnimationPixels)} in all are accepted`,
    );
  }
  return { format, width, height, frames, isPalette: metadata.isPalette === true };
}

function input(
  bytes: Uint8Array,
  decoded: Decoded,
  limits: ReturnType<typeof limitsOf>,
  allFrames: boolean,
): Sharp {
  const animated = allFrames && decoded.frames > 1;
  return sharp(bytes, {
    animated,
    limitInputPixels: animated ? limits.maxAnimationPixels : limits.maxPixels,
    failOn: 'warning',
  }).timeout({ seconds: limits.timeoutSeconds });
}

async function run<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof ImageRejected) throw e;
    throw unreadable(sharpReason(e));
  }
}

function sniffed(bytes: Uint8Array): ImageFormat {
  const format = sniffImage(bytes);
  if (format === null) throw notAPicture();
  return format;
}

/**
 * What the picture is, proven by decoding every pixel (every frame of an animation) at a small
 * size. An SVG is sanitised first and measured from its root (CSS pixels). Throws ImageRejected.
 */
export async function inspectImage(bytes: Uint8Array, limits: ImageLimits = {}): Promise<ImageInfo> {
  const all = limitsOf(limits);
  const format = sniffed(bytes);
  if (format === 'svg') {
    const picture = await svgPicture(bytes, null, all.svg);
    // Drawn once, small, so a file librsvg cannot render is refused now and not at thumbnail time.
    await run(async () => (await renderSvg(picture.svg, 64, all.timeoutSeconds)).raw().toBuffer());
    return { format, width: picture.width, height: picture.height, animated: false };
  }
  const decoded = await readHeader(bytes, format, all);
  // Shrinking to 64 px still decodes every pixel (JPEG: every coefficient), cheaply.
  await run(() => input(bytes, decoded, all, true).resize(64, 64, { fit: 'inside' }).raw().toBuffer());
  return { format, width: decoded.width, height: decoded.height, animated: decoded.frames > 1 };
}

function checkBox(box: ResizeBox): void {
  const sides = [box.width, box.height].filter((side) => side !== undefined);
  const valid = (side: number): boolean => Number.isInteger(side) && side >= 1 && side <= MAX_RESIZE;
  if (sides.length === 0 || !sides.every(valid)) {
    throw new ImageRejected('bad_size', `width and height must be whole numbers from 1 to ${MAX_RESIZE}`);
  }
}

function encode(pipeline: Sharp, decoded: Decoded, bytes: Uint8Array): Sharp {
  switch (decoded.format) {
    case 'jpeg':
      return pipeline.jpeg({ quality: 85 });
    case 'png':
      return pipeline.png(decoded.isPalette ? { palette: true } : {});
    case 'webp':
      return pipeline.webp(isLosslessWebp(bytes) ? { lossless: true } : { quality: 85 });
    case 'gif':
      return pipeline.gif();
  }
}

/**
 * The picture fitted inside `box` (one side given: scaled to it; both: inside both), in its own
 * format, never enlarged; animations keep every frame. An SVG is resized as a vector and returned
 * sanitised. `box` sides must be whole numbers 1..4096. Throws ImageRejected.
 */
export async function resizeImage(
  bytes: Uint8Array,
  box: ResizeBox,
  limits: ImageLimits = {},
): Promise<ResizedImage> {
  checkBox(box);
  const all = limitsOf(limits);
  const format = sniffed(bytes);
  if (format === 'svg') {
    const picture = await svgPicture(bytes, box, all.svg);
    const { width, height, resized } = picture;
    return { bytes: new TextEncoder().encode(picture.svg), format, width, height, resized };
  }
  const decoded = await readHeader(bytes, format, all);
  const scale = Math.min(
    box.width === undefined ? Infinity : box.width / decoded.width,
    box.height === undefined ? Infinity : box.height / decoded.height,
  );
  if (scale >= 1) {
    await run(() => input(bytes, decoded, all, true).resize(64, 64, { fit: 'inside' }).raw().toBuffer());
    return { bytes, format, width: decoded.width, height: decoded.height, resized: false };
  }
  const width = Math.max(1, Math.round(decoded.width * scale));
  const height = Math.max(1, Math.round(decoded.height * scale));
  const { data, info } = await run(() => {
    const source = input(bytes, decoded, all, true);
    const upright = decoded.frames > 1 ? source : source.autoOrient();
    return encode(upright.resize(width, height, { fit: 'fill' }), decoded, bytes).toBuffer({
      resolveWithObject: true,
    });
  });
  return { bytes: data, format, width: info.width, height: info.pageHeight ?? info.height, resized: true };
}

/**
 * A WebP thumbnail at most 256 × 256 (never enlarged, except an SVG, which is drawn at that
 * size), of the first frame, upright, without metadata. `format` is what the caller stored the
 * bytes as; content of another format is refused. An SVG is sanitised before it is drawn.
 */
export async function thumbnail(
  bytes: Uint8Array,
  format: ImageFormat,
  limits: ImageLimits = {},
): Promise<Thumbnail> {
  const all = limitsOf(limits);
  const actual = sniffed(bytes);
  if (actual !== format) throw unreadable(`its content is ${IMAGE_MIME[actual]}, not ${IMAGE_MIME[format]}`);
  // Sanitising stays outside `run`: a failure of the SVG thread is the server's, not the picture's.
  const markup = actual === 'svg' ? await sanitisedMarkup(bytes, all.svg) : null;
  const { data, info } = await run(async () => {
    const pipeline =
      actual === 'svg'
        ? await renderSvg(markup!, THUMBNAIL_SIDE, all.timeoutSeconds)
        : input(bytes, await readHeader(bytes, actual, all), all, false).autoOrient();
    return pipeline
      .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
  });
  return { bytes: data, contentType: 'image/webp', width: info.width, height: info.height };
}
