/**
 * Fetching a camera stream's upstream: a plain GET over http or https that follows no redirects,
 * waits at most `headersTimeoutMs` for the response head and drops a body that stalls for
 * `idleTimeoutMs`. For an address a user entered, every IP address the host resolves to is put to
 * the dial policy inside the connection's own look-up, so the address checked is the address
 * connected to (a host name that resolves elsewhere the second time gains nothing): the server
 * must not become a way into its own network. The video cloud's addresses are trusted (the
 * operator configured the cloud) and skip the policy.
 */
import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { request as httpRequest } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { DialPolicy } from '../gateway/modbus-tcp/dial-policy.js';
import { formatWait } from './video-cloud-error.js';

export const UPSTREAM_HEADERS_TIMEOUT_MS = 12_000;
export const UPSTREAM_IDLE_TIMEOUT_MS = 30_000;

export type UpstreamErrorKind = 'refused' | 'timeout' | 'network' | 'status';

export class UpstreamError extends Error {
  constructor(
    readonly kind: UpstreamErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

/** The refusal as the API says it. */
export function streamRefusal(address: string, reason: string): string {
  return `the server does not fetch camera streams from ${address}: ${reason} (an operator may allow it with CAMERA_STREAM_ALLOW)`;
}

export interface UpstreamOptions {
  /** Null: a trusted address (the video cloud's). */
  readonly policy: DialPolicy | null;
  readonly headersTimeoutMs?: number;
  readonly idleTimeoutMs?: number;
  /** Every address of a host name; default dns.lookup with `all`. */
  readonly resolve?: (host: string) => Promise<readonly LookupAddress[]>;
}

const resolveAll = (host: string): Promise<readonly LookupAddress[]> =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/** The host of a URL as the resolver and the policy take it (IPv6 without brackets). */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Why the policy refuses the address's host, or null when the server may fetch from it. Host names
 * are resolved; the check is repeated when connecting.
 */
export async function refusalOf(
  url: URL,
  policy: DialPolicy,
  resolve: (host: string) => Promise<readonly LookupAddress[]> = resolveAll,
): Promise<string | null> {
  const host = hostOf(url);
  if (isIP(host) !== 0) {
    const reason = policy.refusal(host);
    return reason === null ? null : streamRefusal(host, reason);
  }
  let addresses: readonly LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch (error) {
    return `the camera's host ${host} could not be resolved (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
  }
  return firstRefusal(host, addresses, policy).refusal;
}

/** The addresses the policy allows, or the refusal of the first when it allows none. */
function firstRefusal(
  host: string,
  addresses: readonly LookupAddress[],
  policy: DialPolicy,
): { allowed: LookupAddress[]; refusal: string | null } {
  const allowed: LookupAddress[] = [];
  let refusal: string | null = null;
  for (const entry of addresses) {
    const reason = policy.refusal(entry.address);
    if (reason === null) allowed.push(entry);
    else refusal ??= streamRefusal(`${host} (${entry.address})`, reason);
  }
  if (allowed.length > 0) return { allowed, refusal: null };
  return { allowed, refusal: refusal ?? `the camera's host ${host} has no address` };
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A connection look-up that hands the socket only addresses the policy allows. */
function guardedLookup(policy: DialPolicy, resolve: (host: string) => Promise<readonly LookupAddress[]>) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname).then(
      (addresses) => {
        const { allowed, refusal } = firstRefusal(hostname, addresses, policy);
        if (refusal !== null) {
          callback(Object.assign(new UpstreamError('refused', refusal), { code: 'EREFUSED_POLICY' }), '');
          return;
        }
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const fit = family === 0 ? allowed : allowed.filter((a) => a.family === family);
        if (options.all) callback(null, fit);
        else if (fit[0]) callback(null, fit[0].address, fit[0].family);
        else
          callback(
            Object.assign(new Error(`no IPv${family} address for ${hostname}`), { code: 'ENOTFOUND' }),
            '',
          );
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

/**
 * Opens `url` and resolves with its response head (status 200 only; the body is the caller's to
 * read or pipe, and destroying it closes the connection). `signal` aborts it, e.g. when the client
 * goes away before the upstream answered.
 */
export async function openUpstream(
  url: URL,
  options: UpstreamOptions,
  signal?: AbortSignal,
): Promise<IncomingMessage> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UpstreamError('refused', `only http and https streams are proxied, not ${url.protocol}`);
  }
  const resolve = options.resolve ?? resolveAll;
  if (options.policy) {
    const host = hostOf(url);
    // The look-up below is skipped for an IP literal: checked here instead.
    const reason = isIP(host) !== 0 ? options.policy.refusal(host) : null;
    if (reason !== null) throw new UpstreamError('refused', streamRefusal(host, reason));
  }
  const headersTimeoutMs = options.headersTimeoutMs ?? UPSTREAM_HEADERS_TIMEOUT_MS;
  const idleTimeoutMs = options.idleTimeoutMs ?? UPSTREAM_IDLE_TIMEOUT_MS;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<IncomingMessage>((resolvePromise, reject) => {
    const req = send(url, {
      method: 'GET',
      // A connection of its own: a stream holds it for as long as it plays.
      agent: false,
      headers: { accept: '*/*', 'user-agent': 'Fieldlink camera proxy' },
      ...(options.policy ? { lookup: guardedLookup(options.policy, resolve) } : {}),
      ...(signal ? { signal } : {}),
    });
    const timer = setTimeout(() => {
      req.destroy(
        new UpstreamError('timeout', `the camera stream did not answer in ${formatWait(headersTimeoutMs)}`),
      );
    }, headersTimeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (error instanceof UpstreamError) return reject(error);
      if (signal?.aborted) return reject(new UpstreamError('network', 'the client went away'));
      reject(
        new UpstreamError(
          'network',
          `the camera stream could not be reached: ${error.code ?? error.message}`,
        ),
      );
    });
    req.on('response', (res) => {
      clearTimeout(timer);
      if (res.statusCode !== 200) {
        res.destroy();
        reject(new UpstreamError('status', `the camera stream answered HTTP ${res.statusCode ?? 0}`));
        return;
      }
      // A body that stops flowing (a camera that hung) ends rather than holding the client forever.
      res.socket.setTimeout(idleTimeoutMs, () => res.destroy());
      resolvePromise(res);
    });
    req.end();
  });
}

/** Reads a whole body up to `max` bytes; null when it is larger. */
export async function readBody(res: IncomingMessage, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) {
      res.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
