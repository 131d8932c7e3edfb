/**
 * Configuration-diagram projects (docs/api.md § Diagrams, spec §2 `/jujuda`): the project list,
 * creating, reading, saving the document against its revision, renaming, copying, exporting as a
 * file, importing one, deleting. Shapes are the contract in @fieldlink/protocol, checked in
 * development.
 */
import { DiagramListReply, DiagramReply, DiagramSaved } from '@fieldlink/protocol';
import type { DiagramCreate, DiagramPatch, DiagramSave, DiagramSummary } from '@fieldlink/protocol';
import type { z } from 'zod';
import { fileNameFromDisposition } from './history';
import { del, get, patch, post, request, send } from './http';
import { validated } from './validated';
import type { Reply } from './validated';

export type { DiagramCreate, DiagramKind, DiagramPatch, DiagramSave } from '@fieldlink/protocol';
/** A project as the list shows it (no document). */
export type DiagramProject = Reply<z.output<typeof DiagramSummary>>;
/** A project with its document. */
export type DiagramWithDocument = Reply<z.output<typeof DiagramReply>>;
export type DiagramSavedReply = Reply<z.output<typeof DiagramSaved>>;

/**
 * The largest file import sends: the server's body limit for it (a document is at most 4 MiB,
 * plus room for the project's fields). A larger file is refused before it is read.
 */
export const DIAGRAM_IMPORT_MAX_BYTES = 4 * 1024 * 1024 + 64 * 1024;

const checkList = validated(DiagramListReply);
const checkProject = validated(DiagramReply);

const path = (id: string): string => `/diagrams/${encodeURIComponent(id)}`;

/** The caller's project space's projects, newest change first. */
export async function listDiagrams(signal?: AbortSignal): Promise<readonly DiagramProject[]> {
  const reply = await get<unknown>('/diagrams', signal ? { signal } : {}).then(checkList);
  return reply.items;
}

/** A new project (an empty 1920×1080 canvas unless a document is given); 409 past 500 projects. */
export function createDiagram(project: DiagramCreate): Promise<DiagramWithDocument> {
  return post<unknown>('/diagrams', project).then(checkProject);
}

export function getDiagram(id: string, signal?: AbortSignal): Promise<DiagramWithDocument> {
  return get<unknown>(path(id), signal ? { signal } : {}).then(checkProject);
}

/**
 * Saves the document; 409 when it changed since `revision` was read (open it again to see the
 * changes), 400 with each problem's path when it is not valid.
 */
export function saveDiagramDocument(id: string, save: DiagramSave): Promise<DiagramSavedReply> {
  return request<unknown>('PUT', `${path(id)}/document`, { body: save }).then(validated(DiagramSaved));
}

/** Renames, changes remarks, product model, cover or preview; a field left out stays. */
export function patchDiagram(id: string, change: DiagramPatch): Promise<DiagramWithDocument> {
  return patch<unknown>(path(id), change).then(checkProject);
}

/** A copy of the project (named `… (copy)` unless a name is given). */
export function copyDiagram(id: string, name?: string): Promise<DiagramWithDocument> {
  return post<unknown>(`${path(id)}/copy`, name === undefined ? {} : { name }).then(checkProject);
}

export interface DiagramExportFile {
  readonly blob: Blob;
  /** From Content-Disposition, else one made from the id. */
  readonly fileName: string;
}

/** The project as the file import takes back. */
export async function exportDiagram(id: string, signal?: AbortSignal): Promise<DiagramExportFile> {
  const response = await send('GET', `${path(id)}/export`, { stream: true, ...(signal ? { signal } : {}) });
  return {
    blob: await response.blob(),
    fileName:
      fileNameFromDisposition(response.headers.get('content-disposition')) ??
      `diagram-${id.slice(0, 8)}.json`,
  };
}

/**
 * A new project from a file's JSON: an export file, a bare document or the spec's project entry.
 * 400 names what is wrong with it.
 */
export function importDiagram(file: unknown): Promise<DiagramWithDocument> {
  return post<unknown>('/diagrams/import', file).then(checkProject);
}

export async function deleteDiagram(id: string): Promise<void> {
  await del<unknown>(path(id));
}

/** Everything diagram-related in the query cache. */
export const diagramsKey = ['diagrams'] as const;
export const diagramListKey = [...diagramsKey, 'list'] as const;
export const diagramKey = (id: string) => [...diagramsKey, 'project', id] as const;
