/**
 * HTTP compression of what the server sends: the console's files (plugin.ts, streamed through
 * gzip) and the API's JSON replies (here, as api.md promises: replies are plain JSON and HTTP
 * compression applies). A tree of 10,000 devices is about 1.8 MB of JSON and a tenth of that
 * gzipped. Streams the API sends (exports) are left alone: their progress is counted by the bytes
 * that arrive, and they are compressed formats (XLSX) or read as they come (CSV).
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzipAsync = promisify(gzip);

/** Below this a gzip header costs more than it saves. */
export const MIN_COMPRESS_BYTES = 1024;

/** Whether the client takes gzip (`gzip;q=0` refuses it, `*` takes it). */
export function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    const coding = name?.trim().toLowerCase();
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Adds `accept-encoding` to the reply's Vary header, keeping what is there. */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = String(reply.getHeader('vary') ?? '');
  if (/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) return;
  reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
}

/** An onSend hook: a JSON reply of 1 KiB or more goes gzipped to a client that takes it. */
export async function compressJson(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (!/^application\/json/i.test(String(reply.getHeader('content-type') ?? ''))) return payload;
  varyOnEncoding(reply);
  if (request.method === 'HEAD' || reply.getHeader('content-encoding') !== undefined) return payload;
  if (!acceptsGzip(request) || Buffer.byteLength(payload) < MIN_COMPRESS_BYTES) return payload;
  const body = await gzipAsync(payload);
  reply.removeHeader('content-length');
  reply.header('content-encoding', 'gzip');
  return body;
}
