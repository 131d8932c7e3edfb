/**
 * Diagram links (docs/api.md § Diagrams): a project's read-only share links for wall displays —
 * managed by its editors, served without sign-in, values streamed as Server-Sent Events — and the
 * dynamic graph linking a project to an equipment (fBKImg items 13 and 14).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';
import { linkEquipmentRoutes } from './links-equipment.js';
import type { LinkLimits } from './links-limits.js';
import { linkPublicRoutes } from './links-public.js';
import { linkRoutes } from './links-routes.js';
import { LinkStreams } from './links-stream.js';

export interface DiagramLinksOptions {
  readonly db: Kysely<Database>;
  readonly now?: () => number;
  /** The console's public origin for the links' addresses; by default the request's own. */
  readonly publicUrl?: string | undefined;
  /** Bounds of the public routes; defaults in links-limits.ts. */
  readonly limits?: LinkLimits;
  /** How often an open stream checks its link, project and creator's rights; 10 s. */
  readonly recheckMs?: number;
}

export const LINK_RECHECK_MS = 10_000;

export const diagramLinksPlugin: FastifyPluginAsyncZod<DiagramLinksOptions> = async (app, options) => {
  const { db } = options;
  const now = options.now ?? Date.now;
  const streams = new LinkStreams({
    db,
    hub: app.live,
    now,
    recheckMs: options.recheckMs ?? LINK_RECHECK_MS,
  });
  // Streams never end by themselves: the server closing ends them, or it would wait for them.
  app.addHook('preClose', async () => streams.closeAll());
  await app.register(linkRoutes, { db, now, streams, publicUrl: options.publicUrl });
  await app.register(linkPublicRoutes, { db, now, streams, limits: options.limits });
  await app.register(linkEquipmentRoutes, { db, now });
};
