/**
 * File store calls (docs/api.md § Files): lists, uploads with progress, downloads, deleting,
 * clearing and copying directories in a space (`me`, `equipment-{id}`, `project`, `admin`), new
 * project ids, and the saved user documents (spec §3 ftype/fname/context). Shapes are the contract
 * in @fieldlink/protocol, checked in development.
 */
import {
  DocumentListReply,
  DocumentReply,
  FileCountReply,
  FileListReply,
  FileUploadReply,
  ProjectIdReply,
} from '@fieldlink/protocol';
import type { FileCopyBody, FileSpace } from '@fieldlink/protocol';
import type { z } from 'zod';
import { useSession } from '../session/store';
import { ApiError, apiUrl, del, get, post, request, send } from './http';
import { validated } from './validated';
import type { Reply } from './validated';

export type { FileSpace } from '@fieldlink/protocol';
export type FileList = Reply<z.output<typeof FileListReply>>;
export type FileEntry = FileList['items'][number];
export type DocumentEntry = Reply<z.output<typeof DocumentListReply>>['items'][number];
export type SavedDocument = Reply<z.output<typeof DocumentReply>>;

const space = (name: FileSpace): string => `/files/${encodeURIComponent(name)}`;

export async function listFiles(
  name: FileSpace,
  dir = '',
  options: { recursive?: boolean; signal?: AbortSignal } = {},
): Promise<FileList> {
  return get<unknown>(space(name), {
    query: { dir, recursive: options.recursive ? 'true' : undefined },
    ...(options.signal ? { signal: options.signal } : {}),
  }).then(validated(FileListReply));
}

export interface UploadOptions {
  readonly dir?: string;
  /** Resize pictures to fit this box (spec ImageAddAndModify). */
  readonly width?: number;
  readonly height?: number;
  /** Replace files of the same names (otherwise the server answers 409). */
  readonly replace?: boolean;
  /** Only pictures are taken. */
  readonly pictures?: boolean;
  /** Bytes sent so far and in all. */
  readonly onProgress?: (sent: number, total: number) => void;
  readonly signal?: AbortSignal;
}

/**
 * Uploads files in one multipart request. XMLHttpRequest rather than fetch: only it reports upload
 * progress. No timeout while bytes flow (a large file on a slow line takes its time).
 */
export function uploadFiles(
  name: FileSpace,
  files: readonly File[],
  options: UploadOptions = {},
): Promise<Reply<z.output<typeof FileUploadReply>>> {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  const url = apiUrl(space(name), {
    dir: options.dir ?? '',
    width: options.width,
    height: options.height,
    replace: options.replace ? 'true' : undefined,
    pictures: options.pictures ? 'true' : undefined,
  });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    const token = useSession.getState().accessToken;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => options.onProgress?.(event.loaded, event.total);
    xhr.onerror = () => reject(new ApiError(0, 'network', 'the server cannot be reached'));
    xhr.onabort = () => reject(new DOMException('upload cancelled', 'AbortError'));
    xhr.onload = () => {
      const body = xhr.response as { error?: { code?: string; message?: string } } | null;
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(validated(FileUploadReply)(body));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
        return;
      }
      reject(
        new ApiError(
          xhr.status,
          body?.error?.code ?? 'http',
          body?.error?.message ?? `${xhr.status} ${xhr.statusText}`,
        ),
      );
    };
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** The file's bytes as a Blob (with the caller's token: for files that are not pictures). */
export async function fetchFile(name: FileSpace, path: string, signal?: AbortSignal): Promise<Blob> {
  const response = await send('GET', `${space(name)}/content`, {
    query: { path, download: 'true' },
    stream: true,
    ...(signal ? { signal } : {}),
  });
  return response.blob();
}

export async function deleteFiles(name: FileSpace, dir: string, names: readonly string[]): Promise<number> {
  const reply = await post<unknown>(`${space(name)}/delete`, { dir, names }).then(validated(FileCountReply));
  return reply.count;
}

/** Removes everything in the directory ('' : the whole space). */
export async function clearFiles(name: FileSpace, dir = ''): Promise<number> {
  const reply = await del<unknown>(space(name), { query: { dir } }).then(validated(FileCountReply));
  return reply.count;
}

/** Copies a directory and what is under it into another (e.g. one device's configuration to another). */
export async function copyDirectory(body: FileCopyBody): Promise<number> {
  const reply = await post<unknown>('/files/copy', body).then(validated(FileCountReply));
  return reply.count;
}

/** A new 32-character project id (spec project/gen-pro-id). */
export async function newProjectId(): Promise<string> {
  const reply = await post<unknown>('/files/project/ids').then(validated(ProjectIdReply));
  return reply.id;
}

/* ---- Saved user documents ---- */

const documentPath = (ftype: string, fname: string): string =>
  `/me/documents/${encodeURIComponent(ftype)}/${encodeURIComponent(fname)}`;

export async function listDocuments(ftype?: string): Promise<readonly DocumentEntry[]> {
  const reply = await get<unknown>('/me/documents', { query: { ftype } }).then(validated(DocumentListReply));
  return reply.items;
}

export async function readDocument(ftype: string, fname: string): Promise<SavedDocument> {
  return get<unknown>(documentPath(ftype, fname)).then(validated(DocumentReply));
}

export async function saveDocument(ftype: string, fname: string, context: unknown): Promise<SavedDocument> {
  return request<unknown>('PUT', documentPath(ftype, fname), { body: { context } }).then(
    validated(DocumentReply),
  );
}

export async function deleteDocument(ftype: string, fname: string): Promise<void> {
  await del<unknown>(documentPath(ftype, fname));
}
