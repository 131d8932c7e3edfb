/**
 * Bearer authentication for every domain: `preHandler: app.authenticate` on a route sets
 * `request.user`, or answers 401. The account and its session family are looked up on each
 * request, so a changed level or abilities, a deleted or disabled account or a sign-out takes
 * effect at once rather than when the token expires.
 */
import type { Ability } from '@fieldlink/protocol';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { ApiError } from '../http/errors.js';
import type { Database } from '../storage/schema.js';
import { readAbilities } from './access.js';
import { ADMIN_AUTHORITY } from './fields.js';
import { verifyAccessToken } from './tokens.js';

export interface AuthUser {
  readonly id: number;
  readonly authority: number;
  /** The session family of the access token. */
  readonly familyId: string;
}

/** The user of a request's (or live socket's) access token, with what the ability checks read. */
export interface SignedInUser extends AuthUser {
  readonly abilities: readonly Ability[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`; null on routes without it. */
    user: SignedInUser | null;
  }
  interface FastifyInstance {
    authenticate: preHandlerAsyncHookHandler;
  }
}

export interface AuthenticationOptions {
  readonly db: Kysely<Database>;
  readonly jwtKey: Uint8Array;
  readonly now: () => number;
}

// The scheme is case-insensitive (RFC 9110); a JWT is three base64url parts.
const BEARER = /^Bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+) *$/i;

/** The token of an `Authorization: Bearer …` header, or null when the header is anything else. */
export function bearerToken(header: string): string | null {
  return header.length <= 4096 ? (BEARER.exec(header)?.[1] ?? null) : null;
}

/** The account, while it exists, is enabled and its session family is still signed in; else null. */
export async function signedInUser(
  db: Kysely<Database>,
  userId: number,
  familyId: string,
): Promise<SignedInUser | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'authority', 'abilities'])
    .where('id', '=', userId)
    // Disabling revokes the sessions too; this holds even for a row disabled by hand.
    .where('disabled_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('sessions')
          .select('sessions.id')
          .where('sessions.family_id', '=', familyId)
          .where('sessions.user_id', '=', userId)
          .where('sessions.revoked_at', 'is', null),
      ),
    )
    .executeTakeFirst();
  return row
    ? { id: row.id, authority: row.authority, familyId, abilities: readAbilities(row.abilities) }
    : null;
}

/** The user of a valid access token whose session family is still signed in, or null. */
export async function userOfAccessToken(
  options: AuthenticationOptions,
  token: string,
): Promise<SignedInUser | null> {
  const claims = await verifyAccessToken(options.jwtKey, token, options.now());
  return claims ? signedInUser(options.db, claims.userId, claims.familyId) : null;
}

/** Decorates the root instance, so every plugin registered after it sees `app.authenticate`. */
export function installAuthentication(app: FastifyInstance, options: AuthenticationOptions): void {
  app.decorateRequest('user', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (header === undefined) throw new ApiError('unauthorized', 'sign in first: no bearer token');
    const token = bearerToken(header);
    const user = token === null ? null : await userOfAccessToken(options, token);
    if (!user) throw new ApiError('unauthorized', 'access token invalid or expired; please sign in again');
    request.user = user;
  });
}

/** The signed-in user of a route guarded by `app.authenticate`. */
export function requireUser(request: FastifyRequest): SignedInUser {
  if (!request.user) throw new ApiError('unauthorized', 'sign in first: no bearer token');
  return request.user;
}

/**
 * The preHandler of a route for administrators (authority ≥ ADMIN_AUTHORITY): signed in, else 401;
 * an administrator, else 403 `only administrators may <what>`.
 */
export function administratorsOnly(
  app: FastifyInstance,
  what: string,
): { readonly preHandler: preHandlerAsyncHookHandler[] } {
  return {
    preHandler: [
      app.authenticate,
      async (request: FastifyRequest) => {
        if (requireUser(request).authority < ADMIN_AUTHORITY) {
          throw new ApiError('forbidden', `only administrators may ${what}`);
        }
      },
    ],
  };
}
