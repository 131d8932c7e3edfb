/**
 * Every route of the API, found in its own OpenAPI document, under random input: random path
 * parameters (sometimes real ids), random queries and random JSON bodies (sometimes made of the
 * route's own field names). Whatever arrives, the reply is a success or a 4xx with the error
 * shape, never a 5xx. A route added later is covered without touching this file.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it as baseIt } from 'vitest';
import { bearer, login, register, useAccountsApp } from './accounts/test-support.js';
import { storageCases } from './storage/test-support.js';

interface Operation {
  readonly parameters?: readonly { readonly name: string; readonly in: string }[];
  readonly requestBody?: {
    readonly content?: Record<
      string,
      { readonly schema?: { readonly properties?: Record<string, unknown> } }
    >;
  };
}

interface Route {
  readonly method: string;
  readonly path: string;
  readonly pathParams: readonly string[];
  readonly queryParams: readonly string[];
  readonly bodyFields: readonly string[] | null;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function routesOf(paths: Record<string, Record<string, Operation>>): Route[] {
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => {
        const params = op.parameters ?? [];
        const body = op.requestBody?.content?.['application/json']?.schema;
        return {
          method: method.toUpperCase(),
          path,
          pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
          queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
          bodyFields: op.requestBody ? Object.keys(body?.properties ?? {}) : null,
        };
      }),
  );
}

const value = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('FL-R8', 'FL-JYTeam001', 'read', '1h', 'ABCD1234', 'secret123', '13900000000', 0, 1, true),
);

function bodyOf(route: Route): fc.Arbitrary<unknown> {
  const fields = route.bodyFields ?? [];
  return fields.length === 0
    ? fc.jsonValue({ maxDepth: 3 })
    : fc.oneof(
        fc.jsonValue({ maxDepth: 3 }),
        fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: fields.length }),
      );
}

function expectClean(res: LightMyRequestResponse, what: string): void {
  expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const error = (res.json() as { error?: { code?: unknown; message?: unknown } }).error;
    expect(typeof error?.code, what).toBe('string');
    expect(typeof error?.message, what).toBe('string');
  }
}

describe.each(storageCases())('every route under random input on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store);

  it('answers success or a 4xx with the error shape, never a 5xx', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const routes = routesOf(doc.paths).filter((r) => r.path.startsWith('/api/v1/'));
    expect(routes.length).toBeGreaterThan(40);

    // A password the random values never hit, so DELETE /me cannot remove the caller.
    const password = 'fuzz-password-1';
    await register(h, 'routes-fuzz', password);
    let token = '';
    let serial = 0;
    /** A host of the caller's, made again for each route since DELETE may remove it. */
    async function freshHost(after: string): Promise<string> {
      serial += 1;
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/v1/equipment',
        headers: bearer(token),
        payload: { sn: `ROUTEFUZZ${serial}`, type: 'FL-JYTeam001', name: 'Fuzz host' },
      });
      expect(res.statusCode, `after ${after}: ${res.body}`).toBe(201);
      return String((res.json() as { id: number }).id);
    }

    let previous = 'sign-in';
    for (const route of routes) {
      // A fresh session too: POST /auth/logout with the bearer ends the one before.
      token = (await login(h, 'routes-fuzz', password)).accessToken;
      const realId = await freshHost(previous);
      previous = `${route.method} ${route.path}`;
      const param = fc.oneof(
        fc.constant(realId),
        fc.integer({ min: -2, max: 1e6 }).map(String),
        fc.string({ unit: 'binary', maxLength: 12 }),
        fc.constantFrom('qq', 'tree', '0', '1e3', '9007199254740993'),
      );
      // Mostly the route's own query keys, so the values get past the key check.
      const keys = route.queryParams.length === 0 ? ['unknown'] : route.queryParams;
      const query = fc.oneof(
        fc.dictionary(
          fc.constantFrom(...keys),
          fc.oneof(fc.string({ maxLength: 12 }), fc.integer().map(String)),
          {
            maxKeys: 3,
          },
        ),
        fc.dictionary(fc.constantFrom(...keys, 'unknown'), fc.string({ maxLength: 12 }), { maxKeys: 3 }),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.array(param, { minLength: route.pathParams.length, maxLength: route.pathParams.length }),
          query,
          bodyOf(route),
          fc.boolean(),
          async (params, q, body, signedIn) => {
            let url = route.path;
            route.pathParams.forEach((name, i) => {
              url = url.replace(`{${name}}`, encodeURIComponent(params[i] ?? ''));
            });
            const search = new URLSearchParams(q).toString();
            const res = await h.app.inject({
              method: route.method as 'GET',
              url: search === '' ? url : `${url}?${search}`,
              headers: {
                ...(signedIn ? bearer(token) : {}),
                ...(route.bodyFields === null ? {} : { 'content-type': 'application/json' }),
              },
              ...(route.bodyFields === null ? {} : { payload: JSON.stringify(body) }),
            });
            expectClean(res, `${route.method} ${url}`);
          },
        ),
        { numRuns: 25 },
      );
    }
    // Every route with a sign-in (a password hash) of its own: a minute and more on a busy machine.
  }, 180_000);
});
