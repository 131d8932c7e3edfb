/**
 * Tenants and their branding (specification §1 white-labelling, §3 tenant and tenant user list;
 * docs/api.md "Tenants and branding"): the public branding lookup by sub-domain key and the
 * administrators' tenant routes. The console checks its forms with the same schemas.
 */
import { z } from 'zod';
import { pageOf, storedText } from './fields.js';

/**
 * Host names of the shared console (§1: www, ems, dam) and the default brand's own key: never a
 * tenant's key, and looked up they give the default brand.
 */
export const RESERVED_TENANT_KEYS: readonly string[] = ['www', 'ems', 'dam', 'default'];

/** The key the branding lookup answers with for the default brand. */
export const DEFAULT_BRAND_KEY = 'default';

const HOST_KEY = /^[A-Za-z0-9-]{1,63}$/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * The tenant key of a host name (§1): the first label of a sub-domain host, in lower case. The
 * shared console's own names (www, ems, dam), a bare host name such as localhost and an IP address
 * have none (''). The console asks for its branding by it; registration puts a new account into
 * the tenant of the sub-domain it was made on.
 */
export function brandKeyOf(hostname: string): string {
  const host = hostname.trim().toLowerCase();
  if (host === '' || host.includes(':') || IPV4.test(host)) return '';
  const labels = host.split('.');
  if (labels.length < 2) return '';
  const first = labels[0] ?? '';
  return HOST_KEY.test(first) && !RESERVED_TENANT_KEYS.includes(first) ? first : '';
}

/** A DNS label's length and letters; compared in lower case, as host names are. */
export const TENANT_KEY_MAX = 63;
const KEY_LETTERS = /^[a-z0-9-]*$/i;

/** The key of a branding lookup: empty allowed (the bare domain). */
export const LookupKey = z
  .string()
  .max(TENANT_KEY_MAX)
  .regex(KEY_LETTERS, '0-63 letters, digits or -')
  .transform((key) => key.toLowerCase());

/** The key of a tenant: a sub-domain the shared host names do not already use. */
export const TenantKey = z
  .string()
  .min(1)
  .max(TENANT_KEY_MAX)
  .regex(KEY_LETTERS, '1-63 letters, digits or -')
  .transform((key) => key.toLowerCase())
  .refine((key) => !RESERVED_TENANT_KEYS.includes(key), 'www, ems, dam and default are reserved');

export const TENANT_NAME_MAX = 64;
export const TENANT_PAGE_TITLE_MAX = 128;
export const BRAND_IMAGE_MAX = 1024;
export const USER_NAME_PREFIX_MAX = 16;

/** A path on the console's own host: one leading slash (two would name another host). */
const HOST_PATH = /^\/(?![/\\])[^\s\\]*$/;
/** An https address with a host and no user part (`user@`, which can disguise the host). */
const HTTPS_ADDRESS = /^https:\/\/[^\s/?#@\\]+(?:[/?#][^\s\\]*)?$/i;
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Whether `value` is an image the sign-in page and the header can load under the console's
 * policy (img-src 'self' https:): a path on the console's host, such as an uploaded picture's
 * `/api/v1/pictures/…`, or an https address. http addresses would be blocked on an https console.
 */
export function isBrandImage(value: string): boolean {
  return !CONTROL.test(value) && (HOST_PATH.test(value) || HTTPS_ADDRESS.test(value));
}

/** A logo or login title image: see {@link isBrandImage}. */
export const BrandImage = storedText(1, BRAND_IMAGE_MAX).refine(
  isBrandImage,
  'a path on this host (/…) or an https:// address',
);

/** Prepended to user names, so it keeps to the letters a user name may have. */
export const UserNamePrefix = z
  .string()
  .regex(/^[A-Za-z0-9\p{Script=Han}_.-]{1,16}$/u, '1-16 letters, digits, Chinese characters or _-.');

/** POST /tenants: key and name; the branding fields may be null or absent (unset). */
export const TenantCreate = z.strictObject({
  key: TenantKey,
  name: storedText(1, TENANT_NAME_MAX),
  logo: BrandImage.nullable().optional(),
  loginTitleImage: BrandImage.nullable().optional(),
  pageTitle: storedText(1, TENANT_PAGE_TITLE_MAX).nullable().optional(),
  userNamePrefix: UserNamePrefix.nullable().optional(),
});
export type TenantCreate = z.input<typeof TenantCreate>;

/** PATCH /tenants/:id: a field left out stays, null clears (key and name cannot be null). */
export const TenantPatch = TenantCreate.partial();
export type TenantPatch = z.input<typeof TenantPatch>;

/** GET /tenants and GET /tenants/:id/users: a page by offset and limit. */
export const TenantListQuery = z.strictObject({
  offset: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type TenantListQuery = z.input<typeof TenantListQuery>;

export const TenantReply = z.object({
  id: z.number(),
  key: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  loginTitleImage: z.string().nullable(),
  pageTitle: z.string().nullable(),
  userNamePrefix: z.string().nullable(),
  /** How many accounts belong to the tenant. */
  userCount: z.number(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TenantReply = z.infer<typeof TenantReply>;

export const TenantPage = pageOf(TenantReply);
export type TenantPage = z.infer<typeof TenantPage>;

/** One account of a tenant's user list (§3: id, name, tenant id). */
export const TenantUser = z.object({ id: z.number(), userName: z.string(), tenantId: z.number() });
export type TenantUser = z.infer<typeof TenantUser>;

export const TenantUserPage = pageOf(TenantUser);
export type TenantUserPage = z.infer<typeof TenantUserPage>;

/**
 * POST /tenants/:id/users: puts an account into the tenant by its user name. An account of another
 * tenant moves only with `move: true` (else 409), so no tenant loses a user by a slip.
 */
export const TenantUserAdd = z.strictObject({
  userName: storedText(1, 64),
  move: z.boolean().optional(),
});
export type TenantUserAdd = z.input<typeof TenantUserAdd>;

/**
 * The reply of POST /tenants/:id/users: the member, and the tenant it was in before (null for
 * none; this tenant when it already was a member).
 */
export const TenantUserAdded = TenantUser.extend({ previousTenantId: z.number().nullable() });
export type TenantUserAdded = z.infer<typeof TenantUserAdded>;

/** GET /branding?key=: the tenant's brand, every unset field filled from the default brand. */
export const BrandingReply = z.object({
  /** `default` for the default brand. */
  key: z.string(),
  logo: z.string(),
  loginTitleImage: z.string(),
  pageTitle: z.string(),
  userNamePrefix: z.string(),
  /** Origins besides the console's own that login links may send back to (REDIRECT_ALLOW). */
  redirectAllow: z.array(z.string()),
});
export type BrandingReply = z.infer<typeof BrandingReply>;
