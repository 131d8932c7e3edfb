import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http';
import { i18n } from '../../i18n';
import en from '../../locales/en/auth';
import zh from '../../locales/zh/auth';
import { describeError, errorKey } from './errors';

const t = i18n.t.bind(i18n);

/** The server's messages (docs/api.md) and what the user reads for each, in English. */
const SERVER_MESSAGES: readonly (readonly [number, string, string, string])[] = [
  [401, 'account or password wrong', 'auth.errors.wrongCredentials', en.errors.wrongCredentials],
  [
    403,
    'this account is disabled; contact the administrator',
    'auth.errors.accountDisabled',
    en.errors.accountDisabled,
  ],
  [409, 'user name already taken', 'auth.errors.userNameTaken', en.errors.userNameTaken],
  [409, 'phone already registered', 'auth.errors.phoneRegistered', en.errors.phoneRegistered],
  [
    409,
    'user name or phone already registered',
    'auth.errors.userNameOrPhoneTaken',
    en.errors.userNameOrPhoneTaken,
  ],
  [400, 'verification code wrong or expired', 'auth.errors.codeWrong', en.errors.codeWrong],
  [403, 'current password wrong', 'auth.errors.currentPasswordWrong', en.errors.currentPasswordWrong],
  [
    409,
    'this phone is already bound to another account',
    'auth.errors.phoneBoundElsewhere',
    en.errors.phoneBoundElsewhere,
  ],
  [
    409,
    'this e-mail is already bound to another account',
    'auth.errors.emailBoundElsewhere',
    en.errors.emailBoundElsewhere,
  ],
  [401, 'token is wrong or expired', 'auth.errors.tokenInvalid', en.errors.tokenInvalid],
  [401, 'social sign-in failed', 'auth.errors.socialFailed', en.errors.socialFailed],
  [
    404,
    'no account is linked to this identity; sign in and link it first',
    'auth.errors.socialNotLinked',
    en.errors.socialNotLinked,
  ],
  [404, 'no such sign-in provider', 'auth.errors.socialNoProvider', en.errors.socialNoProvider],
  [
    409,
    'this identity is already linked to another account',
    'auth.errors.socialLinkedElsewhere',
    en.errors.socialLinkedElsewhere,
  ],
  [
    409,
    'this account already has an identity of this provider linked; unlink it first',
    'auth.errors.socialProviderAlreadyLinked',
    en.errors.socialProviderAlreadyLinked,
  ],
];

describe('errorKey and describeError', () => {
  beforeAll(() => i18n.changeLanguage('en'));
  afterAll(() => i18n.changeLanguage('zh'));

  it.each(SERVER_MESSAGES)('%i %s → %s', (status, message, key, text) => {
    const error = new ApiError(status, 'x', message);
    expect(errorKey(error)).toBe(key);
    expect(describeError(error, t)).toBe(text);
  });

  it('a server that cannot be reached or does not answer is a network error', () => {
    const network = new ApiError(0, 'network', 'the server cannot be reached');
    const timeout = new ApiError(0, 'timeout', 'the server did not answer in time');
    expect(errorKey(network)).toBe('auth.errors.unreachable');
    expect(describeError(network, t)).toBe('Network error: the server cannot be reached');
    expect(errorKey(timeout)).toBe('auth.errors.timeout');
    expect(describeError(timeout, t)).toBe('Network error: the server did not answer in time');
  });

  it('429 (too many requests) says to try again later, whatever the server worded', () => {
    const error = new ApiError(429, 'rate_limited', 'too many failed sign-ins');
    expect(errorKey(error)).toBe('auth.errors.tooManyAttempts');
    expect(describeError(error, t)).toBe('Too many attempts; try again later');
  });

  it('a known message wins over its status (a 429 with a mapped message)', () => {
    const error = new ApiError(429, 'rate_limited', 'verification code wrong or expired');
    expect(errorKey(error)).toBe('auth.errors.codeWrong');
  });

  it('503 says the code could not be sent', () => {
    const error = new ApiError(503, 'unavailable', 'mail server refused');
    expect(errorKey(error)).toBe('auth.errors.codeUnavailable');
    expect(describeError(error, t)).toBe('The code could not be sent; try again later');
  });

  it('anything else shows the words it came with', () => {
    const other = new ApiError(400, 'bad_request', 'password: too short');
    expect(errorKey(other)).toBeNull();
    expect(describeError(other, t)).toBe('password: too short');
    expect(errorKey(new Error('boom'))).toBeNull();
    expect(describeError(new Error('boom'), t)).toBe('boom');
    expect(describeError('plain text', t)).toBe('plain text');
  });

  it('is given in the current language', async () => {
    await i18n.changeLanguage('zh');
    expect(describeError(new ApiError(429, 'rate_limited', 'x'), t)).toBe(zh.errors.tooManyAttempts);
    expect(describeError(new ApiError(0, 'network', 'x'), t)).toBe(zh.errors.unreachable);
    await i18n.changeLanguage('en');
  });
});
