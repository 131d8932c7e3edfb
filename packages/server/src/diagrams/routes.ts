/**
 * Configuration-diagram projects under /api/v1/diagrams (docs/api.md § Diagrams; spec §2
 * `/jujuda`, §3 project entry, §6: a user with a tenant keeps projects in the tenant's space, shared
 * with its users, else in their own). The document is checked and upgraded by the protocol's
 * parseDiagramDocument; saving names the revision it was read at, so two editors cannot overwrite
 * each other unawares; a document may bind only equipment its saver can see.
 */
import { randomBytes } from 'node:crypto';
import {
  DIAGRAM_EXPORT_FORMAT,
  DiagramCopy,
  DiagramCreate,
  diagramEquipment,
  DiagramExport,
  DiagramListReply,
  DiagramParams,
  DiagramPatch,
  DiagramReply,
  DiagramSave,
  DiagramSaved,
  emptyDiagram,
  parseDiagramDocument,
} from '@fieldlink/protocol';
import type { DiagramDocument } from '@fieldlink/protocol';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { requireUser } from '../accounts/authenticate.js';
import type { AuthUser } from '../accounts/authenticate.js';
import { ErrorReply } from '../accounts/fields.js';
import { requireAccess } from '../equipment/access.js';
import { resolveSpace } from '../files/spaces.js';
import { ApiError } from '../http/errors.js';
import type { DiagramProject } from '../storage/file-schema.js';
import type { Database } from '../storage/schema.js';
import { iso } from '../http/iso.js';
import { copyProjectFiles, repointDocument, repointPictures } from './copy-files.js';

export interface DiagramsOptions {
  readonly db: Kysely<Database>;
  readonly now?: () => number;
}

/** Projects one space keeps at most. */
export const DIAGRAMS_PER_SPACE = 500;
/** The largest document, as JSON. */
export const DIAGRAM_DOCUMENT_MAX_BYTES = 4 * 1024 * 1024;

export const STALE_REVISION = 'the diagram was changed since you opened it: open it again to see the changes';

