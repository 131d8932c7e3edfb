/**
 * The blob store for large installations: the bytes in a bucket of an S3-compatible object store
 * (AWS S3, MinIO, Ceph RGW, Cloudflare R2 …), set up with the S3_* variables (see s3-settings.ts).
 *
 * It speaks S3's REST API with Signature V4 through aws4fetch and Node's fetch: five calls are all
 * it needs, and the AWS SDK would bring some hundred packages and, from 2027 on, Node 22.
 */
import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { fitsXmlBody, deleteObjectsBody, parseDeleteErrors, parseErrorDocument } from './s3-xml.js';
import type { S3ErrorDocument } from './s3-xml.js';
import type { S3Settings } from './s3-settings.js';
import type { BlobStore } from './types.js';

export { DEFAULT_S3_REGION, parseS3Settings } from './s3-settings.js';
export type { S3Settings } from './s3-settings.js';

/** S3's limit on a key, prefix included, in UTF-8 bytes. */
export const MAX_S3_KEY_BYTES = 1024;
/** S3's limit on the keys of one DeleteObjects request. */
export const DELETE_BATCH = 1000;

export interface S3StoreOptions {
  /** Further attempts after a 5xx or 429 reply, with aws4fetch's random exponential back-off; 3 by default. */
  readonly retries?: number;
  /** How long one call may take, its retries included, in milliseconds; 120 s by default. */
  readonly timeoutMs?: number;
}

/** A failed S3 call: the status and S3's error code when S3 answered, both null when it did not. */
export class S3StoreError extends Error {
  override readonly name = 'S3StoreError';
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: string | null,
  ) {
    super(message);
  }
}

const EMPTY_SHA256 = sha256Hex(new Uint8Array(0));
/** Codes S3 gives a request whose keys it does not take; a hint then points at the variables. */
const CREDENTIAL_CODES = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'InvalidToken',
  'ExpiredToken',
]);

