/** Random JSON at the share-code routes: always a 4xx (or a success) with the error shape, never a 5xx. */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it as baseIt } from 'vitest';
import { bearer, login, register, useAccountsApp } from '../accounts/test-support.js';
import { storageCases } from '../storage/test-support.js';

const CREATE_FIELDS = ['level', 'validity', 'maxCount', 'camera', 'slaves'];

/** A value for a field: any JSON, raw text, or one of the values the field may really take. */
const value: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ unit: 'binary', maxLength: 70 }),
  fc.constantFrom('read', 'readwrite', 'operate', 'edit', 'delete', '1h', '1d', '1w', '1m', 'permanent'),
  fc.integer({ min: -5, max: 1005 }),
  fc.boolean(),
);

/** Either any JSON, or an object made of the route's own field names with random values. */
const bodyOf = (fields: readonly string[]): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: fields.length }),
  );

/** Code-like text: Crockford characters, look-alikes, separators and anything else. */
const codeText = fc.string({
  unit: fc.constantFrom(...'0123456789ABCDEFGHJKMNPQRSTVWXYZabcxyzOoIiLlUu -_\u0000é'.split('')),
  maxLength: 40,
});

function expectErrorShape(res: LightMyRequestResponse): void {
  expect(res.statusCode, res.body).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const error = (res.json() as { error: { code: unknown; message: unknown } }).error;
    expect(typeof error.code).toBe('string');
    expect(typeof error.message).toBe('string');
  }
}

describe.each(storageCases())('share-code routes under random input on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store);

  async function token(name: string): Promise<string> {
    await register(h, name);
    return (await login(h, name)).accessToken;
  }

  const post = (auth: string, url: string, payload: unknown) =>
    h.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json', ...bearer(auth) },
    });

  it('POST /equipment/:id/share-codes', async () => {
    const owner = await token('share-fuzz-owner');
    const ids: number[] = [];
    for (const [sn, type] of [
      ['SHAREFUZZ1', 'FL-R8'],
      ['SHAREFUZZ2', 'FL-JYTeam001'],
    ] as const) {
      const res = await post(owner, '/equipment', { sn, type, name: sn });
      expect(res.statusCode, res.body).toBe(201);
      ids.push((res.json() as { id: number }).id);
    }
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ids, 0, 999_999), bodyOf(CREATE_FIELDS), async (id, payload) => {
        expectErrorShape(await post(owner, `/equipment/${id}/share-codes`, payload));
      }),
      { numRuns: 150 },
    );
  });

  it('POST /share-codes/redeem', async () => {
    // Many users, so the wrong-code limit of one does not hide the other answers.
    const users = await Promise.all(Array.from({ length: 5 }, (_, i) => token(`share-fuzz-${i}`)));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...users),
        fc.oneof(
          bodyOf(['code']),
          codeText.map((code) => ({ code })),
        ),
        async (user, payload) => {
          const res = await post(user, '/share-codes/redeem', payload);
          expectErrorShape(res);
          expect([400, 404, 429], res.body).toContain(res.statusCode);
        },
      ),
      { numRuns: 150 },
    );
  });
});
