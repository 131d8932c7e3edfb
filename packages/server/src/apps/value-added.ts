/**
 * Value-added entries under /api/v1: what the signed-in user sees (`/value-added`, the rule in
 * value-added-store.ts) and the managers' list and writes (`/admin/value-added`, who manages
 * which in policy.ts). Entries open as external pages, not in a frame: their addresses are not
 * held to MICRO_APP_ORIGINS.
 */
import {
  ValueAddedCreate,
  ValueAddedEntry,
  ValueAddedList,
  ValueAddedParams,
  ValueAddedPatch,
  ValueAddedQuery,
} from '@fieldlink/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAbility } from '../accounts/access.js';
import { requireUser } from '../accounts/authenticate.js';
import { ErrorReply } from '../accounts/fields.js';
import { ApiError } from '../http/errors.js';
import { callerOf, listedTenant, manages, requireManager, tenantForChange, tenantForNew } from './policy.js';
import type { AppsContext } from './routes.js';
import type { ValueAddedUpdate } from './schema.js';
import {
  deleteValueAdded,
  insertValueAdded,
  listValueAdded,
  loadValueAdded,
  NO_ENTRY,
  updateValueAdded,
  valueAddedFor,
  valueAddedOf,
} from './value-added-store.js';

const WHAT = 'manage value-added entries';

export const valueAddedPlugin: FastifyPluginAsyncZod<AppsContext> = async (app, { db, now }) => {
  const security = [{ bearer: [] }];
  const guarded = { preHandler: app.authenticate };
  const tags = ['apps'];
  const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply };

  app.get(
    '/value-added',
    {
      ...guarded,
      schema: {
        tags,
        summary:
          'The value-added entries the caller sees: their tenant’s, or else everyone’s, past the user-id gate',
        security,
        response: { 200: ValueAddedList, 401: ErrorReply },
      },
    },
    async (request) => ({ items: await valueAddedFor(db, await callerOf(db, requireUser(request))) }),
  );

  app.get(
    '/admin/value-added',
    {
      ...guarded,
      schema: {
        tags,
        summary:
          'Value-added entries, all or one tenant’s (administrators; tenant administrators their tenant’s)',
        security,
        querystring: ValueAddedQuery,
        response: { 200: ValueAddedList, ...errors },
      },
    },
    async (request) => {
      const manager = requireManager(await callerOf(db, requireUser(request)), WHAT);
      return { items: await listValueAdded(db, listedTenant(manager, request.query.tenantId)) };
    },
  );

  app.post(
    '/admin/value-added',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Add a value-added entry (administrators; tenant administrators for their tenant)',
        security,
        body: ValueAddedCreate,
        response: { 201: ValueAddedEntry, ...errors, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(db, requireUser(request));
      const manager = requireManager(caller, WHAT);
      requireAbility(caller, 'WRITE', 'add value-added entries');
      const body = request.body;
      const at = now();
      const entry = await insertValueAdded(db, {
        tenant_id: await tenantForNew(db, manager, body.tenantId),
        kind: body.kind,
        title: body.title,
        icon: body.icon,
        url: body.url,
        sort: body.sort,
        created_at: at,
        updated_at: at,
      });
      return reply.status(201).send(entry);
    },
  );

  app.patch(
    '/admin/value-added/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Change a value-added entry; absent fields stay',
        security,
        params: ValueAddedParams,
        body: ValueAddedPatch,
        response: { 200: ValueAddedEntry, ...errors, 404: ErrorReply },
      },
    },
    async (request) => {
      const caller = await callerOf(db, requireUser(request));
      const manager = requireManager(caller, WHAT);
      const current = await loadValueAdded(db, request.params.id);
      if (!current || !manages(manager, current.tenant_id)) throw new ApiError('not_found', NO_ENTRY);
      requireAbility(caller, 'WRITE', 'change value-added entries');
      const body = request.body;
      const tenantId = await tenantForChange(db, manager, body.tenantId);
      const changes: ValueAddedUpdate = {};
      if (tenantId !== undefined) changes.tenant_id = tenantId;
      if (body.kind !== undefined) changes.kind = body.kind;
      if (body.title !== undefined) changes.title = body.title;
      if (body.icon !== undefined) changes.icon = body.icon;
      if (body.url !== undefined) changes.url = body.url;
      if (body.sort !== undefined) changes.sort = body.sort;
      if (Object.keys(changes).length === 0) return valueAddedOf(current);
      const entry = await updateValueAdded(db, current.id, { ...changes, updated_at: now() });
      if (!entry) throw new ApiError('not_found', NO_ENTRY);
      return entry;
    },
  );

  app.delete(
    '/admin/value-added/:id',
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Remove a value-added entry (administrators; tenant administrators their tenant’s)',
        security,
        params: ValueAddedParams,
        response: { 204: z.null(), ...errors, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(db, requireUser(request));
      const manager = requireManager(caller, WHAT);
      const current = await loadValueAdded(db, request.params.id);
      if (!current || !manages(manager, current.tenant_id)) throw new ApiError('not_found', NO_ENTRY);
      requireAbility(caller, 'DELETE', 'remove value-added entries');
      if (!(await deleteValueAdded(db, current.id))) throw new ApiError('not_found', NO_ENTRY);
      return reply.status(204).send(null);
    },
  );
};
