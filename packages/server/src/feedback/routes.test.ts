import { FEEDBACK_LIMITS } from '@fieldlink/protocol';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectError, login, register, sendAs, useAccountsApp } from '../accounts/test-support.js';
import type { AccountsHarness } from '../accounts/test-support.js';
import { storageCases } from '../storage/test-support.js';

const HOUR = 60 * 60 * 1000;

function ok<T>(res: LightMyRequestResponse, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

interface Person {
  readonly id: number;
  readonly name: string;
  readonly token: string;
}

let people = 0;

async function person(h: AccountsHarness, admin = false): Promise<Person> {
  people += 1;
  const name = `feedback-${people}`;
  const { id } = await register(h, name);
  if (admin) await h.storage.db.updateTable('users').set({ authority: 1000 }).where('id', '=', id).execute();
  return { id, name, token: (await login(h, name)).accessToken };
}

interface Entry {
  route: string;
  message: string;
  stack: string;
  at: string;
}

interface Item {
  id: number;
  category: string;
  text: string;
  contact: string | null;
  user: { id: number; name: string } | null;
  userAgent: string | null;
  errorLog: Entry[] | null;
  at: string;
  readAt: string | null;
}

interface Page {
  items: Item[];
  total: number;
  unread: number;
}

const entry = (i: number, overrides: Partial<Entry> = {}): Entry => ({
  route: `/Equips?n=${i}`,
  message: `TypeError: x is undefined (${i})`,
  stack: `TypeError: x is undefined\n    at render (MonitoringPage.tsx:${i}:7)`,
  at: new Date(Date.UTC(2026, 0, 5, 7, 0, i % 60)).toISOString(),
  ...overrides,
});

describe.each(storageCases())('feedback on %s', (storageCase) => {
  const h = useAccountsApp(storageCase);
  const run = it.skipIf(storageCase.skip);

  async function send(p: Person, body: unknown, agent?: string): Promise<LightMyRequestResponse> {
    return h.app.inject({
      method: 'POST',
      url: '/api/v1/feedback',
      headers: { authorization: `Bearer ${p.token}`, ...(agent ? { 'user-agent': agent } : {}) },
      payload: body as object,
    });
  }

  const list = (admin: Person, query = '') =>
    sendAs(h.app, 'GET', `/admin/feedback${query}`, admin.token).then((r) => ok<Page>(r));

  run(
    'a user sends feedback with their error log; an administrator reads it, newest first, and marks it read',
    async () => {
      const admin = await person(h, true);
      const user = await person(h);
      const first = ok<{ id: number; at: string }>(
        await send(user, { category: 'suggestion', text: '  Show the unit beside each value.  ' }),
        201,
      );
      h.clock.advance(1000);
      const log = [entry(1), entry(2)];
      const second = ok<{ id: number; at: string }>(
        await send(
          user,
          { category: 'problem', text: 'The map stays blank', contact: ' ops@example.com ', errorLog: log },
          'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
        ),
        201,
      );
      expect(second.id).toBeGreaterThan(first.id);
      expect(second.at).toBe(new Date(h.clock.ms).toISOString());

      const page = await list(admin);
      const mine = page.items.filter((i) => i.user?.id === user.id);
      expect(mine.map((i) => i.id)).toEqual([second.id, first.id]);
      expect(mine[0]).toEqual({
        id: second.id,
        category: 'problem',
        text: 'The map stays blank',
        contact: 'ops@example.com',
        user: { id: user.id, name: user.name },
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
        errorLog: log,
        at: second.at,
        readAt: null,
      });
      expect(mine[1]).toMatchObject({
        category: 'suggestion',
        text: 'Show the unit beside each value.',
        contact: null,
        errorLog: null,
      });
      expect(page.unread).toBeGreaterThanOrEqual(2);

      const read = ok<Item>(
        await sendAs(h.app, 'PATCH', `/admin/feedback/${second.id}`, admin.token, { read: true }),
      );
      expect(read.readAt).toBe(new Date(h.clock.ms).toISOString());
      // Marked read again later, it keeps the first time.
      h.clock.advance(5000);
      const again = ok<Item>(
        await sendAs(h.app, 'PATCH', `/admin/feedback/${second.id}`, admin.token, { read: true }),
      );
      expect(again.readAt).toBe(read.readAt);
      const unreadOnly = await list(admin, '?unread=true&limit=100');
      expect(unreadOnly.items.some((i) => i.id === second.id)).toBe(false);
      expect(unreadOnly.items.some((i) => i.id === first.id)).toBe(true);
      expect(unreadOnly.unread).toBe(page.unread - 1);
      expect(unreadOnly.total).toBe(unreadOnly.unread);
      const readOnly = await list(admin, '?unread=false&limit=100');
      expect(readOnly.items.map((i) => i.id)).toContain(second.id);
      expect(readOnly.items.every((i) => i.readAt !== null)).toBe(true);

      const unread = ok<Item>(
        await sendAs(h.app, 'PATCH', `/admin/feedback/${second.id}`, admin.token, { read: false }),
      );
      expect(unread.readAt).toBeNull();
      expect((await list(admin)).unread).toBe(page.unread);
    },
  );

  run('pages: offset and limit over the newest first', async () => {
    const admin = await person(h, true);
    const user = await person(h);
    for (let i = 0; i < 3; i += 1) ok(await send(user, { category: 'other', text: `paged ${i}` }), 201);
    const all = await list(admin, '?limit=100');
    const top = await list(admin, '?offset=1&limit=2');
    expect(top.total).toBe(all.total);
    expect(top.items.map((i) => i.id)).toEqual(all.items.slice(1, 3).map((i) => i.id));
    expect(all.items.map((i) => i.id)).toEqual([...all.items.map((i) => i.id)].sort((a, b) => b - a));
  });

  run('only administrators list feedback and mark it; sending needs a signed-in user', async () => {
    const user = await person(h);
    const admin = await person(h, true);
    const created = ok<{ id: number }>(await send(user, { category: 'other', text: 'hello' }), 201);
    expectError(await sendAs(h.app, 'GET', '/admin/feedback', user.token), 403, 'forbidden');
    expectError(
      await sendAs(h.app, 'PATCH', `/admin/feedback/${created.id}`, user.token, { read: true }),
      403,
      'forbidden',
    );
    expectError(await sendAs(h.app, 'GET', '/admin/feedback', null), 401, 'unauthorized');
    expectError(
      await sendAs(h.app, 'POST', '/feedback', null, { category: 'other', text: 'x' }),
      401,
      'unauthorized',
    );
    expectError(
      await sendAs(h.app, 'PATCH', '/admin/feedback/999999999', admin.token, { read: true }),
      404,
      'not_found',
    );
  });

  run(
    'bounds: text 1–4000 and not blank, contact up to 200, 100 log entries, each field cut to its bound',
    async () => {
      const user = await person(h);
      const { textMax, contactMax, errorEntries, routeMax, messageMax, stackMax } = FEEDBACK_LIMITS;
      const bad = async (body: unknown) => expectError(await send(user, body), 400, 'bad_request');
      const good = async (body: unknown) => ok(await send(user, body), 201);
      await good({ category: 'problem', text: 'x'.repeat(textMax) });
      await bad({ category: 'problem', text: 'x'.repeat(textMax + 1) });
      await bad({ category: 'problem', text: '' });
      await bad({ category: 'problem', text: '   \n ' });
      await bad({ category: 'praise', text: 'x' });
      await bad({ category: 'problem', text: 'x\u0000y' });
      await good({ category: 'problem', text: 'x', contact: 'c'.repeat(contactMax) });
      await bad({ category: 'problem', text: 'x', contact: 'c'.repeat(contactMax + 1) });
      await bad({ category: 'problem', text: 'x', extra: 1 });
      // A full log of the longest entries, in three-byte characters: well over 1 MiB of JSON.
      const full = Array.from({ length: errorEntries }, (_, i) =>
        entry(i, {
          route: '路'.repeat(routeMax),
          message: '错'.repeat(messageMax),
          stack: '栈'.repeat(stackMax),
        }),
      );
      await good({ category: 'problem', text: 'full log', errorLog: full });
      await bad({ category: 'problem', text: 'x', errorLog: [...full, entry(0)] });
      await bad({
        category: 'problem',
        text: 'x',
        errorLog: [entry(0, { route: 'r'.repeat(routeMax + 1) })],
      });
      await bad({
        category: 'problem',
        text: 'x',
        errorLog: [entry(0, { message: 'm'.repeat(messageMax + 1) })],
      });
      await bad({
        category: 'problem',
        text: 'x',
        errorLog: [entry(0, { stack: 's'.repeat(stackMax + 1) })],
      });
      await bad({ category: 'problem', text: 'x', errorLog: [{ ...entry(0), at: 'yesterday' }] });
    },
  );

  run('at most 10 an hour per user; the next hour takes more', async () => {
    const user = await person(h);
    const other = await person(h);
    for (let i = 0; i < FEEDBACK_LIMITS.perHour; i += 1) {
      ok(await send(user, { category: 'other', text: `note ${i}` }), 201);
    }
    const refused = await send(user, { category: 'other', text: 'one too many' });
    expect(expectError(refused, 429, 'rate_limited')).toMatch(/at most 10 feedback messages an hour/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not held back.
    ok(await send(other, { category: 'other', text: 'mine' }), 201);
    h.clock.advance(HOUR);
    // The access token has expired meanwhile.
    const later = { ...user, token: (await login(h, user.name)).accessToken };
    ok(await send(later, { category: 'other', text: 'next hour' }), 201);
  });
});
