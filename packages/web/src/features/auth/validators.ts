/**
 * The form rules of the sign-in pages and the personal center (specification §5, docs/api.md
 * field rules). Each validator returns null when the value is good, else the i18n key of the
 * message, so the same rules serve the forms and the tests without a renderer.
 */
import type { MessageKey } from '../../i18n';

export type ValidationKey = Extract<MessageKey, `auth.validation.${string}`>;
export type Validator = (value: string) => ValidationKey | null;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const USER_NAME_MAX = 32;
export const CODE_LENGTH = 6;

/** Empty, only white space, or the text 'null' (§5 "blank"). */
export const isBlank = (value: string | null | undefined): boolean =>
  value === null || value === undefined || value.trim() === '' || value.trim() === 'null';

/** A mainland mobile number: 11 digits starting with 1. */
export const isMobile = (value: string): boolean => /^1\d{10}$/.test(value);

export const isEmail = (value: string): boolean =>
  value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** Letters, digits, Chinese characters and `_-.`, as the server accepts user names. */
const USER_NAME = /^[A-Za-z0-9\p{Script=Han}_.-]+$/u;

export const userNameRule: Validator = (value) => {
  if (isBlank(value)) return 'auth.validation.userNameRequired';
  if ([...value].length > USER_NAME_MAX || !USER_NAME.test(value)) return 'auth.validation.userNameFormat';
  return null;
};

/** At sign-in only the presence counts as the name: the server says whether it exists. */
export const signInNameRule: Validator = (value) =>
  isBlank(value) ? 'auth.validation.userNameRequired' : null;

export const passwordRule: Validator = (value) => {
  if (value.length === 0) return 'auth.validation.passwordRequired';
  if (value.length < PASSWORD_MIN) return 'auth.validation.passwordTooShort';
  if (value.length > PASSWORD_MAX) return 'auth.validation.passwordTooLong';
  return null;
};

export const phoneRule: Validator = (value) => {
  if (isBlank(value)) return 'auth.validation.phoneRequired';
  return isMobile(value.trim()) ? null : 'auth.validation.phoneInvalid';
};

export const codeRule: Validator = (value) => {
  if (isBlank(value)) return 'auth.validation.codeRequired';
  return /^\d{6}$/.test(value.trim()) ? null : 'auth.validation.codeInvalid';
};

/** The code an e-mail address is sent (its own words when missing: no phone is involved). */
export const emailCodeRule: Validator = (value) =>
  isBlank(value) ? 'auth.validation.emailCodeRequired' : codeRule(value);

export const emailRule: Validator = (value) => {
  if (isBlank(value)) return 'auth.validation.emailRequired';
  return isEmail(value.trim()) ? null : 'auth.validation.emailInvalid';
};

/** The repeated password must equal the first. */
export const confirmRule =
  (password: string): Validator =>
  (value) =>
    value === password ? null : 'auth.validation.passwordMismatch';

/**
 * A user name with the tenant's prefix in front (branding `userNamePrefix`), unless it has it
 * already: people of a tenant type their short name.
 */
export function withPrefix(prefix: string, userName: string): string {
  const name = userName.trim();
  return prefix && !name.startsWith(prefix) ? prefix + name : name;
}
