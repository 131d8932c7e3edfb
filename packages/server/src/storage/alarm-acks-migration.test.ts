/**
 * Migration 0026 on both databases: it goes down and up again, one acknowledgement per alarm
 * event, one clear per user and event.
 */
import type { Kysely } from 'kysely';
import { describe, expect, it as baseIt } from 'vitest';
import { alarmAcks } from './migrations/0026_alarm_acks.js';
import { storageCases, useStorage } from './test-support.js';

describe.each(storageCases())('migration 0026 (alarm acknowledgements) on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const storage = useStorage(store);

  it('goes down and up again, keeping one acknowledgement per event and one clear per user and event', async () => {
    const db = storage().db;
    await alarmAcks.down!(db as Kysely<unknown>);
    await alarmAcks.up(db as Kysely<unknown>);
    const ack = { event_id: 1, equipment_id: 1, user_id: 1, user_name: 'a', at: 2, event_at: 1 };
    await db.insertInto('alarm_acks').values(ack).execute();
    await expect(
      db
        .insertInto('alarm_acks')
        .values({ ...ack, user_id: 2 })
        .execute(),
    ).rejects.toThrow();
    await db.insertInto('alarm_clears').values({ user_id: 1, event_id: 1, event_at: 1 }).execute();
    await db.insertInto('alarm_clears').values({ user_id: 2, event_id: 1, event_at: 1 }).execute();
    await expect(
      db.insertInto('alarm_clears').values({ user_id: 1, event_id: 1, event_at: 1 }).execute(),
    ).rejects.toThrow();
  });
});
