/**
 * The REST contract of configuration-diagram projects (docs/api.md § Diagrams, spec §2 `/jujuda`,
 * §3 project entry): the project list, creating, renaming, copying, deleting, saving the document
 * with a revision check, and the export file that import takes back.
 */
import { z } from 'zod';
import { DiagramDocument } from '../diagrams/document.js';
import { storedText } from './fields.js';

export const DIAGRAM_KINDS = ['svg', '3d'] as const;
export const DiagramKind = z.enum(DIAGRAM_KINDS);
export type DiagramKind = z.infer<typeof DiagramKind>;

export const DIAGRAM_EXPORT_FORMAT = 'fieldlink-diagram-project';

/** A project id: 32 hexadecimal characters (spec: generated ids are 32 characters). */
export const DiagramId = z.string().regex(/^[0-9a-f]{32}$/, 'a project id');
export const DiagramParams = z.strictObject({ id: DiagramId });

const PictureAddress = storedText(0, 2048).regex(
  /^(?:$|\/(?!\/)|https:\/\/)/,
  'a picture address: /api/v1/pictures/… or https://…',
);

export const DiagramSummary = z.object({
  id: z.string(),
  name: z.string(),
  kind: DiagramKind,
  remarks: z.string(),
  /** The product model the project is drawn for (spec equipType), or null. */
  equipType: z.string().nullable(),
  cover: z.string(),
  preview: z.string(),
  /** The equipment the document draws. */
  equipment: z.array(z.number()),
  revision: z.number(),
  createdBy: z.number().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type DiagramSummary = z.infer<typeof DiagramSummary>;

export const DiagramListReply = z.object({ items: z.array(DiagramSummary) });

export const DiagramReply = DiagramSummary.extend({ document: DiagramDocument });
export type DiagramReply = z.infer<typeof DiagramReply>;

export const DiagramCreate = z.strictObject({
  name: storedText(1, 64),
  kind: DiagramKind.default('svg'),
  remarks: storedText(0, 500).default(''),
  equipType: storedText(1, 64).nullable().default(null),
  /** A document to start from (any version parseDiagramDocument reads); an empty canvas without. */
  document: z.unknown().optional(),
});
export type DiagramCreate = z.input<typeof DiagramCreate>;

export const DiagramPatch = z.strictObject({
  name: storedText(1, 64).optional(),
  remarks: storedText(0, 500).optional(),
  equipType: storedText(1, 64).nullable().optional(),
  cover: PictureAddress.optional(),
  preview: PictureAddress.optional(),
});
export type DiagramPatch = z.input<typeof DiagramPatch>;

/** Saving the document: refused (409) when it changed since `revision` was read. */
export const DiagramSave = z.strictObject({
  revision: z.number().int().min(0),
  document: z.unknown(),
});
export type DiagramSave = z.input<typeof DiagramSave>;

export const DiagramSaved = z.object({
  revision: z.number(),
  updatedAt: z.iso.datetime({ offset: true }),
  equipment: z.array(z.number()),
});

export const DiagramCopy = z.strictObject({ name: storedText(1, 64).optional() });

/** The file an export gives and an import takes (a bare document or the spec's entry too). */
export const DiagramExport = z.object({
  format: z.literal(DIAGRAM_EXPORT_FORMAT),
  version: z.literal(1),
  project: z.object({
    name: z.string(),
    kind: DiagramKind,
    remarks: z.string(),
    equipType: z.string().nullable(),
  }),
  document: z.unknown(),
});
export type DiagramExport = z.infer<typeof DiagramExport>;
