/** What the tenant route tests share: the accounts app, calls as an administrator, and tokens. */
import type { LightMyRequestResponse } from 'fastify';
import { bearer, login, register, useAccountsApp } from '../accounts/test-support.js';
import type { AccountsHarness } from '../accounts/test-support.js';
import type { StorageCase } from '../storage/test-support.js';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface TenantsApi {
  readonly h: AccountsHarness;
  branding(query: string): Promise<LightMyRequestResponse>;
  /** A call under /api/v1 with `token` as bearer (none when null). */
  send(method: Method, url: string, token: string | null, payload?: unknown): Promise<LightMyRequestResponse>;
  /** An administrator and a plain user, made once per name prefix. */
  tokens(prefix: string): Promise<{ admin: string; user: string; userId: number }>;
}

export function useTenantsApi(store: StorageCase): TenantsApi {
  const h = useAccountsApp(store);
  return {
    h,
    branding: (query) => h.app.inject({ method: 'GET', url: `/api/v1/branding${query}` }),
    send: (method, url, token, payload) =>
      h.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: token === null ? {} : bearer(token),
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    async tokens(prefix) {
      const admin = await register(h, `${prefix}-admin`);
      const user = await register(h, `${prefix}-user`);
      await h.storage.db.updateTable('users').set({ authority: 1000 }).where('id', '=', admin.id).execute();
      return {
        admin: (await login(h, `${prefix}-admin`)).accessToken,
        user: (await login(h, `${prefix}-user`)).accessToken,
        userId: user.id,
      };
    },
  };
}
