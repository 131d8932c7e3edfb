/** The security headers on every kind of response: API, errors, 404s, the console's files, /docs. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Storage } from '../storage/open.js';
import { storageCases } from '../storage/test-support.js';
import { CONTENT_SECURITY_POLICY } from './security-headers.js';

// Headers do not depend on the store: the embedded one is enough.
const sqlite = storageCases().find((c) => c.name === 'sqlite')!;

/** The policy's directives by name, from the header. */
function directives(header: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

function expectSecurityHeaders(res: LightMyRequestResponse, what: string): void {
  const csp = directives(res.headers['content-security-policy'] as string | undefined);
  expect(csp.get('script-src'), `${what}: script-src`).toEqual(["'self'"]);
  expect(csp.get('default-src'), `${what}: default-src`).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors'), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(csp.get('frame-src'), `${what}: frame-src`).toEqual(["'self'", 'https:']);
  expect(csp.get('object-src'), `${what}: object-src`).toEqual(["'none'"]);
  // No inline or evaluated script anywhere in the policy.
  for (const [name, values] of csp) {
    if (name.startsWith('script-src') || name === 'default-src') {
      expect(values, `${what}: ${name}`).not.toContain("'unsafe-inline'");
      expect(values, `${what}: ${name}`).not.toContain("'unsafe-eval'");
    }
  }
  // A console served over plain http on a LAN must not be upgraded to https.
  expect(csp.has('upgrade-insecure-requests'), what).toBe(false);
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('no-referrer');
}

describe('security headers', () => {
  let dir: string;
  let storage: Storage;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fieldlink-headers-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(
      join(dir, 'index.html'),
      '<!doctype html><html><head><script type="module" src="./assets/index-abc123.js"></script></head></html>',
    );
    await writeFile(join(dir, 'assets', 'index-abc123.js'), 'console.log(1);\n');
    storage = await sqlite.open();
    app = await buildApp({
      storage,
      secrets: { jwtKey: new Uint8Array(32).fill(7) },
      logLevel: false,
      webDir: dir,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await storage?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('the policy has no inline script and forbids framing', () => {
    expect(CONTENT_SECURITY_POLICY['script-src']).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY['frame-ancestors']).toEqual(["'none'"]);
  });

  it('frames https micro-apps, and http ones only from MICRO_APP_ORIGINS', async () => {
    const framing = await buildApp({
      storage,
      secrets: { jwtKey: new Uint8Array(32).fill(7) },
      logLevel: false,
      microAppOrigins: ['http://intranet:8080', 'http://10.0.0.5'],
    });
    try {
      for (const url of ['/api/v1/health', '/api/v1/%ZZ', '/api/v1/nothing-here']) {
        const res = await framing.inject({ method: 'GET', url });
        const csp = directives(res.headers['content-security-policy'] as string | undefined);
        expect(csp.get('frame-src'), url).toEqual([
          "'self'",
          'https:',
          'http://intranet:8080',
          'http://10.0.0.5',
        ]);
        // The console itself is still framed by no one.
        expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
        expect(csp.get('default-src'), url).toEqual(["'self'"]);
        expect(res.headers['x-frame-options'], url).toBe('DENY');
      }
      // The default app, built before, keeps its own policy.
      const plain = await app.inject({ method: 'GET', url: '/api/v1/health' });
      expectSecurityHeaders(plain, 'without MICRO_APP_ORIGINS');
    } finally {
      await framing.close();
    }
  });

  it('are on API replies, errors and 404s', async () => {
    const cases: [string, InjectOptions, number][] = [
      ['API reply', { method: 'GET', url: '/api/v1/health' }, 200],
      ['branding', { method: 'GET', url: '/api/v1/branding' }, 200],
      ['bad request', { method: 'POST', url: '/api/v1/auth/login', payload: { userName: '' } }, 400],
      ['unauthorised', { method: 'GET', url: '/api/v1/me' }, 401],
      ['unknown API path', { method: 'GET', url: '/api/v1/nothing-here' }, 404],
      ['unknown method', { method: 'DELETE', url: '/api/v1/health' }, 404],
      ['undecodable URL', { method: 'GET', url: '/api/v1/%ZZ' }, 400],
      [
        'body too large',
        {
          method: 'POST',
          url: '/api/v1/auth/login',
          headers: { 'content-type': 'application/json' },
          payload: `"${'x'.repeat(1024 * 1024 + 1)}"`,
        },
        413,
      ],
    ];
    for (const [what, request, status] of cases) {
      const res = await app.inject(request);
      expect(res.statusCode, what).toBe(status);
      expectSecurityHeaders(res, what);
    }
  });

  it("are on the console's index.html, its files and its 404s", async () => {
    for (const url of ['/', '/index.html', '/assets/index-abc123.js', '/assets/missing.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(url.includes('missing') ? 404 : 200);
      expectSecurityHeaders(res, url);
    }
  });

  it('are on the OpenAPI pages', async () => {
    for (const url of ['/docs', '/docs/', '/docs/json', '/docs/static/swagger-initializer.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(400);
      expectSecurityHeaders(res, url);
    }
  });

  it('can be left out (the benchmark compares)', async () => {
    const bare = await buildApp({
      storage,
      secrets: { jwtKey: new Uint8Array(32).fill(7) },
      logLevel: false,
      securityHeaders: false,
    });
    try {
      const res = await bare.inject({ method: 'GET', url: '/api/v1/health' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy']).toBeUndefined();
    } finally {
      await bare.close();
    }
  });
});
