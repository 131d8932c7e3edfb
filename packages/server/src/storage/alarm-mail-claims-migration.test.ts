/**
 * Migration 0025 on both databases: it goes down and up again, and a notice left pending before
 * it (its mail lost with a node) comes out held by nobody, so the first sweep takes it over.
 */
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { describe, expect, it as baseIt } from 'vitest';
import { alarmMailClaims } from './migrations/0025_alarm_mail_claims.js';
import { storageCases, useStorage } from './test-support.js';

describe.each(storageCases())('migration 0025 (alarm mail claims) on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const storage = useStorage(store);

  it('leaves notices pending from before it held by nobody', async () => {
    const db = storage().db;
    await alarmMailClaims.down!(db as Kysely<unknown>);
    await sql`insert into alarm_notices (user_id, equipment_id, equipment_name, unid, channel, level,
      value, channel_name, unit, alarm_limit, text, email_text, mail, at, created_at, read_at)
      values (1, 1, 'Pump house', 'M0001', 'AI1', 1, 1, 'AI1', '', null, 'x', 'x', 'pending', 1, 1, null)`.execute(
      db,
    );
    await alarmMailClaims.up(db as Kysely<unknown>);
    const rows = await db
      .selectFrom('alarm_notices')
      .select(['mail', 'mail_node', 'mail_lease_until'])
      .execute();
    expect(rows).toEqual([{ mail: 'pending', mail_node: null, mail_lease_until: null }]);
  });
});
