/** Random JSON at the tenant routes: always a 4xx (or a success) with the error shape, never a 5xx. */
import fc from 'fast-check';
import { describe, expect, it as baseIt } from 'vitest';
import { bearer, login, register, useAccountsApp } from '../accounts/test-support.js';
import { storageCases } from '../storage/test-support.js';

const FIELDS = ['key', 'name', 'logo', 'loginTitleImage', 'pageTitle', 'userNamePrefix', 'userName', 'move'];

/** Either any JSON, or an object made of the tenant's own field names with random values. */
const body: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(...FIELDS),
    fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string({ unit: 'binary', maxLength: 70 })),
    { maxKeys: FIELDS.length },
  ),
);

describe.each(storageCases())('tenant routes under random input on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store);

  async function adminToken(): Promise<string> {
    const admin = await register(h, 'tenant-fuzz');
    await h.storage.db.updateTable('users').set({ authority: 1000 }).where('id', '=', admin.id).execute();
    return (await login(h, 'tenant-fuzz')).accessToken;
  }

  it('POST /tenants, PATCH /tenants/:id and POST /tenants/:id/users', async () => {
    const token = await adminToken();
    const target = await h.app.inject({
      method: 'POST',
      url: '/api/v1/tenants',
      headers: bearer(token),
      payload: { key: 'fuzz-target', name: 'Fuzz' },
    });
    expect(target.statusCode, target.body).toBe(201);
    const id = (target.json() as { id: number }).id;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('POST', 'PATCH', 'POST users'), body, async (call, payload) => {
        const method = call === 'PATCH' ? 'PATCH' : 'POST';
        const url = {
          POST: '/api/v1/tenants',
          PATCH: `/api/v1/tenants/${id}`,
          'POST users': `/api/v1/tenants/${id}/users`,
        }[call];
        const res = await h.app.inject({
          method,
          url,
          payload: JSON.stringify(payload),
          headers: { 'content-type': 'application/json', ...bearer(token) },
        });
        expect(res.statusCode, res.body).toBeLessThan(500);
        if (res.statusCode >= 400) {
          const error = (res.json() as { error: { code: unknown; message: unknown } }).error;
          expect(typeof error.code).toBe('string');
          expect(typeof error.message).toBe('string');
        }
      }),
      { numRuns: 100 },
    );
  });

  it('GET /branding with random keys', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 70 }), async (key) => {
        const res = await h.app.inject({
          method: 'GET',
          url: `/api/v1/branding?key=${encodeURIComponent(key)}`,
        });
        expect([200, 400], res.body).toContain(res.statusCode);
      }),
      { numRuns: 50 },
    );
  });
});
