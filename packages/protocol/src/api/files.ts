/**
 * The REST contract of the file store (docs/api.md § Files) that server and console both import:
 * the spaces files live in, names and directories, the list, upload, delete, clear and copy
 * calls, and the saved user documents of spec §3 (userid, ftype, fname, context).
 */
import { z } from 'zod';

/**
 * Where files live (spec §7 user/equip/project/manager files):
 * - `me`: the caller's own files;
 * - `equipment-{id}`: the equipment's files, read by whoever may read it, written with the edit right;
 * - `project`: the caller's project files, their tenant's when they have one (spec §6), else their own;
 * - `admin`: the platform's files, read by every signed-in user, written by administrators.
 */
export const FILE_SPACE_PATTERN = /^(me|admin|project|equipment-[1-9]\d{0,15})$/;
export const FileSpace = z.string().regex(FILE_SPACE_PATTERN, 'me, admin, project or equipment-{id}');
export type FileSpace = z.infer<typeof FileSpace>;

/** The space of an equipment's files. */
export const equipmentSpace = (id: number): FileSpace => `equipment-${id}`;

export const FILE_NAME_MAX = 200;
export const FILE_DIR_MAX = 400;
/** Nested directories at most this deep. */
export const FILE_DIR_DEPTH = 8;

/** Characters never allowed in a name: path separators, NUL and the other control characters. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[/\\\u0000-\u001f\u007f]/;

/** Why `name` cannot be a file or directory name, or null when it can. */
export function fileNameProblem(name: string): string | null {
  if (name.length === 0) return 'a name is required';
  if (name.length > FILE_NAME_MAX) return `a name has at most ${FILE_NAME_MAX} characters`;
  if (FORBIDDEN.test(name)) return 'a name must not contain / or \\ or control characters';
  if (name === '.' || name === '..') return 'a name must not be . or ..';
  if (name.trim() !== name) return 'a name must not start or end with spaces';
  return null;
}

/** A directory as `a/b/c` (no leading or trailing slash), '' for the top; null when malformed. */
export function normaliseDir(dir: string): string | null {
  const trimmed = dir.replace(/^\/+|\/+$/g, '');
  if (trimmed === '') return '';
  if (trimmed.length > FILE_DIR_MAX) return null;
  const parts = trimmed.split('/');
  if (parts.length > FILE_DIR_DEPTH) return null;
  return parts.every((part) => fileNameProblem(part) === null) ? parts.join('/') : null;
}

export const FileName = z.string().superRefine((name, ctx) => {
  const problem = fileNameProblem(name);
  if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
});

export const FileDir = z
  .string()
  .max(FILE_DIR_MAX + 2)
  .transform((dir, ctx) => {
    const normal = normaliseDir(dir);
    if (normal === null) {
      ctx.addIssue({
        code: 'custom',
        message: `a directory is up to ${FILE_DIR_DEPTH} names separated by /, each a valid file name`,
      });
      return z.NEVER;
    }
    return normal;
  });

/** Pictures are png, jpg/jpeg, gif and webp, checked by content; SVG only after sanitising. */
export const FILE_KINDS = ['image', 'svg', 'file'] as const;
export const FileKind = z.enum(FILE_KINDS);
export type FileKind = z.infer<typeof FileKind>;

/** The picture names the spec accepts (§5), checked by the console before an upload. */
export const PICTURE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;

export const FileItem = z.object({
  name: z.string(),
  dir: z.string(),
  size: z.number(),
  contentType: z.string(),
  kind: FileKind,
  width: z.number().nullable(),
  height: z.number().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  /** The user who uploaded it and their name; null once that account is gone. */
  createdBy: z.number().nullable(),
  createdByName: z.string().nullable(),
  /**
   * Where the content is read: for pictures an address that needs no sign-in (so trees, diagrams
   * and wall displays show them), for other files an API path that needs the caller's token.
   */
  url: z.string(),
  /** A small WebP of a picture for lists; null for other files. */
  thumbnailUrl: z.string().nullable(),
});
export type FileItem = z.infer<typeof FileItem>;

