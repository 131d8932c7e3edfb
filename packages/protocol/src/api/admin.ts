/**
 * Roles, abilities and the administration of accounts (specification §6, issue 25): what GET /me
 * says of the user's access, and the administrators' user list (`/admin/users`).
 *
 * The server decides: the admin flag is an authority level of at least {@link ADMIN_LEVEL}; roles
 * and abilities are stored per account and only an administrator changes them. The console's
 * access helper hides what the user may not do; every route checks again.
 */
import { z } from 'zod';
import { pageOf } from './fields.js';

/** The authority level of an administrator (§2's admin group). */
export const ADMIN_LEVEL = 1000;

/** §6's abilities. */
export const Ability = z.enum(['READ', 'WRITE', 'OPR', 'DELETE']);
export type Ability = z.infer<typeof Ability>;
export const ABILITIES = Ability.options;

/**
 * A role name: a letter, then letters, digits, `_` or `-` (32 at most). §6 names `admin` and
 * `editor`; others may be given as data (a menu node's button-level points name them).
 */
export const RoleName = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_-]{0,31}$/, 'a letter, then up to 31 letters, digits, _ or -')
  .refine((role) => role !== TENANT_ADMIN_ROLE, 'tenantAdmin follows from the tenant and authority');

/**
 * The role GET /me adds for a tenant administrator (an account of a tenant with authority ≥ 100,
 * apps.ts TENANT_ADMIN_LEVEL): it follows from the account, so it is never stored or given.
 */
export const TENANT_ADMIN_ROLE = 'tenantAdmin';

export const Roles = z.array(RoleName).max(16);
export const Abilities = z.array(Ability).max(ABILITIES.length);

/** What GET /me says of the user's access. */
export const AccessReply = z.object({
  /** Authority ≥ 1000: the access helper grants everything. */
  admin: z.boolean(),
  roles: z.array(z.string()),
  abilities: z.array(Ability),
});
export type AccessReply = z.infer<typeof AccessReply>;

/** One account as the administrators' list shows it. */
export const AdminUser = z.object({
  id: z.number(),
  userName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  authority: z.number(),
  roles: z.array(z.string()),
  abilities: z.array(Ability),
  tenantId: z.number().nullable(),
  tenantName: z.string().nullable(),
  /** When the account was disabled, or null. A disabled account cannot sign in or refresh. */
  disabledAt: z.iso.datetime().nullable(),
  registeredAt: z.iso.datetime(),
  /** The last sign-in (a new session), or null when never. */
  lastSignInAt: z.iso.datetime().nullable(),
});
export type AdminUser = z.infer<typeof AdminUser>;

/** GET /admin/users: a search over user name, phone and e-mail (substring, any case), paged. */
export const AdminUserQuery = z.strictObject({
  search: z.string().max(64).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** Only disabled accounts (true), only enabled ones (false), or both. */
  disabled: z.enum(['true', 'false']).optional(),
});
export type AdminUserQuery = z.input<typeof AdminUserQuery>;

export const AdminUserPage = pageOf(AdminUser);
export type AdminUserPage = z.infer<typeof AdminUserPage>;

/**
 * PATCH /admin/users/:id: any of these. An administrator cannot disable their own account or take
 * their own level below {@link ADMIN_LEVEL}, so the last way in is never closed from the console.
 */
export const AdminUserPatch = z
  .strictObject({
    authority: z.number().int().min(0).max(ADMIN_LEVEL).optional(),
    roles: Roles.optional(),
    abilities: Abilities.optional(),
    disabled: z.boolean().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, 'nothing to change');
export type AdminUserPatch = z.input<typeof AdminUserPatch>;
