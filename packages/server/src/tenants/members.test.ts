/** A tenant's user list, moving accounts in and out, and deleting a tenant, on both databases. */
import { describe, expect, it as baseIt } from 'vitest';
import { expectError, register } from '../accounts/test-support.js';
import { storageCases } from '../storage/test-support.js';
import { useTenantsApi } from './test-support.js';

describe.each(storageCases())('tenant members on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const { h, send, tokens } = useTenantsApi(store);

  async function tenant(admin: string, key: string): Promise<number> {
    const res = await send('POST', '/tenants', admin, { key, name: key });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  }

  const tenantOfUser = async (id: number): Promise<number | null> =>
    (
      await h.storage.db
        .selectFrom('users')
        .select('tenant_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).tenant_id;

  it("lists a tenant's users", async () => {
    const { admin, userId } = await tokens('members');
    const members = await tenant(admin, 'members');
    const others = await tenant(admin, 'others');
    const second = await register(h, 'members-second');
    const outsider = await register(h, 'members-outsider');
    const db = h.storage.db;
    await db
      .updateTable('users')
      .set({ tenant_id: members })
      .where('id', 'in', [userId, second.id])
      .execute();
    await db.updateTable('users').set({ tenant_id: others }).where('id', '=', outsider.id).execute();

    const res = await send('GET', `/tenants/${members}/users`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      items: [
        { id: userId, userName: 'members-user', tenantId: members },
        { id: second.id, userName: 'members-second', tenantId: members },
      ],
      total: 2,
    });
    expect((await send('GET', `/tenants/${members}/users?offset=1`, admin)).json()).toEqual({
      items: [{ id: second.id, userName: 'members-second', tenantId: members }],
      total: 2,
    });
    expect((await send('GET', `/tenants/${members}/users?limit=1`, admin)).json()).toMatchObject({
      items: [{ id: userId }],
      total: 2,
    });
    const empty = await tenant(admin, 'empty');
    expect((await send('GET', `/tenants/${empty}/users`, admin)).json()).toEqual({ items: [], total: 0 });
    expectError(await send('GET', '/tenants/999999/users', admin), 404, 'not_found');
    expectError(await send('GET', '/tenants/0/users', admin), 400, 'bad_request');
    expectError(await send('GET', `/tenants/${members}/users?limit=501`, admin), 400, 'bad_request');
  });

  it('puts an account into a tenant by name, moving it from another only when asked', async () => {
    const { admin, userId } = await tokens('join');
    const north = await tenant(admin, 'join-north');
    const south = await tenant(admin, 'join-south');

    const joined = await send('POST', `/tenants/${north}/users`, admin, { userName: 'join-user' });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toEqual({
      id: userId,
      userName: 'join-user',
      tenantId: north,
      previousTenantId: null,
    });
    expect(await tenantOfUser(userId)).toBe(north);
    // Again: nothing changes, and it says it was already there.
    expect(
      (await send('POST', `/tenants/${north}/users`, admin, { userName: 'join-user' })).json(),
    ).toMatchObject({ tenantId: north, previousTenantId: north });

    expectError(
      await send('POST', `/tenants/${south}/users`, admin, { userName: 'join-user' }),
      409,
      'conflict',
    );
    expect(await tenantOfUser(userId)).toBe(north);
    const moved = await send('POST', `/tenants/${south}/users`, admin, { userName: 'join-user', move: true });
    expect(moved.json()).toEqual({
      id: userId,
      userName: 'join-user',
      tenantId: south,
      previousTenantId: north,
    });
    expect(await tenantOfUser(userId)).toBe(south);
    const counts = (await send('GET', '/tenants', admin)).json() as {
      items: Array<{ id: number; userCount: number }>;
    };
    expect(counts.items.filter((t) => t.id === north || t.id === south).map((t) => t.userCount)).toEqual([
      0, 1,
    ]);

    expectError(
      await send('POST', `/tenants/${south}/users`, admin, { userName: 'nobody-here' }),
      404,
      'not_found',
    );
    // User names are matched exactly, as at sign-in.
    expectError(
      await send('POST', `/tenants/${south}/users`, admin, { userName: 'JOIN-USER' }),
      404,
      'not_found',
    );
    expectError(
      await send('POST', '/tenants/999999/users', admin, { userName: 'join-user' }),
      404,
      'not_found',
    );
    for (const payload of [
      {},
      { userName: '' },
      { userName: 'join-user', move: 'yes' },
      { userName: 'x', id: 1 },
    ]) {
      expectError(await send('POST', `/tenants/${south}/users`, admin, payload), 400, 'bad_request');
    }
  });

  it('takes an account out of its tenant', async () => {
    const { admin, userId } = await tokens('leave');
    const home = await tenant(admin, 'leave-home');
    const elsewhere = await tenant(admin, 'leave-elsewhere');
    await send('POST', `/tenants/${home}/users`, admin, { userName: 'leave-user' });

    expectError(await send('DELETE', `/tenants/${elsewhere}/users/${userId}`, admin), 404, 'not_found');
    expect(await tenantOfUser(userId)).toBe(home);
    const res = await send('DELETE', `/tenants/${home}/users/${userId}`, admin);
    expect(res.statusCode, res.body).toBe(204);
    expect(await tenantOfUser(userId)).toBeNull();
    expectError(await send('DELETE', `/tenants/${home}/users/${userId}`, admin), 404, 'not_found');
    expectError(await send('DELETE', `/tenants/999999/users/${userId}`, admin), 404, 'not_found');
    expectError(await send('DELETE', `/tenants/${home}/users/abc`, admin), 400, 'bad_request');
  });

  it('deletes a tenant only once it has no users and no project files', async () => {
    const { admin, userId } = await tokens('gone');
    const id = await tenant(admin, 'gone');
    await send('POST', `/tenants/${id}/users`, admin, { userName: 'gone-user' });
    expectError(await send('DELETE', `/tenants/${id}`, admin), 409, 'conflict');
    await send('DELETE', `/tenants/${id}/users/${userId}`, admin);

    const db = h.storage.db;
    const file = await db
      .insertInto('files')
      .values({
        space: `t:${id}`,
        dir: '',
        name: 'plan.json',
        size: 2,
        content_type: 'application/json',
        kind: 'file',
        width: null,
        height: null,
        sha256: '0'.repeat(64),
        blob_key: 'gone-blob',
        thumb_key: null,
        picture_key: null,
        created_by: null,
        created_at: 0,
        updated_at: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await send('DELETE', `/tenants/${id}`, admin);
    expectError(refused, 409, 'conflict');
    expect(refused.json()).toMatchObject({
      error: { message: 'the tenant still has project files or diagrams' },
    });
    await db.deleteFrom('files').where('id', '=', file.id).execute();

    const res = await send('DELETE', `/tenants/${id}`, admin);
    expect(res.statusCode, res.body).toBe(204);
    expectError(await send('GET', `/tenants/${id}/users`, admin), 404, 'not_found');
    expectError(await send('DELETE', `/tenants/${id}`, admin), 404, 'not_found');
    expect((await send('GET', '/branding?key=gone', null)).json()).toMatchObject({ key: 'default' });
    // Its key is free again.
    expect((await send('POST', '/tenants', admin, { key: 'gone', name: 'Gone again' })).statusCode).toBe(201);
  });
});
