/** The origins login links may send back to reach the console with its branding (REDIRECT_ALLOW). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Storage } from '../storage/open.js';
import { storageCases } from '../storage/test-support.js';

// A setting, not stored: the embedded store is enough.
const sqlite = storageCases().find((c) => c.name === 'sqlite')!;

describe('the redirect allowlist in the branding reply', () => {
  let storage: Storage;
  const apps: FastifyInstance[] = [];

  async function appWith(redirectAllow?: readonly string[]): Promise<FastifyInstance> {
    const app = await buildApp({
      storage,
      secrets: { jwtKey: new Uint8Array(32).fill(7) },
      logLevel: false,
      ...(redirectAllow === undefined ? {} : { redirectAllow }),
    });
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    storage = await sqlite.open();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await storage?.close();
  });

  it('is empty by default: only the console itself', async () => {
    const app = await appWith();
    const res = await app.inject({ method: 'GET', url: '/api/v1/branding' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ key: 'default', redirectAllow: [] });
  });

  it('lists the configured origins, for every brand key', async () => {
    const { redirectAllow } = loadConfig({ REDIRECT_ALLOW: 'https://portal.example,http://10.0.0.5:8080' });
    const app = await appWith(redirectAllow);
    for (const key of ['', 'www', 'no-such-tenant']) {
      const res = await app.inject({ method: 'GET', url: `/api/v1/branding?key=${key}` });
      expect(res.json(), key).toMatchObject({
        redirectAllow: ['https://portal.example', 'http://10.0.0.5:8080'],
      });
    }
  });
});
