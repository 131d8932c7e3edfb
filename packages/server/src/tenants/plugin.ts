/**
 * Tenants (spec §3, §4): the public branding lookup and the administrators' tenant list, under
 * /api/v1.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { administratorsOnly } from '../accounts/authenticate.js';
import { ErrorReply } from '../accounts/fields.js';
import { ApiError } from '../http/errors.js';
import { isUniqueViolation } from '../storage/errors.js';
import type { Storage } from '../storage/open.js';
import type { Tenant, TenantUpdate } from '../storage/schema.js';
import { brandingOf, DEFAULT_BRANDING, isSharedKey, LookupKey } from './branding.js';
import {
  Page,
  TenantCreate,
  TenantId,
  TenantPatch,
  TenantReply,
  TenantUserReply,
  tenantOf,
} from './fields.js';

export interface TenantsOptions {
  readonly storage: Storage;
  /** Epoch milliseconds; tests pass a clock they move. */
  readonly now?: () => number;
  /** Origins besides the console's own that login links may send back to (REDIRECT_ALLOW). */
  readonly redirectAllow?: readonly string[];
}

const BrandingReply = z.object({
  key: z.string(),
  logo: z.string(),
  loginTitleImage: z.string(),
  pageTitle: z.string(),
  userNamePrefix: z.string(),
  redirectAllow: z.array(z.string()),
});

const KEY_TAKEN = 'a tenant already uses this key';

export const tenantsPlugin: FastifyPluginAsyncZod<TenantsOptions> = async (app, options) => {
  const db = options.storage.db;
  const now = options.now ?? Date.now;
  const redirectAllow = options.redirectAllow ?? [];
  const security = [{ bearer: [] }];
  const adminOnly = administratorsOnly(app, 'manage tenants');
  const adminErrors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply };

  async function loadTenant(id: number): Promise<Tenant> {
    const tenant = await db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
    if (!tenant) throw new ApiError('not_found', 'no such tenant');
    return tenant;
  }

  async function keyTaken(key: string, exceptId: number): Promise<boolean> {
    const row = await db
      .selectFrom('tenants')
      .select('id')
      .where('key', '=', key)
      .where('id', '!=', exceptId)
      .executeTakeFirst();
    return row !== undefined;
  }

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
      const tenant = isSharedKey(key)
        ? undefined
        : await db.selectFrom('tenants').selectAll().where('key', '=', key).executeTakeFirst();
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
        summary: 'All tenants, by id (admins only)',
        security,
        querystring: Page,
        response: { 200: z.object({ items: z.array(TenantReply), total: z.number() }), ...adminErrors },
      },
    },
    async (request) => {
      const { offset, limit } = request.query;
      const rows = await db
        .selectFrom('tenants')
        .selectAll()
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute();
      const count = await db
        .selectFrom('tenants')
        .select((eb) => eb.fn.countAll().as('total'))
        .executeTakeFirstOrThrow();
      return { items: rows.map(tenantOf), total: Number(count.total) };
    },
  );

  app.post(
    '/tenants',
    {
      ...adminOnly,
      schema: {
        tags: ['tenants'],
        summary: 'Create a tenant (admins only)',
        security,
        body: TenantCreate,
        response: { 201: TenantReply, ...adminErrors, 409: ErrorReply },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (await keyTaken(body.key, 0)) throw new ApiError('conflict', KEY_TAKEN);
      const at = now();
      const tenant = await db
        .insertInto('tenants')
        .values({
          key: body.key,
          name: body.name,
          logo: body.logo ?? null,
          login_title_image: body.loginTitleImage ?? null,
          page_title: body.pageTitle ?? null,
          user_name_prefix: body.userNamePrefix ?? null,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch(conflictOnDuplicateKey);
      return reply.status(201).send(tenantOf(tenant));
    },
  );

  app.patch(
    '/tenants/:id',
    {
      ...adminOnly,
      schema: {
        tags: ['tenants'],
        summary: 'Change a tenant; absent fields stay, null clears (admins only)',
        security,
        params: TenantId,
        body: TenantPatch,
        response: { 200: TenantReply, ...adminErrors, 404: ErrorReply, 409: ErrorReply },
      },
    },
    async (request) => {
      const { id } = request.params;
      const patch = request.body;
      const tenant = await loadTenant(id);
      const changes: TenantUpdate = {};
      if (patch.key !== undefined) changes.key = patch.key;
      if (patch.name !== undefined) changes.name = patch.name;
      if (patch.logo !== undefined) changes.logo = patch.logo;
      if (patch.loginTitleImage !== undefined) changes.login_title_image = patch.loginTitleImage;
      if (patch.pageTitle !== undefined) changes.page_title = patch.pageTitle;
      if (patch.userNamePrefix !== undefined) changes.user_name_prefix = patch.userNamePrefix;
      if (Object.keys(changes).length === 0) return tenantOf(tenant);
      if (patch.key !== undefined && (await keyTaken(patch.key, id)))
        throw new ApiError('conflict', KEY_TAKEN);
      await db
        .updateTable('tenants')
        .set({ ...changes, updated_at: now() })
        .where('id', '=', id)
        .execute()
        .catch(conflictOnDuplicateKey);
      return tenantOf(await loadTenant(id));
    },
  );

  app.get(
    '/tenants/:id/users',
    {
      ...adminOnly,
      schema: {
        tags: ['tenants'],
        summary: "A tenant's users, by id (admins only)",
        security,
        params: TenantId,
        querystring: Page,
        response: {
          200: z.object({ items: z.array(TenantUserReply), total: z.number() }),
          ...adminErrors,
          404: ErrorReply,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { offset, limit } = request.query;
      await loadTenant(id);
      const rows = await db
        .selectFrom('users')
        .select(['id', 'user_name'])
        .where('tenant_id', '=', id)
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute();
      const count = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('total'))
        .where('tenant_id', '=', id)
        .executeTakeFirstOrThrow();
      return {
        items: rows.map((row) => ({ id: row.id, userName: row.user_name, tenantId: id })),
        total: Number(count.total),
      };
    },
  );
};

/** A concurrent request took the key between the check and the write. */
function conflictOnDuplicateKey(error: unknown): never {
  if (isUniqueViolation(error)) throw new ApiError('conflict', KEY_TAKEN);
  throw error;
}
