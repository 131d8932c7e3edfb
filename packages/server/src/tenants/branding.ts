/**
 * White-labelling (spec §1): the console asks for its branding by the sub-domain it is served
 * under. Keys that name no tenant, and the shared host names, get the default brand.
 */
import { z } from 'zod';
import type { Tenant } from '../storage/schema.js';

/** The key the reply carries when no tenant's branding applies. */
export const DEFAULT_KEY = 'default';

/** Host names of the shared console (spec §1); never a tenant, and `default` is the fallback's own key. */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['www', 'ems', 'dam', DEFAULT_KEY]);

export interface Branding {
  readonly key: string;
  readonly logo: string;
  readonly loginTitleImage: string;
  readonly pageTitle: string;
  readonly userNamePrefix: string;
}

/** Served by the web console from its own static assets, so the default brand needs no tenant row. */
export const DEFAULT_BRANDING: Branding = {
  key: DEFAULT_KEY,
  logo: '/branding/default/logo.png',
  loginTitleImage: '/branding/default/login-title.png',
  pageTitle: 'Fieldlink Cloud Platform',
  userNamePrefix: '',
};

/** A DNS label's length and letters; compared in lower case, as host names are. */
const KEY_PATTERN = /^[a-z0-9-]*$/i;

/** The key of a branding lookup: empty allowed (the bare domain). */
export const LookupKey = z
  .string()
  .max(63)
  .regex(KEY_PATTERN, '0-63 letters, digits or -')
  .transform((key) => key.toLowerCase());

/** The key of a tenant: a sub-domain the shared host names do not already use. */
export const TenantKey = z
  .string()
  .min(1)
  .max(63)
  .regex(KEY_PATTERN, '1-63 letters, digits or -')
  .transform((key) => key.toLowerCase())
  .refine((key) => !RESERVED_KEYS.has(key), 'www, ems, dam and default are reserved');

/** True when the lookup goes straight to the default brand without asking the database. */
export function isSharedKey(key: string): boolean {
  return key === '' || RESERVED_KEYS.has(key);
}

/** A tenant's branding; what the tenant left unset comes from the default brand. */
export function brandingOf(tenant: Tenant): Branding {
  return {
    key: tenant.key,
    logo: tenant.logo ?? DEFAULT_BRANDING.logo,
    loginTitleImage: tenant.login_title_image ?? DEFAULT_BRANDING.loginTitleImage,
    pageTitle: tenant.page_title ?? DEFAULT_BRANDING.pageTitle,
    userNamePrefix: tenant.user_name_prefix ?? DEFAULT_BRANDING.userNamePrefix,
  };
}
