import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Storage } from '../storage/open.js';
import { storageCases } from '../storage/test-support.js';
import { DEFAULT_WEB_DIR, NOT_BUILT_PAGE } from './plugin.js';

const INDEX =
  '<!doctype html><html><head><script type="module" src="./assets/index-abc123.js"></script></head></html>';
// Over the compression threshold, and compressible.
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;

const SOURCE_MAP = JSON.stringify({ version: 3, sources: ['../../src/main.tsx'], mappings: '' });

// The console has nothing to do with the store: the embedded one is enough.
const sqlite = storageCases().find((c) => c.name === 'sqlite')!;

async function appServing(
  webDir: string,
  storage: Storage,
  serveSourceMaps?: boolean,
): Promise<FastifyInstance> {
  const app = await buildApp({
    storage,
    secrets: { jwtKey: new Uint8Array(32).fill(7) },
    logLevel: false,
    webDir,
    ...(serveSourceMaps === undefined ? {} : { serveSourceMaps }),
  });
  await app.ready();
  return app;
}

describe('the console served from a built directory', () => {
  let dir: string;
  let storage: Storage;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fieldlink-console-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), INDEX);
    await writeFile(join(dir, 'assets', 'index-abc123.js'), SCRIPT);
    await writeFile(join(dir, 'assets', 'index-abc123.js.map'), SOURCE_MAP);
    await writeFile(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(join(dir, '.env'), 'SECRET=1');
    storage = await sqlite.open();
    app = await appServing(dir, storage);
  });
  afterAll(async () => {
    await app?.close();
    await storage?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers / with index.html, revalidated on every load', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX);
    const again = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': res.headers.etag! },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves /index.html itself without long caching', async () => {
    const res = await app.inject({ method: 'GET', url: '/index.html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets for a year, and other files revalidated', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe(SCRIPT);
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('compresses text files for a client that takes gzip, and only then', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
    const refused = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(SCRIPT);
    // Too small to gain anything.
    const small = await app.inject({
      method: 'GET',
      url: '/favicon.svg',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('leaves the API, the live channel and the OpenAPI pages to their own routes', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
    // Without an upgrade the live channel's route answers, not a file.
    const ws = await app.inject({ method: 'GET', url: '/ws' });
    expect(ws.headers['content-type'] ?? '').not.toMatch(/^text\/html/);
    expect(ws.body).not.toBe(INDEX);
    const docs = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(docs.json()).toMatchObject({ openapi: expect.any(String) });
    // The console's routes are not part of the API description.
    expect(Object.keys((docs.json() as { paths: object }).paths).some((p) => !p.startsWith('/api/'))).toBe(
      false,
    );
  });

  it('answers unknown /api paths and missing files with the JSON 404', async () => {
    for (const url of [
      '/api/v1/nothing-here',
      '/api/nothing',
      '/assets/missing.js',
      '/nothing',
      '/assets/',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({
        error: { code: 'not_found', message: `no route for GET ${url}` },
      });
    }
    const post = await app.inject({ method: 'POST', url: '/api/v1/nothing-here', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('does not serve source maps unless told to (SERVE_SOURCE_MAPS)', async () => {
    for (const url of [
      '/assets/index-abc123.js.map',
      '/assets/index-abc123.js.%6dap',
      '/assets/index-abc123.js.MAP',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('main.tsx');
    }
    const serving = await appServing(dir, storage, true);
    try {
      const res = await serving.inject({ method: 'GET', url: '/assets/index-abc123.js.map' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(SOURCE_MAP);
    } finally {
      await serving.close();
    }
  });

  it('serves nothing outside the directory, nor its hidden files', async () => {
    for (const url of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/assets/..%2f..%2fpackage.json',
      '/.env',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect([400, 403, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toMatch(/SECRET|"name"/);
    }
  });
});

describe('the console before it is built', () => {
  let dir: string;
  let storage: Storage;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fieldlink-console-'));
    storage = await sqlite.open();
    app = await appServing(join(dir, 'dist'), storage);
  });
  afterAll(async () => {
    await app?.close();
    await storage?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers / with a page saying to build it, and serves the build once it appears', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(NOT_BUILT_PAGE);
    expect(res.body).toContain('npm run build');
    expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/assets/index.js' })).statusCode).toBe(404);

    // Built while the server runs: no restart needed.
    await mkdir(join(dir, 'dist', 'assets'), { recursive: true });
    await writeFile(join(dir, 'dist', 'index.html'), INDEX);
    await writeFile(join(dir, 'dist', 'assets', 'index-abc123.js'), SCRIPT);
    const built = await app.inject({ method: 'GET', url: '/' });
    expect(built.statusCode).toBe(200);
    expect(built.body).toBe(INDEX);
    expect((await app.inject({ method: 'GET', url: '/assets/index-abc123.js' })).body).toBe(SCRIPT);
  });
});

describe('WEB_DIR', () => {
  it('defaults to the web package build beside the server package', () => {
    expect(DEFAULT_WEB_DIR.replace(/\\/g, '/')).toMatch(/\/packages\/web\/dist$/);
    expect(loadConfig({}).webDir).toBe(DEFAULT_WEB_DIR);
  });

  it('takes another directory, relative to the working directory', () => {
    expect(loadConfig({ WEB_DIR: '/srv/console' }).webDir).toBe('/srv/console');
    expect(loadConfig({ WEB_DIR: 'build/web' }).webDir).toBe(join(process.cwd(), 'build/web'));
    expect(loadConfig({ WEB_DIR: '  ' }).webDir).toBe(DEFAULT_WEB_DIR);
  });
});
