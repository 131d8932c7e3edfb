/** Branding lookup and the admin tenant routes, on both databases. */
import { describe, expect, it as baseIt } from 'vitest';
import { bearer, expectError, login, register, useAccountsApp } from '../accounts/test-support.js';
import { storageCases } from '../storage/test-support.js';
import { DEFAULT_BRANDING } from './branding.js';

describe.each(storageCases())('tenants on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store);

  const branding = (query: string) => h.app.inject({ method: 'GET', url: `/api/v1/branding${query}` });
  const send = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string | null, payload?: unknown) =>
    h.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: token === null ? {} : bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** An admin and a plain user, made once per name prefix. */
  async function tokens(prefix: string): Promise<{ admin: string; user: string; userId: number }> {
    const admin = await register(h, `${prefix}-admin`);
    const user = await register(h, `${prefix}-user`);
    await h.storage.db.updateTable('users').set({ authority: 1000 }).where('id', '=', admin.id).execute();
    return {
      admin: (await login(h, `${prefix}-admin`)).accessToken,
      user: (await login(h, `${prefix}-user`)).accessToken,
      userId: user.id,
    };
  }

  it('gives the default branding for the bare domain, shared host names and unknown keys', async () => {
    await h.storage.db
      .insertInto('tenants')
      .values({ key: 'www', name: 'stray row', page_title: 'Stray', created_at: 0, updated_at: 0 })
      .execute();
    for (const query of ['', '?key=', '?key=www', '?key=WWW', '?key=ems', '?key=dam', '?key=nobody-here']) {
      const res = await branding(query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
      expect(res.json()).toEqual({ ...DEFAULT_BRANDING, redirectAllow: [] });
    }
    expect(DEFAULT_BRANDING).toMatchObject({ key: 'default', pageTitle: 'Fieldlink Cloud Platform' });
  });

  it("gives a created tenant's branding, matching the key in any case", async () => {
    const { admin } = await tokens('brand');
    const created = await send('POST', '/tenants', admin, {
      key: 'Acme-Water',
      name: 'Acme Water',
      logo: 'https://cdn.example.com/acme/logo.png',
      pageTitle: 'Acme Remote I/O',
      userNamePrefix: 'acme_',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      key: 'acme-water',
      name: 'Acme Water',
      loginTitleImage: null,
      createdAt: new Date(h.clock.ms).toISOString(),
    });
    const expected = {
      key: 'acme-water',
      logo: 'https://cdn.example.com/acme/logo.png',
      loginTitleImage: DEFAULT_BRANDING.loginTitleImage,
      pageTitle: 'Acme Remote I/O',
      userNamePrefix: 'acme_',
      redirectAllow: [],
    };
    for (const key of ['acme-water', 'ACME-WATER', 'Acme-Water']) {
      const res = await branding(`?key=${key}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(expected);
    }
  });

  it('refuses malformed branding keys', async () => {
    for (const query of [
      '?key=a.b',
      '?key=a_b',
      '?key=%C3%A9t%C3%A9',
      `?key=${'a'.repeat(64)}`,
      '?key=a&key=b',
      '?key=a&other=1',
      '?key=%00',
    ]) {
      expectError(await branding(query), 400, 'bad_request');
    }
    expect((await branding(`?key=${'a'.repeat(63)}`)).statusCode).toBe(200);
  });

  it('lets only administrators see and change tenants', async () => {
    const { user } = await tokens('guard');
    const calls: Array<['GET' | 'POST' | 'PATCH', string, unknown]> = [
      ['GET', '/tenants', undefined],
      ['POST', '/tenants', { key: 'guarded', name: 'Guarded' }],
      ['PATCH', '/tenants/1', { name: 'x' }],
      ['GET', '/tenants/1/users', undefined],
    ];
    for (const [method, url, payload] of calls) {
      expectError(await send(method, url, null, payload), 401, 'unauthorized');
      expectError(await send(method, url, 'x.y.z', payload), 401, 'unauthorized');
      expectError(await send(method, url, user, payload), 403, 'forbidden');
    }
    expect(
      await h.storage.db.selectFrom('tenants').select('id').where('key', '=', 'guarded').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('creates, lists and refuses duplicate or reserved keys', async () => {
    const { admin } = await tokens('create');
    const first = await send('POST', '/tenants', admin, { key: 'north', name: 'North' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ logo: null, pageTitle: null, userNamePrefix: null });
    expectError(await send('POST', '/tenants', admin, { key: 'NORTH', name: 'Again' }), 409, 'conflict');
    for (const key of ['www', 'Ems', 'dam', 'default', '', 'a b', 'x'.repeat(64)]) {
      expectError(await send('POST', '/tenants', admin, { key, name: 'Reserved' }), 400, 'bad_request');
    }
    for (const payload of [
      { key: 'south' },
      { key: 'south', name: '' },
      { key: 'south', name: 'South', extra: 1 },
      { key: 'south', name: 'South', userNamePrefix: 'a b' },
      { key: 'south', name: 'South\u0000' },
      { key: 'south', name: 'South', logo: 7 },
    ]) {
      expectError(await send('POST', '/tenants', admin, payload), 400, 'bad_request');
    }
    expect((await send('POST', '/tenants', admin, { key: 'south', name: 'South' })).statusCode).toBe(201);

    const list = await send('GET', '/tenants', admin);
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json() as { items: Array<{ key: string }>; total: number };
    expect(body.total).toBe(body.items.length);
    expect(body.items.map((t) => t.key)).toEqual(expect.arrayContaining(['north', 'south']));
    const page = (await send('GET', '/tenants?limit=1&offset=1', admin)).json() as typeof body;
    expect(page).toEqual({ items: [body.items[1]], total: body.total });
    expectError(await send('GET', '/tenants?limit=0', admin), 400, 'bad_request');
    expectError(await send('GET', '/tenants?sort=key', admin), 400, 'bad_request');
  });

  it('patches some fields, clears others with null, and keeps keys unique', async () => {
    const { admin } = await tokens('patch');
    const east = (
      await send('POST', '/tenants', admin, {
        key: 'east',
        name: 'East',
        pageTitle: 'East IO',
        logo: '/e.png',
      })
    ).json() as { id: number; createdAt: string };
    await send('POST', '/tenants', admin, { key: 'west', name: 'West' });
    h.clock.advance(1000);

    const res = await send('PATCH', `/tenants/${east.id}`, admin, { name: 'East Side', logo: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: east.id,
      key: 'east',
      name: 'East Side',
      logo: null,
      loginTitleImage: null,
      pageTitle: 'East IO',
      userNamePrefix: null,
      createdAt: east.createdAt,
      updatedAt: new Date(h.clock.ms).toISOString(),
    });
    expect((await branding('?key=east')).json()).toMatchObject({
      logo: DEFAULT_BRANDING.logo,
      pageTitle: 'East IO',
    });

    expect((await send('PATCH', `/tenants/${east.id}`, admin, {})).json()).toEqual(res.json());
    expect((await send('PATCH', `/tenants/${east.id}`, admin, { key: 'EAST' })).statusCode).toBe(200);
    expectError(await send('PATCH', `/tenants/${east.id}`, admin, { key: 'west' }), 409, 'conflict');
    expectError(await send('PATCH', `/tenants/${east.id}`, admin, { key: 'www' }), 400, 'bad_request');
    expectError(await send('PATCH', `/tenants/${east.id}`, admin, { name: null }), 400, 'bad_request');
    expectError(await send('PATCH', `/tenants/${east.id}`, admin, { colour: 'red' }), 400, 'bad_request');
    expectError(await send('PATCH', '/tenants/999999', admin, { name: 'Nobody' }), 404, 'not_found');
    expectError(await send('PATCH', '/tenants/abc', admin, { name: 'Nobody' }), 400, 'bad_request');

    const moved = await send('PATCH', `/tenants/${east.id}`, admin, { key: 'east-2' });
    expect(moved.json()).toMatchObject({ key: 'east-2' });
    expect((await branding('?key=east')).json()).toEqual({ ...DEFAULT_BRANDING, redirectAllow: [] });
    expect((await branding('?key=east-2')).json()).toMatchObject({ key: 'east-2', pageTitle: 'East IO' });
  });

  it("lists a tenant's users", async () => {
    const { admin, userId } = await tokens('members');
    const tenant = (await send('POST', '/tenants', admin, { key: 'members', name: 'Members' })).json() as {
      id: number;
    };
    const other = (await send('POST', '/tenants', admin, { key: 'others', name: 'Others' })).json() as {
      id: number;
    };
    const second = await register(h, 'members-second');
    const outsider = await register(h, 'members-outsider');
    const db = h.storage.db;
    await db
      .updateTable('users')
      .set({ tenant_id: tenant.id })
      .where('id', 'in', [userId, second.id])
      .execute();
    await db.updateTable('users').set({ tenant_id: other.id }).where('id', '=', outsider.id).execute();

    const res = await send('GET', `/tenants/${tenant.id}/users`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      items: [
        { id: userId, userName: 'members-user', tenantId: tenant.id },
        { id: second.id, userName: 'members-second', tenantId: tenant.id },
      ],
      total: 2,
    });
    expect((await send('GET', `/tenants/${tenant.id}/users?offset=1`, admin)).json()).toEqual({
      items: [{ id: second.id, userName: 'members-second', tenantId: tenant.id }],
      total: 2,
    });
    const empty = (await send('POST', '/tenants', admin, { key: 'empty', name: 'Empty' })).json() as {
      id: number;
    };
    expect((await send('GET', `/tenants/${empty.id}/users`, admin)).json()).toEqual({ items: [], total: 0 });
    expectError(await send('GET', '/tenants/999999/users', admin), 404, 'not_found');
    expectError(await send('GET', '/tenants/0/users', admin), 400, 'bad_request');
  });
});
