/** History batches written by the SQLite thread: committed when acknowledged, failures contained. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStorage } from '../storage/open.js';
import type { Storage } from '../storage/open.js';
import { SqliteHistoryThread } from './sqlite-history.js';
import { HistoryWriter } from './writer.js';
import type { Sample } from './writer.js';

const T = Date.UTC(2026, 0, 5, 8);

describe('SQLite history thread', () => {
  let dir: string;
  let storage: Storage;
  let thread: SqliteHistoryThread;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fieldlink-history-thread-'));
    storage = await openStorage({ dataDir: dir });
    thread = new SqliteHistoryThread({ file: storage.file!, db: storage.db });
  });

  afterEach(async () => {
    await thread.close();
    await storage.close();
    await rm(dir, { recursive: true, force: true });
  });

  const rows = () =>
    storage.db.selectFrom('telemetry').selectAll().orderBy('at').orderBy('kind').orderBy('channel').execute();

  it('stores samples and events by the writer, readable once acknowledged', async () => {
    const writer = new HistoryWriter(storage.db, { flushMs: 1, store: thread });
    const samples: Sample[] = [
      { equipmentId: 3, kind: 'ai', channel: 31, value: 12.5, at: T },
      { equipmentId: 3, kind: 'do', channel: 0, value: 1, at: T },
      { equipmentId: 3, kind: 'soc', channel: 0, value: 80, at: T + 1 },
      // The same key again in the batch: the later value wins.
      { equipmentId: 3, kind: 'ai', channel: 31, value: -0.25, at: T },
    ];
    const [, eventId] = await Promise.all([
      writer.record(samples),
      writer.recordEvent({
        equipmentId: 3,
        kind: 'alarm',
        at: T,
        channelKind: 'ai',
        channel: 31,
        level: -1,
        value: -0.25,
        message: 'low',
        detail: { limit: 0 },
      }),
    ]);
    expect(await rows()).toEqual([
      { equipment_id: 3, kind: 'ai', channel: 31, value: -0.25, at: T },
      { equipment_id: 3, kind: 'do', channel: 0, value: 1, at: T },
      { equipment_id: 3, kind: 'soc', channel: 0, value: 80, at: T + 1 },
    ]);
    const events = await storage.db.selectFrom('events').selectAll().execute();
    expect(events).toMatchObject([
      {
        // The id the thread told.
        id: eventId,
        equipment_id: 3,
        user_id: null,
        kind: 'alarm',
        channel_kind: 'ai',
        channel: 31,
        level: -1,
        value: -0.25,
      },
    ]);
    expect(JSON.parse(events[0]!.detail)).toEqual({ limit: 0 });
    await writer.close();
  });

  it('rejects a batch the database refuses, whole, and goes on with the next', async () => {
    const bad = thread.write(
      [{ equipmentId: 1, kind: 'ai', channel: 0, value: 1, at: T }],
      [
        {
          equipment_id: 1,
          user_id: null,
          // Refused by the table's check: the batch's sample must not stay either.
          kind: 'nonsense' as 'alarm',
          channel_kind: null,
          channel: null,
          level: null,
          value: null,
          message: '',
          detail: '{}',
          at: T,
        },
      ],
    );
    await expect(bad).rejects.toThrow(/CHECK/i);
    expect(await rows()).toEqual([]);
    await thread.write([{ equipmentId: 1, kind: 'ai', channel: 0, value: 2, at: T }], []);
    expect(await rows()).toEqual([{ equipment_id: 1, kind: 'ai', channel: 0, value: 2, at: T }]);
  });

  it('keeps 20,000 rows in order of acknowledgement across many batches', async () => {
    const writer = new HistoryWriter(storage.db, { flushMs: 1, batchRows: 500, store: thread });
    const calls = Array.from({ length: 200 }, (_, c) =>
      writer.record(
        Array.from({ length: 100 }, (_, i) => ({
          equipmentId: 1 + (c % 7),
          kind: 'ai' as const,
          channel: i % 8,
          value: c * 100 + i,
          at: T + c * 100 + i,
        })),
      ),
    );
    await Promise.all(calls);
    const n = await storage.db
      .selectFrom('telemetry')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(20_000);
    await writer.close();
  });

  it('answers every write handed over before close, then refuses', async () => {
    const pending = thread.write([{ equipmentId: 2, kind: 'di', channel: 1, value: 0, at: T }], []);
    await thread.close();
    await expect(pending).resolves.toEqual([]);
    expect(await rows()).toHaveLength(1);
    await expect(thread.write([], [])).rejects.toThrow(/closed/);
  });
});
