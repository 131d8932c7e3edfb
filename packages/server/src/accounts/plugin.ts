/**
 * The accounts domain: sign-up, sign-in, sessions, the user's own settings and the administrators'
 * accounts, under /api/v1.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { retryAfterOnError } from '../http/retry-after.js';
import type { Storage } from '../storage/open.js';
import type { Database } from '../storage/schema.js';
import type { Secrets } from '../storage/secrets.js';
import { adminUserRoutes } from './admin-users.js';
import { AttemptCounter } from './attempts.js';
import { authRoutes } from './auth-routes.js';
import type { CodeSender } from './code-sender.js';
import { LoginLimits } from './login-limits.js';
import { meRoutes } from './me-routes.js';
import { DummyHash } from './passwords.js';
import { Sessions } from './sessions.js';
import { SocialProviders } from './social.js';
import type { SocialProvider } from './social.js';
import { socialRoutes } from './social-routes.js';
import { VerificationCodes } from './verification.js';

export interface AccountsOptions {
  readonly storage: Storage;
  readonly secrets: Secrets;
  readonly codeSender: CodeSender;
  /** Social sign-in providers; none by default. */
  readonly socialProviders?: readonly SocialProvider[];
  /** Epoch milliseconds; tests pass a clock they move. */
  readonly now?: () => number;
}

export interface AccountServices {
  readonly db: Kysely<Database>;
  readonly jwtKey: Uint8Array;
  readonly now: () => number;
  readonly codeSender: CodeSender;
  readonly codes: VerificationCodes;
  readonly sessions: Sessions;
  readonly loginLimits: LoginLimits;
  readonly dummyHash: DummyHash;
  readonly socialProviders: SocialProviders;
}

export const accountsPlugin: FastifyPluginAsyncZod<AccountsOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const db = options.storage.db;
  const jwtKey = options.secrets.jwtKey;
  const attempts = new AttemptCounter(db);
  const services: AccountServices = {
    db,
    jwtKey,
    now,
    codeSender: options.codeSender,
    codes: new VerificationCodes(db, jwtKey, now, attempts),
    sessions: new Sessions(db, jwtKey, now),
    loginLimits: new LoginLimits(attempts, now),
    dummyHash: new DummyHash(),
    socialProviders: new SocialProviders(options.socialProviders),
  };
  retryAfterOnError(app);
  await app.register(authRoutes, services);
  await app.register(meRoutes, services);
  await app.register(adminUserRoutes, services);
  await app.register(socialRoutes, services);
};
