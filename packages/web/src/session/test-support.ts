/**
 * Test helpers for the session and the calls it makes: a fetch stand-in that answers by method
 * and path and records every request, and a signed-in user record.
 */
import { ADMIN_LEVEL, PARAM_DEFAULTS } from '@fieldlink/protocol';
import { vi } from 'vitest';
import type { Me } from './me';

export interface RecordedRequest {
  readonly method: string;
  /** Path under /api/v1, with the query string. */
  readonly path: string;
  readonly body: unknown;
  readonly authorization: string | null;
}

export interface Reply {
  readonly status?: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** The server cannot be reached: fetch rejects as a browser's does (the call is still recorded). */
  readonly unreachable?: boolean;
}

/** `METHOD /path` (without the query) → the reply, or a function of the request. */
export type Routes = Record<string, Reply | ((request: RecordedRequest) => Reply)>;

export function mockFetch(routes: Routes): { calls: RecordedRequest[]; restore: () => void } {
  const calls: RecordedRequest[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const path = url.replace(/^.*?api\/v1/, '');
    const headers = new Headers(init?.headers);
    const request: RecordedRequest = {
      method: init?.method ?? 'GET',
      path,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      authorization: headers.get('authorization'),
    };
    calls.push(request);
    const route = routes[`${request.method} ${path.split('?')[0]}`];
    const reply = typeof route === 'function' ? route(request) : (route ?? { status: 404 });
    if (reply.unreachable) throw new TypeError('Failed to fetch');
    const status = reply.status ?? 200;
    const body =
      reply.body === undefined
        ? status >= 400
          ? JSON.stringify({ error: { code: 'http', message: `status ${status}` } })
          : null
        : JSON.stringify(reply.body);
    return new Response(status === 204 ? null : body, {
      status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  return { calls, restore: () => spy.mockRestore() };
}

export const unreachable: Reply = { unreachable: true };

export const errorReply = (status: number, code: string, message: string): Reply => ({
  status,
  body: { error: { code, message } },
});

/** The access of an ordinary account: no role, the four abilities (the server's default). */
export const SAMPLE_ACCESS: Me['access'] = {
  admin: false,
  roles: [],
  abilities: ['READ', 'WRITE', 'OPR', 'DELETE'],
};

export function sampleMe(overrides: Partial<Me> = {}): Me {
  return {
    id: 7,
    userName: 'alice',
    authority: 4,
    phone: '13800000000',
    email: null,
    language: 'zh',
    city: null,
    param: PARAM_DEFAULTS,
    cameraParam: null,
    chartFilters: {},
    registeredAt: '2026-01-05T08:00:00.000Z',
    firstSignIn: false,
    // What every account holds unless an administrator changed it (§6); the server's admin flag.
    access: { ...SAMPLE_ACCESS, admin: (overrides.authority ?? 4) >= ADMIN_LEVEL },
    ...overrides,
  };
}
