/** What the apps route tests share: an app framing one intranet origin, people, tenants, calls. */
import type { Ability } from '@fieldlink/protocol';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { login, register, sendAs, T0, useAccountsApp } from '../accounts/test-support.js';
import type { AccountsHarness } from '../accounts/test-support.js';
import { storedAbilities } from '../accounts/access.js';
import type { StorageCase } from '../storage/test-support.js';

/** The one http origin the test app may frame (MICRO_APP_ORIGINS). */
export const INTRANET = 'http://intranet:8080';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface Person {
  readonly id: number;
  readonly name: string;
  readonly token: string;
}

export interface PersonOptions {
  readonly authority?: number;
  readonly tenantId?: number;
  readonly abilities?: readonly Ability[];
}

export interface AppsApi {
  readonly h: AccountsHarness;
  /** A registered, signed-in account with these settings. */
  person(options?: PersonOptions): Promise<Person>;
  /** A new tenant's id. */
  tenant(): Promise<number>;
  send(method: Method, url: string, who: Person | null, payload?: unknown): Promise<LightMyRequestResponse>;
  /** The call's JSON body, after checking its status. */
  ok<T>(method: Method, url: string, who: Person, payload?: unknown, status?: number): Promise<T>;
}

let people = 0;
let tenants = 0;

export function useAppsApi(store: StorageCase): AppsApi {
  const h = useAccountsApp(store, { microAppOrigins: [INTRANET] });
  const send: AppsApi['send'] = (method, url, who, payload) =>
    sendAs(h.app, method, url, who === null ? null : who.token, payload);
  return {
    h,
    async person(options = {}) {
      people += 1;
      const name = `apps-${people}`;
      const { id } = await register(h, name);
      const changes = {
        ...(options.authority === undefined ? {} : { authority: options.authority }),
        ...(options.tenantId === undefined ? {} : { tenant_id: options.tenantId }),
        ...(options.abilities === undefined ? {} : { abilities: storedAbilities(options.abilities) }),
      };
      if (Object.keys(changes).length > 0) {
        await h.storage.db.updateTable('users').set(changes).where('id', '=', id).execute();
      }
      return { id, name, token: (await login(h, name)).accessToken };
    },
    async tenant() {
      tenants += 1;
      const row = await h.storage.db
        .insertInto('tenants')
        .values({ key: `apps-tenant-${tenants}`, name: `Tenant ${tenants}`, created_at: T0, updated_at: T0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    send,
    async ok<T>(
      method: Method,
      url: string,
      who: Person,
      payload?: unknown,
      status = method === 'POST' ? 201 : 200,
    ) {
      const res = await send(method, url, who, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
      return (status === 204 ? null : res.json()) as T;
    },
  };
}