export const FileListQuery = z.strictObject({
  dir: FileDir.default(''),
  /** Every file under the directory, not only those directly in it. */
  recursive: z.enum(['true', 'false']).default('false'),
});

export const FileListReply = z.object({
  space: FileSpace,
  dir: z.string(),
  items: z.array(FileItem),
  /** The directories directly under `dir`. */
  dirs: z.array(z.string()),
  /** Bytes the caller's uploads take, and their quota (null: none). */
  used: z.number(),
  quota: z.number().nullable(),
  /** The largest file the store takes. */
  maxFileSize: z.number(),
  /** The caller may upload, delete and clear here. */
  writable: z.boolean(),
});
export type FileListReply = z.infer<typeof FileListReply>;

/** Files one upload request may carry. */
export const FILES_PER_UPLOAD = 20;

const Dimension = z.coerce.number().int().min(1).max(4096);

/** Query of the multipart upload; `width`/`height` resize pictures (spec ImageAddAndModify). */
export const FileUploadQuery = z.strictObject({
  dir: FileDir.default(''),
  width: Dimension.optional(),
  height: Dimension.optional(),
  /** Replace files of the same names; without it such an upload is refused (409). */
  replace: z.enum(['true', 'false']).default('false'),
  /** Only pictures (png, jpg, jpeg, gif, webp and sanitised svg) are taken. */
  pictures: z.enum(['true', 'false']).default('false'),
});

export const FileUploadReply = z.object({ items: z.array(FileItem) });
export type FileUploadReply = z.infer<typeof FileUploadReply>;

/** Reading one file: its directory and name as one path. */
export const FilePathQuery = z.strictObject({
  path: z
    .string()
    .min(1)
    .max(FILE_DIR_MAX + FILE_NAME_MAX + 1),
  /** Sent as an attachment (a download) rather than shown. */
  download: z.enum(['true', 'false']).default('false'),
});

export const FileDeleteBody = z.strictObject({
  dir: FileDir.default(''),
  names: z.array(FileName).min(1).max(500),
});
export type FileDeleteBody = z.input<typeof FileDeleteBody>;

export const FileClearQuery = z.strictObject({
  /** Only this directory and what is under it; everything in the space without it. */
  dir: FileDir.default(''),
});

export const FileCountReply = z.object({ count: z.number() });
export type FileCountReply = z.infer<typeof FileCountReply>;

/** Copies a directory and everything under it, e.g. one device's configuration to another. */
export const FileCopyBody = z.strictObject({
  from: z.strictObject({ space: FileSpace, dir: FileDir }),
  to: z.strictObject({ space: FileSpace, dir: FileDir }),
  replace: z.boolean().default(false),
});
export type FileCopyBody = z.input<typeof FileCopyBody>;

/** A new project id (spec `project/gen-pro-id`): 32 characters. */
export const ProjectIdReply = z.object({ id: z.string().length(32) });

/* ---- Saved user documents (spec §3 saved user files: userid, ftype, fname, context) ---- */

export const DOCUMENT_MAX_BYTES = 256 * 1024;
export const DOCUMENTS_PER_USER = 500;

export const DocumentType = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'a document type is 1-64 letters, digits, . _ -');
export const DocumentName = FileName;

export const DocumentParams = z.strictObject({ ftype: DocumentType, fname: DocumentName });
export const DocumentTypeParams = z.strictObject({ ftype: DocumentType });

export const DocumentListQuery = z.strictObject({ ftype: DocumentType.optional() });

export const DocumentSummary = z.object({
  ftype: z.string(),
  fname: z.string(),
  size: z.number(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type DocumentSummary = z.infer<typeof DocumentSummary>;

export const DocumentListReply = z.object({ items: z.array(DocumentSummary) });

/** `context` is any JSON value (the spec's encoded object), up to DOCUMENT_MAX_BYTES as JSON. */
export const DocumentPut = z.strictObject({
  context: z.unknown().refine((value) => value !== undefined, 'context is required'),
});
export type DocumentPut = z.infer<typeof DocumentPut>;

export const DocumentReply = DocumentSummary.extend({ context: z.unknown() });
export type DocumentReply = z.infer<typeof DocumentReply>;
