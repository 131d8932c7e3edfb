import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Storage } from '../storage/open.js';
import { storageCases } from '../storage/test-support.js';
import { acceptsGzip, compressJson, MIN_COMPRESS_BYTES } from './compression.js';

const sqlite = storageCases().find((c) => c.name === 'sqlite')!;

function request(acceptEncoding: string | undefined): Parameters<typeof acceptsGzip>[0] {
  return { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } } as Parameters<
    typeof acceptsGzip
  >[0];
}

describe('Accept-Encoding', () => {
  it('takes gzip when named or wildcarded with a weight above 0', () => {
    expect(acceptsGzip(request('gzip, deflate, br'))).toBe(true);
    expect(acceptsGzip(request('br;q=1.0, GZIP;q=0.5'))).toBe(true);
    expect(acceptsGzip(request('*'))).toBe(true);
    expect(acceptsGzip(request('gzip;q=0'))).toBe(false);
    expect(acceptsGzip(request('br, deflate'))).toBe(false);
    expect(acceptsGzip(request('identity'))).toBe(false);
    expect(acceptsGzip(request(undefined))).toBe(false);
  });
});

describe('JSON replies', () => {
  let app: FastifyInstance;
  const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `device ${i}` })) };

  beforeAll(async () => {
    app = Fastify();
    app.addHook('onSend', compressJson);
    app.get('/big', async () => big);
    app.get('/small', async () => ({ ok: true }));
    app.get('/text', async (_req, reply) => reply.type('text/csv').send('a,b\r\n'.repeat(1000)));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('go gzipped from 1 KiB to a client that takes it', async () => {
    expect(JSON.stringify(big).length).toBeGreaterThan(MIN_COMPRESS_BYTES);
    const res = await app.inject({ method: 'GET', url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual(big);
  });

  it('go plain to a client that does not take gzip, and when small', async () => {
    const plain = await app.inject({ method: 'GET', url: '/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.json()).toEqual(big);
    const small = await app.inject({ method: 'GET', url: '/small', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
  });

  it('leave other types alone', async () => {
    const res = await app.inject({ method: 'GET', url: '/text', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.length).toBe(5000);
  });
});

describe('the app', () => {
  let storage: Storage;
  let app: FastifyInstance;

  beforeAll(async () => {
    storage = await sqlite.open();
    app = await buildApp({ storage, secrets: { jwtKey: new Uint8Array(32).fill(7) }, logLevel: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await storage?.close();
  });

  it('compresses its JSON replies, errors included, for clients that take gzip', async () => {
    const docs = await app.inject({
      method: 'GET',
      url: '/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(docs.rawPayload).toString())).toMatchObject({ openapi: expect.any(String) });
    // A small error stays as it is.
    const missing = await app.inject({
      method: 'GET',
      url: '/api/v1/nothing',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});
