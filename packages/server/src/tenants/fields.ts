/** Request and reply shapes of the tenant routes. */
import { storedText } from '@fieldlink/protocol';
import { z } from 'zod';
import type { Tenant } from '../storage/schema.js';
import { TenantKey } from './branding.js';

/** An image path on the console's host or an absolute URL. */
const ImageRef = storedText(1, 1024).nullable();

/** Prepended to user names, so it keeps to the letters a user name may have. */
const UserNamePrefix = z
  .string()
  .regex(/^[A-Za-z0-9\p{Script=Han}_.-]{1,16}$/u, '1-16 letters, digits, Chinese characters or _-.')
  .nullable();

export const TenantCreate = z.strictObject({
  key: TenantKey,
  name: storedText(1, 64),
  logo: ImageRef.optional(),
  loginTitleImage: ImageRef.optional(),
  pageTitle: storedText(1, 128).nullable().optional(),
  userNamePrefix: UserNamePrefix.optional(),
});

export const TenantPatch = TenantCreate.partial();

export const TenantId = z.strictObject({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

export const Page = z.strictObject({
  offset: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const TenantReply = z.object({
  id: z.number(),
  key: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  loginTitleImage: z.string().nullable(),
  pageTitle: z.string().nullable(),
  userNamePrefix: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

export const TenantUserReply = z.object({ id: z.number(), userName: z.string(), tenantId: z.number() });

export function tenantOf(tenant: Tenant): z.infer<typeof TenantReply> {
  return {
    id: tenant.id,
    key: tenant.key,
    name: tenant.name,
    logo: tenant.logo,
    loginTitleImage: tenant.login_title_image,
    pageTitle: tenant.page_title,
    userNamePrefix: tenant.user_name_prefix,
    createdAt: new Date(tenant.created_at).toISOString(),
    updatedAt: new Date(tenant.updated_at).toISOString(),
  };
}
