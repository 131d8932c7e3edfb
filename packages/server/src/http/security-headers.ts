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
  'frame-ancestors': ["'none'"],
};

export interface SecurityHeadersOptions {
  /** Leave the headers out (the API benchmark's comparison); on by default. */
  readonly enabled?: boolean;
}

const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: Object.fromEntries(Object.entries(CONTENT_SECURITY_POLICY).map(([k, v]) => [k, [...v]])),
  },
  // Login links carry tokens in their query: no page address leaves in a Referer.
  referrerPolicy: { policy: 'no-referrer' },
  frameguard: { action: 'deny' },
  // Only honoured over HTTPS; the operator's other sub-domains are not ours to pin.
  strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
};

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
  const headers = await helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}

let captured: Promise<Readonly<Record<string, string>>> | null = null;

/** The headers helmet sets with HELMET_OPTIONS, read once from a reply of a bare app. */
export function helmetHeaders(): Promise<Readonly<Record<string, string>>> {
  captured ??= (async () => {
    const probe = Fastify({ logger: false });
    await probe.register(helmet, HELMET_OPTIONS);
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
  return captured;
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
  const headers = await helmetHeaders();
  return function securedFrameworkErrors(this: unknown, error, request, reply) {
    void reply.headers(headers);
    return handler.call(this as never, error, request, reply);
  };
}
