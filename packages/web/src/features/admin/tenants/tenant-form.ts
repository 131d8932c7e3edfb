/**
 * The tenant form as data: the draft the form holds (text fields, '' for unset), the rules of each
 * field (the contract's own schemas, @fieldlink/protocol tenants.ts, with translated messages),
 * the body sent for a new tenant or a change, and the brand a draft gives (the same fallbacks as
 * the sign-in page, branding/store.ts).
 */
import {
  BRAND_IMAGE_MAX,
  isBrandImage,
  RESERVED_TENANT_KEYS,
  TENANT_KEY_MAX,
  TENANT_NAME_MAX,
  TENANT_PAGE_TITLE_MAX,
  TenantKey,
  UserNamePrefix,
} from '@fieldlink/protocol';
import type { Tenant, TenantCreate, TenantPatch } from '../../../api/tenants';
import { brandingFrom } from '../../../branding/store';
import type { BrandingState } from '../../../branding/store';
import type { MessageKey } from '../../../i18n';

export interface TenantDraft {
  key: string;
  name: string;
  logo: string;
  loginTitleImage: string;
  pageTitle: string;
  userNamePrefix: string;
}

export type DraftField = keyof TenantDraft;
export const DRAFT_FIELDS: readonly DraftField[] = [
  'key',
  'name',
  'logo',
  'loginTitleImage',
  'pageTitle',
  'userNamePrefix',
];

export type TenantRuleKey = Extract<MessageKey, `adminTenants.validation.${string}`>;
export type FieldRule = (value: string) => TenantRuleKey | null;

export const EMPTY_DRAFT: TenantDraft = {
  key: '',
  name: '',
  logo: '',
  loginTitleImage: '',
  pageTitle: '',
  userNamePrefix: '',
};

export function draftOf(tenant: Tenant | null): TenantDraft {
  if (!tenant) return { ...EMPTY_DRAFT };
  return {
    key: tenant.key,
    name: tenant.name,
    logo: tenant.logo ?? '',
    loginTitleImage: tenant.loginTitleImage ?? '',
    pageTitle: tenant.pageTitle ?? '',
    userNamePrefix: tenant.userNamePrefix ?? '',
  };
}

/** What is stored for a field: trimmed, and the key in lower case as the server keeps it. */
function clean(field: DraftField, value: string | undefined): string {
  const text = (value ?? '').trim();
  return field === 'key' ? text.toLowerCase() : text;
}

const imageRule: FieldRule = (value) => {
  const text = value.trim();
  if (text === '') return null;
  if (text.length > BRAND_IMAGE_MAX) return 'adminTenants.validation.imageTooLong';
  return isBrandImage(text) ? null : 'adminTenants.validation.imageFormat';
};

export const RULES: Readonly<Record<DraftField, FieldRule>> = {
  key: (value) => {
    const text = value.trim();
    if (text === '') return 'adminTenants.validation.keyRequired';
    if (RESERVED_TENANT_KEYS.includes(text.toLowerCase())) return 'adminTenants.validation.keyReserved';
    if (text.length > TENANT_KEY_MAX || !TenantKey.safeParse(text).success) {
      return 'adminTenants.validation.keyFormat';
    }
    return null;
  },
  name: (value) => {
    const text = value.trim();
    if (text === '') return 'adminTenants.validation.nameRequired';
    return text.length > TENANT_NAME_MAX ? 'adminTenants.validation.nameTooLong' : null;
  },
  logo: imageRule,
  loginTitleImage: imageRule,
  pageTitle: (value) =>
    value.trim().length > TENANT_PAGE_TITLE_MAX ? 'adminTenants.validation.pageTitleTooLong' : null,
  userNamePrefix: (value) => {
    const text = value.trim();
    return text === '' || UserNamePrefix.safeParse(text).success
      ? null
      : 'adminTenants.validation.prefixFormat';
  },
};

/** The body of POST /tenants: unset branding fields are left out. */
export function createBody(draft: TenantDraft): TenantCreate {
  const body: TenantCreate = { key: clean('key', draft.key), name: clean('name', draft.name) };
  for (const field of ['logo', 'loginTitleImage', 'pageTitle', 'userNamePrefix'] as const) {
    const value = clean(field, draft[field]);
    if (value !== '') body[field] = value;
  }
  return body;
}

/** The body of PATCH /tenants/:id: only what changed; a branding field emptied is null (unset). */
export function patchBody(tenant: Tenant, draft: TenantDraft): TenantPatch {
  const stored = draftOf(tenant);
  const body: TenantPatch = {};
  if (clean('key', draft.key) !== stored.key) body.key = clean('key', draft.key);
  if (clean('name', draft.name) !== stored.name) body.name = clean('name', draft.name);
  for (const field of ['logo', 'loginTitleImage', 'pageTitle', 'userNamePrefix'] as const) {
    const value = clean(field, draft[field]);
    if (value !== stored[field]) body[field] = value === '' ? null : value;
  }
  return body;
}

/** Whether the draft differs from what is stored (a new tenant: from an empty form). */
export function isChanged(tenant: Tenant | null, draft: Partial<TenantDraft>): boolean {
  const stored = draftOf(tenant);
  return DRAFT_FIELDS.some((field) => clean(field, draft[field]) !== stored[field]);
}

/**
 * The brand the sign-in page would show for the draft: what the branding lookup would answer
 * (unset fields from the default brand), made into the console's state as the page reads it.
 */
export function previewBrand(draft: Partial<TenantDraft>): Omit<BrandingState, 'loaded'> {
  const field = (name: DraftField): string => {
    const value = clean(name, draft[name]);
    return RULES[name](value) === null ? value : '';
  };
  return brandingFrom({
    // Any key but the default brand's: a tenant's title replaces the platform's.
    key: field('key') || 'preview',
    logo: field('logo'),
    loginTitleImage: field('loginTitleImage'),
    pageTitle: field('pageTitle'),
    userNamePrefix: field('userNamePrefix'),
    redirectAllow: [],
  });
}
