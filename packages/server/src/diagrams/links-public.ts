/**
 * The sign-in-free routes of a diagram link (docs/api.md § Diagrams, wall displays), each scoped
 * to its token and read-only: the project's name and document, the values of the equipment it
 * draws that the link's creator may still read (asked anew on every request), the 3D scene's bytes
 * when the scene is a file of the project's space, and the live values as Server-Sent Events.
 * A revoked or expired link, or one whose project was deleted, answers 410 with the reason in the
 * code; a token never made 404. The token never reaches the log: the URL logged names it by the
 * start of its hash.
 */
import { DiagramLinkTokenParams, WallDiagramReply, WallValuesReply } from '@fieldlink/protocol';
import type { DiagramDocument, WallGoneReason } from '@fieldlink/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ErrorReply } from '../accounts/fields.js';
import { iso } from '../http/iso.js';
import { splitPath } from '../files/store.js';
import type { Database } from '../storage/schema.js';
import type { DiagramProject } from '../storage/file-schema.js';
import type { DiagramLink } from './links-schema.js';
import { AddressWindow, DEFAULT_LINK_LIMITS, OpenCounter } from './links-limits.js';
import type { LinkLimits } from './links-limits.js';
import { GONE_MESSAGES, lookUpLink, tokenTag, touchLink, UNKNOWN_LINK } from './links-store.js';
import type { LinkStreams } from './links-stream.js';
import { serving, valuesReply } from './links-stream.js';

export interface LinkPublicOptions {
  readonly db: Kysely<Database>;
  readonly now: () => number;
  readonly streams: LinkStreams;
  readonly limits?: LinkLimits | undefined;
}

/** The error code of a 410, by reason. */
export const GONE_CODES: Readonly<Record<WallGoneReason, string>> = {
  revoked: 'link_revoked',
  expired: 'link_expired',
  deleted: 'diagram_deleted',
};

const GoneReply = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

/** What a request for a link found: its link and project, or the reply already sent. */
type Found = { link: DiagramLink; project: DiagramProject } | null;

/** The scene's source as a path in the project's space; null for an address (https) or none. */
export function scenePath(document: DiagramDocument): string | null {
  const src = document.scene?.src.trim() ?? '';
  if (src === '' || /^[a-z][a-z0-9+.-]*:/i.test(src) || src.startsWith('//')) return null;
  return src.replace(/^\/+/, '');
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  glb: 'model/gltf-binary',
  gltf: 'model/gltf+json',
};

