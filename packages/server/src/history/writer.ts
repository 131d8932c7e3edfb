/**
 * Batched history writes. Callers hand over telemetry samples and events and get a promise that
 * settles once their rows are committed: resolved when they are stored, rejected when the write
 * failed, so nothing acknowledged is ever lost and nothing is dropped silently.
 *
 * Rows wait at most `flushMs` (250 ms) and are written `batchRows` (1,000) at a time, each batch in
 * one transaction; a call's rows always go in one transaction. An event someone waits on (an
 * operation's, before its reply) is written `promptly`: its batch starts at once.
 *
 * Samples are bounded: samples that would make more than `maxQueuedRows` rows wait are refused at
 * once (HistoryBacklogError), so a store that cannot keep up pushes back instead of exhausting
 * memory; a status read again later carries the same values. Events (operations, alarms, link
 * changes) are never refused for backlog: each is a fact that is not sent again, and they are few
 * beside the samples.
 *
 * On PostgreSQL the month partitions a batch needs are made before it is written.
 */
import type { Kysely } from 'kysely';
import { dialectOf } from '../storage/migrations/columns.js';
import type { DialectName } from '../storage/migrations/columns.js';
import type { Database, HistoryEventKind, TelemetryKind } from '../storage/schema.js';
import { ensureMonthPartition, monthOf } from './partitions.js';

/** One value at one time. */
export interface Sample {
  readonly equipmentId: number;
  readonly kind: TelemetryKind;
  /** Counted from 0; 0 for online and soc. */
  readonly channel: number;
  /** DO/DI/online: 1 or 0. AI/AO: the scaled value. SOC: percent. */
  readonly value: number;
  /** Epoch milliseconds. */
  readonly at: number;
}

export interface EventInput {
  readonly equipmentId: number;
  readonly kind: HistoryEventKind;
  readonly at: number;
  /** Who operated; null or absent for what the equipment did by itself. */
  readonly userId?: number | null;
  readonly channelKind?: 'do' | 'di' | 'ai' | 'ao' | null;
  readonly channel?: number | null;
  readonly level?: -1 | 1 | null;
  readonly value?: number | null;
  readonly message?: string;
  readonly detail?: Readonly<Record<string, unknown>>;
}

export interface HistoryWriterOptions {
  /** How long a row may wait before its batch is written. */
  readonly flushMs?: number;
  /** A batch is written at once when this many rows wait. */
  readonly batchRows?: number;
  /** Samples that would make more rows than this wait are refused (events never are). */
  readonly maxQueuedRows?: number;
  /** Told about every failed batch (the callers' promises reject as well). */
  readonly onError?: (error: unknown) => void;
  /**
   * Told, at most every `backlogReportMs` (10 s), how many rows were refused as backlog since the
   * last time: callers need not log each HistoryBacklogError themselves.
   */
  readonly onBacklog?: (refusedRows: number, queuedRows: number) => void;
  readonly backlogReportMs?: number;
  /**
   * Where batches are written; by default through the writer's Kysely instance on the event loop.
   * On SQLite the server hands over a SqliteHistoryThread (sqlite-history.ts).
   */
  readonly store?: BatchStore;
}

/** Writes one batch in one transaction; resolves, once it is committed, with the events' ids in order. */
export interface BatchStore {
  write(samples: readonly Sample[], events: readonly EventRow[]): Promise<readonly number[]>;
}

/** The writer is behind: too many rows wait already. */
export class HistoryBacklogError extends Error {
  constructor(queued: number) {
    // Refused by the thousand while the store is behind, always from the same place: a stack
    // trace would cost more than the call and tell nothing.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(`history writer backlog: ${queued} rows are waiting to be written`);
    Error.stackTraceLimit = limit;
    this.name = 'HistoryBacklogError';
  }
}

export class HistoryWriterClosedError extends Error {
  constructor() {
    super('history writer is closed');
    this.name = 'HistoryWriterClosedError';
  }
}

export const TELEMETRY_KINDS: readonly TelemetryKind[] = ['do', 'di', 'ai', 'ao', 'online', 'soc'];
export const EVENT_KINDS: readonly HistoryEventKind[] = [
  'alarm',
  'alarm_clear',
  'operation',
  'online',
  'offline',
];

/** Longest event message kept; longer ones are cut. */
export const MAX_EVENT_MESSAGE = 1000;

