/**
 * Migration 0010 on both databases: devices from before it that had no link secret are left open
 * (an upgrade cuts no device off), the others closed, and rows made after it are closed unless
 * they say otherwise.
 */
import type { Kysely } from 'kysely';
import { describe, expect, it as baseIt } from 'vitest';
import { linkSecretKept } from './migrations/0010_link_secret_kept.js';
import type { Database } from './schema.js';
import { storageCases, useStorage } from './test-support.js';

describe.each(storageCases())('migration 0010 (link secrets kept) on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const storage = useStorage(store);

  async function insert(db: Kysely<Database>, sn: string, values: { hash?: string; parent?: number } = {}) {
    const t = 1_700_000_000_000;
    const owner = await db
      .insertInto('users')
      .values({ user_name: `migrate-${sn}`, password_hash: 'x', registered_at: t, updated_at: t })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await db
      .insertInto('equipment')
      .values({
        owner_id: owner.id,
        parent_id: values.parent ?? null,
        sn: values.parent === undefined ? sn : null,
        unid: sn,
        address: values.parent === undefined ? null : '1',
        type: 'FL-R8',
        name: sn,
        camera_password: null,
        soc: null,
        status_at: null,
        link_secret_hash: values.hash ?? null,
        link_host: null,
        link_port: null,
        created_at: t,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('opens the hosts that had no secret, and closes everything else and every new row', async () => {
    const db = storage().db;
    await linkSecretKept.down!(db as Kysely<unknown>);
    const bare = await insert(db, 'OLD00001');
    const secret = await insert(db, 'OLD00002', { hash: 'ab'.repeat(32) });
    const sub = await insert(db, 'OLD00001_1', { parent: bare });
    await linkSecretKept.up(db as Kysely<unknown>);

    const open = async (id: number) =>
      await db
        .selectFrom('equipment')
        .select(['link_open', 'link_secret_sealed'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    expect(await open(bare)).toEqual({ link_open: 1, link_secret_sealed: null });
    expect(await open(secret)).toEqual({ link_open: 0, link_secret_sealed: null });
    expect(await open(sub)).toEqual({ link_open: 0, link_secret_sealed: null });
    // A row written straight into the store after the migration is closed by the column's default.
    expect(await open(await insert(db, 'NEW00001'))).toEqual({ link_open: 0, link_secret_sealed: null });
  });
});
