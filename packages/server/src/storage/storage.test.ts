/** The schema and its constraints, checked the same way on SQLite and on PostgreSQL. */
import type { Kysely } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from './migrate.js';
import { MIGRATIONS } from './migrations/index.js';
import type { Database, NewUser } from './schema.js';
import { storageCases, useStorage } from './test-support.js';

const T0 = 1_700_000_000_000;

function newUser(userName: string, extra: Partial<NewUser> = {}): NewUser {
  return { user_name: userName, password_hash: 'x', registered_at: T0, updated_at: T0, ...extra };
}

describe.each(storageCases())('%s', (storageCase) => {
  const run = it.skipIf(storageCase.skip !== null);
  const storage = useStorage(storageCase);
  let db: Kysely<Database>;
  beforeEach(() => {
    db = storage().db;
  });

  run('creates every table', async () => {
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(
      expect.arrayContaining(['tenants', 'users', 'verification_codes', 'sessions', 'login_attempts']),
    );
  });

  run('a second migration run applies nothing', async () => {
    expect(await migrateToLatest(db)).toEqual([]);
    expect(await migrateToLatest(db)).toEqual([]);
  });

  run('fills column defaults', async () => {
    const user = await db
      .insertInto('users')
      .values(newUser('defaults'))
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      authority: 4,
      language: 'zh',
      param: '{}',
      chart_filters: '{}',
      phone: null,
      email: null,
      tenant_id: null,
      camera_param: null,
    });
    expect(typeof user.id).toBe('number');

    const code = await db
      .insertInto('verification_codes')
      .values({ target: '13800000000', purpose: 'register', code_hash: 'h', expires_at: T0, created_at: T0 })
      .returning(['attempts', 'used_at'])
      .executeTakeFirstOrThrow();
    expect(code).toEqual({ attempts: 0, used_at: null });
  });

  run('keeps user names unique and case-sensitive', async () => {
    await db.insertInto('users').values(newUser('alice')).execute();
    await expect(db.insertInto('users').values(newUser('alice')).execute()).rejects.toThrow();
    await db.insertInto('users').values(newUser('Alice')).execute();
  });

  run('allows many users without phone or e-mail but not two with the same', async () => {
    await db
      .insertInto('users')
      .values([newUser('nophone1'), newUser('nophone2')])
      .execute();
    await db
      .insertInto('users')
      .values(newUser('phone1', { phone: '13900000001', email: 'a@example.com' }))
      .execute();
    await expect(
      db
        .insertInto('users')
        .values(newUser('phone2', { phone: '13900000001' }))
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('users')
        .values(newUser('email2', { email: 'a@example.com' }))
        .execute(),
    ).rejects.toThrow();
  });

  run('enforces foreign keys', async () => {
    await expect(
      db
        .insertInto('sessions')
        .values({ user_id: 999_999, family_id: 'f', token_hash: 'orphan', expires_at: T0, created_at: T0 })
        .execute(),
    ).rejects.toThrow();
    await expect(
      db
        .insertInto('users')
        .values(newUser('no-tenant', { tenant_id: 999_999 }))
        .execute(),
    ).rejects.toThrow();
  });

  run('deletes the sessions of a deleted user and detaches the users of a deleted tenant', async () => {
    const tenant = await db
      .insertInto('tenants')
      .values({ key: 'acme', name: 'Acme', created_at: T0, updated_at: T0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await db
      .insertInto('users')
      .values(newUser('bob', { tenant_id: tenant.id }))
      .returning('id')
      .executeTakeFirstOrThrow();
    const first = await db
      .insertInto('sessions')
      .values({ user_id: user.id, family_id: 'fam', token_hash: 't1', expires_at: T0, created_at: T0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const second = await db
      .insertInto('sessions')
      .values({ user_id: user.id, family_id: 'fam', token_hash: 't2', expires_at: T0, created_at: T0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('sessions').set({ replaced_by: second.id }).where('id', '=', first.id).execute();

    await db.deleteFrom('tenants').where('id', '=', tenant.id).execute();
    const detached = await db
      .selectFrom('users')
      .select('tenant_id')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(detached.tenant_id).toBeNull();

    await db.deleteFrom('users').where('id', '=', user.id).execute();
    const left = await db.selectFrom('sessions').select('id').where('family_id', '=', 'fam').execute();
    expect(left).toEqual([]);
  });

  run('reads epoch milliseconds and counts back as numbers', async () => {
    const at = [T0, Number.MAX_SAFE_INTEGER];
    await db
      .insertInto('login_attempts')
      .values(at.map((value) => ({ kind: 'account' as const, key: 'carol', at: value })))
      .execute();
    const rows = await db
      .selectFrom('login_attempts')
      .select('at')
      .where('kind', '=', 'account')
      .where('key', '=', 'carol')
      .orderBy('at')
      .execute();
    expect(rows.map((row) => row.at)).toStrictEqual(at);

    const count = await db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('key', '=', 'carol')
      .executeTakeFirstOrThrow();
    expect(count.n).toStrictEqual(2);
  });

  run('names a failing migration and leaves nothing of it behind', async () => {
    const broken = {
      ...MIGRATIONS,
      '9999_broken': {
        async up(db: Parameters<typeof migrateToLatest>[0]) {
          await db.schema.createTable('half_done').addColumn('id', 'integer').execute();
          await db.schema.createTable('tenants').addColumn('id', 'integer').execute();
        },
      },
    };
    await expect(migrateToLatest(db, { migrations: broken })).rejects.toThrow(
      /^migration 9999_broken failed: /,
    );
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain('half_done');
    expect(await migrateToLatest(db)).toEqual([]);
  });
});
