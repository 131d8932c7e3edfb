import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it as baseIt } from 'vitest';
import { z } from 'zod';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { ApiError } from './http/errors.js';
import { storageCases, useStorage } from './storage/test-support.js';

describe.each(storageCases())('HTTP app on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const storage = useStorage(store);
  let app: FastifyInstance;

  beforeAll(async () => {
    if (store.skip !== null) return;
    app = await buildApp({
      storage: storage(),
      secrets: { jwtKey: new Uint8Array(32).fill(7) },
      logLevel: false,
    });
    // Routes that exist only here, to exercise the error handling every domain relies on.
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.post(
      '/test/echo',
      { schema: { body: z.strictObject({ name: z.string().min(1), count: z.number().int().max(32) }) } },
      async (req) => req.body,
    );
    typed.get('/test/conflict', async () => {
      throw new ApiError('conflict', 'already there');
    });
    typed.get('/test/crash', async () => {
      throw new Error('secret internals at /srv/app.js:12');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers the health check through its store', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      storage: { kind: store.name },
      protocol: { ruleKinds: 16, pageTypes: 9 },
    });
  });

  it('answers unknown routes with the error shape', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/nothing-here?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'not_found', message: 'no route for GET /api/v1/nothing-here' },
    });
  });

  it('rejects bad bodies with 400 and says what was wrong', async () => {
    const cases = [
      { payload: { name: '', count: 1 }, want: /body\.name/ },
      { payload: { name: 'a', count: 33 }, want: /body\.count/ },
      { payload: { name: 'a', count: 1, extra: true }, want: /extra|unrecognized/i },
    ];
    for (const c of cases) {
      const res = await app.inject({ method: 'POST', url: '/test/echo', payload: c.payload });
      expect(res.statusCode, JSON.stringify(c.payload)).toBe(400);
      const body = res.json() as { error: { code: string; message: string } };
      expect(body.error.code).toBe('bad_request');
      expect(body.error.message).toMatch(c.want);
    }
    const ok = await app.inject({ method: 'POST', url: '/test/echo', payload: { name: 'a', count: 32 } });
    expect(ok.json()).toEqual({ name: 'a', count: 32 });
  });

  it('rejects malformed JSON and foreign media types', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('bad_request');
    const media = await app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/x-foo' },
      payload: 'x',
    });
    expect(media.statusCode).toBe(415);
    expect(media.json().error.code).toBe('unsupported_media_type');
  });

  it('keeps the status of API errors and hides server internals', async () => {
    const conflict = await app.inject({ method: 'GET', url: '/test/conflict' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ error: { code: 'conflict', message: 'already there' } });
    const crash = await app.inject({ method: 'GET', url: '/test/crash' });
    expect(crash.statusCode).toBe(500);
    expect(crash.json()).toEqual({ error: { code: 'internal', message: 'internal error' } });
    expect(crash.body).not.toContain('/srv/app.js');
  });

  it('never answers random JSON with a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const res = await app.inject({
          method: 'POST',
          url: '/test/echo',
          payload: JSON.stringify(value),
          headers: { 'content-type': 'application/json' },
        });
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode >= 400) expect(res.json()).toHaveProperty('error.code');
      }),
      { numRuns: 200 },
    );
  });

  it('publishes OpenAPI at /docs', async () => {
    const spec = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(spec.statusCode).toBe(200);
    const doc = spec.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths).toHaveProperty(['/api/v1/health']);
    expect(doc.paths).toHaveProperty(['/api/v1/auth/login']);
    expect(doc.paths).toHaveProperty(['/api/v1/me']);
    for (const path of [
      '/api/v1/equipment-types',
      '/api/v1/equipment',
      '/api/v1/equipment/tree',
      '/api/v1/equipment/{id}',
      '/api/v1/equipment/{id}/sub-devices',
      '/api/v1/equipment/{id}/share-codes',
      '/api/v1/share-codes/redeem',
      '/api/v1/equipment/{id}/grants/{grantId}',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    const ui = await app.inject({ method: 'GET', url: '/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('config', () => {
  baseIt('takes PORT, DATA_DIR, DATABASE_URL and LOG_LEVEL with defaults', () => {
    // The device link's settings have tests of their own (config.test.ts).
    expect(loadConfig({})).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      logLevel: 'info',
      demo: true,
      publicUrl: undefined,
      dtuPort: 8899,
      dtuHeartbeat: 'ping',
      dtuIdleSeconds: 180,
      historyRetentionDays: 365,
      pollSeconds: 60,
    });
    expect(loadConfig({ PORT: '9000', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://u@h/db' })).toMatchObject(
      {
        port: 9000,
        dataDir: '/tmp/x',
        databaseUrl: 'postgres://u@h/db',
      },
    );
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});
