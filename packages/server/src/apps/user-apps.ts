/**
 * User apps under /api/v1 (the `/appaudit/CreatApp` page): a user registers, changes and removes
 * their own micro-apps (`/apps`); administrators, and tenant administrators for their tenant's
 * users, review them (`/admin/apps`). An app is seen by its owner at once and by the others of
 * its tenant scope once approved; any change to an approved or rejected app sends it back to
 * review. The queries are user-apps-store.ts's.
 */
import {
  ADMIN_LEVEL,
  AdminAppQuery,
  appPage,
  AppReview,
  UserApp,
  UserAppCreate,
  UserAppList,
  UserAppParams,
  UserAppPatch,
} from '@fieldlink/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAbility } from '../accounts/access.js';
import { requireUser } from '../accounts/authenticate.js';
import { ErrorReply } from '../accounts/fields.js';
import { ApiError } from '../http/errors.js';
import { callerOf, managerOf, requireFramable, requireManager } from './policy.js';
import type { AppsContext } from './routes.js';
import type { UserAppUpdate } from './schema.js';
import {
  appsFor,
  appsToReview,
  deleteApp,
  insertApp,
  loadApp,
  NO_APP,
  reviews,
  seesApp,
  updateApp,
  userAppOf,
} from './user-apps-store.js';

export const OWNER_ONLY = 'only the app’s owner may change it';
export const OWN_APP_REVIEW = 'you cannot review your own app: another reviewer must (administrators may)';

/** The default page must stay on the app's origin (appPage); the schema checks it alone. */
function requirePage(url: string, defaultUrl: string | null): void {
  if (appPage(url, defaultUrl) === null) {
    throw new ApiError('bad_request', 'the default page leaves the app’s own origin');
  }
}

export const userAppsPlugin: FastifyPluginAsyncZod<AppsContext> = async (
  app,
  { db, now, microAppOrigins },
) => {
  const security = [{ bearer: [] }];
  const guarded = { preHandler: app.authenticate };
  const tags = ['apps'];
  const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply };

  app.get(
    '/apps',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'The caller’s own apps in any state and the approved apps of their tenant scope',
        security,
        response: { 200: UserAppList, 401: ErrorReply },
      },
    },
    async (request) => ({ items: await appsFor(db, await callerOf(db, requireUser(request))) }),
  );

  app.post(
    '/apps',
    {
      ...guarded,
      schema: {
        tags,
        summary: `Register an app of one's own, pending review (20 per user)`,
        security,
        body: UserAppCreate,
        response: { 201: UserApp, ...errors, 409: ErrorReply },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      requireAbility(user, 'WRITE', 'register apps');
      const body = request.body;
      requireFramable(body.url, microAppOrigins);
      requirePage(body.url, body.defaultUrl);
      return reply.status(201).send(await insertApp(db, user.id, body, now()));
    },
  );

  app.patch(
    '/apps/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Change one’s app (its owner); an approved or rejected app goes back to review',
        security,
        params: UserAppParams,
        body: UserAppPatch,
        response: { 200: UserApp, ...errors, 404: ErrorReply },
      },
    },
    async (request) => {
      const caller = await callerOf(db, requireUser(request));
      const current = await loadApp(db, request.params.id);
      if (!current || !seesApp(current, caller, managerOf(caller))) throw new ApiError('not_found', NO_APP);
      if (current.owner_id !== caller.id) throw new ApiError('forbidden', OWNER_ONLY);
      requireAbility(caller, 'WRITE', 'change apps');
      const body = request.body;
      const url = body.url ?? current.url;
      const defaultUrl = body.defaultUrl === undefined ? current.default_url : body.defaultUrl;
      if (url !== current.url) requireFramable(url, microAppOrigins);
      requirePage(url, defaultUrl);
      const changes: UserAppUpdate = {};
      if (body.title !== undefined && body.title !== current.title) changes.title = body.title;
      if (url !== current.url) changes.url = url;
      if (defaultUrl !== current.default_url) changes.default_url = defaultUrl;
      if (body.icon !== undefined && body.icon !== current.icon) changes.icon = body.icon;
      if (body.description !== undefined && body.description !== current.description) {
        changes.description = body.description;
      }
      if (Object.keys(changes).length === 0) return userAppOf(current);
      // What was reviewed is no longer what others would open.
      const review: UserAppUpdate =
        current.status === 'pending'
          ? {}
          : { status: 'pending', review_note: null, reviewed_by: null, reviewed_at: null };
      return updateApp(db, current.id, { ...changes, ...review, updated_at: now() });
    },
  );

  app.delete(
    '/apps/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Remove an app (its owner, or an administrator)',
        security,
        params: UserAppParams,
        response: { 204: z.null(), ...errors, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(db, requireUser(request));
      const current = await loadApp(db, request.params.id);
      if (!current || !seesApp(current, caller, managerOf(caller))) throw new ApiError('not_found', NO_APP);
      if (current.owner_id !== caller.id && caller.authority < ADMIN_LEVEL) {
        throw new ApiError('forbidden', 'only the app’s owner or an administrator may remove it');
      }
      requireAbility(caller, 'DELETE', 'remove apps');
      if (!(await deleteApp(db, current.id))) throw new ApiError('not_found', NO_APP);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/apps',
    {
      ...guarded,
      schema: {
        tags,
        summary:
          'Apps of a state to review, newest first (administrators; tenant administrators their users’)',
        security,
        querystring: AdminAppQuery,
        response: { 200: UserAppList, ...errors },
      },
    },
    async (request) => {
      const manager = requireManager(await callerOf(db, requireUser(request)), 'review apps');
      return { items: await appsToReview(db, manager, request.query.status) };
    },
  );

  app.post(
    '/admin/apps/:id/review',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Approve or reject an app (administrators; tenant administrators their users’)',
        security,
        params: UserAppParams,
        body: AppReview,
        response: { 200: UserApp, ...errors, 404: ErrorReply },
      },
    },
    async (request) => {
      const caller = await callerOf(db, requireUser(request));
      const manager = requireManager(caller, 'review apps');
      const current = await loadApp(db, request.params.id);
      if (!current || !reviews(manager, current)) throw new ApiError('not_found', NO_APP);
      if (current.owner_id === caller.id && manager.kind !== 'admin')
        throw new ApiError('forbidden', OWN_APP_REVIEW);
      requireAbility(caller, 'WRITE', 'review apps');
      const at = now();
      return updateApp(db, current.id, {
        status: request.body.decision === 'approve' ? 'approved' : 'rejected',
        review_note: request.body.note,
        reviewed_by: caller.id,
        reviewed_at: at,
        updated_at: at,
      });
    },
  );
};