/** Rows per INSERT statement: 5,000-10,000 parameters, within both dialects' limits. */
const ROWS_PER_STATEMENT = 1000;

export type EventRow = {
  equipment_id: number;
  user_id: number | null;
  kind: HistoryEventKind;
  channel_kind: string | null;
  channel: number | null;
  level: number | null;
  value: number | null;
  message: string;
  detail: string;
  at: number;
};

/** One call's rows and its promise. */
interface Entry {
  readonly seq: number;
  readonly samples: readonly Sample[];
  readonly events: readonly EventRow[];
  readonly rows: number;
  /** With the ids its events were stored under, in order. */
  resolve(eventIds: readonly number[]): void;
  reject(error: unknown): void;
}

const settledQuietly = (): void => {};
const stored = (resolve: () => void) => (): void => resolve();

const isId = (n: unknown): boolean => Number.isSafeInteger(n) && (n as number) >= 1;
const isTime = (n: unknown): boolean => Number.isSafeInteger(n) && (n as number) >= 0;

/** Why `s` cannot be stored, or null. */
function sampleProblem(s: Sample): string | null {
  if (!isId(s.equipmentId)) return 'equipmentId must be a positive whole number';
  if (!TELEMETRY_KINDS.includes(s.kind)) return `kind must be one of ${TELEMETRY_KINDS.join(', ')}`;
  const maxChannel = s.kind === 'online' || s.kind === 'soc' ? 0 : 31;
  if (!Number.isInteger(s.channel) || s.channel < 0 || s.channel > maxChannel) {
    return `channel must be a whole number from 0 to ${maxChannel}`;
  }
  if (!Number.isFinite(s.value)) return 'value must be a finite number';
  if (!isTime(s.at)) return 'at must be epoch milliseconds';
  return null;
}

