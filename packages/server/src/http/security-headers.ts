/**
 * Security headers on every response (API replies, errors, 404s, the console's files, /docs),
 * worked out by @fastify/helmet and set before any route runs. The Content-Security-Policy is what the console
 * needs and no more: it runs only the scripts it is served with ('self', no inline script), so
 * markup planted in user text could not run a script even if it reached the page.
 */
import helmet from '@fastify/helmet';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/** The console's policy, directive by directive (docs/operations.md "Security"). */
export const CONTENT_SECURITY_POLICY: Readonly<Record<string, readonly string[]>> = {
  'default-src': ["'self'"],
  // Vite's build has no inline script (index.html loads ./assets/index-*.js).
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  // antd's CSS-in-JS writes <style> elements at run time, and Leaflet and ECharts style their
  // elements inline: styles only, which cannot run script, so 'unsafe-inline' is allowed here.
  'style-src': ["'self'", "'unsafe-inline'"],
  // The map draws no tiles. A tenant's logo may be an absolute https URL (docs/api.md, tenants);
  // data: and blob: are images the console makes itself.
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'data:'],
  // The API and the live channel at /ws: 'self' covers ws:/wss: of the same host and port.
  'connect-src': ["'self'"],
  // Camera streams come through the server's proxy; hls.js plays them from MediaSource blob: URLs.
  'media-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  // The micro-app host frames apps (docs/api.md § Custom routes and micro-apps): any https
  // address, and the http origins the operator lists (MICRO_APP_ORIGINS, added per server).
  'frame-src': ["'self'", 'https:'],
  // No one frames the console itself.
  'frame-ancestors': ["'none'"],
};

export interface SecurityHeadersOptions {
  /** Leave the headers out (the API benchmark's comparison); on by default. */
  readonly enabled?: boolean;
  /**
   * http origins the console may frame besides 'self' and https: (MICRO_APP_ORIGINS), already
   * checked and normalised by config.ts (`http://intranet:8080`).
   */
  readonly frameOrigins?: readonly string[];
}

/** The policy with the operator's framed origins added to frame-src. */
export function contentSecurityPolicy(frameOrigins: readonly string[] = []): Record<string, string[]> {
  const directives = Object.fromEntries(Object.entries(CONTENT_SECURITY_POLICY).map(([k, v]) => [k, [...v]]));
  const frameSrc = directives['frame-src'] ?? [];
  for (const origin of frameOrigins) if (!frameSrc.includes(origin)) frameSrc.push(origin);
  directives['frame-src'] = frameSrc;
  return directives;
}

function helmetOptions(frameOrigins: readonly string[]): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(frameOrigins) },
    // Login links carry tokens in their query: no page address leaves in a Referer.
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    // Only honoured over HTTPS; the operator's other sub-domains are not ours to pin.
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
  };
}

/**
 * Sets the headers on every reply of `app`: a root hook, so it runs for every route and the
 * not-found handler. helmet works the values out (once, below); they are then set as they are:
 * @fastify/helmet's own hook rebuilds helmet's middleware on every request, about 9 µs of server
 * CPU a request in bench/api against about 5 µs for setting the same headers this way.
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeadersOptions = {},
): Promise<void> {
  if (options.enabled === false) return;
  const headers = await helmetHeaders(options.frameOrigins);
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}

/** Headers worked out, by the framed origins they were worked out for. */
const captured = new Map<string, Promise<Readonly<Record<string, string>>>>();

/** The headers helmet sets with helmetOptions, read once (per framed origins) from a reply of a bare app. */
export function helmetHeaders(
  frameOrigins: readonly string[] = [],
): Promise<Readonly<Record<string, string>>> {
  const key = frameOrigins.join(' ');
  const known = captured.get(key);
  if (known) return known;
  const headers = (async () => {
    const probe = Fastify({ logger: false });
    await probe.register(helmet, helmetOptions(frameOrigins));
    probe.get('/', async () => '');
    const bare = Fastify({ logger: false });
    bare.get('/', async () => '');
    const [secured, plain] = await Promise.all([probe.inject('/'), bare.inject('/')]);
    await Promise.all([probe.close(), bare.close()]);
    return Object.fromEntries(
      Object.entries(secured.headers)
        .filter(([name]) => !(name in plain.headers))
        .map(([name, value]) => [name, String(value)]),
    );
  })();
  captured.set(key, headers);
  return headers;
}

/**
 * Fastify answers some errors (an undecodable URL) before any hook runs: `frameworkErrors`
 * gets the same headers through this wrapper.
 */
export async function withSecurityHeaders(
  handler: NonNullable<FastifyServerOptions['frameworkErrors']>,
  options: SecurityHeadersOptions = {},
): Promise<NonNullable<FastifyServerOptions['frameworkErrors']>> {
  if (options.enabled === false) return handler;
  const headers = await helmetHeaders(options.frameOrigins);
  return function securedFrameworkErrors(this: unknown, error, request, reply) {
    void reply.headers(headers);
    return handler.call(this as never, error, request, reply);
  };
}
