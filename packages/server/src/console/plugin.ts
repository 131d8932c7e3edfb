/**
 * The web console (packages/web, built by Vite into packages/web/dist) served from the API's own
 * port: `/` is the console's index.html, every other file of the directory is served under its
 * path. The console routes with a hash (`/#/Equips`), so no path other than `/` needs to answer
 * the index. Routes registered elsewhere (/api, /ws, /docs) are more specific than this plugin's
 * wildcard and win; an unknown path, /api ones included, falls through to the app's JSON 404.
 */
import { access } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { acceptsGzip, MIN_COMPRESS_BYTES, varyOnEncoding } from './compression.js';

/**
 * packages/web/dist, found from this module's place in the server package: src/console/ under
 * tsx and dist/console/ once compiled are both two levels below packages/server.
 */
export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../../web/dist', import.meta.url));

export interface ConsoleOptions {
  /** The built console: a directory holding index.html and assets/. */
  readonly dir: string;
  /**
   * Serve the build's source maps (`*.map`). Off by default: they hand out the console's whole
   * source; SERVE_SOURCE_MAPS=1 turns them on for debugging (and the web benchmark).
   */
  readonly sourceMaps?: boolean;
}

/** Vite names the files under assets/ by their content's hash: they never change in place. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html above all) is revalidated on every load, so a new build shows at once. */
const REVALIDATE = 'no-cache';

const SOURCE_MAP = /\.map$/i;

/** Text-like types worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;

/** Answered at `/` while the directory has no index.html (a fresh clone before `npm run build`). */
export const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Fieldlink: console not built</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 4em auto">
<h1>The web console is not built</h1>
<p>The server is running, but it has no built console to serve. Run <code>npm run build</code>
(or <code>npm start</code>, which builds first) and reload this page.</p>
<p>The API answers under <a href="api/v1/health">/api/v1</a>; its description is at <a href="docs">/docs</a>.</p>
</body>
</html>
`;

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Compresses a whole file sent with status 200 when the client takes gzip. The ETag stays weak
 * and shared by both encodings, as `send` makes it: the content is the same. Ranges and 304s
 * pass unchanged.
 */
function gzipped(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  varyOnEncoding(reply);
  if (reply.statusCode !== 200 || request.method !== 'GET' || !acceptsGzip(request)) return payload;
  if (reply.getHeader('content-encoding') !== undefined) return payload;
  const type = String(reply.getHeader('content-type') ?? '');
  const length = Number(reply.getHeader('content-length') ?? Infinity);
  if (!COMPRESSIBLE.test(type) || length < MIN_COMPRESS_BYTES) return payload;
  if (!payload || typeof (payload as Readable).pipe !== 'function') return payload;
  reply.removeHeader('content-length');
  reply.header('content-encoding', 'gzip');
  return (payload as Readable).pipe(createGzip());
}

/**
 * Registers `/` and `/*` for the console in `dir`. The directory is looked at on every request,
 * so a build made while the server runs is served without a restart.
 */
export const consolePlugin: FastifyPluginAsync<ConsoleOptions> = async (app, options) => {
  const dir = resolve(options.dir);
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/',
    wildcard: true,
    // `/` is answered below, with the page for a missing build; a directory answers 404.
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    // A directory is no file: the JSON 404, not send's 403. Source maps answer 404 unless served.
    allowedPath: (pathname) =>
      !pathname.endsWith('/') && (options.sourceMaps === true || !SOURCE_MAP.test(pathname)),
    cacheControl: false,
    setHeaders: (res, path) => {
      const top = relative(dir, path).split(sep)[0];
      res.setHeader('cache-control', top === 'assets' ? IMMUTABLE : REVALIDATE);
    },
  });

  app.addHook('onSend', async (request, reply, payload) => gzipped(request, reply, payload));

  app.get('/', { schema: { hide: true } }, async (_request, reply) => {
    if (await exists(join(dir, 'index.html'))) return reply.sendFile('index.html');
    return reply
      .status(503)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(NOT_BUILT_PAGE);
  });
};
