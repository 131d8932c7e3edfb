/** The history writer on both databases: batching, acknowledgement, failures, partitions. */
import { sql } from 'kysely';
import { describe, expect, it as baseIt } from 'vitest';
import { useStorage } from '../storage/test-support.js';
import { storageCases } from '../storage/test-support.js';
import type { Storage } from '../storage/open.js';
import { HistoryBacklogError, HistoryWriter, HistoryWriterClosedError } from './writer.js';
import type { Sample } from './writer.js';

const T = Date.UTC(2026, 0, 5, 8);

function samples(equipmentId: number, n: number, at = T): Sample[] {
  return Array.from({ length: n }, (_, i) => ({ equipmentId, kind: 'ai', channel: 0, value: i, at: at + i }));
}

/** Whether the promise settles within the given milliseconds. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const settled = promise.then(
    () => true as const,
    () => true as const,
  );
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe.each(storageCases())('history writer on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const storage = useStorage(store);
  const count = async (equipmentId: number): Promise<number> => {
    const row = await storage()
      .db.selectFrom('telemetry')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('equipment_id', '=', equipmentId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  it('acknowledges a record only once its rows can be read', async () => {
    const writer = new HistoryWriter(storage().db, { flushMs: 60_000 });
    const pending = writer.record(samples(1, 3));
    const event = writer.recordEvent({
      equipmentId: 1,
      kind: 'alarm',
      at: T,
      channelKind: 'ai',
      channel: 0,
      level: 1,
      value: 5,
      message: 'high',
      detail: { limit: 4 },
    });
    expect(await settledWithin(pending, 50)).toBe(false);
    expect(await count(1)).toBe(0);
    expect(writer.backlog).toBe(4);
    await writer.flush();
    await pending;
    await event;
    expect(await count(1)).toBe(3);
    const stored = await storage()
      .db.selectFrom('events')
      .selectAll()
      .where('equipment_id', '=', 1)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      kind: 'alarm',
      channel_kind: 'ai',
      channel: 0,
      level: 1,
      message: 'high',
      user_id: null,
    });
    expect(Number(stored[0]!.value)).toBe(5);
    expect(JSON.parse(stored[0]!.detail)).toEqual({ limit: 4 });
    expect(writer.backlog).toBe(0);
    await writer.close();
  });

  it('tells the ids its events were stored under, in order, to each caller', async () => {
    const writer = new HistoryWriter(storage().db, { flushMs: 60_000 });
    const event = (equipmentId: number, message: string) => ({
      equipmentId,
      kind: 'online' as const,
      at: T,
      message,
    });
    const told: (readonly number[])[] = [];
    writer.append(
      samples(91, 2),
      [event(91, 'a'), event(91, 'b')],
      () => undefined,
      (ids) => told.push(ids),
    );
    const single = writer.recordEvent(event(92, 'c'));
    writer.append(
      [],
      [event(93, 'd'), event(93, 'e'), event(93, 'f')],
      () => undefined,
      (ids) => told.push(ids),
    );
    await writer.flush();
    const stored = await storage()
      .db.selectFrom('events')
      .select(['id', 'message'])
      .where('equipment_id', 'in', [91, 92, 93])
      .execute();
    const idOf = (message: string) => stored.find((e) => e.message === message)!.id;
    expect(told).toEqual([
      [idOf('a'), idOf('b')],
      [idOf('d'), idOf('e'), idOf('f')],
    ]);
    expect(await single).toBe(idOf('c'));
    await writer.close();
  });

  it('writes after the flush interval, and at once when a batch is full', async () => {
    const timed = new HistoryWriter(storage().db, { flushMs: 80 });
    const started = Date.now();
    await timed.record(samples(2, 1));
    expect(Date.now() - started).toBeGreaterThanOrEqual(70);
    expect(await count(2)).toBe(1);
    await timed.close();

    const full = new HistoryWriter(storage().db, { flushMs: 60_000, batchRows: 10 });
    const few = full.record(samples(3, 9));
    expect(await settledWithin(few, 100)).toBe(false);
    const more = full.record(samples(3, 1, T + 100));
    // Ten rows wait: the batch goes without waiting for the minute.
    expect(await settledWithin(Promise.all([few, more]), 2000)).toBe(true);
    expect(await count(3)).toBe(10);
    await full.close();
  });

  it('splits a long queue into batches, keeping each call whole and the order', async () => {
    const writer = new HistoryWriter(storage().db, { flushMs: 5, batchRows: 100 });
    const calls = Array.from({ length: 30 }, (_, i) => writer.record(samples(4, 25, T + i * 1000)));
    await Promise.all(calls);
    expect(await count(4)).toBe(750);
    // A call larger than a batch goes whole.
    await writer.record(samples(4, 250, T + 100_000));
    expect(await count(4)).toBe(1000);
    await writer.close();
  });

  it('keeps the last value of a channel stored twice at the same millisecond', async () => {
    const writer = new HistoryWriter(storage().db, { flushMs: 5 });
    const at = T + 5;
    await Promise.all([
      writer.record([{ equipmentId: 5, kind: 'do', channel: 1, value: 1, at }]),
      writer.record([{ equipmentId: 5, kind: 'do', channel: 1, value: 0, at }]),
    ]);
    await writer.record([{ equipmentId: 5, kind: 'do', channel: 1, value: 1, at }]);
    const rows = await storage()
      .db.selectFrom('telemetry')
      .select(['value', 'at'])
      .where('equipment_id', '=', 5)
      .execute();
    expect(rows.map((r) => [Number(r.value), Number(r.at)])).toEqual([[1, at]]);
    await writer.close();
  });

  it('rejects the callers of a batch that cannot be written', async () => {
    const broken: Storage = await store.open();
    const errors: unknown[] = [];
    const writer = new HistoryWriter(broken.db, { flushMs: 5, onError: (e) => errors.push(e) });
    await broken.close();
    const a = writer.record(samples(6, 2));
    const b = writer.recordEvent({ equipmentId: 6, kind: 'online', at: T });
    await expect(a).rejects.toThrow();
    await expect(b).rejects.toThrow();
    expect(errors).toHaveLength(1);
    expect(writer.backlog).toBe(0);
  });

  it('refuses bad rows, a backlog past its bound, and rows after close', async () => {
    const writer = new HistoryWriter(storage().db, { flushMs: 60_000, maxQueuedRows: 10 });
    const bad: Sample[] = [
      { equipmentId: 0, kind: 'ai', channel: 0, value: 1, at: T },
      { equipmentId: 1, kind: 'xx' as 'ai', channel: 0, value: 1, at: T },
      { equipmentId: 1, kind: 'ai', channel: 32, value: 1, at: T },
      { equipmentId: 1, kind: 'soc', channel: 1, value: 1, at: T },
      { equipmentId: 1, kind: 'ai', channel: 0, value: Number.NaN, at: T },
      { equipmentId: 1, kind: 'ai', channel: 0, value: 1, at: 1.5 },
    ];
    for (const sample of bad) await expect(writer.record([sample])).rejects.toThrow(TypeError);
    await expect(writer.recordEvent({ equipmentId: 1, kind: 'nope' as 'alarm', at: T })).rejects.toThrow(
      TypeError,
    );
    await expect(
      writer.recordEvent({ equipmentId: 1, kind: 'alarm', at: T, value: Infinity }),
    ).rejects.toThrow(TypeError);

    const waiting = writer.record(samples(7, 8));
    await expect(writer.record(samples(7, 3, T + 50))).rejects.toThrow(HistoryBacklogError);
    const fits = writer.record(samples(7, 2, T + 50));
    await writer.close();
    await Promise.all([waiting, fits]);
    expect(await count(7)).toBe(10);
    await expect(writer.record(samples(7, 1))).rejects.toThrow(HistoryWriterClosedError);
    // Nothing to write is acknowledged at once.
    const idle = new HistoryWriter(storage().db);
    await idle.record([]);
    await idle.close();
  });

  it('reports refused rows at most once per report period, with the count since the last report', async () => {
    const reports: [number, number][] = [];
    const writer = new HistoryWriter(storage().db, {
      flushMs: 60_000,
      maxQueuedRows: 4,
      backlogReportMs: 60_000,
      onBacklog: (refused, queued) => reports.push([refused, queued]),
    });
    const waiting = writer.record(samples(18, 4));
    for (let i = 0; i < 5; i++) {
      await expect(writer.record(samples(18, 2, T + 10 + 2 * i))).rejects.toThrow(HistoryBacklogError);
    }
    expect(reports).toEqual([[2, 4]]);
    await writer.close();
    await waiting;
  });

  it('appends without a promise: stored at the next flush, failures told to the caller', async () => {
    const writer = new HistoryWriter(storage().db, { flushMs: 60_000, maxQueuedRows: 6 });
    const failures: unknown[] = [];
    const failed = (error: unknown): void => void failures.push(error);
    writer.append(samples(21, 3), [{ equipmentId: 21, kind: 'online', at: T, message: 'online' }], failed);
    expect(writer.backlog).toBe(4);
    writer.append(samples(21, 3, T + 10), [], failed);
    expect(failures[0]).toBeInstanceOf(HistoryBacklogError);
    writer.append([{ equipmentId: 21, kind: 'ai', channel: 40, value: 1, at: T }], [], failed);
    writer.append([], [{ equipmentId: 21, kind: 'nope' as 'alarm', at: T }], failed);
    expect(failures.slice(1).map((e) => e instanceof TypeError)).toEqual([true, true]);
    expect(writer.backlog).toBe(4);
    await writer.flush();
    expect(await count(21)).toBe(3);
    await writer.close();
    writer.append(samples(21, 1, T + 20), [], failed);
    expect(failures.at(-1)).toBeInstanceOf(HistoryWriterClosedError);

    const broken: Storage = await store.open();
    const dead = new HistoryWriter(broken.db, { flushMs: 5, onError: () => undefined });
    await broken.close();
    const told = new Promise<unknown>((resolve) => dead.append(samples(22, 2), [], resolve));
    expect(await told).toBeInstanceOf(Error);
  });

  it('never refuses an event for backlog: a full queue sheds samples only', async () => {
    const writer = new HistoryWriter(storage().db, { flushMs: 60_000, maxQueuedRows: 4 });
    const events = async (): Promise<string[]> =>
      (
        await storage()
          .db.selectFrom('events')
          .select('kind')
          .where('equipment_id', '=', 23)
          .orderBy('kind')
          .execute()
      ).map((r) => r.kind);
    const waiting = writer.record(samples(23, 4));
    await expect(writer.record(samples(23, 1, T + 10))).rejects.toThrow(HistoryBacklogError);
    const operation = writer.recordEvent({
      equipmentId: 23,
      kind: 'operation',
      at: T,
      message: 'openone DO1: ok',
    });
    const failures: unknown[] = [];
    writer.append(
      samples(23, 2, T + 20),
      [{ equipmentId: 23, kind: 'alarm', at: T + 20, message: 'AI1 high' }],
      (e) => void failures.push(e),
    );
    // The caller is told its samples were shed (so it stores them whole next time); the alarm waits.
    expect(failures).toHaveLength(1);
    expect(failures[0]).toBeInstanceOf(HistoryBacklogError);
    await writer.flush();
    await Promise.all([waiting, operation]);
    expect(await count(23)).toBe(4);
    expect(await events()).toEqual(['alarm', 'operation']);
    expect(failures).toHaveLength(1);
    await writer.close();
  });

  it('writes an event asked for promptly at once, with the rows waiting before it', async () => {
    const writer = new HistoryWriter(storage().db, { flushMs: 60_000 });
    const before = writer.record(samples(24, 2));
    const operation = writer.recordEvent(
      { equipmentId: 24, kind: 'operation', at: T, message: 'openone DO1: ok' },
      { promptly: true },
    );
    expect(await settledWithin(operation, 5000)).toBe(true);
    await Promise.all([operation, before]);
    expect(await count(24)).toBe(2);
    await writer.close();
  });

  it('keeps order and loses nothing over 20,000 small calls', async () => {
    const writer = new HistoryWriter(storage().db, { flushMs: 5, batchRows: 700 });
    const calls = Array.from({ length: 20_000 }, (_, i) =>
      writer.record([{ equipmentId: 19, kind: 'ai', channel: i % 32, value: i, at: T + i }]),
    );
    await Promise.all(calls);
    expect(await count(19)).toBe(20_000);
    expect(writer.backlog).toBe(0);
    await writer.close();
  });

  // Partitions exist only on PostgreSQL; on SQLite the test is not declared at all.
  (store.name === 'postgres' ? it : () => undefined)(
    'makes a month partition before writing its first row',
    async () => {
      const db = storage().db;
      const writer = new HistoryWriter(db, { flushMs: 5 });
      await writer.record([
        { equipmentId: 8, kind: 'ai', channel: 0, value: 1, at: Date.UTC(2025, 11, 31, 23, 59, 59, 999) },
        { equipmentId: 8, kind: 'ai', channel: 0, value: 2, at: Date.UTC(2026, 0, 1) },
        { equipmentId: 8, kind: 'ai', channel: 0, value: 3, at: Date.UTC(2026, 0, 20) },
      ]);
      const perTable = async () => {
        const { rows } = await sql<{ name: string; n: number }>`
        select tableoid::regclass::text as name, count(*)::int as n from telemetry
        where equipment_id = 8 group by 1 order by 1`.execute(db);
        return rows;
      };
      expect(await perTable()).toEqual([
        { name: 'telemetry_2025_12', n: 1 },
        { name: 'telemetry_2026_01', n: 2 },
      ]);
      const { rows } = await sql<{ bound: string }>`
      select pg_get_expr(c.relpartbound, c.oid) as bound from pg_class c
      where c.oid = to_regclass('telemetry_2026_01')`.execute(db);
      expect(rows[0]!.bound).toBe(
        `FOR VALUES FROM ('${Date.UTC(2026, 0, 1)}') TO ('${Date.UTC(2026, 1, 1)}')`,
      );

      // A row that arrived without its month's partition waits in the default one and moves over.
      await sql`insert into telemetry values (8, 'ai', 0, 4, ${Date.UTC(2026, 4, 2)})`.execute(db);
      expect((await perTable()).at(-1)).toEqual({ name: 'telemetry_default', n: 1 });
      await writer.record([{ equipmentId: 8, kind: 'ai', channel: 0, value: 5, at: Date.UTC(2026, 4, 3) }]);
      expect((await perTable()).at(-1)).toEqual({ name: 'telemetry_2026_05', n: 2 });
      await writer.close();
    },
  );
});
