/**
 * White-labelling (spec §1): the console asks for its branding by the sub-domain it is served
 * under. Keys that name no tenant, and the shared host names, get the default brand.
 */
import { DEFAULT_BRAND_KEY, RESERVED_TENANT_KEYS } from '@fieldlink/protocol';
import type { BrandingReply } from '@fieldlink/protocol';
import type { Tenant } from '../storage/schema.js';

/** The key the reply carries when no tenant's branding applies. */
export const DEFAULT_KEY = DEFAULT_BRAND_KEY;

export type Branding = Omit<BrandingReply, 'redirectAllow'>;

/** Served by the web console from its own static assets, so the default brand needs no tenant row. */
export const DEFAULT_BRANDING: Branding = {
  key: DEFAULT_KEY,
  logo: '/branding/default/logo.png',
  loginTitleImage: '/branding/default/login-title.png',
  pageTitle: 'Fieldlink Cloud Platform',
  userNamePrefix: '',
};

/** True when the lookup goes straight to the default brand without asking the database. */
export function isSharedKey(key: string): boolean {
  return key === '' || RESERVED_TENANT_KEYS.includes(key);
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
