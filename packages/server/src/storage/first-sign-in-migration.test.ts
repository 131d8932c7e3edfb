/**
 * Migration 0024 on both databases: accounts from before it have signed in before (their
 * registration time, no welcome after an upgrade); accounts made after it start with the welcome due.
 */
import type { Kysely } from 'kysely';
import { describe, expect, it as baseIt } from 'vitest';
import { firstSignIn } from './migrations/0024_first_sign_in.js';
import type { Database } from './schema.js';
import { storageCases, useStorage } from './test-support.js';

describe.each(storageCases())('migration 0024 (first sign-in) on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const storage = useStorage(store);

  const REGISTERED = 1_767_600_000_000;

  const insert = (db: Kysely<Database>, name: string) =>
    db
      .insertInto('users')
      .values({ user_name: name, password_hash: 'x', registered_at: REGISTERED, updated_at: REGISTERED })
      .returning('id')
      .executeTakeFirstOrThrow();

  const stored = async (db: Kysely<Database>, id: number) =>
    (await db.selectFrom('users').select('first_sign_in_at').where('id', '=', id).executeTakeFirstOrThrow())
      .first_sign_in_at;

  it('gives existing accounts their registration time and new ones null', async () => {
    const db = storage().db;
    await firstSignIn.down!(db as Kysely<unknown>);
    const old = await insert(db, 'migrate-first-old');
    await firstSignIn.up(db as Kysely<unknown>);
    expect(await stored(db, old.id)).toBe(REGISTERED);
    expect(await stored(db, (await insert(db, 'migrate-first-new')).id)).toBeNull();
  });
});
