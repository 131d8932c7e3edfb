/** Tenant branding (docs/api.md "Tenants and branding"): public, looked up by sub-domain key. */
import { get } from './http';

export interface Branding {
  /** `default` for the default brand. */
  readonly key: string;
  readonly logo: string;
  readonly loginTitleImage: string;
  readonly pageTitle: string;
  readonly userNamePrefix: string;
  /** Origins besides the console's own that login links may send back to (REDIRECT_ALLOW). */
  readonly redirectAllow?: readonly string[];
}

export const DEFAULT_BRAND_KEY = 'default';

export const fetchBranding = (key: string, signal?: AbortSignal): Promise<Branding> =>
  get<Branding>('/branding', { anonymous: true, query: { key }, ...(signal ? { signal } : {}) });
