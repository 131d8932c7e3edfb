/**
 * A DTU link as the main thread sees it: the link itself (socket, RTU master, queue, timeouts)
 * lives in the DTU listener's thread; this end sends the requests there and settles them with what
 * comes back, keeps the link's counters as of its last answer, and closes when the thread says the
 * link closed (or when closed here, telling the thread).
 */
import { EventEmitter } from 'node:events';
import type { ModbusRequest, ModbusResponse } from '@fieldlink/protocol';
import { emptyLinkStats, LinkClosedError } from '../link/device-link.js';
import type { DeviceLink, LinkCloseReason, LinkStats, RequestOptions } from '../link/device-link.js';
import type { ToThread, WireStats } from './dtu-thread-messages.js';
import { statsFromWire } from './dtu-thread-messages.js';

/** How a ThreadLink reaches the thread. */
export interface ThreadPost {
  post(message: ToThread): void;
}

interface Waiter {
  readonly resolve: (reply: ModbusResponse) => void;
  readonly reject: (error: Error) => void;
}

export class ThreadLink extends EventEmitter<{ close: [reason: LinkCloseReason] }> implements DeviceLink {
  readonly stats: LinkStats = emptyLinkStats();
  /** The transport error that closed the link, if one did. */
  error: Error | undefined;
  /** Requests sent and not answered yet, by id (numbered per link: answers come by connection). */
  readonly #waiting = new Map<number, Waiter>();
  #nextId = 1;
  #closedWith: LinkCloseReason | undefined;

  constructor(
    /** The connection's number in the thread. */
    readonly conn: number,
    readonly remoteAddress: string,
    private readonly thread: ThreadPost,
  ) {
    super();
  }

  get pending(): number {
    return this.#waiting.size;
  }

  get closed(): boolean {
    return this.#closedWith !== undefined;
  }

  get closeReason(): LinkCloseReason | undefined {
    return this.#closedWith;
  }

  request(slave: number, request: ModbusRequest, options: RequestOptions): Promise<ModbusResponse> {
    if (this.#closedWith) return Promise.reject(new LinkClosedError(this.#closedWith));
    return new Promise((resolve, reject) => {
      const id = this.#nextId++;
      this.#waiting.set(id, { resolve, reject });
      this.thread.post({ t: 'request', conn: this.conn, id, slave, request, options });
    });
  }

  close(reason: LinkCloseReason): void {
    if (this.#closedWith) return;
    this.thread.post({ t: 'close', conn: this.conn, reason });
    this.ended(reason);
  }

  /**
   * The answer to request `id`, its reply or the error it failed with, and the link's counters as
   * the thread had them.
   */
  settle(id: number, outcome: ModbusResponse | Error, stats: WireStats): void {
    statsFromWire(this.stats, stats);
    const waiter = this.#waiting.get(id);
    if (!waiter) return;
    this.#waiting.delete(id);
    if (outcome instanceof Error) waiter.reject(outcome);
    else waiter.resolve(outcome);
  }

  /** The link closed (in the thread, or here): every request still waiting fails. */
  ended(reason: LinkCloseReason, error?: string, stats?: WireStats): void {
    if (stats) statsFromWire(this.stats, stats);
    if (this.#closedWith) return;
    this.#closedWith = reason;
    if (error !== undefined) this.error = new Error(error);
    const failure = new LinkClosedError(reason);
    const waiting = [...this.#waiting.values()];
    this.#waiting.clear();
    for (const waiter of waiting) waiter.reject(failure);
    this.emit('close', reason);
  }
}
