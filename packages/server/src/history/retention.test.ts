/** History retention on both databases, including PostgreSQL's whole-month partition drops. */
import { sql } from 'kysely';
import { describe, expect, it as baseIt } from 'vitest';
import { storageCases, useStorage } from '../storage/test-support.js';
import { listMonthPartitions } from './partitions.js';
import { pruneHistory, scheduleRetention } from './retention.js';
import { HistoryWriter } from './writer.js';
import type { EventInput, Sample } from './writer.js';

const NOW = Date.UTC(2026, 0, 5, 8);
const DAY = 86_400_000;

describe.each(storageCases())('history retention on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const storage = useStorage(store);

  async function fill(equipmentId: number, ages: readonly number[]): Promise<void> {
    const writer = new HistoryWriter(storage().db, { flushMs: 1 });
    const samples: Sample[] = ages.map((age, i) => ({
      equipmentId,
      kind: 'ai',
      channel: i % 4,
      value: age,
      at: NOW - age,
    }));
    const events: EventInput[] = ages.map((age) => ({ equipmentId, kind: 'online', at: NOW - age }));
    await Promise.all([writer.record(samples), ...events.map((e) => writer.recordEvent(e))]);
    await writer.close();
  }

  async function ages(equipmentId: number): Promise<{ telemetry: number[]; events: number[] }> {
    const db = storage().db;
    const t = await db
      .selectFrom('telemetry')
      .select('at')
      .where('equipment_id', '=', equipmentId)
      .orderBy('at')
      .execute();
    const e = await db
      .selectFrom('events')
      .select('at')
      .where('equipment_id', '=', equipmentId)
      .orderBy('at')
      .execute();
    return { telemetry: t.map((r) => NOW - Number(r.at)), events: e.map((r) => NOW - Number(r.at)) };
  }

  it('deletes telemetry and events older than the retention, keeping the rest', async () => {
    const kept = [0, DAY, 30 * DAY, 365 * DAY - 1, 365 * DAY];
    await fill(1, [...kept, 365 * DAY + 1, 400 * DAY, 800 * DAY]);
    const result = await pruneHistory(storage().db, { retentionDays: 365, now: NOW });
    expect(result.cutoff).toBe(NOW - 365 * DAY);
    const sorted = [...kept].sort((a, b) => b - a);
    expect(await ages(1)).toEqual({ telemetry: sorted, events: sorted });
    expect(result.eventRows).toBe(3);
    if (store.name === 'sqlite') expect(result.telemetryRows).toBe(3);
    // Nothing more to do on a second run.
    const again = await pruneHistory(storage().db, { retentionDays: 365, now: NOW });
    expect(again).toMatchObject({ droppedPartitions: [], telemetryRows: 0, eventRows: 0 });
  });

  it('deletes the acknowledgements and clears of the alarms it deletes', async () => {
    const db = storage().db;
    const mark = (eventId: number, age: number) => ({ event_id: eventId, event_at: NOW - age });
    await db
      .insertInto('alarm_acks')
      .values([
        { ...mark(9001, 400 * DAY), equipment_id: 9, user_id: 1, user_name: 'old', at: NOW - 400 * DAY },
        { ...mark(9002, DAY), equipment_id: 9, user_id: 1, user_name: 'new', at: NOW - DAY },
      ])
      .execute();
    await db
      .insertInto('alarm_clears')
      .values([
        { ...mark(9001, 400 * DAY), user_id: 1 },
        { ...mark(9002, DAY), user_id: 1 },
      ])
      .execute();
    await pruneHistory(db, { retentionDays: 365, now: NOW });
    expect((await db.selectFrom('alarm_acks').select('event_id').execute()).map((r) => r.event_id)).toEqual([
      9002,
    ]);
    expect((await db.selectFrom('alarm_clears').select('event_id').execute()).map((r) => r.event_id)).toEqual(
      [9002],
    );
  });

  it('deletes in slices past the slice size', async () => {
    const writer = new HistoryWriter(storage().db, { flushMs: 1 });
    const old = Array.from({ length: 12_000 }, (_, i): Sample => ({
      equipmentId: 2,
      kind: 'ai',
      channel: i % 32,
      value: i,
      at: NOW - 40 * DAY - i,
    }));
    await writer.record(old);
    await writer.record([{ equipmentId: 2, kind: 'ai', channel: 0, value: 1, at: NOW }]);
    await writer.close();
    await pruneHistory(storage().db, { retentionDays: 30, now: NOW });
    expect((await ages(2)).telemetry).toEqual([0]);
  });

  it('refuses a retention of less than a day', async () => {
    await expect(pruneHistory(storage().db, { retentionDays: 0, now: NOW })).rejects.toThrow(RangeError);
    await expect(pruneHistory(storage().db, { retentionDays: 1.5, now: NOW })).rejects.toThrow(RangeError);
  });

  it('runs on a schedule until stopped', async () => {
    await fill(3, [10 * DAY]);
    const results: unknown[] = [];
    const schedule = scheduleRetention(storage().db, {
      retentionDays: 5,
      everyMs: 20,
      now: () => NOW,
      onPruned: (r) => results.push(r),
    });
    await new Promise((resolve) => setTimeout(resolve, 120));
    await schedule.stop();
    const runs = results.length;
    expect(runs).toBeGreaterThanOrEqual(2);
    expect((await ages(3)).telemetry).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(results).toHaveLength(runs);
  });

  // Partitions exist only on PostgreSQL; on SQLite the test is not declared at all.
  (store.name === 'postgres' ? it : () => undefined)(
    'drops the month partitions that end before the cut-off',
    async () => {
      const db = storage().db;
      // 2024-11 … 2026-01; a cut-off on 2025-01-05 08:00 drops 2024-11 and 2024-12 whole.
      const months = Array.from({ length: 15 }, (_, m) => Date.UTC(2024, 10 + m, 15));
      const writer = new HistoryWriter(db, { flushMs: 1 });
      await writer.record(
        months.map((at) => ({ equipmentId: 4, kind: 'soc' as const, channel: 0, value: 50, at })),
      );
      await writer.record([{ equipmentId: 4, kind: 'soc', channel: 0, value: 40, at: Date.UTC(2025, 0, 2) }]);
      await writer.close();
      const before = (await listMonthPartitions(db)).map((p) => p.name);
      expect(before).toEqual(
        expect.arrayContaining(['telemetry_2024_11', 'telemetry_2024_12', 'telemetry_2025_01']),
      );
      const result = await pruneHistory(db, { retentionDays: 365, now: NOW });
      expect(result.droppedPartitions).toEqual(['telemetry_2024_11', 'telemetry_2024_12']);
      // In the straddling month only the rows before the cut-off go.
      expect(result.telemetryRows).toBe(1);
      const after = (await listMonthPartitions(db)).map((p) => p.name);
      expect(after).not.toContain('telemetry_2024_12');
      expect(after).toContain('telemetry_2025_01');
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from telemetry where equipment_id = 4`.execute(db);
      expect(rows[0]!.n).toBe(13);
      // The writer makes a dropped month again if a late row arrives for it.
      const late = new HistoryWriter(db, { flushMs: 1 });
      await late.record([{ equipmentId: 4, kind: 'soc', channel: 0, value: 1, at: Date.UTC(2024, 11, 1) }]);
      await late.close();
      expect((await listMonthPartitions(db)).map((p) => p.name)).toContain('telemetry_2024_12');
    },
  );
});
