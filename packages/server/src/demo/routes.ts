/**
 * `GET /api/v1/demo-account` (public): the demo account's credentials, so the sign-in page can
 * offer them to a newcomer, only while the server runs the demo (DEMO) and the account still has
 * its default password (the same credentials the start prints; docs/operations.md § Demo account).
 * Once its password is changed, or without the demo, the reply is 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ErrorReply } from '../accounts/fields.js';
import { verifyPassword } from '../accounts/passwords.js';
import { ApiError } from '../http/errors.js';
import type { Database } from '../storage/schema.js';
import { DEMO_PASSWORD, DEMO_USER_NAME } from './seed.js';

export interface DemoRoutesOptions {
  readonly db: Kysely<Database>;
  /** Whether the server runs the demo (DEMO); the route answers 404 when not. */
  readonly demo: boolean;
}

export const DemoAccountReply = z.object({ userName: z.string(), password: z.string() });

export const demoRoutes: FastifyPluginAsyncZod<DemoRoutesOptions> = async (app, options) => {
  // Whether each stored hash seen is the default password's: checked once per hash, not per call.
  const isDefault = new Map<string, boolean>();
  app.get(
    '/demo-account',
    {
      schema: {
        tags: ['accounts'],
        summary: "The demo account's credentials, while the demo runs and its password is the default",
        response: { 200: DemoAccountReply, 404: ErrorReply },
      },
    },
    async () => {
      const gone = new ApiError('not_found', 'no demo account with its default password on this server');
      if (!options.demo) throw gone;
      const user = await options.db
        .selectFrom('users')
        .select('password_hash')
        .where('user_name', '=', DEMO_USER_NAME)
        .executeTakeFirst();
      const hash = user?.password_hash;
      if (!hash) throw gone;
      let known = isDefault.get(hash);
      if (known === undefined) {
        known = await verifyPassword(hash, DEMO_PASSWORD);
        if (isDefault.size > 16) isDefault.clear();
        isDefault.set(hash, known);
      }
      if (!known) throw gone;
      return { userName: DEMO_USER_NAME, password: DEMO_PASSWORD };
    },
  );
};
