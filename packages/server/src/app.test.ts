import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.js';
import type { App } from './app.js';
import { loadConfig } from './config.js';

describe('server entry point', () => {
  let app: App;
  let base: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'fieldlink-'));

  beforeAll(async () => {
    app = createApp({ port: 0, host: '127.0.0.1', dataDir });
    await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the health check over the embedded store', async () => {
    const res = await fetch(`${base}/api/v1/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; storage: { kind: string; version: string } };
    expect(body.status).toBe('ok');
    expect(body.storage.kind).toBe('sqlite');
    expect(body.storage.version).toMatch(/^3\./);
  });

  it('answers unknown routes with the JSON error shape', async () => {
    const res = await fetch(`${base}/api/v1/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { code: 'not_found', message: 'no route for GET /api/v1/nothing-here' },
    });
  });
});

describe('config', () => {
  it('takes PORT and DATA_DIR with defaults', () => {
    expect(loadConfig({})).toEqual({ port: 8080, host: '0.0.0.0', dataDir: './data' });
    expect(loadConfig({ PORT: '9000', DATA_DIR: '/tmp/x' })).toMatchObject({ port: 9000, dataDir: '/tmp/x' });
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });
});
