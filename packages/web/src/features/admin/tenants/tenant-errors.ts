/**
 * What to tell the administrator when a tenant call fails: the server's messages (docs/api.md,
 * English) in the console's words, and which form field a refusal is about, so the form shows it
 * beside the value while keeping what was typed.
 */
import type { TFunction } from 'i18next';
import { ApiError } from '../../../api/http';
import type { MessageKey } from '../../../i18n';
import { describeError } from '../../auth/errors';
import { DRAFT_FIELDS } from './tenant-form';
import type { DraftField } from './tenant-form';

const KEY_TAKEN = 'a tenant already uses this key';
const OTHER_TENANT = 'the user belongs to another tenant';

const BY_MESSAGE: Readonly<Record<string, Extract<MessageKey, `adminTenants.errors.${string}`>>> = {
  [KEY_TAKEN]: 'adminTenants.errors.keyTaken',
  'no such tenant': 'adminTenants.errors.noTenant',
  'the tenant still has users; move them out first': 'adminTenants.errors.hasUsers',
  'the tenant still has project files or diagrams': 'adminTenants.errors.hasProjects',
  'no such user': 'adminTenants.errors.noUser',
  [OTHER_TENANT]: 'adminTenants.errors.otherTenant',
  'the user is not in this tenant': 'adminTenants.errors.notMember',
};

/** The failure in the console's words where it knows them, else as the server worded it. */
export function tenantErrorText(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  const key = BY_MESSAGE[error.message];
  if (key) return t(key);
  // Not reaching the server is said the same way everywhere; other statuses keep its words.
  return error.code === 'network' || error.code === 'timeout' ? describeError(error, t) : error.message;
}

/** The account is in another tenant: it moves only when asked again with `move`. */
export const isInOtherTenant = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 409 && error.message === OTHER_TENANT;

export interface FieldError {
  readonly field: DraftField;
  readonly message: string;
}

/**
 * The form fields a failed save is about: a taken key, or each `body.<field>: reason` of a 400
 * (the server's validation words). Empty when the failure is about no field.
 */
export function fieldErrors(error: unknown, t: TFunction): FieldError[] {
  if (!(error instanceof ApiError)) return [];
  if (error.message === KEY_TAKEN) {
    return [{ field: 'key', message: t('adminTenants.errors.keyTaken') }];
  }
  if (error.status !== 400) return [];
  const found: FieldError[] = [];
  for (const part of error.message.split('; ')) {
    const match = /^body\.(\w+): (.+)$/.exec(part);
    const field = DRAFT_FIELDS.find((f) => f === match?.[1]);
    if (match && field)
      found.push({ field, message: t('adminTenants.errors.refused', { reason: match[2] }) });
  }
  return found;
}
