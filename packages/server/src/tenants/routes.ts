/**
 * Tenants (spec §1, §3, §4) under /api/v1: the public branding lookup and the administrators'
 * tenants, their branding and their user lists. The queries are in store.ts.
 */
import {
  BrandingReply,
  LookupKey,
  TenantCreate,
  TenantListQuery,
  TenantPage,
  TenantPatch,
  TenantReply,
  TenantUserAdd,
  TenantUserAdded,
  TenantUserPage,
} from '@fieldlink/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { administratorsOnly } from '../accounts/authenticate.js';
import { ErrorReply } from '../accounts/fields.js';
import { ApiError } from '../http/errors.js';
import type { Storage } from '../storage/open.js';
import type { TenantUpdate } from '../storage/schema.js';
import { brandingOf, DEFAULT_BRANDING, isSharedKey } from './branding.js';
import {
  deleteTenant,
  insertTenant,
  listTenants,
  loadTenant,
  removeUserFromTenant,
  setUserTenant,
  tenantByKey,
  tenantOf,
  tenantUsers,
  updateTenant,
  userByName,
} from './store.js';

export interface TenantsOptions {
  readonly storage: Storage;
  /** Epoch milliseconds; tests pass a clock they move. */
  readonly now?: () => number;
  /** Origins besides the console's own that login links may send back to (REDIRECT_ALLOW). */
  readonly redirectAllow?: readonly string[];
}

const Id = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const TenantId = z.strictObject({ id: Id });
const TenantMember = z.strictObject({ id: Id, userId: Id });

export const NO_USER = 'no such user';
export const OTHER_TENANT = 'the user belongs to another tenant';
export const NOT_MEMBER = 'the user is not in this tenant';

/** The changes a PATCH body asks for, in column names; absent fields are not touched. */
function changesOf(patch: z.output<typeof TenantPatch>): TenantUpdate {
  const changes: TenantUpdate = {};
  if (patch.key !== undefined) changes.key = patch.key;
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.logo !== undefined) changes.logo = patch.logo;
  if (patch.loginTitleImage !== undefined) changes.login_title_image = patch.loginTitleImage;
  if (patch.pageTitle !== undefined) changes.page_title = patch.pageTitle;
  if (patch.userNamePrefix !== undefined) changes.user_name_prefix = patch.userNamePrefix;
  return changes;
}

export const tenantsRoutes: FastifyPluginAsyncZod<TenantsOptions> = async (app, options) => {
  const db = options.storage.db;
  const now = options.now ?? Date.now;
  const redirectAllow = options.redirectAllow ?? [];
  const security = [{ bearer: [] }];
  const adminOnly = administratorsOnly(app, 'manage tenants');
  const adminErrors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply };

  app.get(
    '/branding',
    {
      schema: {
        tags: ['tenants'],
        summary: 'The branding of a sub-domain key; the default brand for shared or unknown keys',
        querystring: z.strictObject({ key: LookupKey.default('') }),
        response: { 200: BrandingReply, 400: ErrorReply },
      },
    },
    async (request) => {
      const { key } = request.query;
      const tenant = isSharedKey(key) ? undefined : await tenantByKey(db, key);
      // The console reads the allowlist with its branding, before anyone signs in (login links).
      return { ...(tenant ? brandingOf(tenant) : DEFAULT_BRANDING), redirectAllow: [...redirectAllow] };
    },
  );

  app.get(
    '/tenants',
    {
      ...adminOnly,
      schema: {
        tags: ['tenants'],
        security,
        summary: 'All tenants, by id (admins only)',
        querystring: TenantListQuery,
        response: { 200: TenantPage, ...adminErrors },
      },
    },
    async (request) => listTenants(db, request.query.offset, request.query.limit),
  );

  app.post(
    '/tenants',
    {
      ...adminOnly,
      schema: {
        tags: ['tenants'],
        security,
        summary: 'Create a tenant (admins only)',
        body: TenantCreate,
        response: { 201: TenantReply, ...adminErrors, 409: ErrorReply },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const at = now();
      const tenant = await insertTenant(db, {
        key: body.key,
        name: body.name,
        logo: body.logo ?? null,
        login_title_image: body.loginTitleImage ?? null,
        page_title: body.pageTitle ?? null,
        user_name_prefix: body.userNamePrefix ?? null,
        created_at: at,
        updated_at: at,
      });
      return reply.status(201).send(tenant);
    },
  );

  app.patch(
    '/tenants/:id',
    {
      ...adminOnly,
      schema: {
        tags: ['tenants'],
        security,
        summary: 'Change a tenant; absent fields stay, null clears (admins only)',
        params: TenantId,
        body: TenantPatch,
        response: { 200: TenantReply, ...adminErrors, 404: ErrorReply, 409: ErrorReply },
      },
    },
    async (request) => {
      const { id } = request.params;
      const tenant = await loadTenant(db, id);
      const changes = changesOf(request.body);
      if (Object.keys(changes).length === 0) return tenantOf(tenant);
      await updateTenant(db, id, { ...changes, updated_at: now() });
      return tenantOf(await loadTenant(db, id));
    },
  );

  app.delete(
    '/tenants/:id',
    {
      ...adminOnly,
      schema: {
        tags: ['tenants'],
        security,
        summary: 'Delete a tenant without users or project files (admins only)',
        params: TenantId,
        response: { 204: z.null(), ...adminErrors, 404: ErrorReply, 409: ErrorReply },
      },
    },
    async (request, reply) => {
      await deleteTenant(db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/tenants/:id/users',
    {
      ...adminOnly,
      schema: {
        tags: ['tenants'],
        security,
        summary: "A tenant's users, by id (admins only)",
        params: TenantId,
        querystring: TenantListQuery,
        response: { 200: TenantUserPage, ...adminErrors, 404: ErrorReply },
      },
    },
    async (request) => {
      const { id } = request.params;
      await loadTenant(db, id);
      return tenantUsers(db, id, request.query.offset, request.query.limit);
    },
  );

  app.post(
    '/tenants/:id/users',
    {
      ...adminOnly,
      schema: {
        tags: ['tenants'],
        security,
        summary: 'Put an account into the tenant by user name (admins only)',
        params: TenantId,
        body: TenantUserAdd,
        response: { 200: TenantUserAdded, ...adminErrors, 404: ErrorReply, 409: ErrorReply },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { userName, move = false } = request.body;
      await loadTenant(db, id);
      const user = await userByName(db, userName);
      if (!user) throw new ApiError('not_found', NO_USER);
      const previousTenantId = user.tenant_id;
      if (previousTenantId !== null && previousTenantId !== id && !move) {
        throw new ApiError('conflict', OTHER_TENANT);
      }
      if (previousTenantId !== id && !(await setUserTenant(db, user.id, id, now()))) {
        throw new ApiError('not_found', NO_USER);
      }
      return { id: user.id, userName: user.user_name, tenantId: id, previousTenantId };
    },
  );

  app.delete(
    '/tenants/:id/users/:userId',
    {
      ...adminOnly,
      schema: {
        tags: ['tenants'],
        security,
        summary: 'Take an account out of the tenant (admins only)',
        params: TenantMember,
        response: { 204: z.null(), ...adminErrors, 404: ErrorReply },
      },
    },
    async (request, reply) => {
      const { id, userId } = request.params;
      await loadTenant(db, id);
      if (!(await removeUserFromTenant(db, id, userId, now()))) throw new ApiError('not_found', NOT_MEMBER);
      return reply.status(204).send(null);
    },
  );
};
