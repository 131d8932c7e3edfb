/** Errors Fastify raises before any route runs (a URL it cannot decode) leave in our shape too. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it as baseIt } from 'vitest';
import { buildApp } from '../app.js';
import { storageCases, useStorage } from '../storage/test-support.js';

describe.each(storageCases())('framework errors on %s', (store) => {
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
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers a URL that is not valid percent-encoding with 400 in the error shape', async () => {
    for (const url of [
      '/api/v1/%ZZ',
      '/api/v1/%',
      '/api/v1/equipment/%ZZ',
      '/api/v1/equipment/%E0%A4%A',
      '/api/v1/equipment/%C0%AF/history',
      '/%ZZ',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({
        error: { code: 'bad_request', message: 'the URL is not valid percent-encoding' },
      });
    }
  });

  it('answers an over-long path parameter with 400 in the error shape', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/equipment/${'9'.repeat(101)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'bad_request', message: 'a path parameter is longer than 100 characters' },
    });
  });
});
