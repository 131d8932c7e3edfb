/**
 * Where a raster picture ends, walked from its container structure (PNG chunks, JPEG markers,
 * GIF blocks, the RIFF size of WebP). The decoders stop reading at the end of the picture and
 * happily ignore whatever follows, which is how polyglots are made: a picture with a zip, a script
 * or an HTML page appended still decodes. Anything after the end is refused here, and a structure
 * that runs past the end of the bytes is a truncated file.
 */
import { unreadable } from './errors.js';

type RasterFormat = 'png' | 'jpeg' | 'gif' | 'webp';

const TRUNCATED = 'the file is cut short';
const APPENDED = 'other data follows the end of the picture (a second file is attached to it)';

class Cut extends Error {}

function u16be(bytes: Uint8Array, at: number): number {
  if (at + 2 > bytes.length) throw new Cut();
  return (bytes[at]! << 8) | bytes[at + 1]!;
}

function u32be(bytes: Uint8Array, at: number): number {
  if (at + 4 > bytes.length) throw new Cut();
  return ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
}

function u32le(bytes: Uint8Array, at: number): number {
  if (at + 4 > bytes.length) throw new Cut();
  return (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
}

function byteAt(bytes: Uint8Array, at: number): number {
  const b = bytes[at];
  if (b === undefined) throw new Cut();
  return b;
}

function fourcc(bytes: Uint8Array, at: number): string {
  if (at + 4 > bytes.length) throw new Cut();
  return String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
}

/** End of a PNG: just past the IEND chunk. */
function pngEnd(bytes: Uint8Array): number {
  let at = 8;
  for (let first = true; ; first = false) {
    const length = u32be(bytes, at);
    const type = fourcc(bytes, at + 4);
    if (first && type !== 'IHDR') throw unreadable('the PNG does not start with its header chunk');
    if (length > 0x7fffffff) throw unreadable('a PNG chunk has an impossible length');
    at += 12 + length;
    if (at > bytes.length) throw new Cut();
    if (type === 'IEND') return at;
  }
}

/** End of the JPEG stream starting (FF D8) at `start`: just past its EOI marker. */
function jpegStreamEnd(bytes: Uint8Array, start: number): number {
  let at = start + 2;
  for (;;) {
    if (byteAt(bytes, at) !== 0xff) throw unreadable('the JPEG has a broken marker');
    while (byteAt(bytes, at) === 0xff) at++;
    const marker = bytes[at++]!;
    if (marker === 0xd9) return at;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (marker === 0xd8 || marker === 0x00) throw unreadable('the JPEG has a broken marker');
    const length = u16be(bytes, at);
    if (length < 2) throw unreadable('the JPEG has a broken segment');
    at += length;
    if (at > bytes.length) throw new Cut();
    if (marker === 0xda) at = entropyEnd(bytes, at);
  }
}

/** Index of the marker that ends entropy-coded data: an FF not followed by 00 (stuffing) or a restart. */
function entropyEnd(bytes: Uint8Array, from: number): number {
  let at = from;
  for (;;) {
    at = bytes.indexOf(0xff, at);
    if (at < 0) throw new Cut();
    const next = byteAt(bytes, at + 1);
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) at += 2;
    else if (next === 0xff) at += 1;
    else return at;
  }
}

/**
 * End of a JPEG, counting the further JPEG images cameras append after the first one (the
 * Multi-Picture Format of depth maps and HDR gain maps) as part of it.
 */
function jpegEnd(bytes: Uint8Array): number {
  let end = jpegStreamEnd(bytes, 0);
  for (;;) {
    const next = skipZeros(bytes, end);
    if (
      next + 3 <= bytes.length &&
      bytes[next] === 0xff &&
      bytes[next + 1] === 0xd8 &&
      bytes[next + 2] === 0xff
    ) {
      end = jpegStreamEnd(bytes, next);
    } else {
      return end;
    }
  }
}

function skipSubBlocks(bytes: Uint8Array, from: number): number {
  let at = from;
  for (;;) {
    const size = byteAt(bytes, at);
    at += 1 + size;
    if (size === 0) return at;
  }
}

/** End of a GIF: just past its trailer byte (3B). */
function gifEnd(bytes: Uint8Array): number {
  const packed = byteAt(bytes, 10);
  let at = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);
  for (;;) {
    const block = byteAt(bytes, at++);
    if (block === 0x3b) return at;
    if (block === 0x21) {
      at = skipSubBlocks(bytes, at + 1);
    } else if (block === 0x2c) {
      const local = byteAt(bytes, at + 8);
      at += 9 + (local & 0x80 ? 3 * 2 ** ((local & 7) + 1) : 0);
      at = skipSubBlocks(bytes, at + 1);
    } else {
      throw unreadable('the GIF has an unknown block');
    }
  }
}

/** End of a WebP: its RIFF size, checked against the chunks it holds. */
function webpEnd(bytes: Uint8Array): number {
  const end = 8 + u32le(bytes, 4);
  if (end > bytes.length) throw new Cut();
  let at = 12;
  while (at < end) {
    const size = u32le(bytes, at + 4);
    at += 8 + size + (size & 1);
  }
  if (at !== end) throw unreadable('the WebP chunks do not fill the file');
  return end;
}

const ENDS: Readonly<Record<RasterFormat, (bytes: Uint8Array) => number>> = {
  png: pngEnd,
  jpeg: jpegEnd,
  gif: gifEnd,
  webp: webpEnd,
};

function skipZeros(bytes: Uint8Array, from: number): number {
  let at = from;
  while (at < bytes.length && bytes[at] === 0) at++;
  return at;
}

/**
 * Throws ImageRejected('unreadable') when the picture's structure is cut short or other data
 * follows its end. Zero bytes after the end are padding some encoders write, and are let be.
 */
export function checkRasterStructure(bytes: Uint8Array, format: RasterFormat): void {
  let end: number;
  try {
    end = ENDS[format](bytes);
  } catch (e) {
    throw e instanceof Cut ? unreadable(TRUNCATED) : e;
  }
  if (skipZeros(bytes, end) !== bytes.length) throw unreadable(APPENDED);
}

/** Whether a WebP holds lossless (VP8L) image data, so a re-encode can stay lossless. */
export function isLosslessWebp(bytes: Uint8Array): boolean {
  if (bytes.length < 16) return false;
  const first = fourcc(bytes, 12);
  if (first === 'VP8L') return true;
  if (first !== 'VP8X') return false;
  // An extended WebP: lossless when its first image (or animation frame) chunk is VP8L.
  const end = Math.min(bytes.length, 8 + u32le(bytes, 4));
  let at = 12;
  while (at + 8 <= end) {
    const type = fourcc(bytes, at);
    const size = u32le(bytes, at + 4);
    if (type === 'VP8L') return true;
    if (type === 'VP8 ') return false;
    if (type === 'ANMF') return at + 24 + 4 <= end && fourcc(bytes, at + 24) === 'VP8L';
    at += 8 + size + (size & 1);
  }
  return false;
}
