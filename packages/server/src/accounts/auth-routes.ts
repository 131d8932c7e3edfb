/** Sign-up, sign-in and session routes under /auth (no bearer needed, except for logout by bearer). */
import { brandKeyOf, storedText } from '@fieldlink/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../http/errors.js';
import { bearerToken, userOfAccessToken } from './authenticate.js';
import {
  AccessToken,
  AnyPassword,
  Email,
  ErrorReply,
  NewPassword,
  Phone,
  Purpose,
  RefreshToken,
  UserName,
  VerificationCode,
} from './fields.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { AccountServices } from './plugin.js';
import { sessionReply } from './sessions.js';
import { WRONG_CODE } from './verification.js';
import { isUniqueViolation } from '../storage/errors.js';

export const WRONG_CREDENTIALS = 'account or password wrong';

/** The reply of every sign-in and refresh. */
export const SessionReply = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  registeredAt: z.iso.datetime(),
});

const CodeRequest = z.union([
  z.strictObject({ phone: Phone, purpose: Purpose }),
  z.strictObject({ email: Email, purpose: Purpose }),
]);

export const authRoutes: FastifyPluginAsyncZod<AccountServices> = async (app, services) => {
  const { db, codes, sessions, loginLimits, dummyHash, now } = services;
  const tags = ['auth'];

  app.post(
    '/auth/verification-codes',
    {
      schema: {
        tags,
        summary: 'Send a one-time code to a phone or e-mail address',
        body: CodeRequest,
        response: { 202: z.object({ sent: z.literal(true), expiresAt: z.iso.datetime() }), 429: ErrorReply },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const channel = 'phone' in body ? 'phone' : 'email';
      const target = 'phone' in body ? body.phone : body.email;
      const issued = await codes.issue(target, body.purpose, request.ip);
      // A recovery code for an address no account uses is not sent, and the reply does not say so.
      const known =
        body.purpose !== 'recover' ||
        (await db.selectFrom('users').select('id').where(channel, '=', target).executeTakeFirst()) !==
          undefined;
      if (known) {
        try {
          await services.codeSender.send({
            channel,
            target,
            purpose: body.purpose,
            code: issued.code,
            expiresAt: issued.expiresAt,
          });
        } catch (error) {
          request.log.error({ err: error }, 'verification code not delivered');
          await codes.discard(issued);
          throw new ApiError('unavailable', 'the code could not be sent; try again later');
        }
      }
      return reply
        .status(202)
        .send({ sent: true as const, expiresAt: new Date(issued.expiresAt).toISOString() });
    },
  );

  app.post(
    '/auth/register',
    {
      schema: {
        tags,
        summary: 'Create an account with a registration code sent to the phone',
        body: z.strictObject({
          userName: UserName,
          password: NewPassword,
          phone: Phone,
          code: VerificationCode,
        }),
        response: {
          201: z.object({ id: z.number(), userName: z.string(), registeredAt: z.iso.datetime() }),
          409: ErrorReply,
          429: ErrorReply,
        },
      },
    },
    async (request, reply) => {
      const { userName, password, phone, code } = request.body;
      const codeId = await codes.check(phone, 'register', code);
      const passwordHash = await hashPassword(password);
      const at = now();
      const user = await db.transaction().execute(async (trx) => {
        const taken = await trx
          .selectFrom('users')
          .select(['user_name', 'phone'])
          .where((eb) => eb.or([eb('user_name', '=', userName), eb('phone', '=', phone)]))
          .executeTakeFirst();
        if (taken) {
          throw new ApiError(
            'conflict',
            taken.user_name === userName ? 'user name already taken' : 'phone already registered',
          );
        }
        if (!(await codes.use(trx, codeId))) throw new ApiError('bad_request', WRONG_CODE);
        // Made on a tenant's sub-domain (acme.example.com): the account is the tenant's (§1).
        const key = brandKeyOf(request.hostname);
        const tenant =
          key === ''
            ? undefined
            : await trx.selectFrom('tenants').select('id').where('key', '=', key).executeTakeFirst();
        return trx
          .insertInto('users')
          .values({
            user_name: userName,
            password_hash: passwordHash,
            phone,
            tenant_id: tenant?.id ?? null,
            registered_at: at,
            updated_at: at,
          })
          .returning(['id', 'user_name', 'registered_at'])
          .executeTakeFirstOrThrow()
          .catch((error: unknown) => {
            // A concurrent registration took the name or phone between the check and the insert.
            if (isUniqueViolation(error))
              throw new ApiError('conflict', 'user name or phone already registered');
            throw error;
          });
      });
      return reply.status(201).send({
        id: user.id,
        userName: user.user_name,
        registeredAt: new Date(user.registered_at).toISOString(),
      });
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in with user name and password (403 account_disabled for a disabled account)',
        body: z.strictObject({ userName: storedText(1, 64), password: AnyPassword }),
        response: { 200: SessionReply, 401: ErrorReply, 403: ErrorReply, 429: ErrorReply },
      },
    },
    async (request) => {
      const { userName, password } = request.body;
      // Reserved before the hash is checked: a burst cannot check more passwords than allowed.
      const attempt = await loginLimits.reserve(userName, request.ip);
      const user = await db
        .selectFrom('users')
        .select(['id', 'password_hash'])
        .where('user_name', '=', userName)
        .executeTakeFirst();
      const ok = user
        ? await verifyPassword(user.password_hash, password)
        : (await dummyHash.burn(password), false);
      if (!user || !ok) {
        await loginLimits.failed(attempt);
        throw new ApiError('unauthorized', WRONG_CREDENTIALS);
      }
      await loginLimits.succeeded(attempt);
      // A disabled account is refused here (403), after the password: without it nobody learns
      // that the name exists.
      return sessionReply(db, user.id, await sessions.start(user.id));
    },
  );

  app.post(
    '/auth/token-login',
    {
      schema: {
        tags,
        summary:
          "Join the session of a valid access token (login links); it ends when that session's family is signed out",
        body: z.strictObject({ token: AccessToken }),
        response: { 200: SessionReply, 401: ErrorReply },
      },
    },
    async (request) => {
      const user = await userOfAccessToken(services, request.body.token);
      if (!user) throw new ApiError('unauthorized', 'token is wrong or expired');
      // Not a session of its own: a stolen access token must not outlive its owner's sign-out.
      return sessionReply(db, user.id, await sessions.join(user.id, user.familyId));
    },
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags,
        summary:
          'Exchange a refresh token for a new token pair (403 account_disabled for a disabled account)',
        body: z.strictObject({ refreshToken: RefreshToken }),
        response: { 200: SessionReply, 401: ErrorReply, 403: ErrorReply },
      },
    },
    async (request) => {
      const { userId, ...pair } = await sessions.rotate(request.body.refreshToken);
      return sessionReply(db, userId, pair);
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags,
        summary: 'End a session: the family of the refresh token and/or of the bearer token',
        // The bearer token is optional here: without it, the refresh token names the session.
        security: [{}, { bearer: [] }],
        body: z.strictObject({ refreshToken: RefreshToken.optional() }).nullish(),
        response: { 204: z.null(), 401: ErrorReply },
      },
    },
    async (request, reply) => {
      const families = new Set<string>();
      const header = request.headers.authorization;
      if (header !== undefined) {
        const token = bearerToken(header);
        const user = token === null ? null : await userOfAccessToken(services, token);
        if (!user) throw new ApiError('unauthorized', 'access token invalid or expired');
        families.add(user.familyId);
      }
      const refreshToken = request.body?.refreshToken;
      if (refreshToken !== undefined) {
        // An unknown token is already signed out; saying so would only help guessing.
        const family = await sessions.familyOf(refreshToken);
        if (family !== null) families.add(family);
      } else if (header === undefined) {
        throw new ApiError('unauthorized', 'give the refresh token or the bearer token of the session');
      }
      for (const family of families) await sessions.revokeFamily(family);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/recover',
    {
      schema: {
        tags,
        summary: 'Set a new password with a recovery code sent to the phone',
        body: z.strictObject({ phone: Phone, code: VerificationCode, password: NewPassword }),
        response: { 204: z.null(), 400: ErrorReply, 429: ErrorReply },
      },
    },
    async (request, reply) => {
      const { phone, code, password } = request.body;
      const codeId = await codes.check(phone, 'recover', code);
      const passwordHash = await hashPassword(password);
      const userName = await db.transaction().execute(async (trx) => {
        const user = await trx
          .selectFrom('users')
          .select(['id', 'user_name'])
          .where('phone', '=', phone)
          .executeTakeFirst();
        if (!user || !(await codes.use(trx, codeId))) throw new ApiError('bad_request', WRONG_CODE);
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_at: now() })
          .where('id', '=', user.id)
          .execute();
        await sessions.revokeUser(trx, user.id);
        return user.user_name;
      });
      // Strangers' failures against the old password need not hold the owner back from the new one.
      await loginLimits.forgetAccount(userName);
      return reply.status(204).send(null);
    },
  );
};
