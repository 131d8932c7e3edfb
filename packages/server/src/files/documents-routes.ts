/**
 * Saved user documents (spec §3 saved user files: userid, ftype, fname, context) under
 * /api/v1/me/documents: small JSON documents the console keeps for its user (saved layouts …),
 * by type and name. Each is at most DOCUMENT_MAX_BYTES as JSON; a user keeps at most
 * DOCUMENTS_PER_USER.
 */
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENTS_PER_USER,
  DocumentListQuery,
  DocumentListReply,
  DocumentParams,
  DocumentPut,
  DocumentReply,
  DocumentTypeParams,
  FileCountReply,
} from '@fieldlink/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { requireUser } from '../accounts/authenticate.js';
import { ErrorReply } from '../accounts/fields.js';
import { ApiError } from '../http/errors.js';
import type { Database } from '../storage/schema.js';
import { iso } from '../http/iso.js';

export interface DocumentsOptions {
  readonly db: Kysely<Database>;
  readonly now?: () => number;
}

const kib = (bytes: number): string => `${Math.round(bytes / 1024)} KiB`;

export const documentsPlugin: FastifyPluginAsyncZod<DocumentsOptions> = async (app, options) => {
  const { db } = options;
  const now = options.now ?? Date.now;
  const security = [{ bearer: [] }];
  const guarded = { preHandler: app.authenticate };
  const errors = { 400: ErrorReply, 401: ErrorReply, 404: ErrorReply };

  app.get(
    '/me/documents',
    {
      ...guarded,
      schema: {
        tags: ['files'],
        summary: 'The caller’s saved documents (of one type with `ftype`)',
        security,
        querystring: DocumentListQuery,
        response: { 200: DocumentListReply, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      let query = db
        .selectFrom('user_documents')
        .select(['ftype', 'fname', 'size', 'updated_at'])
        .where('user_id', '=', user.id);
      if (request.query.ftype !== undefined) query = query.where('ftype', '=', request.query.ftype);
      const rows = await query.orderBy('ftype').orderBy('fname').execute();
      return {
        items: rows.map((row) => ({
          ftype: row.ftype,
          fname: row.fname,
          size: row.size,
          updatedAt: iso(row.updated_at),
        })),
      };
    },
  );

  app.get(
    '/me/documents/:ftype/:fname',
    {
      ...guarded,
      schema: {
        tags: ['files'],
        summary: 'One saved document',
        security,
        params: DocumentParams,
        response: { 200: DocumentReply, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const row = await db
        .selectFrom('user_documents')
        .selectAll()
        .where('user_id', '=', user.id)
        .where('ftype', '=', request.params.ftype)
        .where('fname', '=', request.params.fname)
        .executeTakeFirst();
      if (!row) throw new ApiError('not_found', 'no such document');
      return {
        ftype: row.ftype,
        fname: row.fname,
        size: row.size,
        updatedAt: iso(row.updated_at),
        context: JSON.parse(row.context) as unknown,
      };
    },
  );

  app.put(
    '/me/documents/:ftype/:fname',
    {
      ...guarded,
      bodyLimit: DOCUMENT_MAX_BYTES + 1024,
      schema: {
        tags: ['files'],
        summary: 'Save a document (replacing one of the same type and name)',
        security,
        params: DocumentParams,
        body: DocumentPut,
        response: { 200: DocumentReply, ...errors, 413: ErrorReply },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { ftype, fname } = request.params;
      const context = JSON.stringify(request.body.context);
      const size = Buffer.byteLength(context);
      if (size > DOCUMENT_MAX_BYTES) {
        throw new ApiError(
          'payload_too_large',
          `a document is at most ${kib(DOCUMENT_MAX_BYTES)}; this one is ${kib(size)}`,
        );
      }
      const at = now();
      const exists = await db
        .selectFrom('user_documents')
        .select('fname')
        .where('user_id', '=', user.id)
        .where('ftype', '=', ftype)
        .where('fname', '=', fname)
        .executeTakeFirst();
      if (!exists) {
        const count = await db
          .selectFrom('user_documents')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('user_id', '=', user.id)
          .executeTakeFirst();
        if (Number(count?.n ?? 0) >= DOCUMENTS_PER_USER) {
          throw new ApiError(
            'payload_too_large',
            `you keep at most ${DOCUMENTS_PER_USER} documents: delete some first`,
          );
        }
      }
      await db
        .insertInto('user_documents')
        .values({ user_id: user.id, ftype, fname, context, size, updated_at: at })
        .onConflict((oc) =>
          oc.columns(['user_id', 'ftype', 'fname']).doUpdateSet({ context, size, updated_at: at }),
        )
        .execute();
      return { ftype, fname, size, updatedAt: iso(at), context: request.body.context };
    },
  );

  app.delete(
    '/me/documents/:ftype/:fname',
    {
      ...guarded,
      schema: {
        tags: ['files'],
        summary: 'Delete a saved document',
        security,
        params: DocumentParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const result = await db
        .deleteFrom('user_documents')
        .where('user_id', '=', user.id)
        .where('ftype', '=', request.params.ftype)
        .where('fname', '=', request.params.fname)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw new ApiError('not_found', 'no such document');
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/me/documents/:ftype',
    {
      ...guarded,
      schema: {
        tags: ['files'],
        summary: 'Delete every saved document of a type (spec FileClearAll)',
        security,
        params: DocumentTypeParams,
        response: { 200: FileCountReply, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const result = await db
        .deleteFrom('user_documents')
        .where('user_id', '=', user.id)
        .where('ftype', '=', request.params.ftype)
        .executeTakeFirst();
      return { count: Number(result.numDeletedRows) };
    },
  );
};
