/** Random JSON at every account route: always a 4xx (or a success) with the error shape, never a 5xx. */
import fc from 'fast-check';
import { beforeAll, describe, expect, it as baseIt } from 'vitest';
import { storageCases } from '../storage/test-support.js';
import { bearer, expectError, login, post, register, useAccountsApp } from './test-support.js';

type Method = 'POST' | 'PATCH';

interface Route {
  readonly method: Method;
  readonly url: string;
  readonly fields: readonly string[];
  readonly auth: 'none' | 'user' | 'admin';
}

const ROUTES: readonly Route[] = [
  { method: 'POST', url: '/auth/verification-codes', fields: ['phone', 'email', 'purpose'], auth: 'none' },
  { method: 'POST', url: '/auth/register', fields: ['userName', 'password', 'phone', 'code'], auth: 'none' },
  { method: 'POST', url: '/auth/login', fields: ['userName', 'password'], auth: 'none' },
  { method: 'POST', url: '/auth/token-login', fields: ['token'], auth: 'none' },
  { method: 'POST', url: '/auth/refresh', fields: ['refreshToken'], auth: 'none' },
  { method: 'POST', url: '/auth/logout', fields: ['refreshToken'], auth: 'none' },
  { method: 'POST', url: '/auth/recover', fields: ['phone', 'code', 'password'], auth: 'none' },
  {
    method: 'PATCH',
    url: '/me',
    fields: ['language', 'city', 'param', 'cameraParam', 'chartFilters', 'authority'],
    auth: 'user',
  },
  { method: 'PATCH', url: '/me/password', fields: ['currentPassword', 'newPassword'], auth: 'user' },
  { method: 'PATCH', url: '/users/2/authority', fields: ['authority'], auth: 'admin' },
];

/** Either any JSON, or an object made of the route's own field names with random values. */
function bodyOf(route: Route): fc.Arbitrary<unknown> {
  const value = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.string({ unit: 'binary', maxLength: 40 }));
  const fields = fc.dictionary(fc.constantFrom(...route.fields), value, { maxKeys: route.fields.length });
  return fc.oneof(fc.jsonValue({ maxDepth: 3 }), fields);
}

describe.each(storageCases())('account routes under random input on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store);
  const tokens = { none: '', user: '', admin: '' };

  beforeAll(async () => {
    if (store.skip !== null) return;
    const admin = await register(h, 'fuzz-admin');
    await register(h, 'fuzz-target');
    await h.storage.db.updateTable('users').set({ authority: 1000 }).where('id', '=', admin.id).execute();
    tokens.admin = (await login(h, 'fuzz-admin')).accessToken;
    tokens.user = (await login(h, 'fuzz-target')).accessToken;
  });

  for (const route of ROUTES) {
    it(`${route.method} ${route.url}`, async () => {
      await fc.assert(
        fc.asyncProperty(bodyOf(route), async (body) => {
          // Each run from its own address, so failed sign-ins do not turn into 429s for the next runs.
          h.clock.advance(16 * 60 * 1000);
          const res = await h.app.inject({
            method: route.method,
            url: `/api/v1${route.url}`,
            payload: JSON.stringify(body),
            headers: {
              'content-type': 'application/json',
              ...(route.auth === 'none' ? {} : bearer(tokens[route.auth])),
            },
          });
          expect(res.statusCode, res.body).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const error = (res.json() as { error: { code: unknown; message: unknown } }).error;
            expect(typeof error.code).toBe('string');
            expect(typeof error.message).toBe('string');
          }
        }),
        { numRuns: 50 },
      );
    });
  }

  it('refuses NUL characters in text that reaches the database', async () => {
    expectError(
      await post(h.app, '/auth/login', { userName: 'a\u0000b', password: 'secret123' }),
      400,
      'bad_request',
    );
    const patch = await h.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: bearer(tokens.user),
      payload: { city: 'x\u0000', chartFilters: { '1': ['\u0000'] } },
    });
    expectError(patch, 400, 'bad_request');
  });
});
