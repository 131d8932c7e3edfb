/** What the history tests share: users, equipment and a writer on the harness's database. */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { bearer, login, register } from '../accounts/test-support.js';
import type { AccountsHarness } from '../accounts/test-support.js';
import { HistoryWriter } from './writer.js';
import type { EventInput, Sample } from './writer.js';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export async function send(
  h: AccountsHarness,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string | null,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return h.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: token === null ? {} : bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** Registers and signs in a user; returns the access token and id. */
export async function user(h: AccountsHarness, name: string): Promise<{ token: string; id: number }> {
  const { id } = await register(h, name);
  return { token: (await login(h, name)).accessToken, id };
}

/** Adds equipment as `token`'s user; returns its id. */
export async function addEquipment(
  h: AccountsHarness,
  token: string,
  body: Record<string, unknown>,
): Promise<number> {
  const res = await send(h, 'POST', '/equipment', token, body);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

/** Shares the equipment at `level` with the user of `withToken`. */
export async function share(
  h: AccountsHarness,
  ownerToken: string,
  id: number,
  withToken: string,
  level: 'read' | 'operate' = 'read',
): Promise<void> {
  const code = await send(h, 'POST', `/equipment/${id}/share-codes`, ownerToken, { level, validity: '1w' });
  expect(code.statusCode, code.body).toBe(201);
  const redeemed = await send(h, 'POST', '/share-codes/redeem', withToken, {
    code: (code.json() as { code: string }).code,
  });
  expect(redeemed.statusCode, redeemed.body).toBe(200);
}

/** Stores rows at once through a writer of its own. */
export async function store(
  h: AccountsHarness,
  samples: readonly Sample[],
  events: readonly EventInput[] = [],
) {
  const writer = new HistoryWriter(h.storage.db, { flushMs: 1 });
  await Promise.all([writer.record(samples), ...events.map((e) => writer.recordEvent(e))]);
  await writer.close();
}
