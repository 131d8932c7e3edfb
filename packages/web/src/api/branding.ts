/**
 * Tenant branding (docs/api.md "Tenants and branding"): public, looked up by sub-domain key. The
 * reply is the contract's BrandingReply (@fieldlink/protocol), checked in development.
 */
import { BrandingReply } from '@fieldlink/protocol';
import type { z } from 'zod';
import { get } from './http';
import { validated } from './validated';
import type { Reply } from './validated';

export { DEFAULT_BRAND_KEY } from '@fieldlink/protocol';
export type Branding = Reply<z.output<typeof BrandingReply>>;

export const fetchBranding = (key: string, signal?: AbortSignal): Promise<Branding> =>
  get<unknown>('/branding', { anonymous: true, query: { key }, ...(signal ? { signal } : {}) }).then(
    validated(BrandingReply),
  );
