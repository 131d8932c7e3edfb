/**
 * Custom routes, user apps and value-added entries under /api/v1 (spec §1, §2; protocol
 * api/apps.ts; docs/api.md § Custom routes and micro-apps). Each part registers its own routes:
 * custom-routes.ts, user-apps.ts, value-added.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';
import { customRoutesPlugin } from './custom-routes.js';
import { userAppsPlugin } from './user-apps.js';
import { valueAddedPlugin } from './value-added.js';

export interface AppsRoutesOptions {
  readonly db: Kysely<Database>;
  readonly now: () => number;
  /** The http origins the console may frame besides any https one (MICRO_APP_ORIGINS). */
  readonly microAppOrigins?: readonly string[];
}

/** What each part's routes are given. */
export interface AppsContext {
  readonly db: Kysely<Database>;
  readonly now: () => number;
  readonly microAppOrigins: readonly string[];
}

export const appsRoutes: FastifyPluginAsyncZod<AppsRoutesOptions> = async (app, options) => {
  const context: AppsContext = {
    db: options.db,
    now: options.now,
    microAppOrigins: options.microAppOrigins ?? [],
  };
  await app.register(customRoutesPlugin, context);
  await app.register(userAppsPlugin, context);
  await app.register(valueAddedPlugin, context);
};
