/**
 * The administrators' accounts (`/admin/users`, authority ≥ 1000; spec §6, issue 25): a searched,
 * paged list, and changing an account's authority, roles, abilities or disabled state.
 *
 * An administrator cannot disable their own account or take their own authority below the
 * administrators' level: the way in they are using is never closed from the console. Every change
 * is logged with who made it, and the account's live sockets are checked again at once, so a
 * disabled account's console is signed out and changed abilities hold from the next message.
 */
import { ADMIN_LEVEL, AdminUser, AdminUserPage, AdminUserPatch, AdminUserQuery } from '@fieldlink/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ApiError } from '../http/errors.js';
import { containsPattern, lowerLike } from '../storage/like.js';
import type { Database, User } from '../storage/schema.js';
import { readAbilities, readRoles, setDisabled, storedAbilities, storedRoles } from './access.js';
import { administratorsOnly, requireUser } from './authenticate.js';
import { ErrorReply } from './fields.js';
import type { AccountServices } from './plugin.js';

export const CANNOT_DISABLE_SELF = 'you cannot disable your own account: ask another administrator';
export const CANNOT_LOWER_SELF = `you cannot take your own authority below ${ADMIN_LEVEL}: ask another administrator`;

type AdminUserRow = Pick<
  User,
  | 'id'
  | 'user_name'
  | 'phone'
  | 'email'
  | 'authority'
  | 'roles'
  | 'abilities'
  | 'tenant_id'
  | 'disabled_at'
  | 'registered_at'
> & { tenant_name: string | null };

const iso = (ms: number): string => new Date(ms).toISOString();

function adminUserOf(row: AdminUserRow, lastSignInAt: number | undefined): AdminUser {
  return {
    id: row.id,
    userName: row.user_name,
    phone: row.phone,
    email: row.email,
    authority: row.authority,
    roles: readRoles(row.roles),
    abilities: readAbilities(row.abilities),
    tenantId: row.tenant_id,
    tenantName: row.tenant_name,
    disabledAt: row.disabled_at === null ? null : iso(row.disabled_at),
    registeredAt: iso(row.registered_at),
    lastSignInAt: lastSignInAt === undefined ? null : iso(lastSignInAt),
  };
}

function usersWithTenant(db: Kysely<Database>) {
  return db.selectFrom('users').leftJoin('tenants', 'tenants.id', 'users.tenant_id');
}

const COLUMNS = [
  'users.id',
  'users.user_name',
  'users.phone',
  'users.email',
  'users.authority',
  'users.roles',
  'users.abilities',
  'users.tenant_id',
  'users.disabled_at',
  'users.registered_at',
  'tenants.name as tenant_name',
] as const;

/**
 * When each of these users last signed in: the latest start of a session family. A family's
 * later rows are its refreshes (and login links joining it), which are not sign-ins.
 */
async function lastSignIns(db: Kysely<Database>, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const starts = db
    .selectFrom('sessions')
    .select((eb) => ['user_id', eb.fn.min('created_at').as('started_at')])
    .where('user_id', 'in', userIds)
    .groupBy(['user_id', 'family_id']);
  const rows = await db
    .selectFrom(starts.as('families'))
    .select((eb) => ['families.user_id', eb.fn.max('families.started_at').as('last_at')])
    .groupBy('families.user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.last_at)]));
}

const UserId = z.strictObject({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

export const adminUserRoutes: FastifyPluginAsyncZod<AccountServices> = async (app, { db, now }) => {
  const security = [{ bearer: [] }];
  const adminOnly = administratorsOnly(app, 'manage accounts');

  async function loadAdminUser(id: number): Promise<AdminUser | null> {
    const row = await usersWithTenant(db).select(COLUMNS).where('users.id', '=', id).executeTakeFirst();
    if (!row) return null;
    return adminUserOf(row, (await lastSignIns(db, [id])).get(id));
  }

  app.get(
    '/admin/users',
    {
      ...adminOnly,
      schema: {
        tags: ['admin'],
        summary:
          'Accounts, searched by user name, phone or e-mail (any case), paged by id (administrators only)',
        security,
        querystring: AdminUserQuery,
        response: { 200: AdminUserPage, 400: ErrorReply, 401: ErrorReply, 403: ErrorReply },
      },
    },
    async (request) => {
      const { search, offset, limit, disabled } = request.query;
      let query = usersWithTenant(db);
      const text = search?.trim() ?? '';
      if (text !== '') {
        const pattern = containsPattern(text);
        query = query.where((eb) =>
          eb.or(
            (['users.user_name', 'users.phone', 'users.email'] as const).map((column) =>
              lowerLike(eb.ref(column), pattern),
            ),
          ),
        );
      }
      if (disabled !== undefined) {
        query = query.where('users.disabled_at', disabled === 'true' ? 'is not' : 'is', null);
      }
      const [rows, count] = await Promise.all([
        query.select(COLUMNS).orderBy('users.id').limit(limit).offset(offset).execute(),
        query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      ]);
      const signIns = await lastSignIns(
        db,
        rows.map((r) => r.id),
      );
      return {
        items: rows.map((row) => adminUserOf(row, signIns.get(row.id))),
        total: Number(count.total),
      };
    },
  );

  app.patch(
    '/admin/users/:id',
    {
      ...adminOnly,
      schema: {
        tags: ['admin'],
        summary:
          "Change an account's authority, roles, abilities or disabled state; disabling ends its sessions (administrators only)",
        security,
        params: UserId,
        body: AdminUserPatch,
        response: {
          200: AdminUser,
          400: ErrorReply,
          401: ErrorReply,
          403: ErrorReply,
          404: ErrorReply,
          409: ErrorReply,
        },
      },
    },
    async (request) => {
      const me = requireUser(request);
      const { id } = request.params;
      const patch = request.body;
      if (id === me.id) {
        if (patch.disabled === true) throw new ApiError('conflict', CANNOT_DISABLE_SELF);
        if (patch.authority !== undefined && patch.authority < ADMIN_LEVEL) {
          throw new ApiError('conflict', CANNOT_LOWER_SELF);
        }
      }
      const changes: Partial<Pick<User, 'authority' | 'roles' | 'abilities'>> = {};
      if (patch.authority !== undefined) changes.authority = patch.authority;
      if (patch.roles !== undefined) changes.roles = storedRoles(patch.roles);
      if (patch.abilities !== undefined) changes.abilities = storedAbilities(patch.abilities);
      const t = now();
      const found = await db.transaction().execute(async (trx) => {
        if (Object.keys(changes).length > 0) {
          const result = await trx
            .updateTable('users')
            .set({ ...changes, updated_at: t })
            .where('id', '=', id)
            .executeTakeFirst();
          if (result.numUpdatedRows === 0n) return false;
        }
        return patch.disabled === undefined ? true : setDisabled(trx, id, patch.disabled, t);
      });
      if (!found) throw new ApiError('not_found', 'no such user');
      request.log.info({ admin: me.id, user: id, changes: patch }, 'account changed by an administrator');
      // A disabled account's live sockets are signed out now, and changed abilities hold at once.
      await app.accessChanged([id]);
      const user = await loadAdminUser(id);
      if (!user) throw new ApiError('not_found', 'no such user');
      return user;
    },
  );
};
