/**
 * The Modbus master side every link shares, whatever the framing: one request in flight, a
 * bounded queue where user operations go before polls, a timeout and retries per request, and
 * closing when the device stops answering (consecutive timeouts), falls silent (idle timeout) or
 * hangs up, every request still waiting then failing with LinkClosedError. A framing (RTU, TCP,
 * RTU over MQTT) encodes and sends each attempt and finds the reply in what arrives; a transport
 * (a TCP socket, a device's topics on a broker) carries the bytes.
 */
import { EventEmitter } from 'node:events';
import type { ModbusRequest, ModbusResponse } from '@fieldlink/protocol';
import { emptyLinkStats, LinkClosedError, LinkQueueFullError, LinkTimeoutError } from './device-link.js';
import type {
  DeviceLink,
  LinkCloseReason,
  LinkStats,
  RequestOptions,
  RequestPriority,
} from './device-link.js';

export const DEFAULT_TIMEOUT_MS = 3000;
/**
 * Bounds of the timeout a link takes from its measured round trips when a request names none:
 * the smoothed round trip plus four times its deviation, doubled by each timeout until a first
 * attempt is answered again (as TCP does), never below the first, never above the second;
 * DEFAULT_TIMEOUT_MS until the first answer.
 */
export const ADAPTIVE_TIMEOUT_MIN_MS = 1000;
export const ADAPTIVE_TIMEOUT_MAX_MS = 15_000;
/** After a request's last attempt timed out, the line must be quiet this long before the next (at most). */
const DRAIN_QUIET_MAX_MS = 1000;
export const DEFAULT_RETRIES = 1;
export const DEFAULT_IDLE_MS = 180_000;
export const DEFAULT_MAX_CONSECUTIVE_TIMEOUTS = 3;
export const DEFAULT_MAX_QUEUE = 64;

const MAX_TIMEOUT_MS = 600_000;
const MAX_RETRIES = 10;

/**
 * What a link sends over and hears from: a `net.Socket` is one; so is a device's pair of topics on
 * an MQTT broker, where each 'data' event is one whole message.
 */
export interface LinkTransport {
  readonly destroyed: boolean;
  readonly remoteAddress?: string | undefined;
  readonly remotePort?: number | undefined;
  write(bytes: Uint8Array): unknown;
  /** Stop carrying bytes; called once, when the link closes. */
  destroy(): unknown;
  /** Start emitting 'data' (a socket paused before the link existed). */
  resume?(): unknown;
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
}

/** Idle timeout, queue size and dead-link rule, the same for every framing. */
export interface MasterLinkOptions {
  /** Close after this long without a byte from the device; default 180 000 ms. */
  readonly idleMs?: number;
  /**
   * Close after this many timeouts in a row (retries count) on a link that has answered before;
   * default 3.
   */
  readonly maxConsecutiveTimeouts?: number;
  /** Requests that may wait behind the one in flight; default 64. */
  readonly maxQueue?: number;
}

/** A request waiting or in flight; `frame` is what the framing made of it when it was queued. */
export interface Pending<F> {
  readonly slave: number;
  readonly request: ModbusRequest;
  /** Its timeouts count toward closing the link as dead (RequestOptions.probesLink). */
  readonly probe: boolean;
  readonly frame: F;
  /** The timeout the caller asked for; undefined: the link's own (from its round trips). */
  readonly askedTimeoutMs: number | undefined;
  /** The timeout of the attempt in flight (or the last one). */
  timeoutMs: number;
  /** When the attempt in flight was sent (performance.now()). */
  sentAt: number;
  attemptsLeft: number;
  attempts: number;
  readonly resolve: (reply: ModbusResponse) => void;
  readonly reject: (error: Error) => void;
}