function eventRow(e: EventInput): EventRow | string {
  if (!isId(e.equipmentId)) return 'equipmentId must be a positive whole number';
  if (!EVENT_KINDS.includes(e.kind)) return `kind must be one of ${EVENT_KINDS.join(', ')}`;
  if (!isTime(e.at)) return 'at must be epoch milliseconds';
  if (e.userId !== undefined && e.userId !== null && !isId(e.userId)) return 'userId must be an id';
  const channel = e.channel ?? null;
  if (channel !== null && (!Number.isInteger(channel) || channel < 0 || channel > 31)) {
    return 'channel must be a whole number from 0 to 31';
  }
  const value = e.value ?? null;
  if (value !== null && !Number.isFinite(value)) return 'value must be a finite number';
  let detail: string;
  try {
    detail = JSON.stringify(e.detail ?? {});
  } catch {
    return 'detail must be JSON';
  }
  return {
    equipment_id: e.equipmentId,
    user_id: e.userId ?? null,
    kind: e.kind,
    channel_kind: e.channelKind ?? null,
    channel,
    level: e.level ?? null,
    value,
    // PostgreSQL refuses NUL in text (JSON text has it escaped already).
    message: (e.message ?? '').replaceAll('\u0000', '').slice(0, MAX_EVENT_MESSAGE),
    detail,
    at: e.at,
  };
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Later samples of the same channel at the same millisecond replace earlier ones. */
function lastPerKey(samples: readonly Sample[]): Sample[] {
  const byKey = new Map<string, Sample>();
  for (const s of samples) byKey.set(`${s.equipmentId}|${s.kind}|${s.channel}|${s.at}`, s);
  return [...byKey.values()];
}

export class HistoryWriter {
  readonly #db: Kysely<Database>;
  readonly #dialect: DialectName;
  readonly #flushMs: number;
  readonly #batchRows: number;
  readonly #maxQueuedRows: number;
  readonly #onError: (error: unknown) => void;
  readonly #store: BatchStore | undefined;
  readonly #onBacklog: (refusedRows: number, queuedRows: number) => void;
  readonly #backlogReportMs: number;
  #refusedRows = 0;
  #backlogReportedAt = -Infinity;

  /** Waiting calls from `#head` on; taken from the front without shifting the array each time. */
  #queue: Entry[] = [];
  #head = 0;
  #queuedRows = 0;
  #writingRows = 0;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #due = false;
  #writing: Promise<void> | null = null;
  #seq = 0;
  #settledSeq = 0;
  #closed = false;
  /** Month partitions known to exist (PostgreSQL). */
  readonly #months = new Set<string>();

  constructor(db: Kysely<Database>, options: HistoryWriterOptions = {}) {
    this.#db = db;
    this.#dialect = dialectOf(db as unknown as Kysely<unknown>);
    this.#flushMs = options.flushMs ?? 250;
    this.#batchRows = options.batchRows ?? 1000;
    this.#maxQueuedRows = options.maxQueuedRows ?? 100_000;
    this.#onError = options.onError ?? (() => {});
    this.#store = options.store;
    this.#onBacklog = options.onBacklog ?? (() => {});
    this.#backlogReportMs = options.backlogReportMs ?? 10_000;
  }

  /** Rows waiting or being written. */
  get backlog(): number {
    return this.#queuedRows + this.#writingRows;
  }

  /** Stores the samples; resolves once they are committed. */
  record(samples: readonly Sample[]): Promise<void> {
    for (const s of samples) {
      const problem = sampleProblem(s);
      if (problem) return Promise.reject(new TypeError(`history sample: ${problem}`));
    }
    // A copy: the caller may reuse its array before the batch is written.
    return this.#enqueue([...samples], []);
  }

  /**
   * Hands samples and events over without a promise to wait on: a stream of device statuses
   * keeps nothing alive until its batch commits. `onFailed` is told when they could not be stored
   * (invalid, the writer closed, or their batch failed), and with a HistoryBacklogError when the
   * samples were shed as backlog: the events are then queued alone, and `onFailed` may be told
   * again should their batch fail. The samples array becomes the writer's: the caller must not
   * change it afterwards. All the rows go in one transaction. `onStored` is told the ids the
   * events were stored under, in order, once they are committed.
   */
  append(
    samples: Sample[],
    events: readonly EventInput[],
    onFailed: (error: unknown) => void,
    onStored: (eventIds: readonly number[]) => void = settledQuietly,
  ): void {
    for (const s of samples) {
      const problem = sampleProblem(s);
      if (problem) return onFailed(new TypeError(`history sample: ${problem}`));
    }
    const rows: EventRow[] = [];
    for (const e of events) {
      const row = eventRow(e);
      if (typeof row === 'string') return onFailed(new TypeError(`history event: ${row}`));
      rows.push(row);
    }
    if (rows.length > 0 && samples.length > 0 && this.#overBound(samples.length + rows.length)) {
      this.#refused(samples.length);
      onFailed(new HistoryBacklogError(this.backlog));
      this.#add([], rows, onStored, onFailed);
      return;
    }
    this.#add(samples, rows, onStored, onFailed);
  }

  /**
   * Stores the event; resolves with its id once it is committed. `promptly` starts its batch at
   * once instead of after `flushMs`, for a caller that waits on it.
   */
  recordEvent(event: EventInput, options: { readonly promptly?: boolean } = {}): Promise<number> {
    const row = eventRow(event);
    if (typeof row === 'string') return Promise.reject(new TypeError(`history event: ${row}`));
    return new Promise<number>((resolve, reject) =>
      this.#add([], [row], (ids) => resolve(ids[0]!), reject, options.promptly),
    );
  }

  /** Writes everything handed over before this call; resolves when those rows have settled. */
  async flush(): Promise<void> {
    const target = this.#seq;
    while (this.#settledSeq < target) {
      this.#due = true;
      this.#pump();
      await this.#writing;
    }
  }

  /** Refuses further rows and writes those waiting. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.flush();
    this.#stopTimer();
  }

  #enqueue(samples: readonly Sample[], events: readonly EventRow[]): Promise<void> {
    return new Promise<void>((resolve, reject) => this.#add(samples, events, stored(resolve), reject));
  }

  #overBound(rows: number): boolean {
    return this.backlog + rows > this.#maxQueuedRows;
  }

  /**
   * Queues one call's rows, or refuses them at once: when closed, or samples alone over the
   * backlog bound (a call with events is always queued).
   */
  #add(
    samples: readonly Sample[],
    events: readonly EventRow[],
    resolve: (eventIds: readonly number[]) => void,
    reject: (error: unknown) => void,
    promptly = false,
  ): void {
    if (this.#closed) return reject(new HistoryWriterClosedError());
    const rows = samples.length + events.length;
    if (rows === 0) return resolve([]);
    if (events.length === 0 && this.#overBound(rows)) {
      this.#refused(rows);
      return reject(new HistoryBacklogError(this.backlog));
    }
    this.#seq += 1;
    this.#queue.push({ seq: this.#seq, samples, events, rows, resolve, reject });
    this.#queuedRows += rows;
    if (promptly || this.#queuedRows >= this.#batchRows) {
      this.#due = true;
      this.#pump();
    } else {
      this.#startTimer();
    }
  }

  #refused(rows: number): void {
    this.#refusedRows += rows;
    const now = performance.now();
    if (now - this.#backlogReportedAt < this.#backlogReportMs) return;
    this.#backlogReportedAt = now;
    const refused = this.#refusedRows;
    this.#refusedRows = 0;
    this.#onBacklog(refused, this.backlog);
  }

  /** Starts writing the next batch when one is due and none is being written. */
  #pump(): void {
    if (this.#writing !== null || !this.#due) return;
    this.#due = false;
    this.#stopTimer();
    if (this.#head === this.#queue.length) {
      this.#queue = [];
      this.#head = 0;
      return;
    }
    // Everything queued now is due; what arrives while this batch is written waits for its timer.
    const dueThrough = this.#seq;
    const batch: Entry[] = [];
    let rows = 0;
    while (
      this.#head < this.#queue.length &&
      (batch.length === 0 || rows + this.#queue[this.#head]!.rows <= this.#batchRows)
    ) {
      const entry = this.#queue[this.#head++]!;
      batch.push(entry);
      rows += entry.rows;
    }
    this.#queuedRows -= rows;
    if (this.#head >= 1024 && this.#head * 2 >= this.#queue.length) {
      this.#queue = this.#queue.slice(this.#head);
      this.#head = 0;
    }
    this.#writingRows = rows;
    this.#writing = this.#write(batch).then(
      (eventIds) => {
        let at = 0;
        for (const entry of batch) {
          entry.resolve(eventIds.slice(at, at + entry.events.length));
          at += entry.events.length;
        }
      },
      (error: unknown) => {
        this.#onError(error);
        for (const entry of batch) entry.reject(error);
      },
    );
    void this.#writing.finally(() => {
      this.#writing = null;
      this.#writingRows = 0;
      this.#settledSeq = batch.at(-1)!.seq;
      const next = this.#queue[this.#head];
      if (next !== undefined) {
        if (next.seq <= dueThrough || this.#queuedRows >= this.#batchRows) this.#due = true;
        else this.#startTimer();
      }
      this.#pump();
    });
  }

  #startTimer(): void {
    if (this.#timer !== null || this.#due) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#due = true;
      this.#pump();
    }, this.#flushMs);
  }

  #stopTimer(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  async #write(batch: readonly Entry[]): Promise<readonly number[]> {
    const events = batch.flatMap((e) => e.events);
    // One statement per row there: a later sample of a key simply replaces the earlier one.
    if (this.#store)
      return this.#store.write(
        batch.flatMap((e) => e.samples),
        events,
      );
    const samples = lastPerKey(batch.flatMap((e) => e.samples));
    if (this.#dialect === 'postgres') await this.#ensurePartitions(samples);
    return this.#db.transaction().execute(async (trx) => {
      for (const part of chunks(samples, ROWS_PER_STATEMENT)) {
        await trx
          .insertInto('telemetry')
          .values(
            part.map((s) => ({
              equipment_id: s.equipmentId,
              kind: s.kind,
              channel: s.channel,
              value: s.value,
              at: s.at,
            })),
          )
          .onConflict((oc) =>
            oc
              .columns(['equipment_id', 'kind', 'channel', 'at'])
              .doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })),
          )
          .execute();
      }
      const ids: number[] = [];
      for (const part of chunks(events, ROWS_PER_STATEMENT)) {
        const rows = await trx.insertInto('events').values(part).returning('id').execute();
        // RETURNING promises no order; one statement numbers its rows in the order given.
        ids.push(...rows.map((r) => Number(r.id)).sort((a, b) => a - b));
      }
      return ids;
    });
  }

  async #ensurePartitions(samples: readonly Sample[]): Promise<void> {
    const months = new Map(samples.map((s) => monthOf(s.at)).map((m) => [m.name, m]));
    for (const month of months.values()) {
      if (this.#months.has(month.name)) continue;
      await ensureMonthPartition(this.#db, month);
      this.#months.add(month.name);
    }
  }

  /** Forgets which month partitions exist (after retention dropped some). */
  forgetPartitions(): void {
    this.#months.clear();
  }
}
