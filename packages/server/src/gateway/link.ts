/**
 * The server as Modbus RTU master over one registered DTU link: one request in flight, a bounded
 * queue where user operations go before polls, a timeout and retries per request, replies found in
 * the byte stream by CRC and matched to the request in flight. The link closes itself when the
 * device stops answering (consecutive timeouts), falls silent (idle timeout) or hangs up; every
 * request still waiting then fails with LinkClosedError.
 */
import { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { encodeRtuRequest, matchResponse, RtuStreamParser } from '@fieldlink/protocol';
import type { ModbusRequest, ModbusResponse, RtuFrame } from '@fieldlink/protocol';
import { HeartbeatFilter } from './heartbeat-filter.js';

export type RequestPriority = 'user' | 'poll';

export interface RequestOptions {
  /** 'user' requests (operations from the console) are sent before every waiting 'poll'. */
  readonly priority: RequestPriority;
  /** How long to wait for each attempt's reply; default 3000 ms. */
  readonly timeoutMs?: number;
  /** Attempts after the first when a reply does not come in time; default 1. */
  readonly retries?: number;
}

/**
 * Why a link closed: the device hung up or the socket failed, nothing arrived for the idle time,
 * too many requests in a row timed out, the same serial registered on a new connection, or the
 * server is stopping.
 */
export type LinkCloseReason = 'disconnected' | 'error' | 'idle' | 'dead' | 'replaced' | 'shutdown';

export interface LinkOptions {
  /** Bytes the DTU sends to keep its link up (e.g. `ping`), skipped wherever they appear; none by default. */
  readonly heartbeat?: Uint8Array;
  /** Close after this long without a byte from the device; default 180 000 ms. */
  readonly idleMs?: number;
  /** Close after this many timeouts in a row (retries count); default 3. */
  readonly maxConsecutiveTimeouts?: number;
  /** Requests that may wait behind the one in flight; default 64. */
  readonly maxQueue?: number;
  /** Bytes that arrived with the registration packet. */
  readonly initial?: Uint8Array;
}

export const DEFAULT_TIMEOUT_MS = 3000;
export const DEFAULT_RETRIES = 1;
export const DEFAULT_IDLE_MS = 180_000;
export const DEFAULT_MAX_CONSECUTIVE_TIMEOUTS = 3;
export const DEFAULT_MAX_QUEUE = 64;

const MAX_TIMEOUT_MS = 600_000;
const MAX_RETRIES = 10;

/** A request got no matching reply within its timeout, on every attempt. */
export class LinkTimeoutError extends Error {
  constructor(
    readonly slave: number,
    readonly fn: number,
    readonly attempts: number,
    readonly timeoutMs: number,
  ) {
    super(`slave ${slave} did not answer FC${fn} within ${timeoutMs} ms (${attempts} attempts)`);
    this.name = 'LinkTimeoutError';
  }
}

/** The link closed before the request was answered. */
export class LinkClosedError extends Error {
  constructor(readonly reason: LinkCloseReason) {
    super(`the device link is closed (${reason})`);
    this.name = 'LinkClosedError';
  }
}

/** Too many requests already wait on this link. */
export class LinkQueueFullError extends Error {
  constructor(readonly limit: number) {
    super(`the device link already has ${limit} requests waiting`);
    this.name = 'LinkQueueFullError';
  }
}

/** Counters of what went over the link. */
export interface LinkStats {
  /** Frames sent, retries included. */
  sent: number;
  /** Replies matched to their request. */
  replies: number;
  timeouts: number;
  /** Frames received that did not answer the request in flight (or came with none in flight). */
  unmatched: number;
  /**
   * Bytes dropped while looking for frames: garbage and frames with a wrong CRC (approximate when
   * a reply's data holds the heartbeat's bytes).
   */
  skippedBytes: number;
  heartbeats: number;
  bytesIn: number;
}

interface Pending {
  readonly slave: number;
  readonly request: ModbusRequest;
  readonly frame: Uint8Array;
  readonly timeoutMs: number;
  attemptsLeft: number;
  attempts: number;
  readonly resolve: (reply: ModbusResponse) => void;
  readonly reject: (error: Error) => void;
}

function checkInt(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be a whole number ${min}-${max}, got ${value}`);
  }
}

export class ModbusRtuLink extends EventEmitter<{ close: [reason: LinkCloseReason] }> {
  readonly stats: LinkStats = {
    sent: 0,
    replies: 0,
    timeouts: 0,
    unmatched: 0,
    skippedBytes: 0,
    heartbeats: 0,
    bytesIn: 0,
  };
  private readonly maxQueue: number;
  private readonly maxConsecutiveTimeouts: number;
  /** Skips heartbeats between frames; told the request in flight, so stray heads cannot stall it. */
  private readonly framed: RtuStreamParser<'response'>;
  /** Sees the stream with every heartbeat removed, so a heartbeat inside a reply does not break it. */
  private readonly clean = new RtuStreamParser({ direction: 'response' });
  private readonly filter: HeartbeatFilter;
  private readonly queues: Record<RequestPriority, Pending[]> = { user: [], poll: [] };
  private inFlight: Pending | undefined;
  private replyTimer: NodeJS.Timeout | undefined;
  private readonly idleTimer: NodeJS.Timeout;
  private consecutiveTimeouts = 0;
  private closedWith: LinkCloseReason | undefined;
  /** The socket error that closed the link, if one did. */
  error: Error | undefined;

  constructor(
    private readonly socket: Socket,
    options: LinkOptions = {},
  ) {
    super();
    const heartbeat = options.heartbeat ?? new Uint8Array(0);
    const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
    this.maxQueue = options.maxQueue ?? DEFAULT_MAX_QUEUE;
    this.maxConsecutiveTimeouts = options.maxConsecutiveTimeouts ?? DEFAULT_MAX_CONSECUTIVE_TIMEOUTS;
    checkInt('idleMs', idleMs, 1, 2 ** 31 - 1);
    checkInt('maxQueue', this.maxQueue, 0, 100_000);
    checkInt('maxConsecutiveTimeouts', this.maxConsecutiveTimeouts, 1, 1000);
    this.framed = new RtuStreamParser({ direction: 'response', heartbeat });
    this.filter = new HeartbeatFilter(heartbeat);
    this.idleTimer = setTimeout(() => this.close('idle'), idleMs);

    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', (error) => {
      this.error = error;
      this.close('error');
    });
    socket.on('close', () => this.close('disconnected'));
    if (options.initial && options.initial.length > 0) this.receive(options.initial);
    if (socket.destroyed) this.close('disconnected');
    else socket.resume();
  }

  /** Requests waiting or in flight. */
  get pending(): number {
    return this.queues.user.length + this.queues.poll.length + (this.inFlight ? 1 : 0);
  }

  get closed(): boolean {
    return this.closedWith !== undefined;
  }

  get closeReason(): LinkCloseReason | undefined {
    return this.closedWith;
  }

  get remoteAddress(): string {
    return `${this.socket.remoteAddress ?? '?'}:${this.socket.remotePort ?? '?'}`;
  }

  /**
   * Send a request to `slave` (1-255; broadcast gets no reply, so 0 is refused) and resolve with
   * its reply, an exception reply included. Rejects with LinkTimeoutError, LinkClosedError,
   * LinkQueueFullError, or a RangeError for a request that cannot be encoded.
   */
  request(slave: number, request: ModbusRequest, options: RequestOptions): Promise<ModbusResponse> {
    if (this.closedWith) return Promise.reject(new LinkClosedError(this.closedWith));
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const retries = options.retries ?? DEFAULT_RETRIES;
    let frame: Uint8Array;
    try {
      checkInt('slave', slave, 1, 255);
      checkInt('timeoutMs', timeoutMs, 1, MAX_TIMEOUT_MS);
      checkInt('retries', retries, 0, MAX_RETRIES);
      frame = encodeRtuRequest(slave, request);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    if (this.queues.user.length + this.queues.poll.length >= this.maxQueue) {
      return Promise.reject(new LinkQueueFullError(this.maxQueue));
    }
    return new Promise<ModbusResponse>((resolve, reject) => {
      const queue = options.priority === 'user' ? this.queues.user : this.queues.poll;
      queue.push({ slave, request, frame, timeoutMs, attemptsLeft: retries, attempts: 0, resolve, reject });
      this.next();
    });
  }

  /** Close the link: the socket is destroyed and every request waiting or in flight is rejected. */
  close(reason: LinkCloseReason): void {
    if (this.closedWith) return;
    this.closedWith = reason;
    clearTimeout(this.idleTimer);
    clearTimeout(this.replyTimer);
    const error = new LinkClosedError(reason);
    const dropped = [...(this.inFlight ? [this.inFlight] : []), ...this.queues.user, ...this.queues.poll];
    this.inFlight = undefined;
    this.queues.user.length = 0;
    this.queues.poll.length = 0;
    for (const pending of dropped) pending.reject(error);
    this.socket.destroy();
    this.emit('close', reason);
  }

  /** Start the next waiting request, if none is in flight. */
  private next(): void {
    if (this.inFlight || this.closedWith) return;
    const pending = this.queues.user.shift() ?? this.queues.poll.shift();
    if (!pending) {
      this.framed.setExpected(undefined);
      return;
    }
    this.inFlight = pending;
    this.send(pending);
  }

  private send(pending: Pending): void {
    // Bytes still held belong to no reply of this request: start both parsers afresh.
    this.stats.skippedBytes += this.clean.buffered;
    this.clean.reset();
    this.framed.reset();
    this.framed.setExpected({ slave: pending.slave, request: pending.request });
    pending.attempts++;
    this.stats.sent++;
    this.replyTimer = setTimeout(() => this.timeout(pending), pending.timeoutMs);
    this.socket.write(pending.frame);
  }

  private timeout(pending: Pending): void {
    if (this.inFlight !== pending) return;
    this.stats.timeouts++;
    this.consecutiveTimeouts++;
    const dead = this.consecutiveTimeouts >= this.maxConsecutiveTimeouts;
    if (pending.attemptsLeft > 0 && !dead) {
      pending.attemptsLeft--;
      this.send(pending);
      return;
    }
    if (pending.attemptsLeft === 0) {
      this.inFlight = undefined;
      pending.reject(
        new LinkTimeoutError(pending.slave, pending.request.fn, pending.attempts, pending.timeoutMs),
      );
    }
    if (dead) this.close('dead');
    else this.next();
  }

  private receive(chunk: Uint8Array): void {
    if (this.closedWith) return;
    this.idleTimer.refresh();
    this.stats.bytesIn += chunk.length;
    const framed = this.framed.push(chunk);
    const stripped = this.filter.push(chunk);
    this.stats.heartbeats = this.filter.count;
    const held = this.clean.buffered;
    const frames = this.clean.push(stripped);
    const framedBytes = frames.reduce((sum, frame) => sum + frame.raw.length, 0);
    this.stats.skippedBytes += held + stripped.length - framedBytes - this.clean.buffered;

    const pending = this.inFlight;
    let reply: ModbusResponse | undefined;
    for (const frame of frames) {
      const answer = pending && !reply ? answerTo(pending, frame) : undefined;
      if (answer) reply = answer;
      else this.stats.unmatched++;
    }
    // The parser told of the request sees a reply the heartbeat filter broke (a heartbeat's bytes
    // inside the reply's data).
    for (const frame of framed) {
      if (reply || !pending) break;
      if (frame.ok && frame.slave === pending.slave) {
        reply = frame.pdu;
        // What the other parser holds is that reply, broken: not garbage to count.
        this.clean.reset();
      }
    }
    if (pending && reply) {
      clearTimeout(this.replyTimer);
      this.inFlight = undefined;
      this.consecutiveTimeouts = 0;
      this.stats.replies++;
      pending.resolve(reply);
      this.next();
    }
  }
}

/** The reply, FC1/FC2 values cut to the count asked for, when `frame` answers `pending`. */
function answerTo(pending: Pending, frame: RtuFrame<ModbusResponse>): ModbusResponse | undefined {
  if (!frame.ok || frame.slave !== pending.slave) return undefined;
  const matched = matchResponse(pending.request, frame.pdu);
  return matched.ok ? matched.value : undefined;
}
