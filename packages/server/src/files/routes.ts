/**
 * The file store's routes under /api/v1 (docs/api.md § Files): list, multipart upload (several
 * files, pictures checked by content, resized on request), read, delete several, clear a
 * directory, copy a directory between spaces, new project ids; and the pictures' own addresses,
 * which need no sign-in so trees, diagrams and wall displays show them.
 */
import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import {
  FileClearQuery,
  FileCopyBody,
  FileCountReply,
  FileDeleteBody,
  FileListQuery,
  FileListReply,
  FilePathQuery,
  FileSpace,
  FileUploadQuery,
  FileUploadReply,
  FILES_PER_UPLOAD,
  normaliseDir,
  ProjectIdReply,
} from '@fieldlink/protocol';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../accounts/authenticate.js';
import { ErrorReply } from '../accounts/fields.js';
import { ApiError } from '../http/errors.js';
import type { StoredFile } from '../storage/file-schema.js';
import { imageResponseHeaders, sniffImage } from './images/index.js';
import { prepareFile } from './prepare.js';
import type { PreparedFile } from './prepare.js';
import { resolveSpace, writableSpace } from './spaces.js';
import type { FileStore } from './store.js';
import { splitPath } from './store.js';
import { iso } from '../http/iso.js';

export interface FilesOptions {
  readonly store: FileStore;
  readonly now?: () => number;
}

const SpaceParams = z.strictObject({ space: FileSpace });
const PictureParams = z.strictObject({
  key: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
  name: z.string().min(1).max(400),
});
const ThumbnailParams = z.strictObject({ key: z.string().regex(/^[A-Za-z0-9_-]{22}$/) });

/** A file as the API lists it; pictures get their sign-in-free address. */
export function fileItem(space: FileSpace, row: StoredFile, names: ReadonlyMap<number, string>) {
  const path = row.dir === '' ? row.name : `${row.dir}/${row.name}`;
  const picture = row.picture_key !== null;
  return {
    name: row.name,
    dir: row.dir,
    size: row.size,
    contentType: row.content_type,
    kind: row.kind,
    width: row.width,
    height: row.height,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    createdBy: row.created_by,
    createdByName: row.created_by === null ? null : (names.get(row.created_by) ?? null),
    url: picture
      ? `/api/v1/pictures/${row.picture_key}/${encodeURIComponent(row.name)}`
      : `/api/v1/files/${space}/content?path=${encodeURIComponent(path)}`,
    thumbnailUrl: picture && row.thumb_key !== null ? `/api/v1/picture-thumbnails/${row.picture_key}` : null,
  };
}

