/** Value-added entries: which a user sees, §2's user-id gate, who manages which, on both databases. */
import type { ValueAddedEntry } from '@fieldlink/protocol';
import { describe, expect, it as baseIt } from 'vitest';
import { expectError } from '../accounts/test-support.js';
import { storageCases } from '../storage/test-support.js';
import { useAppsApi } from './test-support.js';
import type { Method, Person } from './test-support.js';
import { valueAddedFor } from './value-added-store.js';

describe.each(storageCases())('value-added entries on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const { h, person, tenant, send, ok } = useAppsApi(store);

  const add = (who: Person, body: object) => ok<ValueAddedEntry>('POST', '/admin/value-added', who, body);
  const titles = async (who: Person) =>
    (await ok<{ items: ValueAddedEntry[] }>('GET', '/value-added', who)).items.map((e) => e.title);

  it('shows a tenant’s users its own entries, and everyone else the entries for everyone, in order', async () => {
    const admin = await person({ authority: 1000 });
    const north = await tenant();
    const south = await tenant();
    const authorization = await add(admin, {
      kind: 'authorization',
      title: 'Authorization',
      url: '/increment/serviceManager',
      sort: 1,
    });
    expect(authorization).toEqual({
      id: authorization.id,
      kind: 'authorization',
      title: 'Authorization',
      icon: null,
      url: '/increment/serviceManager',
      tenantId: null,
      sort: 1,
    });
    await add(admin, { kind: 'sms', title: 'SMS', url: 'https://sms.example.com/', icon: 'MessageOutlined' });
    await add(admin, {
      kind: 'reports',
      title: 'North reports',
      url: '/increment/reports',
      tenantId: north,
      sort: 5,
    });
    await add(admin, {
      kind: 'photos',
      title: 'North photos',
      url: 'http://photos.lan/',
      tenantId: north,
      sort: 2,
    });

    expect(await titles(await person({ tenantId: north }))).toEqual(['North photos', 'North reports']);
    // A tenant without entries of its own, and a user without a tenant: the entries for everyone.
    expect(await titles(await person({ tenantId: south }))).toEqual(['SMS', 'Authorization']);
    expect(await titles(await person())).toEqual(['SMS', 'Authorization']);
    expectError(await send('GET', '/value-added', null), 401, 'unauthorized');
  });

  it('shows authorization management from user id 0 and the other services from id 1 (§2)', async () => {
    // Signed-in users have ids from 1 (access tokens name no other), so the route shows them every
    // kind; the gate for id 0 is checked on the query the route runs.
    const south = await tenant();
    const admin = await person({ authority: 1000 });
    await add(admin, { kind: 'authorization', title: 'South authorization', url: '/a', tenantId: south });
    await add(admin, {
      kind: 'recharge',
      title: 'South recharge',
      url: 'https://pay.example/',
      tenantId: south,
    });
    const kinds = async (id: number) =>
      (await valueAddedFor(h.storage.db, { id, tenantId: south })).map((e) => e.kind);
    expect(await kinds(0)).toEqual(['authorization']);
    expect(await kinds(-1)).toEqual([]);
    expect(await kinds(1)).toEqual(['authorization', 'recharge']);
    const user = await person({ tenantId: south });
    expect(await titles(user)).toEqual(['South authorization', 'South recharge']);
  });

  it('lets a tenant administrator manage only their own tenant’s entries', async () => {
    const admin = await person({ authority: 1000 });
    const north = await tenant();
    const south = await tenant();
    const northAdmin = await person({ authority: 100, tenantId: north });
    const global = await add(admin, { kind: 'sms', title: 'Global SMS', url: 'https://sms.example/' });
    const southEntry = await add(admin, {
      kind: 'sms',
      title: 'South SMS',
      url: 'https://sms.example/',
      tenantId: south,
    });

    const own = await add(northAdmin, { kind: 'simDetails', title: 'SIMs', url: 'https://sim.example/' });
    expect(own.tenantId).toBe(north);
    expectError(
      await send('POST', '/admin/value-added', northAdmin, {
        kind: 'sms',
        title: 'x',
        url: '/x',
        tenantId: south,
      }),
      403,
      'forbidden',
    );
    const listed = await ok<{ items: ValueAddedEntry[] }>('GET', '/admin/value-added', northAdmin);
    expect(listed.items.map((e) => e.id)).toEqual([own.id]);
    expectError(await send('GET', `/admin/value-added?tenantId=${south}`, northAdmin), 403, 'forbidden');
    const southOnly = await ok<{ items: ValueAddedEntry[] }>(
      'GET',
      `/admin/value-added?tenantId=${south}`,
      admin,
    );
    expect(southOnly.items.map((e) => e.id)).toEqual([southEntry.id]);

    for (const id of [global.id, southEntry.id]) {
      expectError(
        await send('PATCH', `/admin/value-added/${id}`, northAdmin, { title: 'Mine' }),
        404,
        'not_found',
      );
      expectError(await send('DELETE', `/admin/value-added/${id}`, northAdmin), 404, 'not_found');
    }
    expectError(
      await send('PATCH', `/admin/value-added/${own.id}`, northAdmin, { tenantId: null }),
      403,
      'forbidden',
    );
    expect(
      await ok<ValueAddedEntry>('PATCH', `/admin/value-added/${own.id}`, northAdmin, {
        kind: 'cameraAccount',
        title: 'Cameras',
        icon: 'CameraOutlined',
        url: '/increment/cameras',
        sort: 7,
      }),
    ).toEqual({
      id: own.id,
      kind: 'cameraAccount',
      title: 'Cameras',
      icon: 'CameraOutlined',
      url: '/increment/cameras',
      tenantId: north,
      sort: 7,
    });
    // An administrator moves an entry to a tenant, or to everyone, and removes it.
    expect(
      (await ok<ValueAddedEntry>('PATCH', `/admin/value-added/${global.id}`, admin, { tenantId: north }))
        .tenantId,
    ).toBe(north);
    expect(
      (await ok<ValueAddedEntry>('PATCH', `/admin/value-added/${global.id}`, admin, { tenantId: null }))
        .tenantId,
    ).toBe(null);
    expectError(
      await send('PATCH', `/admin/value-added/${global.id}`, admin, { tenantId: 999_999 }),
      404,
      'not_found',
    );
    await ok('DELETE', `/admin/value-added/${own.id}`, northAdmin, undefined, 204);
    await ok('DELETE', `/admin/value-added/${global.id}`, admin, undefined, 204);
    expectError(await send('DELETE', `/admin/value-added/${global.id}`, admin), 404, 'not_found');

    const plain = await person({ tenantId: north });
    const calls: [Method, string, object | undefined][] = [
      ['GET', '/admin/value-added', undefined],
      ['POST', '/admin/value-added', { kind: 'sms', title: 'x', url: '/x' }],
      ['PATCH', `/admin/value-added/${southEntry.id}`, { title: 'x' }],
      ['DELETE', `/admin/value-added/${southEntry.id}`, undefined],
    ];
    for (const [method, url, payload] of calls) {
      expectError(await send(method, url, plain, payload), 403, 'forbidden');
      expectError(await send(method, url, null, payload), 401, 'unauthorized');
    }
  });

  it('takes http(s) addresses and console paths only, and needs WRITE and DELETE of tenant administrators', async () => {
    const north = await tenant();
    const reader = await person({ authority: 100, tenantId: north, abilities: ['READ'] });
    const writer = await person({ authority: 100, tenantId: north, abilities: ['READ', 'WRITE'] });
    for (const url of [
      'javascript:alert(1)',
      '//evil.example/',
      'data:text/html,x',
      'relative/path',
      '/a b',
    ]) {
      expectError(
        await send('POST', '/admin/value-added', writer, { kind: 'sms', title: 'x', url }),
        400,
        'bad_request',
      );
    }
    expectError(
      await send('POST', '/admin/value-added', writer, { kind: 'fax', title: 'x', url: '/x' }),
      400,
      'bad_request',
    );
    expect(
      expectError(
        await send('POST', '/admin/value-added', reader, { kind: 'sms', title: 'x', url: '/x' }),
        403,
        'forbidden',
      ),
    ).toContain('lacks the WRITE ability');
    const entry = await add(writer, {
      kind: 'passThrough',
      title: 'Pass-through',
      url: 'http://gateway.lan:9000/',
    });
    expect(
      expectError(await send('DELETE', `/admin/value-added/${entry.id}`, writer), 403, 'forbidden'),
    ).toContain('lacks the DELETE ability');
  });

  it('goes with its tenant', async () => {
    const admin = await person({ authority: 1000 });
    const gone = await tenant();
    const entry = await add(admin, { kind: 'sms', title: 'Leaving', url: '/x', tenantId: gone });
    await ok('DELETE', `/tenants/${gone}`, admin, undefined, 204);
    expect(
      await h.storage.db
        .selectFrom('value_added_entries')
        .select('id')
        .where('id', '=', entry.id)
        .executeTakeFirst(),
    ).toBeUndefined();
  });
});
