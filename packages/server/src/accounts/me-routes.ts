/**
 * The signed-in user's own account (`/me`: settings, password, binding a phone or e-mail address)
 * and the admin-only authority change.
 */
import { FirstSignInRequest, Language, MePatch, MeReply } from '@fieldlink/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../http/errors.js';
import { isUniqueViolation } from '../storage/errors.js';
import type { User } from '../storage/schema.js';
import { accessOf } from './access.js';
import { requireUser } from './authenticate.js';
import { ADMIN_AUTHORITY, AnyPassword, Authority, BindRequest, ErrorReply, NewPassword } from './fields.js';
import { passwordMatches } from './password-check.js';
import { hashPassword } from './passwords.js';
import type { AccountServices } from './plugin.js';
import { mergeChartFilters, mergeParam, readCameraParam, readChartFilters } from './preferences.js';
import { readParam, storedParam } from './stored-param.js';
import { WRONG_CODE } from './verification.js';

function meOf(user: User): MeReply {
  const language = Language.safeParse(user.language);
  return {
    id: user.id,
    userName: user.user_name,
    authority: user.authority,
    phone: user.phone,
    email: user.email,
    language: language.success ? language.data : 'zh',
    city: user.city,
    param: readParam(user.param),
    cameraParam: readCameraParam(user.camera_param),
    chartFilters: readChartFilters(user.chart_filters),
    registeredAt: new Date(user.registered_at).toISOString(),
    firstSignIn: user.first_sign_in_at === null,
    access: accessOf(user),
  };
}

/** Why POST /me/first-sign-in refuses an authority level that is not the account's. */
export const STALE_AUTHORITY = "the authority sent is not the account's current one; read /me again";

/** What a bind refuses when the phone or address belongs to someone else. */
export const BOUND_ELSEWHERE = {
  phone: 'this phone is already bound to another account',
  email: 'this e-mail is already bound to another account',
} as const;

