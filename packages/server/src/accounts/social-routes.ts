/**
 * Social sign-in: the wired providers (`/auth/social-providers`), signing in with an identity
 * linked to an account (`/auth/social/:provider/login`), and the signed-in user's own links
 * (`/me/social`). A new identity is never made into a new account here: the person signs in
 * another way first and links it.
 */
import { storedText } from '@fieldlink/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ApiError } from '../http/errors.js';
import { isUniqueViolation } from '../storage/errors.js';
import type { Database } from '../storage/schema.js';
import { SessionReply } from './auth-routes.js';
import { requireUser } from './authenticate.js';
import { ErrorReply } from './fields.js';
import type { AccountServices } from './plugin.js';
import { sessionReply } from './sessions.js';
import { PROVIDER_ID } from './social.js';
import type { SocialProvider } from './social.js';

export const NO_SUCH_PROVIDER = 'no such sign-in provider';
export const SOCIAL_SIGN_IN_FAILED = 'social sign-in failed';
export const IDENTITY_NOT_LINKED = 'no account is linked to this identity; sign in and link it first';
export const LINKED_TO_ANOTHER = 'this identity is already linked to another account';
export const PROVIDER_ALREADY_LINKED =
  'this account already has an identity of this provider linked; unlink it first';
export const NOT_LINKED = 'this account has no identity of this provider linked';

const ProviderParams = z.strictObject({
  provider: z
    .string()
    .regex(PROVIDER_ID, 'a lower-case letter, then up to 31 lower-case letters, digits or -'),
});

/** The code the provider's sign-in page handed the browser; providers' codes are far shorter. */
const CodeBody = z.strictObject({ code: storedText(1, 2048) });

/** What a provider must give back; anything else is treated as a failed sign-in. */
const Exchanged = z.object({ externalId: storedText(1, 256) });

const ProviderItem = z.object({ id: z.string(), name: z.string() });

const LinkReply = z.object({ provider: z.string(), externalId: z.string(), linkedAt: z.iso.datetime() });

interface LinkRow {
  user_id: number;
  provider: string;
  external_id: string;
  created_at: number;
}

function linkOf(row: LinkRow): z.infer<typeof LinkReply> {
  return {
    provider: row.provider,
    externalId: row.external_id,
    linkedAt: new Date(row.created_at).toISOString(),
  };
}

/**
 * The provider's id for whoever the code was issued to, or null when the provider refused the
 * code, could not be reached or answered without a usable id. The reason goes to the log only.
 */
async function externalIdOf(
  provider: SocialProvider,
  code: string,
  log: FastifyBaseLogger,
): Promise<string | null> {
  let answer: unknown;
  try {
    answer = await provider.exchange(code);
  } catch (error) {
    log.warn({ err: error, provider: provider.id }, 'social sign-in code not accepted');
    return null;
  }
  const parsed = Exchanged.safeParse(answer);
  if (!parsed.success) {
    log.error({ provider: provider.id, issues: parsed.error.issues }, 'social provider gave no usable id');
    return null;
  }
  return parsed.data.externalId;
}

/**
 * The caller's existing link to this identity, or null when neither the identity nor the
 * provider is linked yet; 409 when the identity belongs to someone else or the caller already
 * linked another identity of the provider.
 */
async function existingLink(
  db: Kysely<Database>,
  userId: number,
  provider: string,
  externalId: string,
): Promise<LinkRow | null> {
  const rows = await db
    .selectFrom('social_identities')
    .select(['user_id', 'provider', 'external_id', 'created_at'])
    .where('provider', '=', provider)
    .where((eb) => eb.or([eb('external_id', '=', externalId), eb('user_id', '=', userId)]))
    .execute();
  const identity = rows.find((row) => row.external_id === externalId);
  if (identity && identity.user_id !== userId) throw new ApiError('conflict', LINKED_TO_ANOTHER);
  if (identity) return identity;
  if (rows.length > 0) throw new ApiError('conflict', PROVIDER_ALREADY_LINKED);
  return null;
}

