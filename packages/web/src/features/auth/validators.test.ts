import { describe, expect, it } from 'vitest';
import {
  codeRule,
  confirmRule,
  emailRule,
  isBlank,
  isMobile,
  passwordRule,
  phoneRule,
  signInNameRule,
  userNameRule,
  withPrefix,
} from './validators';

describe('user name', () => {
  it('is required: empty, blank and the text null are refused', () => {
    for (const v of ['', '   ', 'null']) expect(userNameRule(v)).toBe('auth.validation.userNameRequired');
    expect(signInNameRule('')).toBe('auth.validation.userNameRequired');
    expect(signInNameRule('any name at all')).toBeNull();
  });
  it('takes 1 to 32 letters, digits, Chinese characters or _-.', () => {
    expect(userNameRule('a')).toBeNull();
    expect(userNameRule('a'.repeat(32))).toBeNull();
    expect(userNameRule('a'.repeat(33))).toBe('auth.validation.userNameFormat');
    expect(userNameRule('张'.repeat(32))).toBeNull();
    expect(userNameRule('张'.repeat(33))).toBe('auth.validation.userNameFormat');
    expect(userNameRule('al_ice-1.x')).toBeNull();
    expect(userNameRule('al ice')).toBe('auth.validation.userNameFormat');
    expect(userNameRule('alice@x')).toBe('auth.validation.userNameFormat');
  });
});

describe('password', () => {
  it('needs at least 6 characters', () => {
    expect(passwordRule('')).toBe('auth.validation.passwordRequired');
    expect(passwordRule('12345')).toBe('auth.validation.passwordTooShort');
    expect(passwordRule('123456')).toBeNull();
  });
  it('is at most 128 characters', () => {
    expect(passwordRule('x'.repeat(128))).toBeNull();
    expect(passwordRule('x'.repeat(129))).toBe('auth.validation.passwordTooLong');
  });
  it('must be repeated exactly', () => {
    expect(confirmRule('secret1')('secret1')).toBeNull();
    expect(confirmRule('secret1')('secret2')).toBe('auth.validation.passwordMismatch');
  });
});

describe('phone', () => {
  it('is required', () => {
    expect(phoneRule('')).toBe('auth.validation.phoneRequired');
    expect(phoneRule(' ')).toBe('auth.validation.phoneRequired');
  });
  it('is 11 digits starting with 1', () => {
    expect(phoneRule('13800000000')).toBeNull();
    expect(phoneRule('1380000000')).toBe('auth.validation.phoneInvalid');
    expect(phoneRule('138000000000')).toBe('auth.validation.phoneInvalid');
    expect(phoneRule('23800000000')).toBe('auth.validation.phoneInvalid');
    expect(phoneRule('1380000000a')).toBe('auth.validation.phoneInvalid');
    expect(isMobile('10000000000')).toBe(true);
  });
});

describe('verification code', () => {
  it('is required and 6 digits', () => {
    expect(codeRule('')).toBe('auth.validation.codeRequired');
    expect(codeRule('12345')).toBe('auth.validation.codeInvalid');
    expect(codeRule('123456')).toBeNull();
    expect(codeRule('1234567')).toBe('auth.validation.codeInvalid');
    expect(codeRule('12345a')).toBe('auth.validation.codeInvalid');
  });
});

describe('e-mail', () => {
  it('is required and an address', () => {
    expect(emailRule('')).toBe('auth.validation.emailRequired');
    expect(emailRule('ops@example.com')).toBeNull();
    expect(emailRule('ops@example')).toBe('auth.validation.emailInvalid');
    expect(emailRule('ops example.com')).toBe('auth.validation.emailInvalid');
  });
});

describe('helpers', () => {
  it('blank covers null, undefined, white space and the text null', () => {
    expect([null, undefined, '', ' \t', 'null', ' null '].every(isBlank)).toBe(true);
    expect(isBlank('nullable')).toBe(false);
  });
  it('puts the tenant prefix in front once', () => {
    expect(withPrefix('', ' alice ')).toBe('alice');
    expect(withPrefix('acme_', 'alice')).toBe('acme_alice');
    expect(withPrefix('acme_', 'acme_alice')).toBe('acme_alice');
  });
});