export function createS3BlobStore(settings: S3Settings, options: S3StoreOptions = {}): BlobStore {
  const endpoint = new URL(settings.url);
  // Messages name the endpoint by scheme, host and path alone, whatever else its URL carries.
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  const where = `${endpoint.protocol}//${endpoint.host}${basePath}`;
  const bucketUrl = settings.forcePathStyle
    ? `${where}/${encodeURIComponent(settings.bucket)}`
    : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}${basePath}`;
  const prefix = normalizePrefix(settings.prefix);
  const timeoutMs = options.timeoutMs ?? 120_000;
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: 's3',
    region: settings.region,
    retries: options.retries ?? 3,
  });
  let closed = false;

  const objectPath = (key: string): string => encodeKey(prefix + key, key);
  const objectUrl = (key: string): string => `${bucketUrl}/${objectPath(key)}`;

  async function send(action: string, url: string, init: RequestInit): Promise<Response> {
    if (closed) throw new S3StoreError(`S3 ${action} failed: the blob store is closed`, null, null);
    try {
      return await client.fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? `no answer within ${timeoutMs / 1000} s`
          : causeOf(error);
      throw new S3StoreError(`S3 ${action} failed: ${where} cannot be reached (${reason})`, null, null);
    }
  }

  async function fail(
    action: string,
    response: Response,
    hint?: (doc: S3ErrorDocument | null) => string | null,
  ): Promise<never> {
    const doc = parseErrorDocument(await response.text().catch(() => ''));
    const code = doc?.code ?? null;
    const detail = hint?.(doc) ?? describeReply(response.status, doc);
    throw new S3StoreError(`S3 ${action} failed: ${detail}`, response.status, code);
  }

  /** Reads a reply to its end, so its connection can serve the next request. */
  const drain = async (response: Response): Promise<void> => {
    await response.arrayBuffer().catch(() => undefined);
  };

  async function deleteOne(key: string): Promise<void> {
    const action = `delete of '${key}'`;
    const response = await send(action, objectUrl(key), {
      method: 'DELETE',
      headers: { 'x-amz-content-sha256': EMPTY_SHA256 },
    });
    if (!response.ok && response.status !== 404) await fail(action, response);
    await drain(response);
  }

  async function deleteBatch(keys: readonly string[]): Promise<void> {
    const action = `delete of ${keys.length} key${keys.length === 1 ? '' : 's'}`;
    const body = new TextEncoder().encode(deleteObjectsBody(keys.map((key) => prefix + key)));
    const response = await send(action, `${bucketUrl}?delete`, {
      method: 'POST',
      headers: {
        'content-type': 'application/xml',
        // S3 takes DeleteObjects only with a checksum of its body.
        'content-md5': createHash('md5').update(body).digest('base64'),
        'x-amz-content-sha256': sha256Hex(body),
      },
      body,
    });
    if (!response.ok) await fail(action, response);
    const errors = parseDeleteErrors(await response.text()).filter((error) => error.code !== 'NoSuchKey');
    const first = errors[0];
    if (first !== undefined) {
      const name = first.key === undefined ? '' : ` '${first.key.slice(prefix.length)}'`;
      throw new S3StoreError(
        `S3 ${action} failed for ${errors.length} of them; the first,${name}: ${first.code}${first.message ? `: ${first.message}` : ''}`,
        200,
        first.code,
      );
    }
  }

  return {
    kind: 's3',

    async put(key, bytes, contentType) {
      const action = `put of '${key}'`;
      const url = objectUrl(key);
      const response = await send(action, url, {
        method: 'PUT',
        headers: {
          'content-type': contentType || 'application/octet-stream',
          // Signed, so S3 refuses bytes that changed on the way.
          'x-amz-content-sha256': sha256Hex(bytes),
        },
        body: ownBuffer(bytes),
      });
      if (!response.ok) await fail(action, response);
      await drain(response);
    },

    async get(key) {
      const action = `get of '${key}'`;
      const response = await send(action, objectUrl(key), {
        method: 'GET',
        headers: { 'x-amz-content-sha256': EMPTY_SHA256 },
      });
      if (response.ok) return new Uint8Array(await response.arrayBuffer());
      if (response.status === 404) {
        const doc = parseErrorDocument(await response.text().catch(() => ''));
        if (doc === null || doc.code === 'NoSuchKey') return null;
        throw new S3StoreError(`S3 ${action} failed: ${describeReply(404, doc)}`, 404, doc.code);
      }
      return fail(action, response);
    },

    async delete(keys) {
      const unique = [...new Set(keys)];
      // Checked before anything is deleted, so a bad key does not leave half of a call done.
      for (const key of unique) objectPath(key);
      // Keys an XML body could alter on the way go one request each.
      const single = unique.filter((key) => !fitsXmlBody(prefix + key));
      const batched = unique.filter((key) => fitsXmlBody(prefix + key));
      for (let i = 0; i < batched.length; i += DELETE_BATCH)
        await deleteBatch(batched.slice(i, i + DELETE_BATCH));
      for (const key of single) await deleteOne(key);
    },

    async copy(from, to) {
      const action = `copy of '${from}' to '${to}'`;
      const missing = (doc: S3ErrorDocument | null): string | null =>
        doc === null || doc.code === 'NoSuchKey' ? `there are no bytes under '${from}'` : null;
      if (from === to) {
        // S3 refuses to copy an object onto itself unchanged; its being there is all that is asked.
        const response = await send(action, objectUrl(from), {
          method: 'HEAD',
          headers: { 'x-amz-content-sha256': EMPTY_SHA256 },
        });
        if (!response.ok) await fail(action, response, response.status === 404 ? missing : undefined);
        return;
      }
      const source = `/${encodeURIComponent(settings.bucket)}/${objectPath(from)}`;
      const response = await send(action, objectUrl(to), {
        method: 'PUT',
        headers: {
          'x-amz-copy-source': source,
          'x-amz-metadata-directive': 'COPY',
          'x-amz-content-sha256': EMPTY_SHA256,
        },
      });
      if (!response.ok) await fail(action, response, response.status === 404 ? missing : undefined);
      // A copy can fail after S3 has sent 200: the error then comes in the body.
      const doc = parseErrorDocument(await response.text());
      if (doc !== null)
        throw new S3StoreError(`S3 ${action} failed: ${describeReply(200, doc)}`, 200, doc.code);
    },

    async check() {
      const action = `check of bucket '${settings.bucket}'`;
      const response = await send(action, bucketUrl, {
        method: 'HEAD',
        headers: { 'x-amz-content-sha256': EMPTY_SHA256 },
      });
      if (response.ok) return;
      const region = response.headers.get('x-amz-bucket-region');
      const status = response.status;
      let detail: string;
      if (status === 404) {
        detail = `the bucket '${settings.bucket}' does not exist at ${where}: create it, or set S3_BUCKET to one that exists`;
      } else if (status === 403) {
        detail = `${where} refused the credentials for the bucket '${settings.bucket}' (403): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, and that this key may use the bucket`;
      } else if (region !== null && region !== settings.region) {
        detail = `the bucket '${settings.bucket}' is in the region ${region}, not ${settings.region}: set S3_REGION=${region}`;
      } else {
        detail = `${where} answered ${status} for the bucket '${settings.bucket}'`;
      }
      throw new S3StoreError(`S3 ${action} failed: ${detail}`, status, null);
    },

    async close() {
      closed = true;
    },
  };
}

/** '' or a folder ending in '/': 'a', '/a/' and 'a/' all put the keys under 'a/'. */
function normalizePrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '' : `${trimmed}/`;
}

/**
 * The key as a URL path: each segment percent-encoded as S3 signs it (RFC 3986), so spaces,
 * '+', '?', '#' and any non-ASCII letter arrive as they are. Refuses what no URL can carry.
 */
function encodeKey(fullKey: string, key: string): string {
  if (key === '') throw new S3StoreError('S3 keys cannot be empty', null, null);
  const bytes = Buffer.byteLength(fullKey, 'utf8');
  if (bytes > MAX_S3_KEY_BYTES) {
    throw new S3StoreError(
      `the S3 key '${key.slice(0, 64)}…' is ${bytes} bytes long, over S3's ${MAX_S3_KEY_BYTES}`,
      null,
      null,
    );
  }
  return fullKey
    .split('/')
    .map((segment) => {
      // URLs resolve these as 'this folder' and 'the folder above', so such a key has no address.
      if (segment === '.' || segment === '..') {
        throw new S3StoreError(`the S3 key '${key}' cannot have a '${segment}' segment`, null, null);
      }
      try {
        return encodeURIComponent(segment).replace(
          /[!'()*]/g,
          (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
        );
      } catch {
        throw new S3StoreError(`the S3 key '${key}' is not valid Unicode text`, null, null);
      }
    })
    .join('/');
}

function describeReply(status: number, doc: S3ErrorDocument | null): string {
  if (doc === null) return `${status} with no error document`;
  const hint = CREDENTIAL_CODES.has(doc.code)
    ? ' (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)'
    : doc.code === 'NoSuchBucket'
      ? ' (check S3_BUCKET)'
      : '';
  return `${status} ${doc.code}${doc.message ? `: ${doc.message}` : ''}${hint}`;
}

function causeOf(error: unknown): string {
  // Node's fetch reports every network failure as 'fetch failed' and puts the reason in `cause`.
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
  if (cause instanceof AggregateError && cause.errors.length > 0) return causeOf(cause.errors[0]);
  if (cause instanceof Error) return (cause as NodeJS.ErrnoException).code ?? cause.message;
  return String(cause);
}

/** The same bytes over a plain ArrayBuffer, which fetch takes; copied only when shared memory holds them. */
function ownBuffer(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer
    ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    : new Uint8Array(bytes);
}

function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
