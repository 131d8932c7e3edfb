/** What the account tests share: a clock they move, a sender that keeps codes, and sign-up helpers. */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../app.js';
import type { AppOptions } from '../app.js';
import type { Storage } from '../storage/open.js';
import { useStorage } from '../storage/test-support.js';
import type { StorageCase } from '../storage/test-support.js';
import type { CodeMessage, CodeSender } from './code-sender.js';
import type { Param } from './preferences.js';

export const T0 = Date.UTC(2026, 0, 5, 8, 0, 0);

export class TestClock {
  constructor(public ms = T0) {}
  readonly now = (): number => this.ms;
  advance(ms: number): void {
    this.ms += ms;
  }
}

/** A real sender that keeps every message instead of delivering it. */
export class RecordingCodeSender implements CodeSender {
  readonly messages: CodeMessage[] = [];
  failing = false;

  async send(message: CodeMessage): Promise<void> {
    if (this.failing) throw new Error('gateway down');
    this.messages.push(message);
  }

  /** The last code sent to `target`. */
  lastCode(target: string): string {
    const found = this.messages.filter((m) => m.target === target).at(-1);
    if (!found) throw new Error(`no code was sent to ${target}`);
    return found.code;
  }
}

export interface AccountsHarness {
  readonly app: FastifyInstance;
  readonly clock: TestClock;
  readonly sender: RecordingCodeSender;
  readonly jwtKey: Uint8Array;
  readonly storage: Storage;
}

/** App options a suite may add to the harness's own (storage, secrets, sender, clock). */
export type ExtraAppOptions = Omit<AppOptions, 'storage' | 'secrets' | 'codeSender' | 'now' | 'logLevel'>;

async function buildAccountsApp(storage: Storage, extra: ExtraAppOptions): Promise<AccountsHarness> {
  const clock = new TestClock();
  const sender = new RecordingCodeSender();
  const jwtKey = new Uint8Array(randomBytes(32));
  const app = await buildApp({
    ...extra,
    storage,
    secrets: { jwtKey },
    codeSender: sender,
    now: clock.now,
    logLevel: false,
  });
  await app.ready();
  return { app, clock, sender, jwtKey, storage };
}

/**
 * Opens the case's database and an app on it for the enclosing suite, and closes both after it.
 * The returned harness reads through to the app once the suite has started.
 */
export function useAccountsApp(store: StorageCase, extra: ExtraAppOptions = {}): AccountsHarness {
  const storage = useStorage(store);
  let built: AccountsHarness | undefined;
  beforeAll(async () => {
    if (store.skip !== null) return;
    built = await buildAccountsApp(storage(), extra);
  });
  afterAll(async () => {
    await built?.app.close();
  });
  const get = (): AccountsHarness => {
    if (!built) throw new Error(`${store.title}: the app exists only inside the suite's tests`);
    return built;
  };
  return {
    get app() {
      return get().app;
    },
    get clock() {
      return get().clock;
    },
    get sender() {
      return get().sender;
    },
    get jwtKey() {
      return get().jwtKey;
    },
    get storage() {
      return get().storage;
    },
  };
}

export function post(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers });
}

/** A request to the API as `token`'s user (null: signed out), with an optional JSON body. */
export function sendAs(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token: string | null,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `/api/v1${url}`,
    headers: token === null ? {} : bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export function bearer(accessToken: string): Record<string, string> {
  return { authorization: `Bearer ${accessToken}` };
}

export function expectError(res: LightMyRequestResponse, status: number, code: string): string {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  return body.error.message;
}

let phoneCounter = 0;

/** A phone number no other test of the run uses. */
export function freshPhone(): string {
  phoneCounter += 1;
  return `139${String(phoneCounter).padStart(8, '0')}`;
}

let clientCounter = 0;

/**
 * A client address no other request of the run came from, so the per-address limit on codes
 * does not hold back suites that sign many users up.
 */
export function freshClientAddress(): string {
  clientCounter += 1;
  return `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
}

export async function requestCode(
  h: AccountsHarness,
  target: { phone: string } | { email: string },
  purpose: 'register' | 'recover' | 'bind',
): Promise<string> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/api/v1/auth/verification-codes',
    payload: { ...target, purpose },
    remoteAddress: freshClientAddress(),
  });
  expect(res.statusCode, res.body).toBe(202);
  return h.sender.lastCode('phone' in target ? target.phone : target.email);
}

/** Registers a user (moving the clock past the code interval) and returns its id and phone. */
export async function register(
  h: AccountsHarness,
  userName: string,
  password = 'secret123',
): Promise<{ id: number; phone: string }> {
  const phone = freshPhone();
  const code = await requestCode(h, { phone }, 'register');
  const res = await post(h.app, '/auth/register', { userName, password, phone, code });
  expect(res.statusCode, res.body).toBe(201);
  return { id: (res.json() as { id: number }).id, phone };
}

export interface SessionBody {
  accessToken: string;
  refreshToken: string;
  registeredAt: string;
}

export async function login(
  h: AccountsHarness,
  userName: string,
  password = 'secret123',
): Promise<SessionBody> {
  const res = await post(h.app, '/auth/login', { userName, password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SessionBody;
}

/** A param as an existing database holds it, under the specification's names. */
export const STORED_PARAM = {
  Sleep_Enable: true,
  Sleep_begin: 1320,
  Sleep_end: 360,
  en_openall: false,
  en_closeall: true,
  en_oprall_Confirm: false,
  en_opr_sec: true,
  sec_confirm: true,
  en_google: true,
  info: { alarm: { alarmtype: 4, alarmsound: 7 }, cfg: { theme: 'dark', rows: [1, 2] } },
};

/** STORED_PARAM as the server reads it, under the domain names. */
export const STORED_PARAM_READ: Param = {
  quietHours: { enabled: true, start: 1320, end: 360 },
  openAllButton: false,
  closeAllButton: true,
  confirmOpenCloseAll: false,
  confirmOperations: true,
  operationPassword: true,
  googleMaps: true,
  alarm: { repeat: 4, sound: 7 },
  consoleSettings: { theme: 'dark', rows: [1, 2] },
};
