/**
 * What to tell the user when a call fails: the server's messages (docs/api.md, English) mapped to
 * translated texts, network failures and rate limits by their kind, anything else as the server
 * worded it.
 */
import type { TFunction } from 'i18next';
import { ApiError } from '../../api/http';
import type { MessageKey } from '../../i18n';

const BY_MESSAGE: Readonly<Record<string, MessageKey>> = {
  'account or password wrong': 'auth.errors.wrongCredentials',
  'this account is disabled; contact the administrator': 'auth.errors.accountDisabled',
  'user name already taken': 'auth.errors.userNameTaken',
  'phone already registered': 'auth.errors.phoneRegistered',
  'user name or phone already registered': 'auth.errors.userNameOrPhoneTaken',
  'verification code wrong or expired': 'auth.errors.codeWrong',
  'current password wrong': 'auth.errors.currentPasswordWrong',
  'this phone is already bound to another account': 'auth.errors.phoneBoundElsewhere',
  'this e-mail is already bound to another account': 'auth.errors.emailBoundElsewhere',
  'token is wrong or expired': 'auth.errors.tokenInvalid',
  'social sign-in failed': 'auth.errors.socialFailed',
  'no account is linked to this identity; sign in and link it first': 'auth.errors.socialNotLinked',
  'no such sign-in provider': 'auth.errors.socialNoProvider',
  'this identity is already linked to another account': 'auth.errors.socialLinkedElsewhere',
  'this account already has an identity of this provider linked; unlink it first':
    'auth.errors.socialProviderAlreadyLinked',
};

/** The i18n key for a failure, or null when only the server's own words describe it. */
export function errorKey(error: unknown): MessageKey | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === 'network') return 'auth.errors.unreachable';
  if (error.code === 'timeout') return 'auth.errors.timeout';
  const known = BY_MESSAGE[error.message];
  if (known) return known;
  if (error.status === 429) return 'auth.errors.tooManyAttempts';
  if (error.status === 503) return 'auth.errors.codeUnavailable';
  return null;
}

export function describeError(error: unknown, t: TFunction): string {
  const key = errorKey(error);
  if (key) return t(key);
  return error instanceof Error ? error.message : String(error);
}