export function checkInt(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be a whole number ${min}-${max}, got ${value}`);
  }
}

export abstract class ModbusMasterLink<F>
  extends EventEmitter<{ close: [reason: LinkCloseReason] }>
  implements DeviceLink
{
  readonly stats: LinkStats = emptyLinkStats();
  /** The transport error that closed the link, if one did. */
  error: Error | undefined;
  /** The request whose reply is awaited. */
  protected inFlight: Pending<F> | undefined;
  private readonly idleMs: number;
  private readonly maxQueue: number;
  private readonly maxConsecutiveTimeouts: number;
  private readonly queues: Record<RequestPriority, Pending<F>[]> = { user: [], poll: [] };
  private replyTimer: NodeJS.Timeout | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private consecutiveTimeouts = 0;
  private closedWith: LinkCloseReason | undefined;
  /** Smoothed round trip and its deviation, ms; undefined before the first answer. */
  private srtt: number | undefined;
  private rttvar = 0;
  /** Doubled by each timeout of a request without a timeout of its own, reset by a fresh round trip. */
  private backoff = 1;
  /** Set while the line is drained after a timeout: the next request waits for it to be quiet. */
  private drain: { timer: NodeJS.Timeout; readonly until: number; readonly quietMs: number } | undefined;

  protected constructor(
    protected readonly transport: LinkTransport,
    options: MasterLinkOptions,
  ) {
    super();
    this.idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
    this.maxQueue = options.maxQueue ?? DEFAULT_MAX_QUEUE;
    this.maxConsecutiveTimeouts = options.maxConsecutiveTimeouts ?? DEFAULT_MAX_CONSECUTIVE_TIMEOUTS;
    checkInt('idleMs', this.idleMs, 1, 2 ** 31 - 1);
    checkInt('maxQueue', this.maxQueue, 0, 100_000);
    checkInt('maxConsecutiveTimeouts', this.maxConsecutiveTimeouts, 1, 1000);
  }

  /**
   * Start listening to the transport (and take `initial`, bytes that arrived before the link
   * existed). A framing calls it at the end of its constructor, once its parsers exist.
   */
  protected attach(initial?: Uint8Array): void {
    this.idleTimer = setTimeout(() => this.close('idle'), this.idleMs);
    this.transport.on('data', (chunk: Uint8Array) => this.data(chunk));
    this.transport.on('error', (error: Error) => {
      this.error = error;
      this.close('error');
    });
    this.transport.on('close', () => this.close('disconnected'));
    if (initial && initial.length > 0) this.data(initial);
    if (this.transport.destroyed) this.close('disconnected');
    else this.transport.resume?.();
  }

  /** The framed request, for the attempts to send; throws a RangeError when it cannot be encoded. */
  protected abstract encode(slave: number, request: ModbusRequest): F;

  /** Send one attempt of `pending` (the first or a retry). */
  protected abstract transmit(pending: Pending<F>): void;

  /** Bytes from the device; call answered() for the reply to the request in flight. */
  protected abstract receive(chunk: Uint8Array): void;

  /** Nothing is in flight or waiting any more. */
  protected quiet(): void {}

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
    return `${this.transport.remoteAddress ?? '?'}:${this.transport.remotePort ?? '?'}`;
  }

  /**
   * Send a request to `slave` (1-255; broadcast gets no reply, so 0 is refused) and resolve with
   * its reply, an exception reply included. Rejects with LinkTimeoutError, LinkClosedError,
   * LinkQueueFullError, or a RangeError for a request that cannot be encoded.
   */
  request(slave: number, request: ModbusRequest, options: RequestOptions): Promise<ModbusResponse> {
    if (this.closedWith) return Promise.reject(new LinkClosedError(this.closedWith));
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const retries = options.retries ?? DEFAULT_RETRIES;
    let frame: F;
    try {
      checkInt('slave', slave, 1, 255);
      checkInt('timeoutMs', timeoutMs, 1, MAX_TIMEOUT_MS);
      checkInt('retries', retries, 0, MAX_RETRIES);
      frame = this.encode(slave, request);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    if (this.queues.user.length + this.queues.poll.length >= this.maxQueue) {
      return Promise.reject(new LinkQueueFullError(this.maxQueue));
    }
    return new Promise<ModbusResponse>((resolve, reject) => {
      const queue = options.priority === 'user' ? this.queues.user : this.queues.poll;
      const probe = options.probesLink ?? true;
      queue.push({
        slave,
        request,
        frame,
        askedTimeoutMs: options.timeoutMs,
        timeoutMs,
        sentAt: 0,
        attemptsLeft: retries,
        attempts: 0,
        probe,
        resolve,
        reject,
      });
      this.next();
    });
  }

  /** Close the link: the transport is destroyed and every request waiting or in flight is rejected. */
  close(reason: LinkCloseReason): void {
    if (this.closedWith) return;
    this.closedWith = reason;
    clearTimeout(this.idleTimer);
    clearTimeout(this.replyTimer);
    clearTimeout(this.drain?.timer);
    this.drain = undefined;
    const error = new LinkClosedError(reason);
    const dropped = [...(this.inFlight ? [this.inFlight] : []), ...this.queues.user, ...this.queues.poll];
    this.inFlight = undefined;
    this.queues.user.length = 0;
    this.queues.poll.length = 0;
    for (const pending of dropped) pending.reject(error);
    this.transport.destroy();
    this.emit('close', reason);
  }

  /** The reply to `pending`, found by the framing: resolve it and start the next request. */
  protected answered(pending: Pending<F>, reply: ModbusResponse): void {
    if (this.inFlight !== pending) return;
    clearTimeout(this.replyTimer);
    this.inFlight = undefined;
    this.consecutiveTimeouts = 0;
    this.stats.replies++;
    // Only a first attempt's answer is a round trip: a retry's may answer the first (Karn).
    if (pending.attempts === 1) this.sampleRoundTrip(performance.now() - pending.sentAt);
    pending.resolve(reply);
    // Answered on a retry: the first attempt's reply may still come, as late replies do.
    if (pending.attempts > 1 && this.drainsAfterTimeout) this.drainThenNext(pending.timeoutMs);
    else this.next();
  }

  private data(chunk: Uint8Array): void {
    if (this.closedWith) return;
    this.idleTimer?.refresh();
    if (this.drain) this.quietAgain();
    this.stats.bytesIn += chunk.length;
    this.receive(chunk);
  }

  /** Start the next waiting request, if none is in flight. */
  private next(): void {
    if (this.inFlight || this.closedWith || this.drain) return;
    const pending = this.queues.user.shift() ?? this.queues.poll.shift();
    if (!pending) {
      this.quiet();
      return;
    }
    this.inFlight = pending;
    this.send(pending);
  }

  private send(pending: Pending<F>): void {
    pending.attempts++;
    this.stats.sent++;
    pending.timeoutMs = pending.askedTimeoutMs ?? this.timeoutMs;
    pending.sentAt = performance.now();
    this.replyTimer = setTimeout(() => this.timeout(pending), pending.timeoutMs);
    this.transmit(pending);
  }

  private timeout(pending: Pending<F>): void {
    if (this.inFlight !== pending) return;
    this.stats.timeouts++;
    if (pending.askedTimeoutMs === undefined) this.backoff = Math.min(this.backoff * 2, 8);
    if (pending.probe) this.consecutiveTimeouts++;
    // A link that has never carried a reply is not dead for its timeouts: its DTU or connection
    // is there and the device behind it is silent (a wrong slave address, or it is off), which the
    // device service shows; closing would only bring the link back, online for a moment, again and
    // again. The idle timeout still closes a link that hears nothing at all.
    const dead = this.stats.replies > 0 && this.consecutiveTimeouts >= this.maxConsecutiveTimeouts;
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
    else if (this.drainsAfterTimeout) this.drainThenNext(pending.timeoutMs);
    else this.next();
  }

  /**
   * The timeout of a request that names none: from the link's measured round trips, bounded
   * (ADAPTIVE_TIMEOUT_MIN_MS-ADAPTIVE_TIMEOUT_MAX_MS); DEFAULT_TIMEOUT_MS before the first answer.
   */
  get timeoutMs(): number {
    const rto = this.srtt === undefined ? DEFAULT_TIMEOUT_MS : Math.ceil(this.srtt + 4 * this.rttvar);
    return Math.min(ADAPTIVE_TIMEOUT_MAX_MS, Math.max(ADAPTIVE_TIMEOUT_MIN_MS, rto) * this.backoff);
  }

  /**
   * Whether a late reply could be taken for the next request's (RTU frames carry no transaction
   * id), so the line is drained after a timeout; a framing with transaction ids says no.
   */
  protected get drainsAfterTimeout(): boolean {
    return true;
  }

  private sampleRoundTrip(ms: number): void {
    this.backoff = 1;
    if (this.srtt === undefined) {
      this.srtt = ms;
      this.rttvar = ms / 2;
      return;
    }
    this.rttvar = 0.75 * this.rttvar + 0.25 * Math.abs(this.srtt - ms);
    this.srtt = 0.875 * this.srtt + 0.125 * ms;
  }

  /**
   * After a request's last attempt timed out, a late reply may still come, and on RTU it would be
   * taken for the answer to the next request to the same slave and function: the next request
   * waits until the line has been quiet for a while (what arrives meanwhile is dropped as
   * unmatched), at most twice the timeout.
   */
  private drainThenNext(timeoutMs: number): void {
    const quietMs = Math.min(timeoutMs, DRAIN_QUIET_MAX_MS);
    const until = performance.now() + 2 * timeoutMs;
    this.drain = { timer: setTimeout(() => this.drained(), quietMs), until, quietMs };
  }

  /** Bytes came while draining: wait for quiet again, unless the drain has run its longest. */
  private quietAgain(): void {
    const drain = this.drain;
    if (!drain) return;
    clearTimeout(drain.timer);
    const left = drain.until - performance.now();
    drain.timer = setTimeout(() => this.drained(), Math.max(0, Math.min(drain.quietMs, left)));
  }

  private drained(): void {
    this.drain = undefined;
    this.next();
  }
}