export const meRoutes: FastifyPluginAsyncZod<AccountServices> = async (
  app,
  { db, codes, sessions, loginLimits, now },
) => {
  const guarded = { preHandler: app.authenticate };
  const security = [{ bearer: [] }];

  async function loadUser(id: number): Promise<User> {
    const user = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    if (!user) throw new ApiError('unauthorized', 'the account no longer exists');
    return user;
  }

  /**
   * 403 unless `password` is the account's current password. The check is counted by the sign-in
   * limits like a sign-in from `address`: a stolen access token must not become a way to guess the
   * password without limit (and then change it or bind a phone of the thief's).
   */
  async function requirePassword(id: number, password: string, address: string): Promise<void> {
    const user = await loadUser(id);
    if (!(await passwordMatches(loginLimits, user, password, address))) {
      throw new ApiError('forbidden', 'current password wrong');
    }
  }

  app.get(
    '/me',
    {
      ...guarded,
      schema: {
        tags: ['me'],
        summary: 'The signed-in user',
        security,
        response: { 200: MeReply, 401: ErrorReply },
      },
    },
    async (request) => meOf(await loadUser(requireUser(request).id)),
  );

  app.patch(
    '/me',
    {
      ...guarded,
      schema: {
        tags: ['me'],
        summary: 'Change language, city, console param, camera account or chart filters',
        security,
        body: MePatch,
        response: { 200: MeReply, 400: ErrorReply, 401: ErrorReply },
      },
    },
    async (request) => {
      const { id } = requireUser(request);
      const patch = request.body;
      const user = await loadUser(id);
      const changes: Partial<Pick<User, 'language' | 'city' | 'param' | 'camera_param' | 'chart_filters'>> =
        {};
      if (patch.language !== undefined) changes.language = patch.language;
      if (patch.city !== undefined) changes.city = patch.city;
      if (patch.param !== undefined) {
        changes.param = storedParam(mergeParam(readParam(user.param), patch.param));
      }
      if (patch.cameraParam !== undefined) {
        changes.camera_param = patch.cameraParam === null ? null : JSON.stringify(patch.cameraParam);
      }
      if (patch.chartFilters !== undefined) {
        changes.chart_filters = JSON.stringify(
          mergeChartFilters(readChartFilters(user.chart_filters), patch.chartFilters),
        );
      }
      if (Object.keys(changes).length === 0) return meOf(user);
      await db
        .updateTable('users')
        .set({ ...changes, updated_at: now() })
        .where('id', '=', id)
        .execute();
      return meOf(await loadUser(id));
    },
  );

  app.post(
    '/me/first-sign-in',
    {
      ...guarded,
      schema: {
        tags: ['me'],
        summary: 'The first-sign-in call (§4): the welcome was shown; firstSignIn clears',
        security,
        body: FirstSignInRequest,
        response: { 204: z.null(), 400: ErrorReply, 401: ErrorReply, 409: ErrorReply },
      },
    },
    async (request, reply) => {
      const { id } = requireUser(request);
      const user = await loadUser(id);
      // The console sends the level it holds; a different one means its record is stale (an
      // administrator changed it since) and what it showed may not be what the account can do.
      if (request.body.authority !== user.authority) throw new ApiError('conflict', STALE_AUTHORITY);
      // Only the first call sets the time; a repeated one (a retry, a second tab) changes nothing.
      await db
        .updateTable('users')
        .set({ first_sign_in_at: now() })
        .where('id', '=', id)
        .where('first_sign_in_at', 'is', null)
        .execute();
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/me/password',
    {
      ...guarded,
      schema: {
        tags: ['me'],
        summary: 'Change the password; other sessions of the user end',
        security,
        body: z.strictObject({ currentPassword: AnyPassword, newPassword: NewPassword }),
        response: { 204: z.null(), 401: ErrorReply, 403: ErrorReply, 429: ErrorReply },
      },
    },
    async (request, reply) => {
      const me = requireUser(request);
      await requirePassword(me.id, request.body.currentPassword, request.ip);
      const passwordHash = await hashPassword(request.body.newPassword);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_at: now() })
          .where('id', '=', me.id)
          .execute();
        await sessions.revokeUser(trx, me.id, me.familyId);
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/me/bind',
    {
      ...guarded,
      schema: {
        tags: ['me'],
        summary: 'Bind a phone or e-mail address with a bind code sent to it',
        security,
        body: BindRequest,
        response: { 200: MeReply, 400: ErrorReply, 401: ErrorReply, 409: ErrorReply, 429: ErrorReply },
      },
    },
    async (request) => {
      const { id } = requireUser(request);
      const body = request.body;
      const column = 'phone' in body ? 'phone' : 'email';
      const target = 'phone' in body ? body.phone : body.email;
      // The password too: with a stolen access token alone, binding a phone of one's own would
      // let the thief recover (take over) the account.
      await requirePassword(id, body.password, request.ip);
      // The code first, as at registration: without it nobody learns whether the target is taken.
      const codeId = await codes.check(target, 'bind', body.code);
      await db.transaction().execute(async (trx) => {
        const holder = await trx
          .selectFrom('users')
          .select('id')
          .where(column, '=', target)
          .where('id', '!=', id)
          .executeTakeFirst();
        if (holder) throw new ApiError('conflict', BOUND_ELSEWHERE[column]);
        if (!(await codes.use(trx, codeId))) throw new ApiError('bad_request', WRONG_CODE);
        await trx
          .updateTable('users')
          .set({ ...(column === 'phone' ? { phone: target } : { email: target }), updated_at: now() })
          .where('id', '=', id)
          .execute()
          .catch((error: unknown) => {
            // Another account took the target between the check and the update.
            if (isUniqueViolation(error)) throw new ApiError('conflict', BOUND_ELSEWHERE[column]);
            throw error;
          });
      });
      return meOf(await loadUser(id));
    },
  );

  app.delete(
    '/me',
    {
      ...guarded,
      schema: {
        tags: ['me'],
        summary: 'Delete the account with its sessions, equipment (and their shares) and grants',
        security,
        body: z.strictObject({ password: AnyPassword }),
        response: { 204: z.null(), 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 429: ErrorReply },
      },
    },
    async (request, reply) => {
      const { id } = requireUser(request);
      await requirePassword(id, request.body.password, request.ip);
      const owned = await db
        .selectFrom('equipment as e')
        .leftJoin('equipment as host', 'host.id', 'e.parent_id')
        .select('e.id')
        .where((eb) => eb.or([eb('e.owner_id', '=', id), eb('host.owner_id', '=', id)]))
        .execute();
      // Foreign keys cascade to sessions, owned equipment (with its sub-devices, codes and
      // grants), grants held, codes issued and linked sign-in identities.
      await db.deleteFrom('users').where('id', '=', id).execute();
      // The file store, saved documents and stream cameras are not bound by foreign keys.
      await app.fileStore.removeSpaces([`u:${id}`, `p:${id}`, ...owned.map((row) => `e:${row.id}`)]);
      await db.deleteFrom('user_documents').where('user_id', '=', id).execute();
      await db.deleteFrom('url_cameras').where('owner_id', '=', id).execute();
      // What they uploaded elsewhere stays (it is the space's), no longer counted against anyone.
      await db.updateTable('files').set({ created_by: null }).where('created_by', '=', id).execute();
      reply.code(204);
      return null;
    },
  );

  app.delete(
    '/me/email',
    {
      ...guarded,
      schema: {
        tags: ['me'],
        summary: 'Remove the e-mail address (the phone stays: it recovers the account)',
        security,
        response: { 200: MeReply, 401: ErrorReply },
      },
    },
    async (request) => {
      const { id } = requireUser(request);
      const user = await loadUser(id);
      if (user.email === null) return meOf(user);
      await db.updateTable('users').set({ email: null, updated_at: now() }).where('id', '=', id).execute();
      return meOf(await loadUser(id));
    },
  );

  app.patch(
    '/users/:id/authority',
    {
      ...guarded,
      schema: {
        tags: ['users'],
        summary: 'Set the authority level of a user (admins only)',
        security,
        params: z.strictObject({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
        body: z.strictObject({ authority: Authority }),
        response: {
          200: z.object({ id: z.number(), authority: z.number() }),
          401: ErrorReply,
          403: ErrorReply,
          404: ErrorReply,
        },
      },
    },
    async (request) => {
      if (requireUser(request).authority < ADMIN_AUTHORITY) {
        throw new ApiError('forbidden', 'only administrators may change authority levels');
      }
      const { id } = request.params;
      const result = await db
        .updateTable('users')
        .set({ authority: request.body.authority, updated_at: now() })
        .where('id', '=', id)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) throw new ApiError('not_found', 'no such user');
      return { id, authority: request.body.authority };
    },
  );
};
