/**
 * What a file is, by its content: the product accepts png, jpeg, gif and webp pictures and
 * (sanitised) SVG drawings, and a file's name decides nothing (a PNG named x.jpg is a PNG, a text
 * file named y.png is not a picture). Magic bytes only: whether the bytes then decode is
 * raster.ts's question.
 */
import { scanSvgProlog } from './svg-prolog.js';

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'svg';

export const IMAGE_FORMATS: readonly ImageFormat[] = ['png', 'jpeg', 'gif', 'webp', 'svg'];

export const IMAGE_MIME: Readonly<Record<ImageFormat, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

const EXTENSIONS: Readonly<Record<ImageFormat, readonly string[]>> = {
  png: ['png'],
  jpeg: ['jpg', 'jpeg'],
  gif: ['gif'],
  webp: ['webp'],
  svg: ['svg'],
};

/** The file name extensions of a format, lower case without the dot; the first is the usual one. */
export function extensionsFor(format: ImageFormat): readonly string[] {
  return EXTENSIONS[format];
}

const IMAGE_EXTENSIONS = new Set(IMAGE_FORMATS.flatMap((format) => EXTENSIONS[format]));

/**
 * Whether a file name looks like a picture (png, jpg, jpeg, gif, webp, svg; any case), for the
 * console to say early what the server would refuse. Only a hint: the server sniffs the content.
 */
export function isImageName(name: string): boolean {
  const dot = name.lastIndexOf('.');
  if (dot < 0 || dot === name.length - 1) return false;
  return IMAGE_EXTENSIONS.has(name.slice(dot + 1).toLowerCase());
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((b, i) => bytes[at + i] === b);
}

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

const GIF87A = ascii('GIF87a');
const GIF89A = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');

/** Bytes XML 1.0 forbids outright (C0 controls other than tab, LF, CR): binary, not text. */
function hasForbiddenControl(bytes: Uint8Array): boolean {
  for (const b of bytes) {
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return true;
  }
  return false;
}

/**
 * How much of a file is read to tell an SVG: the prolog and the root start tag are in it. The rest
 * is the sanitiser's to read (which refuses a file that stops being UTF-8 further on); the routes
 * sniff stored files on every download, and a large drawing need not be decoded for that.
 */
const SVG_PREFIX = 64 * 1024;

/** Whether the bytes are UTF-8 text (an optional BOM) whose first element is `<svg`. */
function isSvg(whole: Uint8Array): boolean {
  const bytes = whole.subarray(0, SVG_PREFIX);
  // Cheap early exits for binary files: the first byte of an SVG is '<', white space or a BOM.
  const first = bytes[0];
  if (
    first !== 0x3c &&
    first !== 0xef &&
    first !== 0x20 &&
    first !== 0x09 &&
    first !== 0x0a &&
    first !== 0x0d
  ) {
    return false;
  }
  if (hasForbiddenControl(bytes)) return false;
  let text: string;
  try {
    // Streaming, so a character cut by the end of the prefix is not taken for bad UTF-8.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: bytes.length < whole.length });
  } catch {
    return false;
  }
  return scanSvgProlog(text) !== null;
}

/**
 * The picture format of `bytes` by content, or null. Never throws. An SVG must be UTF-8 text
 * whose first element (after the XML declaration, comments, DOCTYPE, white space) is `<svg`,
 * within its first 64 kB; UTF-16 and gzip-compressed SVG (svgz) are refused.
 */
export function sniffImage(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, GIF87A) || startsWith(bytes, GIF89A)) return 'gif';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'webp';
  if (bytes.length > 0 && isSvg(bytes)) return 'svg';
  return null;
}
