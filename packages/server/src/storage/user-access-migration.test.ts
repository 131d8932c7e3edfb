/**
 * Migration 0019 on both databases: accounts from before it keep doing what they did (no roles, the
 * four abilities §4 grants, enabled), and accounts made after it start the same way.
 */
import type { Kysely } from 'kysely';
import { describe, expect, it as baseIt } from 'vitest';
import { userAccess } from './migrations/0019_user_access.js';
import type { Database } from './schema.js';
import { storageCases, useStorage } from './test-support.js';

describe.each(storageCases())('migration 0019 (user access) on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const storage = useStorage(store);

  const insert = (db: Kysely<Database>, name: string) =>
    db
      .insertInto('users')
      .values({ user_name: name, password_hash: 'x', registered_at: 1, updated_at: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();

  const access = (db: Kysely<Database>, id: number) =>
    db
      .selectFrom('users')
      .select(['roles', 'abilities', 'disabled_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('gives existing and new accounts no roles, the four abilities and no disable', async () => {
    const db = storage().db;
    await userAccess.down!(db as Kysely<unknown>);
    const old = await insert(db, 'migrate-access-old');
    await userAccess.up(db as Kysely<unknown>);
    const expected = { roles: '[]', abilities: '["READ","WRITE","OPR","DELETE"]', disabled_at: null };
    expect(await access(db, old.id)).toEqual(expected);
    expect(await access(db, (await insert(db, 'migrate-access-new')).id)).toEqual(expected);
    // A disable time is a full epoch-milliseconds number on both.
    await db.updateTable('users').set({ disabled_at: 1_767_600_000_000 }).where('id', '=', old.id).execute();
    expect((await access(db, old.id)).disabled_at).toBe(1_767_600_000_000);
  });
});
