/** Custom routes: what each user sees, who manages which, names, and framing, on both databases. */
import type { CustomRoute, MyCustomRoutes } from '@fieldlink/protocol';
import { describe, expect, it as baseIt } from 'vitest';
import { expectError } from '../accounts/test-support.js';
import { storageCases } from '../storage/test-support.js';
import { INTRANET, useAppsApi } from './test-support.js';
import type { Method, Person } from './test-support.js';

const child = (
  name: string,
  url = `https://apps.example.com/${name}/`,
  defaultUrl: string | null = null,
) => ({
  name,
  title: `Child ${name}`,
  url,
  defaultUrl,
});

describe.each(storageCases())('custom routes on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const { h, person, tenant, send, ok } = useAppsApi(store);

  const create = (who: Person, body: object) => ok<CustomRoute>('POST', '/admin/custom-routes', who, body);
  const mine = async (who: Person) => (await ok<MyCustomRoutes>('GET', '/custom-routes', who)).items;

  it('shows each user everyone’s routes and their tenant’s whose condition they meet, by sort and id', async () => {
    const admin = await person({ authority: 1000 });
    const north = await tenant();
    const south = await tenant();
    const northUser = await person({ tenantId: north });
    const southUser = await person({ tenantId: south });
    const loner = await person();

    const meters = await create(admin, {
      name: 'Meters',
      title: 'Meters',
      icon: 'DashboardOutlined',
      sort: 20,
      children: [child('day', 'https://apps.example.com/meter/', '#/day'), child('week', `${INTRANET}/week`)],
    });
    expect(meters).toMatchObject({
      name: 'Meters',
      tenantId: null,
      condition: null,
      sort: 20,
      children: [
        { name: 'day', title: 'Child day', url: 'https://apps.example.com/meter/', defaultUrl: '#/day' },
        { name: 'week', title: 'Child week', url: `${INTRANET}/week`, defaultUrl: null },
      ],
      updatedAt: new Date(h.clock.ms).toISOString(),
    });
    const lonerOnly = await create(admin, {
      name: 'private',
      title: 'For one user',
      condition: { op: 'eq', value: loner.id },
    });
    const northFirst = await create(admin, { name: 'pumps', title: 'Pumps', tenantId: north, sort: 1 });
    // Ties on sort go by id.
    const northTie = await create(admin, { name: 'tanks', title: 'Tanks', tenantId: north, sort: 20 });
    const southLater = await create(admin, {
      name: 'wells',
      title: 'Wells',
      tenantId: south,
      condition: { op: 'ge', value: southUser.id + 1 },
    });

    const names = async (who: Person) => (await mine(who)).map((r) => r.name);
    expect(await names(northUser)).toEqual(['pumps', 'Meters', 'tanks']);
    expect(await names(southUser)).toEqual(['Meters']);
    expect(await names(loner)).toEqual(['private', 'Meters']);
    // The user's view leaves out the tenant, the condition and the edit time.
    expect((await mine(loner))[1]).toEqual({
      id: meters.id,
      name: 'Meters',
      title: 'Meters',
      icon: 'DashboardOutlined',
      sort: 20,
      children: meters.children,
    });

    // A later user of the south tenant meets the condition.
    const southNewcomer = await person({ tenantId: south });
    expect(await names(southNewcomer)).toEqual(['wells', 'Meters']);

    // The administrators' list: all of them, or one tenant's.
    const all = await ok<{ items: CustomRoute[] }>('GET', '/admin/custom-routes', admin);
    expect(all.items.map((r) => r.id)).toEqual([
      lonerOnly.id,
      southLater.id,
      northFirst.id,
      meters.id,
      northTie.id,
    ]);
    const northOnly = await ok<{ items: CustomRoute[] }>(
      'GET',
      `/admin/custom-routes?tenantId=${north}`,
      admin,
    );
    expect(northOnly.items.map((r) => r.id)).toEqual([northFirst.id, northTie.id]);

    expectError(await send('GET', '/custom-routes', null), 401, 'unauthorized');
  });

  it('lets a tenant administrator manage only their own tenant’s routes', async () => {
    const admin = await person({ authority: 1000 });
    const north = await tenant();
    const south = await tenant();
    const northAdmin = await person({ authority: 100, tenantId: north });
    // GET /me says so with the derived role, which a manager without a tenant does not get.
    const roles = async (who: typeof admin) =>
      (await ok<{ access: { roles: string[] } }>('GET', '/me', who)).access.roles;
    expect(await roles(northAdmin)).toEqual(['tenantAdmin']);
    expect(await roles(await person({ authority: 100 }))).toEqual([]);
    const global = await create(admin, { name: 'global-tools', title: 'Tools' });
    const southRoute = await create(admin, { name: 'south-tools', title: 'South', tenantId: south });

    // Left out or null: their own tenant; another tenant: refused.
    const own = await create(northAdmin, { name: 'north-tools', title: 'North' });
    expect(own.tenantId).toBe(north);
    expect((await create(northAdmin, { name: 'north-more', title: 'More', tenantId: north })).tenantId).toBe(
      north,
    );
    expectError(
      await send('POST', '/admin/custom-routes', northAdmin, { name: 'x', title: 'X', tenantId: south }),
      403,
      'forbidden',
    );

    const listed = await ok<{ items: CustomRoute[] }>('GET', '/admin/custom-routes', northAdmin);
    expect(listed.items.map((r) => r.tenantId)).toEqual([north, north]);
    expectError(await send('GET', `/admin/custom-routes?tenantId=${south}`, northAdmin), 403, 'forbidden');

    // Another tenant's and everyone's routes do not exist for them.
    for (const id of [global.id, southRoute.id]) {
      expectError(
        await send('PATCH', `/admin/custom-routes/${id}`, northAdmin, { title: 'Mine now' }),
        404,
        'not_found',
      );
      expectError(await send('DELETE', `/admin/custom-routes/${id}`, northAdmin), 404, 'not_found');
    }
    // Nor can they give their own to everyone or to another tenant.
    for (const tenantId of [null, south]) {
      expectError(
        await send('PATCH', `/admin/custom-routes/${own.id}`, northAdmin, { tenantId }),
        403,
        'forbidden',
      );
    }
    const renamed = await ok<CustomRoute>('PATCH', `/admin/custom-routes/${own.id}`, northAdmin, {
      title: 'North tools',
      condition: { op: 'gt', value: 0 },
    });
    expect(renamed).toMatchObject({ name: 'north-tools', title: 'North tools', tenantId: north });
    await ok('DELETE', `/admin/custom-routes/${own.id}`, northAdmin, undefined, 204);
    expectError(await send('DELETE', `/admin/custom-routes/${own.id}`, northAdmin), 404, 'not_found');

    // Authority 100 without a tenant, or a plain member of the tenant: not a manager.
    const noTenant = await person({ authority: 100 });
    const member = await person({ tenantId: north });
    const calls: [Method, string, object | undefined][] = [
      ['GET', '/admin/custom-routes', undefined],
      ['POST', '/admin/custom-routes', { name: 'nope', title: 'Nope' }],
      ['PATCH', `/admin/custom-routes/${southRoute.id}`, { title: 'Nope' }],
      ['DELETE', `/admin/custom-routes/${southRoute.id}`, undefined],
    ];
    for (const who of [noTenant, member]) {
      for (const [method, url, payload] of calls) {
        const message = expectError(await send(method, url, who, payload), 403, 'forbidden');
        expect(message).toContain('only administrators and tenant administrators');
      }
    }
    for (const [method, url, payload] of calls) {
      expectError(await send(method, url, null, payload), 401, 'unauthorized');
    }
  });

  it('asks tenant administrators for WRITE to add and change and DELETE to remove, not administrators', async () => {
    const north = await tenant();
    const reader = await person({ authority: 100, tenantId: north, abilities: ['READ'] });
    const writer = await person({ authority: 100, tenantId: north, abilities: ['READ', 'WRITE'] });
    const admin = await person({ authority: 1000, abilities: [] });
    expect(
      expectError(
        await send('POST', '/admin/custom-routes', reader, { name: 'r', title: 'R' }),
        403,
        'forbidden',
      ),
    ).toContain('lacks the WRITE ability');
    const route = await create(writer, { name: 'w', title: 'W' });
    expectError(
      await send('PATCH', `/admin/custom-routes/${route.id}`, reader, { title: 'X' }),
      403,
      'forbidden',
    );
    expect(
      expectError(await send('DELETE', `/admin/custom-routes/${route.id}`, writer), 403, 'forbidden'),
    ).toContain('lacks the DELETE ability');
    await ok('PATCH', `/admin/custom-routes/${route.id}`, admin, { sort: 3 });
    await ok('DELETE', `/admin/custom-routes/${route.id}`, admin, undefined, 204);
  });

  it('keeps names unique in any case among the routes a user sees', async () => {
    const admin = await person({ authority: 1000 });
    const north = await tenant();
    const south = await tenant();
    await create(admin, { name: 'Tools', title: 'Tools' });
    const taken = async (body: object) =>
      expectError(await send('POST', '/admin/custom-routes', admin, body), 409, 'conflict');
    expect(await taken({ name: 'tools', title: 'Again' })).toBe(
      'the name tools is taken (names compare in any case): a custom route for every user has it',
    );
    expect(await taken({ name: 'TOOLS', title: 'Tenant', tenantId: north })).toContain('for every user');

    const northGauges = await create(admin, { name: 'Gauges', title: 'North gauges', tenantId: north });
    // Another tenant's users never see both.
    const southGauges = await create(admin, { name: 'gauges', title: 'South gauges', tenantId: south });
    expect(await taken({ name: 'GAUGES', title: 'x', tenantId: north })).toContain('the tenant has');
    // One for everyone would reach both tenants' users beside theirs.
    expect(await taken({ name: 'gauges', title: 'Everyone' })).toMatch(/tenant \d+ has a custom route/);

    // Renaming or moving into a name in use is refused; keeping one's own name in another case is not.
    expectError(
      await send('PATCH', `/admin/custom-routes/${northGauges.id}`, admin, { name: 'tools' }),
      409,
      'conflict',
    );
    expectError(
      await send('PATCH', `/admin/custom-routes/${southGauges.id}`, admin, { tenantId: north }),
      409,
      'conflict',
    );
    expectError(
      await send('PATCH', `/admin/custom-routes/${southGauges.id}`, admin, { tenantId: null }),
      409,
      'conflict',
    );
    expect(
      (await ok<CustomRoute>('PATCH', `/admin/custom-routes/${northGauges.id}`, admin, { name: 'GAUGES' }))
        .name,
    ).toBe('GAUGES');

    // The console's own first segments, in any case, and malformed bodies.
    for (const body of [
      { name: 'setting', title: 'x' },
      { name: 'Admin', title: 'x' },
      { name: 'APPAUDIT', title: 'x' },
      { name: '1abc', title: 'x' },
      { name: 'a/b', title: 'x' },
      { name: 'ok', title: '' },
      { name: 'ok', title: 'x', icon: 'evil' },
      { name: 'ok', title: 'x', condition: { op: 'in', value: 1 } },
      { name: 'ok', title: 'x', children: [child('a'), child('A')] },
      { name: 'ok', title: 'x', children: [child('a', 'javascript:alert(1)')] },
      { name: 'ok', title: 'x', children: [child('a', 'https://apps.example.com/', '//evil.example/')] },
      { name: 'ok', title: 'x', children: Array.from({ length: 21 }, (_, i) => child(`c${i}`)) },
      { name: 'ok', title: 'x', extra: 1 },
    ]) {
      expectError(await send('POST', '/admin/custom-routes', admin, body), 400, 'bad_request');
    }
    expectError(
      await send('POST', '/admin/custom-routes', admin, { name: 'ok', title: 'x', tenantId: 999_999 }),
      404,
      'not_found',
    );
  });

  it('refuses plain-http children outside MICRO_APP_ORIGINS, with the reason', async () => {
    const admin = await person({ authority: 1000 });
    const refused = async (method: Method, url: string, body: object, origin: string) => {
      const message = expectError(await send(method, url, admin, body), 400, 'bad_request');
      expect(message).toContain('plain-http apps must be listed in MICRO_APP_ORIGINS');
      expect(message).toContain(origin);
    };
    const body = (...urls: string[]) => ({
      name: 'framed',
      title: 'Framed',
      children: urls.map((url, i) => child(`c${i}`, url)),
    });
    await refused(
      'POST',
      '/admin/custom-routes',
      body('http://other.example:8080/app'),
      'http://other.example:8080',
    );
    // The same host on another port is another origin.
    await refused(
      'POST',
      '/admin/custom-routes',
      body(`${INTRANET}/ok`, 'http://intranet:8081/'),
      'http://intranet:8081',
    );
    const route = await create(admin, body(`${INTRANET}/app/`, 'https://apps.example.com/'));
    await refused(
      'PATCH',
      `/admin/custom-routes/${route.id}`,
      { children: [child('a', 'http://other.example:8080/')] },
      'http://other.example:8080',
    );
    // https needs no listing.
    await ok('PATCH', `/admin/custom-routes/${route.id}`, admin, {
      children: [child('a', 'https://other.example:8443/')],
    });
  });

  it('goes with its tenant', async () => {
    const admin = await person({ authority: 1000 });
    const gone = await tenant();
    const route = await create(admin, { name: 'leaving', title: 'Leaving', tenantId: gone });
    await ok('DELETE', `/tenants/${gone}`, admin, undefined, 204);
    expect(
      await h.storage.db
        .selectFrom('custom_routes')
        .select('id')
        .where('id', '=', route.id)
        .executeTakeFirst(),
    ).toBeUndefined();
  });
});
