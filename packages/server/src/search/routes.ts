/**
 * GET /search (docs/api.md § Search): the header search's suggestions from the server, over what
 * the caller may see (search/store.ts). Bounded per user like the weather's area search: the
 * console asks once per settled query, so a client asking faster is not the console.
 */
import { SearchQuery, SearchReply } from '@fieldlink/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { requireUser } from '../accounts/authenticate.js';
import { ErrorReply } from '../accounts/fields.js';
import { PerUserRate } from '../http/per-user-rate.js';
import type { Database } from '../storage/schema.js';
import { searchFor } from './store.js';

/** Searches one user may make per minute (the console's 500 ms debounce allows 120 of typing). */
export const SEARCHES_PER_MINUTE = 60;

export interface SearchRoutesOptions {
  readonly db: Kysely<Database>;
  readonly now?: () => number;
}

export const searchRoutes: FastifyPluginAsyncZod<SearchRoutesOptions> = async (app, options) => {
  const { db } = options;
  const now = options.now ?? Date.now;
  const searches = new PerUserRate(SEARCHES_PER_MINUTE, 'too many searches; try again in a minute');

  app.get(
    '/search',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['search'],
        summary:
          'Suggestions for the header search: readable equipment, diagram projects, custom routes, apps and value-added entries',
        security: [{ bearer: [] }],
        querystring: SearchQuery,
        response: { 200: SearchReply, 400: ErrorReply, 401: ErrorReply, 429: ErrorReply },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const t = now();
      searches.take(user.id, t);
      return { items: await searchFor(db, user, request.query.q, request.query.limit, t) };
    },
  );
};