function summary(row: DiagramProject) {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    remarks: row.remarks,
    equipType: row.equip_type,
    cover: row.cover,
    preview: row.preview,
    equipment: JSON.parse(row.equipment) as number[],
    revision: row.revision,
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

function detail(row: DiagramProject) {
  return { ...summary(row), document: JSON.parse(row.document) as DiagramDocument };
}

export const diagramsPlugin: FastifyPluginAsyncZod<DiagramsOptions> = async (app, options) => {
  const { db } = options;
  const now = options.now ?? Date.now;
  const security = [{ bearer: [] }];
  const guarded = { preHandler: app.authenticate };
  const errors = { 400: ErrorReply, 401: ErrorReply, 404: ErrorReply };

  async function spaceOf(user: AuthUser): Promise<string> {
    return (await resolveSpace(db, user, 'project', now())).key;
  }

  async function requireProject(user: AuthUser, id: string): Promise<DiagramProject> {
    const row = await db
      .selectFrom('diagram_projects')
      .selectAll()
      .where('id', '=', id)
      .where('space', '=', await spaceOf(user))
      .executeTakeFirst();
    if (!row) throw new ApiError('not_found', 'no such diagram');
    return row;
  }

  /** The document upgraded and checked, and the equipment it draws, all visible to `user`. */
  async function checkedDocument(
    user: AuthUser,
    input: unknown,
  ): Promise<{ document: DiagramDocument; equipment: number[] }> {
    const read = parseDiagramDocument(input);
    if (!read.ok) throw new ApiError('bad_request', `the diagram is not valid: ${read.problems.join('; ')}`);
    const text = JSON.stringify(read.document);
    if (Buffer.byteLength(text) > DIAGRAM_DOCUMENT_MAX_BYTES) {
      throw new ApiError('payload_too_large', 'a diagram document is at most 4 MiB');
    }
    const equipment = diagramEquipment(read.document);
    const unseen: number[] = [];
    for (const id of equipment) {
      try {
        await requireAccess(db, user, id, 'read', now());
      } catch {
        unseen.push(id);
      }
    }
    if (unseen.length > 0) {
      throw new ApiError(
        'bad_request',
        `the diagram binds equipment you cannot see: ${unseen.slice(0, 10).join(', ')}`,
      );
    }
    return { document: read.document, equipment };
  }

  async function insert(
    user: AuthUser,
    values: {
      name: string;
      kind: 'svg' | '3d';
      remarks: string;
      equipType: string | null;
      cover?: string;
      preview?: string;
    },
    document: DiagramDocument,
    equipment: number[],
  ): Promise<DiagramProject> {
    const space = await spaceOf(user);
    const count = await db
      .selectFrom('diagram_projects')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('space', '=', space)
      .executeTakeFirst();
    if (Number(count?.n ?? 0) >= DIAGRAMS_PER_SPACE) {
      throw new ApiError('conflict', `at most ${DIAGRAMS_PER_SPACE} diagrams are kept: delete some first`);
    }
    const at = now();
    return db
      .insertInto('diagram_projects')
      .values({
        id: randomBytes(16).toString('hex'),
        space,
        kind: values.kind,
        name: values.name,
        remarks: values.remarks,
        equip_type: values.equipType,
        cover: values.cover ?? '',
        preview: values.preview ?? '',
        document: JSON.stringify(document),
        equipment: JSON.stringify(equipment),
        revision: 1,
        created_by: user.id,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  app.get(
    '/diagrams',
    {
      ...guarded,
      schema: {
        tags: ['diagrams'],
        summary: 'The diagram projects of the caller (their tenant’s when they have one)',
        security,
        response: { 200: DiagramListReply, 401: ErrorReply },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const rows = await db
        .selectFrom('diagram_projects')
        .selectAll()
        .where('space', '=', await spaceOf(user))
        .orderBy('updated_at', 'desc')
        .execute();
      return { items: rows.map(summary) };
    },
  );

  app.post(
    '/diagrams',
    {
      ...guarded,
      schema: {
        tags: ['diagrams'],
        summary: 'Create a diagram project (an empty canvas, or from a document)',
        security,
        body: DiagramCreate,
        response: { 201: DiagramReply, ...errors, 409: ErrorReply },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const body = request.body;
      const { document, equipment } =
        body.document === undefined
          ? { document: emptyDiagram(), equipment: [] }
          : await checkedDocument(user, body.document);
      const row = await insert(user, body, document, equipment);
      return reply.code(201).send(detail(row));
    },
  );

  app.post(
    '/diagrams/import',
    {
      ...guarded,
      bodyLimit: DIAGRAM_DOCUMENT_MAX_BYTES + 64 * 1024,
      schema: {
        tags: ['diagrams'],
        summary: 'Import a project from its export file (or a bare document, or the spec’s project entry)',
        security,
        body: z.record(z.string(), z.unknown()),
        response: { 201: DiagramReply, ...errors, 409: ErrorReply, 413: ErrorReply },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const file = request.body;
      const exported = DiagramExport.safeParse(file);
      const project = exported.success
        ? exported.data.project
        : {
            name:
              typeof file.projectName === 'string' && file.projectName.trim() !== ''
                ? file.projectName.slice(0, 64)
                : 'Imported diagram',
            kind: 'svg' as const,
            remarks: typeof file.PageRemarks === 'string' ? file.PageRemarks.slice(0, 500) : '',
            equipType:
              typeof file.equipType === 'string' && file.equipType !== ''
                ? file.equipType.slice(0, 64)
                : null,
          };
      if (file.format === DIAGRAM_EXPORT_FORMAT && !exported.success) {
        throw new ApiError(
          'bad_request',
          'the export file is not valid: its project part is missing or wrong',
        );
      }
      const { document, equipment } = await checkedDocument(
        user,
        exported.success ? exported.data.document : file,
      );
      const row = await insert(user, project, document, equipment);
      return reply.code(201).send(detail(row));
    },
  );

  app.get(
    '/diagrams/:id',
    {
      ...guarded,
      schema: {
        tags: ['diagrams'],
        summary: 'A diagram project with its document',
        security,
        params: DiagramParams,
        response: { 200: DiagramReply, ...errors },
      },
    },
    async (request) => detail(await requireProject(requireUser(request), request.params.id)),
  );

  app.put(
    '/diagrams/:id/document',
    {
      ...guarded,
      bodyLimit: DIAGRAM_DOCUMENT_MAX_BYTES + 64 * 1024,
      schema: {
        tags: ['diagrams'],
        summary: 'Save the document; refused (409) when it changed since the revision given',
        security,
        params: DiagramParams,
        body: DiagramSave,
        response: { 200: DiagramSaved, ...errors, 409: ErrorReply, 413: ErrorReply },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const row = await requireProject(user, request.params.id);
      const { document, equipment } = await checkedDocument(user, request.body.document);
      const at = now();
      // Compare-and-set on the revision: a save based on an older read changes nothing.
      const result = await db
        .updateTable('diagram_projects')
        .set({
          document: JSON.stringify(document),
          equipment: JSON.stringify(equipment),
          revision: request.body.revision + 1,
          updated_at: at,
        })
        .where('id', '=', row.id)
        .where('revision', '=', request.body.revision)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new ApiError('conflict', STALE_REVISION);
      return { revision: request.body.revision + 1, updatedAt: iso(at), equipment };
    },
  );

  app.patch(
    '/diagrams/:id',
    {
      ...guarded,
      schema: {
        tags: ['diagrams'],
        summary: 'Rename a project, or change its remarks, model, cover or preview',
        security,
        params: DiagramParams,
        body: DiagramPatch,
        response: { 200: DiagramReply, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const row = await requireProject(user, request.params.id);
      const patch = request.body;
      const updated = await db
        .updateTable('diagram_projects')
        .set({
          ...(patch.name === undefined ? {} : { name: patch.name }),
          ...(patch.remarks === undefined ? {} : { remarks: patch.remarks }),
          ...(patch.equipType === undefined ? {} : { equip_type: patch.equipType }),
          ...(patch.cover === undefined ? {} : { cover: patch.cover }),
          ...(patch.preview === undefined ? {} : { preview: patch.preview }),
          updated_at: now(),
        })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return detail(updated);
    },
  );

  app.post(
    '/diagrams/:id/copy',
    {
      ...guarded,
      schema: {
        tags: ['diagrams'],
        summary: 'Copy a project (its document; the copy is named “… (copy)” unless named)',
        security,
        params: DiagramParams,
        body: DiagramCopy,
        response: { 201: DiagramReply, ...errors, 409: ErrorReply },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const row = await requireProject(user, request.params.id);
      const name = request.body.name ?? `${row.name} (copy)`.slice(0, 64);
      const copy = await insert(
        user,
        {
          name,
          kind: row.kind,
          remarks: row.remarks,
          equipType: row.equip_type,
          cover: row.cover,
          preview: row.preview,
        },
        JSON.parse(row.document) as DiagramDocument,
        JSON.parse(row.equipment) as number[],
      );
      // Its files (drawing, scene, pictures) are copied too, and the copy points at them; the
      // copy is undone when they do not fit (quota) or cannot be copied.
      let keys: Map<string, string>;
      try {
        const space = await resolveSpace(db, user, 'project', now());
        keys = await copyProjectFiles(app.fileStore, space, row.id, copy.id, user.id);
      } catch (error) {
        await db.deleteFrom('diagram_projects').where('id', '=', copy.id).execute();
        await app.fileStore.clear(copy.space, copy.id);
        throw error;
      }
      if (keys.size === 0 && !row.document.includes(`"${row.id}/`)) return reply.code(201).send(detail(copy));
      const document = repointDocument(JSON.parse(copy.document) as DiagramDocument, keys, row.id, copy.id);
      const repointed = await db
        .updateTable('diagram_projects')
        .set({
          document: JSON.stringify(document),
          cover: repointPictures(copy.cover, keys),
          preview: repointPictures(copy.preview, keys),
        })
        .where('id', '=', copy.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return reply.code(201).send(detail(repointed));
    },
  );

  app.get(
    '/diagrams/:id/export',
    {
      ...guarded,
      schema: {
        tags: ['diagrams'],
        summary: 'The project as a file that import takes back',
        security,
        params: DiagramParams,
        response: errors,
      },
    },
    async (request, reply) => {
      const row = await requireProject(requireUser(request), request.params.id);
      const file: DiagramExport = {
        format: DIAGRAM_EXPORT_FORMAT,
        version: 1,
        project: { name: row.name, kind: row.kind, remarks: row.remarks, equipType: row.equip_type },
        document: JSON.parse(row.document) as unknown,
      };
      const fileName = `diagram-${row.id.slice(0, 8)}.json`;
      return (reply as FastifyReply)
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(JSON.stringify(file, null, 2));
    },
  );

  app.delete(
    '/diagrams/:id',
    {
      ...guarded,
      schema: {
        tags: ['diagrams'],
        summary: 'Delete a project and its files',
        security,
        params: DiagramParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const row = await requireProject(user, request.params.id);
      await db.deleteFrom('diagram_projects').where('id', '=', row.id).execute();
      // Its uploaded files (SVG, scene, preview) live in the project space under its id.
      await app.fileStore.clear(row.space, row.id);
      return reply.code(204).send(null);
    },
  );
};
