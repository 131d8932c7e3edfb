import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectError, login, register, sendAs, T0, useAccountsApp } from '../accounts/test-support.js';
import type { AccountsHarness } from '../accounts/test-support.js';
import { RecordingSocket as FakeSocket } from '../live/test-support.js';
import { storageCases } from '../storage/test-support.js';

const DAY = 24 * 60 * 60 * 1000;

function ok<T>(res: LightMyRequestResponse, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return (status === 204 ? null : res.json()) as T;
}

interface Person {
  readonly id: number;
  readonly token: string;
}

let people = 0;

async function person(
  h: AccountsHarness,
  options: { admin?: boolean; tenantId?: number } = {},
): Promise<Person> {
  people += 1;
  const name = `notice-${people}`;
  const { id } = await register(h, name);
  if (options.admin || options.tenantId !== undefined) {
    await h.storage.db
      .updateTable('users')
      .set({
        ...(options.admin ? { authority: 1000 } : {}),
        ...(options.tenantId === undefined ? {} : { tenant_id: options.tenantId }),
      })
      .where('id', '=', id)
      .execute();
  }
  return { id, token: (await login(h, name)).accessToken };
}

async function tenant(h: AccountsHarness, key: string): Promise<number> {
  const row = await h.storage.db
    .insertInto('tenants')
    .values({
      key,
      name: `Tenant ${key}`,
      logo: null,
      login_title_image: null,
      page_title: null,
      user_name_prefix: null,
      created_at: T0,
      updated_at: T0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

interface Item {
  kind: string;
  id: number;
  title: string;
  read: boolean;
}
interface Page {
  items: Item[];
  total: number;
}
interface Feed extends Page {
  unread: { announcement: number; alarm: number };
}

describe.each(storageCases())('notices on %s', (storageCase) => {
  const h = useAccountsApp(storageCase);
  const run = it.skipIf(storageCase.skip);

  run('an administrator posts an announcement; every user sees it unread, live, and reads it', async () => {
    const admin = await person(h, { admin: true });
    const reader = await person(h);
    const socket = new FakeSocket();
    h.app.live.attach(socket).userId = reader.id;

    const posted = ok<{
      id: number;
      tenantId: number | null;
      createdBy: { name: string };
      readCount: number;
    }>(
      await sendAs(h.app, 'POST', '/admin/announcements', admin.token, {
        title: 'Maintenance tonight',
        text: 'The console is down from 22:00 to 23:00.',
        image: '/api/v1/pictures/banner.png',
      }),
      201,
    );
    expect(posted).toMatchObject({
      tenantId: null,
      readCount: 0,
      createdBy: { name: `notice-${people - 1}` },
    });
    expect(socket.of('Notice')).toEqual([
      {
        infotype: 'Notice',
        info: { kind: 'announcement', id: posted.id, title: 'Maintenance tonight', count: 1 },
      },
    ]);

    const feed = ok<Feed>(await sendAs(h.app, 'GET', '/notices/feed', reader.token));
    expect(feed.items.map((i) => [i.kind, i.id, i.read])).toContainEqual(['announcement', posted.id, false]);
    expect(feed.unread.announcement).toBe(feed.total);
    const before = feed.unread.announcement;

    const listed = ok<Page>(await sendAs(h.app, 'GET', '/notices/announcements?limit=100', reader.token));
    expect(listed.items.find((i) => i.id === posted.id)).toMatchObject({
      title: 'Maintenance tonight',
      image: '/api/v1/pictures/banner.png',
      emailText: null,
      read: false,
    });

    expect(
      ok<{ marked: number }>(
        await sendAs(h.app, 'POST', '/notices/read', reader.token, {
          kind: 'announcement',
          ids: [posted.id],
        }),
      ),
    ).toEqual({ marked: 1 });
    // Again: nothing left to mark.
    expect(
      ok<{ marked: number }>(
        await sendAs(h.app, 'POST', '/notices/read', reader.token, {
          kind: 'announcement',
          ids: [posted.id],
        }),
      ),
    ).toEqual({ marked: 0 });
    const counts = ok<{ announcement: number }>(
      await sendAs(h.app, 'GET', '/notices/unread-count', reader.token),
    );
    expect(counts.announcement).toBe(before - 1);
    const read = ok<Page>(await sendAs(h.app, 'GET', '/notices/announcements?unread=false', reader.token));
    expect(read.items.map((i) => i.id)).toEqual([posted.id]);

    const admins = ok<{ items: { id: number; readCount: number }[] }>(
      await sendAs(h.app, 'GET', '/admin/announcements', admin.token),
    );
    expect(admins.items.find((a) => a.id === posted.id)?.readCount).toBe(1);
  });

  run('a tenant’s announcement reaches only that tenant’s users', async () => {
    const admin = await person(h, { admin: true });
    const acme = await tenant(h, `acme-${storageCase.name}`);
    const other = await tenant(h, `other-${storageCase.name}`);
    const inAcme = await person(h, { tenantId: acme });
    const inOther = await person(h, { tenantId: other });
    const acmeSocket = new FakeSocket();
    const otherSocket = new FakeSocket();
    h.app.live.attach(acmeSocket).userId = inAcme.id;
    h.app.live.attach(otherSocket).userId = inOther.id;

    const posted = ok<{ id: number; tenantId: number; tenantName: string }>(
      await sendAs(h.app, 'POST', '/admin/announcements', admin.token, {
        title: 'Acme only',
        text: 'Water off on Monday.',
        tenantId: acme,
      }),
      201,
    );
    expect(posted).toMatchObject({ tenantId: acme, tenantName: `Tenant acme-${storageCase.name}` });
    expect(acmeSocket.of('Notice')).toHaveLength(1);
    expect(otherSocket.of('Notice')).toEqual([]);
    const seen = (p: Person) =>
      sendAs(h.app, 'GET', '/notices/announcements?limit=100', p.token).then((r) =>
        ok<Page>(r).items.map((i) => i.id),
      );
    expect(await seen(inAcme)).toContain(posted.id);
    expect(await seen(inOther)).not.toContain(posted.id);
    // A notice the caller cannot see is not marked.
    expect(
      ok<{ marked: number }>(
        await sendAs(h.app, 'POST', '/notices/read', inOther.token, {
          kind: 'announcement',
          ids: [posted.id],
        }),
      ),
    ).toEqual({ marked: 0 });

    expectError(
      await sendAs(h.app, 'POST', '/admin/announcements', admin.token, {
        title: 't',
        text: 't',
        tenantId: 999999,
      }),
      404,
      'not_found',
    );
  });

  run('only administrators post, list and delete announcements', async () => {
    const admin = await person(h, { admin: true });
    const user = await person(h);
    const body = { title: 'x', text: 'y' };
    expectError(await sendAs(h.app, 'POST', '/admin/announcements', user.token, body), 403, 'forbidden');
    expectError(await sendAs(h.app, 'GET', '/admin/announcements', user.token), 403, 'forbidden');
    expectError(await sendAs(h.app, 'POST', '/admin/announcements', null, body), 401, 'unauthorized');
    expectError(await sendAs(h.app, 'GET', '/notices/feed', null), 401, 'unauthorized');
    const { id } = ok<{ id: number }>(
      await sendAs(h.app, 'POST', '/admin/announcements', admin.token, body),
      201,
    );
    expectError(await sendAs(h.app, 'DELETE', `/admin/announcements/${id}`, user.token), 403, 'forbidden');
    ok(await sendAs(h.app, 'POST', '/notices/read', user.token, { kind: 'announcement', ids: [id] }));
    ok(await sendAs(h.app, 'DELETE', `/admin/announcements/${id}`, admin.token), 204);
    expectError(await sendAs(h.app, 'DELETE', `/admin/announcements/${id}`, admin.token), 404, 'not_found');
    const reads = await h.storage.db
      .selectFrom('announcement_reads')
      .select('user_id')
      .where('announcement_id', '=', id)
      .execute();
    expect(reads).toEqual([]);
  });

  run('checks what an announcement may hold', async () => {
    const admin = await person(h, { admin: true });
    const post = (body: object) => sendAs(h.app, 'POST', '/admin/announcements', admin.token, body);
    expectError(await post({ title: 't', text: 't', image: 'javascript:alert(1)' }), 400, 'bad_request');
    expectError(await post({ title: 't', text: 't', image: '//evil.example/x.png' }), 400, 'bad_request');
    expectError(await post({ title: '', text: 't' }), 400, 'bad_request');
    ok(
      await post({ title: 'x'.repeat(100), text: 'y'.repeat(4000), image: 'https://cdn.example.com/a.png' }),
      201,
    );
    expectError(await post({ title: 'x'.repeat(101), text: 't' }), 400, 'bad_request');
    expectError(await post({ title: 't', text: 'y'.repeat(4001) }), 400, 'bad_request');
    expectError(await post({ title: 't', text: 't', extra: 1 }), 400, 'bad_request');
  });

  run('pages lists up to 100 at a time', async () => {
    const user = await person(h);
    ok(await sendAs(h.app, 'GET', '/notices/alarms?limit=100', user.token));
    expectError(await sendAs(h.app, 'GET', '/notices/alarms?limit=101', user.token), 400, 'bad_request');
    expectError(
      await sendAs(h.app, 'GET', '/notices/announcements?offset=-1', user.token),
      400,
      'bad_request',
    );
    const ids = Array.from({ length: 100 }, (_, i) => i + 1);
    ok(await sendAs(h.app, 'POST', '/notices/read', user.token, { kind: 'alarm', ids }));
    expectError(
      await sendAs(h.app, 'POST', '/notices/read', user.token, { kind: 'alarm', ids: [...ids, 101] }),
      400,
      'bad_request',
    );
  });

  run('a user’s alarm notices: paged, newest first, marked read one by one or all at once', async () => {
    const user = await person(h);
    const other = await person(h);
    const row = (n: number, userId = user.id) => ({
      user_id: userId,
      equipment_id: 1,
      equipment_name: 'Tank',
      unid: 'R8000001',
      channel: `AI${n}`,
      level: 1,
      value: 90 + n,
      channel_name: 'Level',
      unit: '%',
      alarm_limit: 80,
      text: `AI${n} Level above the upper limit 80: ${90 + n} %`,
      email_text: `AI${n} Level 高于上限 80：${90 + n} %`,
      mail: 'off' as const,
      at: h.clock.now() - n * 1000,
      created_at: h.clock.now(),
      read_at: null,
    });
    await h.storage.db
      .insertInto('alarm_notices')
      .values([row(1), row(2), row(3), row(4, other.id)])
      .execute();
    const page = ok<{ items: (Item & { alarm: object; emailText: string; mail: string })[]; total: number }>(
      await sendAs(h.app, 'GET', '/notices/alarms?limit=2', user.token),
    );
    expect(page.total).toBe(3);
    expect(page.items.map((i) => i.title)).toEqual(['Tank AI3', 'Tank AI2']);
    expect(page.items[0]).toMatchObject({
      kind: 'alarm',
      image: null,
      emailText: 'AI3 Level 高于上限 80：93 %',
      mail: 'off',
      read: false,
      alarm: {
        equipmentName: 'Tank',
        channel: 'AI3',
        level: 1,
        value: 93,
        name: 'Level',
        unit: '%',
        limit: 80,
      },
    });
    const second = ok<Page>(await sendAs(h.app, 'GET', '/notices/alarms?limit=2&offset=2', user.token));
    expect(second.items.map((i) => i.title)).toEqual(['Tank AI1']);

    // The other user's notice is not theirs to mark.
    const theirs = await h.storage.db
      .selectFrom('alarm_notices')
      .select('id')
      .where('user_id', '=', other.id)
      .execute();
    expect(
      ok<{ marked: number }>(
        await sendAs(h.app, 'POST', '/notices/read', user.token, {
          kind: 'alarm',
          ids: [page.items[0]!.id, theirs[0]!.id],
        }),
      ),
    ).toEqual({ marked: 1 });
    expect(ok<{ alarm: number }>(await sendAs(h.app, 'GET', '/notices/unread-count', user.token)).alarm).toBe(
      2,
    );
    expect(
      ok<{ marked: number }>(await sendAs(h.app, 'POST', '/notices/read-all', user.token, { kind: 'alarm' })),
    ).toEqual({
      marked: 2,
    });
    const unread = ok<Page>(await sendAs(h.app, 'GET', '/notices/alarms?unread=true', user.token));
    expect(unread.total).toBe(0);
    expect(
      ok<{ alarm: number }>(await sendAs(h.app, 'GET', '/notices/unread-count', other.token)).alarm,
    ).toBe(1);
  });

  run('the feed holds the unread notices of the last 24 hours; read-all empties it', async () => {
    const admin = await person(h, { admin: true });
    const user = await person(h);
    // Earlier tests' announcements are for everyone too: start from none unread.
    ok(await sendAs(h.app, 'POST', '/notices/read-all', user.token, {}));
    const { id: old } = ok<{ id: number }>(
      await sendAs(h.app, 'POST', '/admin/announcements', admin.token, { title: 'old', text: 'old' }),
      201,
    );
    const { id: recent } = ok<{ id: number }>(
      await sendAs(h.app, 'POST', '/admin/announcements', admin.token, { title: 'recent', text: 'recent' }),
      201,
    );
    // The clock is not moved a day (the tokens would expire): the first is made older instead.
    const age = (ms: number) =>
      h.storage.db
        .updateTable('announcements')
        .set({ created_at: h.clock.now() - ms })
        .where('id', '=', old)
        .execute();
    // Exactly 24 hours old: still in the window.
    await age(DAY);
    let feed = ok<Feed>(await sendAs(h.app, 'GET', '/notices/feed', user.token));
    expect(feed.items.map((i) => i.id)).toEqual([recent, old]);
    await age(DAY + 1);
    feed = ok<Feed>(await sendAs(h.app, 'GET', '/notices/feed', user.token));
    expect(feed.items.map((i) => i.id)).toEqual([recent]);
    expect(feed.total).toBe(1);
    // Past the window it is still unread, and counted.
    expect(feed.unread.announcement).toBe(2);
    expect(ok<{ marked: number }>(await sendAs(h.app, 'POST', '/notices/read-all', user.token, {}))).toEqual({
      marked: 2,
    });
    feed = ok<Feed>(await sendAs(h.app, 'GET', '/notices/feed', user.token));
    expect(feed).toEqual({ items: [], total: 0, unread: { announcement: 0, alarm: 0 } });
  });

  run('e-mail alarms are off until the user turns them on', async () => {
    const user = await person(h);
    const initial = ok<object>(await sendAs(h.app, 'GET', '/notices/settings', user.token));
    expect(initial).toEqual({
      emailAlarms: false,
      email: null,
      quietHours: { enabled: false, start: 1140, end: 481 },
      timeZone: 'Asia/Shanghai',
    });
    const on = ok<{ emailAlarms: boolean }>(
      await sendAs(h.app, 'PATCH', '/notices/settings', user.token, { emailAlarms: true }),
    );
    expect(on.emailAlarms).toBe(true);
    expect(
      ok<{ emailAlarms: boolean }>(await sendAs(h.app, 'GET', '/notices/settings', user.token)).emailAlarms,
    ).toBe(true);
    ok(await sendAs(h.app, 'PATCH', '/notices/settings', user.token, { emailAlarms: false }));
    expect(
      ok<{ emailAlarms: boolean }>(await sendAs(h.app, 'GET', '/notices/settings', user.token)).emailAlarms,
    ).toBe(false);
    expectError(
      await sendAs(h.app, 'PATCH', '/notices/settings', user.token, { emailAlarms: 'yes' }),
      400,
      'bad_request',
    );
  });
});