export const socialRoutes: FastifyPluginAsyncZod<AccountServices> = async (app, services) => {
  const { db, sessions, socialProviders, now } = services;
  const guarded = { preHandler: app.authenticate };
  const security = [{ bearer: [] }];

  function providerOf(id: string): SocialProvider {
    const provider = socialProviders.get(id);
    if (!provider) throw new ApiError('not_found', NO_SUCH_PROVIDER);
    return provider;
  }

  app.get(
    '/auth/social-providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'The social sign-in providers this server offers',
        response: { 200: z.object({ items: z.array(ProviderItem), total: z.number() }) },
      },
    },
    async () => {
      const items = socialProviders.list().map(({ id, name }) => ({ id, name }));
      return { items, total: items.length };
    },
  );

  app.post(
    '/auth/social/:provider/login',
    {
      schema: {
        tags: ['auth'],
        summary: "Sign in with a provider's code, as the account the identity is linked to",
        params: ProviderParams,
        body: CodeBody,
        response: { 200: SessionReply, 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply },
      },
    },
    async (request) => {
      const provider = providerOf(request.params.provider);
      const externalId = await externalIdOf(provider, request.body.code, request.log);
      if (externalId === null) throw new ApiError('unauthorized', SOCIAL_SIGN_IN_FAILED);
      const link = await db
        .selectFrom('social_identities')
        .select('user_id')
        .where('provider', '=', provider.id)
        .where('external_id', '=', externalId)
        .executeTakeFirst();
      if (!link) throw new ApiError('not_found', IDENTITY_NOT_LINKED);
      return sessionReply(db, link.user_id, await sessions.start(link.user_id));
    },
  );

  app.get(
    '/me/social',
    {
      ...guarded,
      schema: {
        tags: ['me'],
        summary: 'The social identities linked to the signed-in account',
        security,
        response: { 200: z.object({ items: z.array(LinkReply), total: z.number() }), 401: ErrorReply },
      },
    },
    async (request) => {
      const rows = await db
        .selectFrom('social_identities')
        .select(['user_id', 'provider', 'external_id', 'created_at'])
        .where('user_id', '=', requireUser(request).id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return { items: rows.map(linkOf), total: rows.length };
    },
  );

  app.post(
    '/me/social/:provider',
    {
      ...guarded,
      schema: {
        tags: ['me'],
        summary: "Link the identity of a provider's code to the signed-in account",
        security,
        params: ProviderParams,
        body: CodeBody,
        response: {
          200: LinkReply,
          400: ErrorReply,
          401: ErrorReply,
          404: ErrorReply,
          409: ErrorReply,
        },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      const provider = providerOf(request.params.provider);
      const externalId = await externalIdOf(provider, request.body.code, request.log);
      // 400 rather than 401: the caller's own sign-in is fine, only the provider's code is not.
      if (externalId === null) throw new ApiError('bad_request', SOCIAL_SIGN_IN_FAILED);
      const linked = await existingLink(db, userId, provider.id, externalId);
      if (linked) return linkOf(linked);
      const row = { user_id: userId, provider: provider.id, external_id: externalId, created_at: now() };
      try {
        await db.insertInto('social_identities').values(row).execute();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // A concurrent link got there first: answer as if it had come before this one.
        const raced = await existingLink(db, userId, provider.id, externalId);
        if (raced) return linkOf(raced);
        throw new ApiError('conflict', PROVIDER_ALREADY_LINKED);
      }
      return linkOf(row);
    },
  );

  app.delete(
    '/me/social/:provider',
    {
      ...guarded,
      schema: {
        tags: ['me'],
        summary: "Unlink the signed-in account's identity of a provider",
        security,
        params: ProviderParams,
        response: { 204: z.null(), 400: ErrorReply, 401: ErrorReply, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const result = await db
        .deleteFrom('social_identities')
        .where('user_id', '=', requireUser(request).id)
        .where('provider', '=', request.params.provider)
        .executeTakeFirst();
      if (result.numDeletedRows === 0n) throw new ApiError('not_found', NOT_LINKED);
      return reply.status(204).send(null);
    },
  );
};
