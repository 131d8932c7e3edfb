/**
 * A project's share links for wall displays, for its editors (whoever may save the project: the
 * users of its space): list them (never their tokens), make one (its token and address given
 * once, in the reply) and revoke one (its open displays end at once on this node, within
 * `recheckMs` on the others).
 */
import {
  DIAGRAM_LINKS_PER_PROJECT,
  DiagramLinkCreate,
  DiagramLinkCreated,
  DiagramLinkListReply,
  DiagramLinkParams,
  DiagramParams,
  wallPath,
} from '@fieldlink/protocol';
import type { DiagramLinkItem } from '@fieldlink/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { requireUser } from '../accounts/authenticate.js';
import type { AuthUser } from '../accounts/authenticate.js';
import { ErrorReply } from '../accounts/fields.js';
import { resolveSpace } from '../files/spaces.js';
import { ApiError } from '../http/errors.js';
import { iso } from '../http/iso.js';
import type { DiagramProject } from '../storage/file-schema.js';
import type { Database } from '../storage/schema.js';
import type { DiagramLink } from './links-schema.js';
import { newLinkToken, tokenHash } from './links-store.js';
import type { LinkStreams } from './links-stream.js';

export interface LinkRoutesOptions {
  readonly db: Kysely<Database>;
  readonly now: () => number;
  readonly streams: LinkStreams;
  /** The console's public origin; by default the request's own. */
  readonly publicUrl?: string | undefined;
}

/** The project when it is in the caller's project space (the diagrams routes' rule), else 404. */
export async function requireOwnProject(
  db: Kysely<Database>,
  user: AuthUser,
  id: string,
  now: number,
): Promise<DiagramProject> {
  const space = await resolveSpace(db, user, 'project', now);
  const row = await db
    .selectFrom('diagram_projects')
    .selectAll()
    .where('id', '=', id)
    .where('space', '=', space.key)
    .executeTakeFirst();
  if (!row) throw new ApiError('not_found', 'no such diagram');
  return row;
}

function item(row: DiagramLink, creatorName: string | null, now: number): DiagramLinkItem {
  return {
    id: row.id,
    label: row.label,
    createdBy: creatorName === null ? null : { id: row.created_by, name: creatorName },
    createdAt: iso(row.created_at),
    expiresAt: row.expires_at === null ? null : iso(row.expires_at),
    lastUsedAt: row.last_used_at === null ? null : iso(row.last_used_at),
    expired: row.expires_at !== null && row.expires_at <= now,
  };
}

export const linkRoutes: FastifyPluginAsyncZod<LinkRoutesOptions> = async (app, options) => {
  const { db, now, streams } = options;
  const publicUrl = options.publicUrl?.replace(/\/+$/, '') || undefined;
  const security = [{ bearer: [] }];
  const guarded = { preHandler: app.authenticate };
  const errors = { 400: ErrorReply, 401: ErrorReply, 404: ErrorReply };

  app.get(
    '/diagrams/:id/links',
    {
      ...guarded,
      schema: {
        tags: ['diagrams'],
        summary: 'A project’s share links for wall displays (never their tokens)',
        security,
        params: DiagramParams,
        response: { 200: DiagramLinkListReply, ...errors },
      },
    },
    async (request) => {
      const project = await requireOwnProject(db, requireUser(request), request.params.id, now());
      const rows = await db
        .selectFrom('diagram_links as l')
        .leftJoin('users as u', 'u.id', 'l.created_by')
        .selectAll('l')
        .select('u.user_name as creator_name')
        .where('l.project_id', '=', project.id)
        .where('l.revoked_at', 'is', null)
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc')
        .execute();
      const at = now();
      return { items: rows.map((row) => item(row, row.creator_name ?? null, at)) };
    },
  );

  app.post(
    '/diagrams/:id/links',
    {
      ...guarded,
      schema: {
        tags: ['diagrams'],
        summary: 'Make a share link for wall displays: its token and address are given only now',
        security,
        params: DiagramParams,
        body: DiagramLinkCreate,
        response: { 201: DiagramLinkCreated, ...errors, 409: ErrorReply },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const at = now();
      const project = await requireOwnProject(db, user, request.params.id, at);
      const expiresAt = request.body.expiresAt === null ? null : Date.parse(request.body.expiresAt);
      if (expiresAt !== null && expiresAt <= at) {
        throw new ApiError('bad_request', 'body.expiresAt: the link must expire in the future');
      }
      const count = await db
        .selectFrom('diagram_links')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('project_id', '=', project.id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(count?.n ?? 0) >= DIAGRAM_LINKS_PER_PROJECT) {
        throw new ApiError(
          'conflict',
          `a diagram has at most ${DIAGRAM_LINKS_PER_PROJECT} links: revoke some first`,
        );
      }
      const token = newLinkToken();
      const row = await db
        .insertInto('diagram_links')
        .values({
          project_id: project.id,
          token_hash: tokenHash(token),
          label: request.body.label,
          created_by: user.id,
          created_at: at,
          expires_at: expiresAt,
          revoked_at: null,
          last_used_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const name = await db
        .selectFrom('users')
        .select('user_name')
        .where('id', '=', user.id)
        .executeTakeFirst();
      const origin = publicUrl ?? `${request.protocol}://${request.host}`;
      return reply.code(201).send({
        ...item(row, name?.user_name ?? null, at),
        token,
        url: `${origin}${wallPath(token)}`,
      });
    },
  );

  app.delete(
    '/diagrams/:id/links/:linkId',
    {
      ...guarded,
      schema: {
        tags: ['diagrams'],
        summary: 'Revoke a share link: its displays show that it was revoked',
        security,
        params: DiagramLinkParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const at = now();
      const project = await requireOwnProject(db, requireUser(request), request.params.id, at);
      const result = await db
        .updateTable('diagram_links')
        .set({ revoked_at: at })
        .where('id', '=', request.params.linkId)
        .where('project_id', '=', project.id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new ApiError('not_found', 'no such link');
      streams.revoke(request.params.linkId);
      return reply.code(204).send(null);
    },
  );
};