function sendBytes(
  reply: FastifyReply,
  row: StoredFile,
  bytes: Uint8Array,
  disposition: 'inline' | 'attachment',
  cache: string,
): FastifyReply {
  const format = row.kind === 'file' ? 'other' : (sniffImage(bytes) ?? 'other');
  const headers = imageResponseHeaders(format, disposition, row.name);
  if (row.kind === 'file') headers['content-type'] = row.content_type;
  return reply
    .headers({ ...headers, etag: `"${row.sha256}"`, 'cache-control': cache })
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

export const filesPlugin: FastifyPluginAsyncZod<FilesOptions> = async (app, options) => {
  const { store } = options;
  const db = store.db;
  const now = options.now ?? Date.now;
  const security = [{ bearer: [] }];
  const guarded = { preHandler: app.authenticate };
  const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply };

  /** The names of the users who uploaded these files. */
  async function uploaders(rows: readonly StoredFile[]): Promise<Map<number, string>> {
    const ids = [...new Set(rows.flatMap((row) => (row.created_by === null ? [] : [row.created_by])))];
    if (ids.length === 0) return new Map();
    const users = await db.selectFrom('users').select(['id', 'user_name']).where('id', 'in', ids).execute();
    return new Map(users.map((user) => [user.id, user.user_name]));
  }

  await app.register(multipart, {
    limits: {
      fileSize: store.limits.maxFileBytes,
      files: FILES_PER_UPLOAD,
      fields: 0,
      parts: FILES_PER_UPLOAD,
    },
  });

  app.get(
    '/files/:space',
    {
      ...guarded,
      schema: {
        tags: ['files'],
        summary: 'List the files of a directory, with its sub-directories and the caller’s quota',
        security,
        params: SpaceParams,
        querystring: FileListQuery,
        response: { 200: FileListReply, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const space = await resolveSpace(db, user, request.params.space, now());
      const { dir, recursive } = request.query;
      const { items, dirs } = await store.list(space.key, dir, recursive === 'true');
      const names = await uploaders(items);
      return {
        space: space.name,
        dir,
        items: items.map((row) => fileItem(space.name, row, names)),
        dirs,
        used: await store.usedBy(user.id),
        quota: store.limits.quotaBytes,
        maxFileSize: store.limits.maxFileBytes,
        writable: space.writable,
      };
    },
  );

  app.post(
    '/files/:space',
    {
      ...guarded,
      // The files' own limits bound a multipart body, not the JSON body limit.
      bodyLimit: store.limits.maxFileBytes * FILES_PER_UPLOAD + 1024 * 1024,
      schema: {
        tags: ['files'],
        summary: 'Upload files (multipart, field `file`, several at once); pictures checked by content',
        consumes: ['multipart/form-data'],
        security,
        params: SpaceParams,
        querystring: FileUploadQuery,
        response: { 201: FileUploadReply, ...errors, 409: ErrorReply, 413: ErrorReply, 415: ErrorReply },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!request.isMultipart())
        throw new ApiError('unsupported_media_type', 'send the files as multipart/form-data');
      const space = await writableSpace(db, user, request.params.space, now());
      const query = request.query;
      const prepared: PreparedFile[] = [];
      try {
        for await (const part of request.files()) {
          const bytes = await part.toBuffer();
          prepared.push(
            await prepareFile(
              part.filename,
              new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
              {
                pictures: query.pictures === 'true',
                width: query.width,
                height: query.height,
              },
            ),
          );
        }
      } catch (error) {
        throw uploadError(error, store.limits.maxFileBytes);
      }
      if (prepared.length === 0) throw new ApiError('bad_request', 'no file in the request (field `file`)');
      const rows = await store.save(space, query.dir, prepared, user.id, query.replace === 'true');
      request.log.info(
        { space: space.key, dir: query.dir, files: rows.length, user: user.id },
        'files uploaded',
      );
      const names = await uploaders(rows);
      return reply.code(201).send({ items: rows.map((row) => fileItem(space.name, row, names)) });
    },
  );

  app.get(
    '/files/:space/content',
    {
      ...guarded,
      schema: {
        tags: ['files'],
        summary: 'Read a file (a download with `download=true`)',
        security,
        params: SpaceParams,
        querystring: FilePathQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const space = await resolveSpace(db, user, request.params.space, now());
      const parts = splitPath(request.query.path);
      const dir = parts === null ? null : normaliseDir(parts.dir);
      if (parts === null || dir === null) throw new ApiError('bad_request', 'path names no file');
      const row = await store.find(space.key, dir, parts.name);
      const bytes = row ? await store.bytesOf(row, 'content') : null;
      if (!row || bytes === null) throw new ApiError('not_found', 'no such file');
      const inline = row.kind !== 'file' && request.query.download !== 'true';
      return sendBytes(reply, row, bytes, inline ? 'inline' : 'attachment', 'private, no-cache');
    },
  );

  app.post(
    '/files/:space/delete',
    {
      ...guarded,
      schema: {
        tags: ['files'],
        summary: 'Delete files of a directory (several at once)',
        security,
        params: SpaceParams,
        body: FileDeleteBody,
        response: { 200: FileCountReply, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const space = await writableSpace(db, user, request.params.space, now());
      const count = await store.remove(space.key, request.body.dir, request.body.names);
      if (count === 0) throw new ApiError('not_found', 'none of these files is here');
      return { count };
    },
  );

  app.delete(
    '/files/:space',
    {
      ...guarded,
      schema: {
        tags: ['files'],
        summary: 'Clear a directory and everything under it (the whole space without `dir`)',
        security,
        params: SpaceParams,
        querystring: FileClearQuery,
        response: { 200: FileCountReply, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const space = await writableSpace(db, user, request.params.space, now());
      return { count: await store.clear(space.key, request.query.dir) };
    },
  );

  app.post(
    '/files/copy',
    {
      ...guarded,
      schema: {
        tags: ['files'],
        summary: 'Copy a directory and what is under it to another space or directory',
        security,
        body: FileCopyBody,
        response: { 200: FileCountReply, ...errors, 409: ErrorReply, 413: ErrorReply },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const at = now();
      const from = await resolveSpace(db, user, request.body.from.space, at);
      const to = await writableSpace(db, user, request.body.to.space, at);
      const count = await store.copy(
        { key: from.key, dir: request.body.from.dir },
        { key: to.key, dir: request.body.to.dir, quota: to.quota },
        user.id,
        request.body.replace,
      );
      if (count === 0) throw new ApiError('not_found', 'there are no files to copy in that directory');
      return { count };
    },
  );

  app.post(
    '/files/project/ids',
    {
      ...guarded,
      schema: {
        tags: ['files'],
        summary: 'A new project id (32 characters) for a project directory',
        security,
        response: { 200: ProjectIdReply, 401: ErrorReply },
      },
    },
    async () => ({ id: randomBytes(16).toString('hex') }),
  );

  app.get(
    '/picture-thumbnails/:key',
    {
      schema: {
        tags: ['files'],
        summary: 'A picture’s thumbnail (WebP, at most 256×256); no sign-in',
        params: ThumbnailParams,
        response: { 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const row = await store.findPicture(request.params.key);
      const bytes = row ? await store.bytesOf(row, 'thumbnail') : null;
      if (!row || bytes === null) throw new ApiError('not_found', 'no such picture');
      return (reply as FastifyReply)
        .headers({
          ...imageResponseHeaders('webp', 'inline', 'thumbnail.webp'),
          etag: `"t-${row.sha256}"`,
          'cache-control': 'public, max-age=60',
        })
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );

  app.get(
    '/pictures/:key/:name',
    {
      schema: {
        tags: ['files'],
        summary: 'A picture by its address; no sign-in (the address is unguessable)',
        params: PictureParams,
        response: { 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const row = await store.findPicture(request.params.key);
      const bytes = row ? await store.bytesOf(row, 'content') : null;
      if (!row || bytes === null) throw new ApiError('not_found', 'no such picture');
      if (request.headers['if-none-match'] === `"${row.sha256}"`)
        return (reply as FastifyReply).code(304).send();
      return sendBytes(reply, row, bytes, 'inline', 'public, max-age=60');
    },
  );
};

/** Multipart limits and stream errors as the API's errors. */
function uploadError(error: unknown, maxBytes: number): unknown {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new ApiError(
      'payload_too_large',
      `a file is larger than ${(maxBytes / (1024 * 1024)).toFixed(1)} MB, the largest taken`,
    );
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new ApiError('payload_too_large', `at most ${FILES_PER_UPLOAD} files in one upload`);
  }
  if (code === 'FST_FIELDS_LIMIT')
    return new ApiError('bad_request', 'send only files (field `file`) in an upload');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new ApiError('unsupported_media_type', 'send the files as multipart/form-data');
  }
  return error;
}
