/**
 * Custom routes under /api/v1: what the signed-in user sees (`/custom-routes`) and the managers'
 * list and writes (`/admin/custom-routes`); who manages which is policy.ts's, the queries are
 * custom-routes-store.ts's.
 */
import {
  appPage,
  CustomRouteCreate,
  CustomRouteList,
  CustomRouteParams,
  CustomRoutePatch,
  CustomRoute,
  CustomRouteQuery,
  MyCustomRoutes,
} from '@fieldlink/protocol';
import type { CustomRouteChild } from '@fieldlink/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAbility } from '../accounts/access.js';
import { requireUser } from '../accounts/authenticate.js';
import { ErrorReply } from '../accounts/fields.js';
import { ApiError } from '../http/errors.js';
import {
  customRouteOf,
  customRoutesFor,
  deleteCustomRoute,
  insertCustomRoute,
  listCustomRoutes,
  loadCustomRoute,
  NO_ROUTE,
  storedChildren,
  storedCondition,
  updateCustomRoute,
} from './custom-routes-store.js';
import {
  callerOf,
  listedTenant,
  manages,
  requireFramable,
  requireManager,
  tenantForChange,
  tenantForNew,
} from './policy.js';
import type { AppsContext } from './routes.js';
import type { CustomRouteUpdate } from './schema.js';

const WHAT = 'manage custom routes';

/** Every child's address must be one the console may frame, its default page on the same origin. */
function requireFramableChildren(children: readonly CustomRouteChild[], origins: readonly string[]): void {
  for (const child of children) {
    requireFramable(child.url, origins);
    if (appPage(child.url, child.defaultUrl) === null) {
      throw new ApiError('bad_request', `the default page of ${child.name} leaves the app’s own origin`);
    }
  }
}

export const customRoutesPlugin: FastifyPluginAsyncZod<AppsContext> = async (
  app,
  { db, now, microAppOrigins },
) => {
  const security = [{ bearer: [] }];
  const guarded = { preHandler: app.authenticate };
  const tags = ['apps'];
  const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply };

  app.get(
    '/custom-routes',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'The custom routes the caller sees: everyone’s and their tenant’s whose condition they meet',
        security,
        response: { 200: MyCustomRoutes, 401: ErrorReply },
      },
    },
    async (request) => {
      const caller = await callerOf(db, requireUser(request));
      return { items: await customRoutesFor(db, caller) };
    },
  );

  app.get(
    '/admin/custom-routes',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Custom routes, all or one tenant’s (administrators; tenant administrators their tenant’s)',
        security,
        querystring: CustomRouteQuery,
        response: { 200: CustomRouteList, ...errors },
      },
    },
    async (request) => {
      const manager = requireManager(await callerOf(db, requireUser(request)), WHAT);
      return { items: await listCustomRoutes(db, listedTenant(manager, request.query.tenantId)) };
    },
  );

  app.post(
    '/admin/custom-routes',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Add a custom route (administrators; tenant administrators for their tenant)',
        security,
        body: CustomRouteCreate,
        response: { 201: CustomRoute, ...errors, 404: ErrorReply, 409: ErrorReply },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(db, requireUser(request));
      const manager = requireManager(caller, WHAT);
      requireAbility(caller, 'WRITE', 'add custom routes');
      const body = request.body;
      const tenantId = await tenantForNew(db, manager, body.tenantId);
      requireFramableChildren(body.children, microAppOrigins);
      const at = now();
      const route = await insertCustomRoute(db, {
        tenant_id: tenantId,
        name: body.name,
        title: body.title,
        icon: body.icon,
        condition: storedCondition(body.condition),
        sort: body.sort,
        children: storedChildren(body.children),
        created_by: caller.id,
        created_at: at,
        updated_at: at,
      });
      return reply.status(201).send(route);
    },
  );

  app.patch(
    '/admin/custom-routes/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Change a custom route; absent fields stay, children are replaced whole',
        security,
        params: CustomRouteParams,
        body: CustomRoutePatch,
        response: { 200: CustomRoute, ...errors, 404: ErrorReply, 409: ErrorReply },
      },
    },
    async (request) => {
      const caller = await callerOf(db, requireUser(request));
      const manager = requireManager(caller, WHAT);
      const current = await loadCustomRoute(db, request.params.id);
      if (!current || !manages(manager, current.tenant_id)) throw new ApiError('not_found', NO_ROUTE);
      requireAbility(caller, 'WRITE', 'change custom routes');
      const body = request.body;
      const tenantId = await tenantForChange(db, manager, body.tenantId);
      if (body.children !== undefined) requireFramableChildren(body.children, microAppOrigins);
      const changes: CustomRouteUpdate = {};
      if (tenantId !== undefined) changes.tenant_id = tenantId;
      if (body.name !== undefined) changes.name = body.name;
      if (body.title !== undefined) changes.title = body.title;
      if (body.icon !== undefined) changes.icon = body.icon;
      if (body.condition !== undefined) changes.condition = storedCondition(body.condition);
      if (body.sort !== undefined) changes.sort = body.sort;
      if (body.children !== undefined) changes.children = storedChildren(body.children);
      if (Object.keys(changes).length === 0) return customRouteOf(current);
      return updateCustomRoute(db, current, { ...changes, updated_at: now() });
    },
  );

  app.delete(
    '/admin/custom-routes/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Remove a custom route (administrators; tenant administrators their tenant’s)',
        security,
        params: CustomRouteParams,
        response: { 204: z.null(), ...errors, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(db, requireUser(request));
      const manager = requireManager(caller, WHAT);
      const current = await loadCustomRoute(db, request.params.id);
      if (!current || !manages(manager, current.tenant_id)) throw new ApiError('not_found', NO_ROUTE);
      requireAbility(caller, 'DELETE', 'remove custom routes');
      if (!(await deleteCustomRoute(db, current.id))) throw new ApiError('not_found', NO_ROUTE);
      return reply.status(204).send(null);
    },
  );
};
