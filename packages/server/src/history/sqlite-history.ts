/**
 * History batches written on SQLite from a worker thread (sqlite-thread.ts) with a connection of
 * its own. On the event loop, a batch's commit (and every WAL checkpoint it sets off) would stall
 * everything else the server does for as long as the disk takes; in the thread, the event loop
 * only packs the rows and waits for the thread's answer. The HistoryWriter keeps its promises:
 * a call resolves once the thread has committed its rows.
 *
 * The statements are built here with Kysely against the typed schema and run there prepared.
 * The thread answers in order; if it dies, what it held is rejected and the next batch starts a
 * new one.
 */
import type { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { Database, TelemetryKind } from '../storage/schema.js';
import type { BatchStore, EventRow, Sample } from './writer.js';
import { TELEMETRY_KINDS } from './writer.js';
import { startThread } from '../threads.js';

/** Numbers per packed sample: equipment id, kind index, channel, value, at. */
export const SAMPLE_FIELDS = 5;

export interface ThreadData {
  readonly file: string;
  readonly busyTimeoutMs: number;
  readonly checkpointPages: number;
  readonly sampleSql: string;
  readonly eventSql: string;
  readonly kinds: readonly TelemetryKind[];
}

export type ThreadRequest =
  | {
      readonly type: 'write';
      readonly id: number;
      readonly samples: ArrayBuffer;
      readonly events: readonly EventRow[];
    }
  | { readonly type: 'close' };

export type ThreadReply =
  | { readonly type: 'ready' }
  | { readonly type: 'done'; readonly id: number; readonly eventIds: readonly number[] }
  | { readonly type: 'failed'; readonly id: number; readonly message: string }
  | { readonly type: 'closed' };

const EVENT_COLUMNS = [
  'equipment_id',
  'user_id',
  'kind',
  'channel_kind',
  'channel',
  'level',
  'value',
  'message',
  'detail',
  'at',
] as const satisfies readonly (keyof EventRow)[];

/** An event row's values in the order of the prepared insert's parameters. */
export function eventParameters(row: EventRow): (string | number | null)[] {
  return EVENT_COLUMNS.map((column) => row[column]);
}

/** The inserts the thread prepares, from the typed schema. */
function statements(db: Kysely<Database>): { sampleSql: string; eventSql: string } {
  const sample = db
    .insertInto('telemetry')
    .values({ equipment_id: 0, kind: 'ai', channel: 0, value: 0, at: 0 })
    .onConflict((oc) =>
      oc
        .columns(['equipment_id', 'kind', 'channel', 'at'])
        .doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })),
    )
    .compile();
  const placeholder: EventRow = {
    equipment_id: 0,
    user_id: null,
    kind: 'alarm',
    channel_kind: null,
    channel: null,
    level: null,
    value: null,
    message: '',
    detail: '{}',
    at: 0,
  };
  const event = db
    .insertInto('events')
    .values(Object.fromEntries(EVENT_COLUMNS.map((c) => [c, placeholder[c]])) as EventRow)
    .compile();
  if (event.parameters.length !== EVENT_COLUMNS.length || sample.parameters.length !== SAMPLE_FIELDS) {
    throw new Error('history thread: unexpected statement shape');
  }
  return { sampleSql: sample.sql, eventSql: event.sql };
}

export interface SqliteHistoryOptions {
  /** The database file (the one `openStorage` opened). */
  readonly file: string;
  /** The store's Kysely instance: the statements are compiled with it. */
  readonly db: Kysely<Database>;
  readonly busyTimeoutMs?: number;
  /** WAL pages after which the thread checkpoints (SQLite's default is 1,000). */
  readonly checkpointPages?: number;
}

interface Pending {
  resolve(eventIds: readonly number[]): void;
  reject(error: Error): void;
}

export class SqliteHistoryThread implements BatchStore {
  readonly #data: ThreadData;
  #worker: Worker | null = null;
  #ready: Promise<void> | null = null;
  readonly #pending = new Map<number, Pending>();
  #next = 1;
  /** Writes handed to the thread and not yet answered. */
  readonly #inflight = new Set<Promise<readonly number[]>>();
  #closed = false;

  constructor(options: SqliteHistoryOptions) {
    this.#data = {
      file: options.file,
      busyTimeoutMs: options.busyTimeoutMs ?? 5_000,
      checkpointPages: options.checkpointPages ?? 1_000,
      kinds: TELEMETRY_KINDS,
      ...statements(options.db),
    };
  }

  /** Starts the thread (a write starts it too); resolves once its connection is open. */
  start(): Promise<void> {
    if (this.#closed) return Promise.reject(new Error('history thread is closed'));
    return this.#start();
  }

  #start(): Promise<void> {
    if (this.#ready) return this.#ready;
    const worker = startThread(import.meta.url, 'sqlite-thread', this.#data);
    this.#worker = worker;
    this.#ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (reply: ThreadReply) => {
        if (reply.type === 'ready') resolve();
        else if (reply.type === 'done') this.#settle(reply.id, null, reply.eventIds);
        else if (reply.type === 'failed') this.#settle(reply.id, new Error(reply.message));
      });
      worker.once('error', (error) => {
        reject(error);
        this.#lost(error);
      });
      worker.once('exit', (code) => {
        const error = new Error(`history thread stopped (exit code ${code})`);
        reject(error);
        this.#lost(error);
      });
    });
    return this.#ready;
  }

  write(samples: readonly Sample[], events: readonly EventRow[]): Promise<readonly number[]> {
    if (this.#closed) return Promise.reject(new Error('history thread is closed'));
    // Counted at once, so that a close right after this call waits for it.
    const done = this.#send(samples, events);
    this.#inflight.add(done);
    const forget = (): boolean => this.#inflight.delete(done);
    done.then(forget, forget);
    return done;
  }

  async #send(samples: readonly Sample[], events: readonly EventRow[]): Promise<readonly number[]> {
    await this.#start();
    const worker = this.#worker;
    if (!worker) throw new Error('history thread stopped');
    const packed = new Float64Array(samples.length * SAMPLE_FIELDS);
    let i = 0;
    for (const s of samples) {
      packed[i++] = s.equipmentId;
      packed[i++] = TELEMETRY_KINDS.indexOf(s.kind);
      packed[i++] = s.channel;
      packed[i++] = s.value;
      packed[i++] = s.at;
    }
    const id = this.#next++;
    const done = new Promise<readonly number[]>((resolve, reject) =>
      this.#pending.set(id, { resolve, reject }),
    );
    const request: ThreadRequest = { type: 'write', id, samples: packed.buffer, events };
    worker.postMessage(request, [packed.buffer]);
    return done;
  }

  /** Lets the thread finish what it holds, then closes its connection. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const worker = this.#worker;
    if (!worker) return;
    await Promise.allSettled(this.#inflight);
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    const request: ThreadRequest = { type: 'close' };
    worker.postMessage(request);
    await exited;
  }

  #settle(id: number, error: Error | null, eventIds: readonly number[] = []): void {
    const pending = this.#pending.get(id);
    if (!pending) return;
    this.#pending.delete(id);
    if (error) pending.reject(error);
    else pending.resolve(eventIds);
  }

  /** The thread is gone: what it held fails, and the next write starts a new one. */
  #lost(error: Error): void {
    this.#worker = null;
    this.#ready = null;
    for (const [id, pending] of this.#pending) {
      this.#pending.delete(id);
      pending.reject(error);
    }
  }
}
