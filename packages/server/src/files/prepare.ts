/**
 * What an uploaded file becomes before it is stored: pictures checked by their content (png, jpeg,
 * gif, webp decoded to prove they are what they say; SVG sanitised), resized on request (spec
 * ImageAddAndModify), with a thumbnail; anything else kept as bytes, served only as a download.
 */
import { createHash } from 'node:crypto';
import { fileNameProblem } from '@fieldlink/protocol';
import type { StoredFileKind } from '../storage/file-schema.js';
import { ApiError } from '../http/errors.js';
import {
  IMAGE_MIME,
  ImageRejected,
  inspectImage,
  NOT_A_PICTURE,
  resizeImage,
  sanitiseSvg,
  sniffImage,
  thumbnail,
} from './images/index.js';

export interface PreparedFile {
  readonly name: string;
  readonly bytes: Uint8Array;
  readonly contentType: string;
  readonly kind: StoredFileKind;
  readonly width: number | null;
  readonly height: number | null;
  readonly sha256: string;
  readonly thumbnail: Uint8Array | null;
}

export interface PrepareOptions {
  /** Refuse anything that is not a picture. */
  readonly pictures: boolean;
  /** Resize pictures to fit this box. */
  readonly width?: number | undefined;
  readonly height?: number | undefined;
}

/** Content types of the files that are not pictures, by extension; they are always downloads. */
const FILE_TYPES: Readonly<Record<string, string>> = {
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
  glb: 'model/gltf-binary',
  gltf: 'model/gltf+json',
};

function fileType(name: string): string {
  const extension = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
  return FILE_TYPES[extension] ?? 'application/octet-stream';
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

function refused(name: string, error: unknown): never {
  if (error instanceof ImageRejected) {
    const code =
      error.reason === 'too_large'
        ? 'payload_too_large'
        : error.reason === 'bad_size'
          ? 'bad_request'
          : 'unsupported_media_type';
    throw new ApiError(code, `${name}: ${error.message}`);
  }
  throw error;
}

export async function prepareFile(
  name: string,
  bytes: Uint8Array,
  options: PrepareOptions,
): Promise<PreparedFile> {
  const problem = fileNameProblem(name);
  if (problem !== null) throw new ApiError('bad_request', `${JSON.stringify(name.slice(0, 80))}: ${problem}`);
  const format = sniffImage(bytes);
  if (format === null) {
    if (options.pictures) throw new ApiError('unsupported_media_type', `${name}: ${NOT_A_PICTURE}`);
    return {
      name,
      bytes,
      contentType: fileType(name),
      kind: 'file',
      width: null,
      height: null,
      sha256: sha256(bytes),
      thumbnail: null,
    };
  }
  try {
    if (format === 'svg') {
      const { svg } = await sanitiseSvg(bytes);
      const clean = new TextEncoder().encode(svg);
      const thumb = await thumbnail(clean, 'svg').catch(() => null);
      return {
        name,
        bytes: clean,
        contentType: IMAGE_MIME.svg,
        kind: 'svg',
        width: null,
        height: null,
        sha256: sha256(clean),
        thumbnail: thumb?.bytes ?? null,
      };
    }
    const info = await inspectImage(bytes);
    const resize = options.width !== undefined || options.height !== undefined;
    const stored = resize
      ? await resizeImage(bytes, {
          ...(options.width === undefined ? {} : { width: options.width }),
          ...(options.height === undefined ? {} : { height: options.height }),
        })
      : { bytes, format: info.format, width: info.width, height: info.height };
    const thumb = await thumbnail(stored.bytes, stored.format);
    return {
      name,
      bytes: stored.bytes,
      contentType: IMAGE_MIME[stored.format],
      kind: 'image',
      width: stored.width,
      height: stored.height,
      sha256: sha256(stored.bytes),
      thumbnail: thumb.bytes,
    };
  } catch (error) {
    return refused(name, error);
  }
}
