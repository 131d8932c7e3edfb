/** Branding lookup and the admin tenant routes, on both databases. */
import { describe, expect, it as baseIt } from 'vitest';
import { expectError } from '../accounts/test-support.js';
import { storageCases } from '../storage/test-support.js';
import { DEFAULT_BRANDING } from './branding.js';
import { useTenantsApi } from './test-support.js';
import type { Method } from './test-support.js';

describe.each(storageCases())('tenants on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const { h, branding, send, tokens } = useTenantsApi(store);

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
    const calls: Array<[Method, string, unknown]> = [
      ['GET', '/tenants', undefined],
      ['POST', '/tenants', { key: 'guarded', name: 'Guarded' }],
      ['PATCH', '/tenants/1', { name: 'x' }],
      ['DELETE', '/tenants/1', undefined],
      ['GET', '/tenants/1/users', undefined],
      ['POST', '/tenants/1/users', { userName: 'guard-user' }],
      ['DELETE', '/tenants/1/users/1', undefined],
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
    expect(first.json()).toMatchObject({ logo: null, pageTitle: null, userNamePrefix: null, userCount: 0 });
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
      userCount: 0,
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

  it('takes images the console can load: a path on its host or an https address', async () => {
    const { admin } = await tokens('images');
    const tenant = (await send('POST', '/tenants', admin, { key: 'images', name: 'Images' })).json() as {
      id: number;
    };
    for (const image of [
      '/api/v1/pictures/a1b2/logo.png',
      '/branding/default/logo.png',
      'https://cdn.example.com/acme/logo.png?v=2',
      'HTTPS://CDN.EXAMPLE.COM/x.png',
      'https://[2001:db8::1]:8443/logo.svg',
      `/${'a'.repeat(1023)}`,
    ]) {
      const res = await send('PATCH', `/tenants/${tenant.id}`, admin, {
        logo: image,
        loginTitleImage: image,
      });
      expect(res.statusCode, `${image}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ logo: image, loginTitleImage: image });
    }
    for (const image of [
      '',
      'logo.png',
      'http://cdn.example.com/logo.png',
      '//cdn.example.com/logo.png',
      '/\\cdn.example.com/logo.png',
      'https://',
      'https://user@cdn.example.com/logo.png',
      'https://cdn.example.com/a b.png',
      '/logo.png\n',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      `/${'a'.repeat(1024)}`,
    ]) {
      for (const field of ['logo', 'loginTitleImage']) {
        const res = await send('PATCH', `/tenants/${tenant.id}`, admin, { [field]: image });
        expectError(res, 400, 'bad_request');
      }
      expectError(
        await send('POST', '/tenants', admin, { key: 'images-2', name: 'Images', logo: image }),
        400,
        'bad_request',
      );
    }
  });

  it('counts the users of each tenant', async () => {
    const { admin, userId } = await tokens('count');
    const tenant = (await send('POST', '/tenants', admin, { key: 'counted', name: 'Counted' })).json() as {
      id: number;
    };
    await h.storage.db.updateTable('users').set({ tenant_id: tenant.id }).where('id', '=', userId).execute();
    const list = (await send('GET', '/tenants', admin)).json() as {
      items: Array<{ id: number; userCount: number }>;
    };
    expect(list.items.find((t) => t.id === tenant.id)).toMatchObject({ userCount: 1 });
    const patched = await send('PATCH', `/tenants/${tenant.id}`, admin, { name: 'Counted 2' });
    expect(patched.json()).toMatchObject({ name: 'Counted 2', userCount: 1 });
  });
});