export const linkPublicRoutes: FastifyPluginAsyncZod<LinkPublicOptions> = async (app, options) => {
  const { db, now, streams } = options;
  const limits = options.limits ?? DEFAULT_LINK_LIMITS;
  const window = new AddressWindow(limits.requestsPerWindow, limits.windowMs);
  const perLink = new OpenCounter(limits.streamsPerLink);
  const perAddress = new OpenCounter(limits.streamsPerAddress);
  const errors = { 400: ErrorReply, 404: ErrorReply, 410: GoneReply, 429: ErrorReply };

  // The token is as good as a password for whoever holds it: the URL the log and error lines
  // show names it by its hash's start. Routing has read the parameters before this runs.
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const token = (request.params as { token?: unknown }).token;
    if (typeof token === 'string' && token !== '') {
      request.raw.url = (request.raw.url ?? '').split(token).join(tokenTag(token));
    }
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const wait = window.take(request.ip, now());
    if (wait > 0) {
      const seconds = Math.max(1, Math.ceil(wait / 1000));
      return reply
        .code(429)
        .header('retry-after', String(seconds))
        .send({
          error: {
            code: 'rate_limited',
            message: `too many requests for diagram links from your address; try again in ${seconds} s`,
          },
        });
    }
  });

  /** The link and its project; or sends the 404/410 and gives null. */
  async function find(token: string, reply: FastifyReply): Promise<Found> {
    const at = now();
    const found = await lookUpLink(db, token, at);
    if (!found.ok) {
      if (found.gone === null) {
        void reply.code(404).send({ error: { code: 'not_found', message: UNKNOWN_LINK } });
      } else {
        void reply
          .code(410)
          .send({ error: { code: GONE_CODES[found.gone], message: GONE_MESSAGES[found.gone] } });
      }
      return null;
    }
    await touchLink(db, found.link, at);
    return { link: found.link, project: found.project };
  }

  const noStore = { 'cache-control': 'no-store' };

  app.get(
    '/diagram-links/:token',
    {
      schema: {
        tags: ['diagrams'],
        summary: 'A diagram link’s project: its name and document; no sign-in',
        params: DiagramLinkTokenParams,
        response: { 200: WallDiagramReply, ...errors },
      },
    },
    async (request, reply) => {
      const found = await find(request.params.token, reply);
      if (!found) return reply;
      const { link, project } = found;
      const document = JSON.parse(project.document) as DiagramDocument;
      return reply.headers(noStore).send({
        name: project.name,
        kind: project.kind,
        revision: project.revision,
        updatedAt: iso(project.updated_at),
        expiresAt: link.expires_at === null ? null : iso(link.expires_at),
        sceneFile: scenePath(document) !== null,
        document,
      });
    },
  );

  app.get(
    '/diagram-links/:token/values',
    {
      schema: {
        tags: ['diagrams'],
        summary: 'The current values of the equipment a diagram link draws; no sign-in',
        params: DiagramLinkTokenParams,
        response: { 200: WallValuesReply, ...errors },
      },
    },
    async (request, reply) => {
      const found = await find(request.params.token, reply);
      if (!found) return reply;
      const at = now();
      const served = await serving(db, found.link, found.project, at);
      return reply.headers(noStore).send(valuesReply(served, found.project.revision, at));
    },
  );

  app.get(
    '/diagram-links/:token/scene',
    {
      schema: {
        tags: ['diagrams'],
        summary: 'The 3D scene file of a diagram link’s project (a file of the project space); no sign-in',
        params: DiagramLinkTokenParams,
        response: errors,
      },
    },
    async (request, typed) => {
      // The bytes are no JSON reply of the schema's.
      const reply = typed as FastifyReply;
      const found = await find(request.params.token, reply);
      if (!found) return reply;
      const { project } = found;
      const path = scenePath(JSON.parse(project.document) as DiagramDocument);
      // As given, or under the project's own directory of the space.
      const candidates = path === null ? [] : [path, `${project.id}/${path}`];
      for (const candidate of candidates) {
        const at = splitPath(candidate);
        const row = at ? await app.fileStore.find(project.space, at.dir, at.name) : undefined;
        const bytes = row ? await app.fileStore.bytesOf(row, 'content') : null;
        if (!row || bytes === null) continue;
        if (request.headers['if-none-match'] === `"${row.sha256}"`) return reply.code(304).send();
        const extension = row.name.split('.').pop()?.toLowerCase() ?? '';
        return reply
          .headers({
            'content-type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
            'content-disposition': 'inline',
            'x-content-type-options': 'nosniff',
            etag: `"${row.sha256}"`,
            'cache-control': 'private, max-age=60',
          })
          .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      }
      return reply.code(404).send({
        error: { code: 'not_found', message: 'the diagram has no scene file in its project’s files' },
      });
    },
  );

  app.get(
    '/diagram-links/:token/events',
    {
      schema: {
        tags: ['diagrams'],
        summary:
          'The live values of a diagram link as Server-Sent Events (`values`, `document`, `gone`); no sign-in',
        params: DiagramLinkTokenParams,
        response: errors,
      },
    },
    async (request, reply) => {
      const found = await find(request.params.token, reply);
      if (!found) return reply;
      const { link, project } = found;
      const linkKey = String(link.id);
      if (!perLink.open(linkKey)) {
        return reply.code(429).send({
          error: {
            code: 'rate_limited',
            message: `at most ${limits.streamsPerLink} displays may show one diagram link at once`,
          },
        });
      }
      const address = request.ip;
      if (!perAddress.open(address)) {
        perLink.close(linkKey);
        return reply.code(429).send({
          error: {
            code: 'rate_limited',
            message: `at most ${limits.streamsPerAddress} diagram link streams from one address at once`,
          },
        });
      }
      const release = () => {
        perLink.close(linkKey);
        perAddress.close(address);
      };
      let first;
      try {
        first = await serving(db, link, project, now());
      } catch (error) {
        release();
        throw error;
      }
      reply.hijack();
      streams.open(link, project, first, { req: request.raw, res: reply.raw }, release);
      return reply;
    },
  );
};
