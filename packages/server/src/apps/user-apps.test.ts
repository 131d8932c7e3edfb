/** User apps: registering, the review flow, who sees and changes which, limits, on both databases. */
import { USER_APPS_MAX } from '@fieldlink/protocol';
import type { UserApp } from '@fieldlink/protocol';
import { describe, expect, it as baseIt } from 'vitest';
import { expectError } from '../accounts/test-support.js';
import { storageCases } from '../storage/test-support.js';
import { INTRANET, useAppsApi } from './test-support.js';
import type { Person } from './test-support.js';
import { TOO_MANY_APPS } from './user-apps-store.js';
import { OWN_APP_REVIEW, OWNER_ONLY } from './user-apps.js';

describe.each(storageCases())('user apps on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const { h, person, tenant, send, ok } = useAppsApi(store);

  const register = (who: Person, name: string, extra: object = {}) =>
    ok<UserApp>('POST', '/apps', who, {
      name,
      title: `App ${name}`,
      url: 'https://apps.example.com/x/',
      ...extra,
    });
  const seen = async (who: Person) =>
    (await ok<{ items: UserApp[] }>('GET', '/apps', who)).items.map((a) => a.id);
  const review = (who: Person, id: number, decision: 'approve' | 'reject', note: string | null = null) =>
    send('POST', `/admin/apps/${id}/review`, who, { decision, note });

  it('is seen by its owner at once, by its tenant scope once approved, and reviewed again after a change', async () => {
    const north = await tenant();
    const south = await tenant();
    const owner = await person({ tenantId: north });
    const neighbour = await person({ tenantId: north });
    const outsider = await person({ tenantId: south });
    const loner = await person();
    const northAdmin = await person({ authority: 100, tenantId: north });
    const southAdmin = await person({ authority: 100, tenantId: south });

    const created = await register(owner, 'meter', {
      url: `${INTRANET}/meter/`,
      defaultUrl: '#/day',
      icon: 'DashboardOutlined',
      description: 'Daily meter readings',
    });
    expect(created).toEqual({
      id: created.id,
      name: 'meter',
      title: 'App meter',
      url: `${INTRANET}/meter/`,
      defaultUrl: '#/day',
      icon: 'DashboardOutlined',
      description: 'Daily meter readings',
      ownerId: owner.id,
      ownerName: owner.name,
      status: 'pending',
      reviewNote: null,
      createdAt: new Date(h.clock.ms).toISOString(),
      reviewedAt: null,
    });
    expect(await seen(owner)).toEqual([created.id]);
    for (const other of [neighbour, outsider, loner]) expect(await seen(other)).toEqual([]);

    // The tenant's administrator reviews it; another tenant's does not know it.
    const pending = await ok<{ items: UserApp[] }>('GET', '/admin/apps', northAdmin);
    expect(pending.items.map((a) => a.id)).toEqual([created.id]);
    expect((await ok<{ items: UserApp[] }>('GET', '/admin/apps', southAdmin)).items).toEqual([]);
    expectError(await review(southAdmin, created.id, 'approve'), 404, 'not_found');
    expect(expectError(await send('GET', '/admin/apps', neighbour), 403, 'forbidden')).toContain(
      'only administrators and tenant administrators may review apps',
    );
    expectError(await review(owner, created.id, 'approve'), 403, 'forbidden');

    h.clock.advance(60_000);
    const approved = await review(northAdmin, created.id, 'approve', 'Looks fine');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'approved',
      reviewNote: 'Looks fine',
      reviewedAt: new Date(h.clock.ms).toISOString(),
    });
    expect(await seen(neighbour)).toEqual([created.id]);
    // Another tenant's users and users without a tenant are another scope.
    expect(await seen(outsider)).toEqual([]);
    expect(await seen(loner)).toEqual([]);
    expect(
      (await ok<{ items: UserApp[] }>('GET', '/admin/apps?status=approved', northAdmin)).items.map(
        (a) => a.id,
      ),
    ).toEqual([created.id]);
    expect((await ok<{ items: UserApp[] }>('GET', '/admin/apps', northAdmin)).items).toEqual([]);

    // A change sends it back to review, out of the others' sight.
    const changed = await ok<UserApp>('PATCH', `/apps/${created.id}`, owner, { title: 'Meter readings' });
    expect(changed).toMatchObject({
      title: 'Meter readings',
      status: 'pending',
      reviewNote: null,
      reviewedAt: null,
    });
    expect(await seen(neighbour)).toEqual([]);
    // Sending the same values changes nothing and keeps the state.
    await review(northAdmin, created.id, 'reject', 'Needs https');
    const same = await ok<UserApp>('PATCH', `/apps/${created.id}`, owner, { title: 'Meter readings' });
    expect(same).toMatchObject({ status: 'rejected', reviewNote: 'Needs https' });
    expect(await seen(owner)).toEqual([created.id]);
    const fixed = await ok<UserApp>('PATCH', `/apps/${created.id}`, owner, {
      url: 'https://apps.example.com/meter/',
      defaultUrl: null,
    });
    expect(fixed).toMatchObject({
      url: 'https://apps.example.com/meter/',
      defaultUrl: null,
      status: 'pending',
    });

    // Nobody else changes it: one who sees it is refused, one who does not is told it does not exist.
    await review(northAdmin, created.id, 'approve');
    expect(
      expectError(await send('PATCH', `/apps/${created.id}`, neighbour, { title: 'Mine' }), 403, 'forbidden'),
    ).toBe(OWNER_ONLY);
    expectError(await send('PATCH', `/apps/${created.id}`, outsider, { title: 'Mine' }), 404, 'not_found');
    expectError(await send('PATCH', `/apps/${created.id}`, northAdmin, { title: 'Mine' }), 403, 'forbidden');
    expectError(await send('DELETE', `/apps/${created.id}`, neighbour), 403, 'forbidden');
    expectError(await send('DELETE', `/apps/${created.id}`, northAdmin), 403, 'forbidden');
    expectError(await send('DELETE', `/apps/${created.id}`, outsider), 404, 'not_found');
    await ok('DELETE', `/apps/${created.id}`, owner, undefined, 204);
    expect(await seen(owner)).toEqual([]);
    expectError(await send('DELETE', `/apps/${created.id}`, owner), 404, 'not_found');
  });

  it('is not reviewed by its owner unless an administrator, and an administrator removes anyone’s', async () => {
    const north = await tenant();
    const northAdmin = await person({ authority: 100, tenantId: north });
    const admin = await person({ authority: 1000 });
    const user = await person();

    const own = await register(northAdmin, 'own-app');
    expect(expectError(await review(northAdmin, own.id, 'approve'), 403, 'forbidden')).toBe(OWN_APP_REVIEW);
    const adminsOwn = await register(admin, 'admins-app');
    expect((await review(admin, adminsOwn.id, 'approve')).statusCode).toBe(200);
    // Administrators review every tenant's, and users' without a tenant.
    const users = await register(user, 'users-app');
    const listed = await ok<{ items: UserApp[] }>('GET', '/admin/apps?status=pending', admin);
    expect(listed.items.map((a) => a.id)).toEqual(expect.arrayContaining([users.id, own.id]));
    // Newest first.
    expect(listed.items.map((a) => a.id)).toEqual([...listed.items.map((a) => a.id)].sort((a, b) => b - a));
    await ok('DELETE', `/apps/${users.id}`, admin, undefined, 204);
    expectError(await send('GET', '/admin/apps?status=maybe', admin), 400, 'bad_request');
  });

  it('keeps names unique per owner in any case, and at most 20 apps a user', async () => {
    const owner = await person();
    const other = await person();
    await register(owner, 'Tools');
    expect(
      expectError(
        await send('POST', '/apps', owner, { name: 'tools', title: 'x', url: 'https://a.example/' }),
        409,
        'conflict',
      ),
    ).toContain('you already have an app named tools');
    // Another owner may use the name.
    await register(other, 'tools');
    for (let i = 1; i < USER_APPS_MAX; i += 1) await register(owner, `app-${i}`);
    expect(
      expectError(
        await send('POST', '/apps', owner, { name: 'one-more', title: 'x', url: 'https://a.example/' }),
        409,
        'conflict',
      ),
    ).toBe(TOO_MANY_APPS);
    // The list also holds others' approved apps of the scope (users without a tenant).
    const all = (await ok<{ items: UserApp[] }>('GET', '/apps', owner)).items.filter(
      (a) => a.ownerId === owner.id,
    );
    expect(all).toHaveLength(USER_APPS_MAX);
    // Removing one makes room.
    await ok('DELETE', `/apps/${all[0]!.id}`, owner, undefined, 204);
    await register(owner, 'one-more');
  });

  it('refuses plain-http addresses outside MICRO_APP_ORIGINS, and what is not an app address', async () => {
    const owner = await person();
    const message = expectError(
      await send('POST', '/apps', owner, { name: 'lan', title: 'LAN', url: 'http://10.1.2.3/app/' }),
      400,
      'bad_request',
    );
    expect(message).toContain('plain-http apps must be listed in MICRO_APP_ORIGINS');
    const app = await register(owner, 'lan', { url: `${INTRANET}/app/` });
    expect(
      expectError(
        await send('PATCH', `/apps/${app.id}`, owner, { url: 'http://10.1.2.3/app/' }),
        400,
        'bad_request',
      ),
    ).toContain('MICRO_APP_ORIGINS');
    for (const body of [
      { name: 'bad', title: 'x', url: 'javascript:alert(1)' },
      { name: 'bad', title: 'x', url: 'https://user@apps.example/' },
      { name: 'bad', title: 'x', url: 'https://apps.example/', defaultUrl: 'https://evil.example/' },
      { name: 'bad', title: 'x', url: 'https://apps.example/', description: 'x'.repeat(501) },
      { name: 'bad', title: 'x', url: 'https://apps.example/', ownerId: 1 },
    ]) {
      expectError(await send('POST', '/apps', owner, body), 400, 'bad_request');
    }
  });

  it('needs WRITE to register and change, DELETE to remove', async () => {
    const reader = await person({ abilities: ['READ'] });
    expect(
      expectError(
        await send('POST', '/apps', reader, { name: 'r', title: 'R', url: 'https://a.example/' }),
        403,
        'forbidden',
      ),
    ).toContain('lacks the WRITE ability');
    const writer = await person({ abilities: ['READ', 'WRITE'] });
    const app = await register(writer, 'w');
    await ok('PATCH', `/apps/${app.id}`, writer, { description: 'mine' });
    expect(expectError(await send('DELETE', `/apps/${app.id}`, writer), 403, 'forbidden')).toContain(
      'lacks the DELETE ability',
    );
    expectError(await send('GET', '/apps', null), 401, 'unauthorized');
  });

  it('goes with its owner’s account', async () => {
    const owner = await person();
    const app = await register(owner, 'leaving');
    await ok('DELETE', '/me', owner, { password: 'secret123' }, 204);
    expect(
      await h.storage.db.selectFrom('user_apps').select('id').where('id', '=', app.id).executeTakeFirst(),
    ).toBeUndefined();
  });
});
