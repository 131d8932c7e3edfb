/**
 * The one HTTP client of the console: JSON over fetch with the bearer access token, a 12 s
 * timeout (specification §9), and the server's error shape `{ error: { code, message } }` turned
 * into an ApiError. Domain modules beside this one (auth, equipment, history, …) hold the typed
 * calls; components never call fetch themselves.
 */
import { useSession } from '../session/store';

export const API_BASE = 'api/v1';
export const REQUEST_TIMEOUT_MS = 12_000;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** How long to wait before trying again, from a 429's `Retry-After` (seconds); null without. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Query = Record<string, string | number | boolean | readonly (string | number)[] | undefined>;

export interface RequestOptions {
  readonly body?: unknown;
  readonly query?: Query;
  readonly signal?: AbortSignal;
  /** Send no access token (sign-in, registration, branding). */
  readonly anonymous?: boolean;
  /**
   * The body is read as a stream (a download): the timeout covers only the wait for the response,
   * so a long body is not cut off.
   */
  readonly stream?: boolean;
}

/** Hooks the session installs: what to do when the server says the token is no longer good. */
let onUnauthorized: (() => void) | null = null;
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

export function apiUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    if (Array.isArray(value)) params.set(key, value.join(','));
    else params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

/** Sends a request and returns the raw response once it is OK; throws ApiError otherwise. */
export async function send(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  const token = useSession.getState().accessToken;
  if (token && !options.anonymous) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const headersOnly = options.stream ? new AbortController() : null;
  const timer = headersOnly ? setTimeout(() => headersOnly.abort(), REQUEST_TIMEOUT_MS) : undefined;
  const timeout = headersOnly?.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal,
    });
  } catch (error) {
    if (timeout.aborted) throw new ApiError(0, 'timeout', 'the server did not answer in time');
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'network', 'the server cannot be reached');
  } finally {
    clearTimeout(timer);
  }
  if (response.ok) return response;
  let code = 'http';
  let message = `${response.status} ${response.statusText}`;
  try {
    const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
    if (typeof body.error?.code === 'string') code = body.error.code;
    if (typeof body.error?.message === 'string') message = body.error.message;
  } catch {
    // Not JSON: keep the status line.
  }
  if (response.status === 401 && token && !options.anonymous) onUnauthorized?.();
  const retryAfter = Number(response.headers.get('retry-after') ?? '');
  throw new ApiError(
    response.status,
    code,
    message,
    Number.isInteger(retryAfter) && retryAfter > 0 ? retryAfter : null,
  );
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(method, path, options);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const get = <T>(path: string, options?: RequestOptions): Promise<T> =>
  request<T>('GET', path, options);
export const post = <T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> =>
  request<T>('POST', path, { ...options, body });
export const patch = <T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> =>
  request<T>('PATCH', path, { ...options, body });
export const del = <T>(path: string, options?: RequestOptions): Promise<T> =>
  request<T>('DELETE', path, options);
