/**
 * What the DTU listener's thread and the main thread tell each other. The thread holds the
 * sockets and the Modbus RTU master of every link (framing, heartbeats, queue, timeouts, retries);
 * the main thread checks registrations against the store and sends the requests. Messages travel
 * in batches (one array per turn of either event loop), so a poll costs the main thread no socket
 * write or read of its own.
 */
import type { ModbusRequest, ModbusResponse } from '@fieldlink/protocol';
import { LinkClosedError, LinkQueueFullError, LinkTimeoutError } from '../link/device-link.js';
import type { LinkCloseReason, LinkStats, RequestOptions } from '../link/device-link.js';
import type { LinkOptions } from './rtu-link.js';
import type { RegistrationResult } from './registration.js';

/** Given to the thread when it starts. */
export interface DtuThreadData {
  /** The heartbeat's bytes as latin1 text ('' for none). */
  readonly heartbeat: string;
  readonly registrationTimeoutMs: number;
  /** How the DTUs send their registration beyond `SN[:secret]` (registration.ts). */
  readonly registration: { readonly prefix: string; readonly hex: boolean };
  readonly link: Omit<LinkOptions, 'heartbeat' | 'initial'>;
}

/** A request's failure, rebuilt on the main thread as the same kind of error. */
export type WireError =
  | {
      readonly kind: 'timeout';
      readonly slave: number;
      readonly fn: number;
      readonly attempts: number;
      readonly timeoutMs: number;
    }
  | { readonly kind: 'closed'; readonly reason: LinkCloseReason }
  | { readonly kind: 'queue-full'; readonly limit: number }
  | { readonly kind: 'range'; readonly message: string }
  | { readonly kind: 'other'; readonly message: string };

/** A registration as the thread parsed it, without the bytes after it (those stay with the link). */
export type WireRegistration =
  Omit<Extract<RegistrationResult, { ok: true }>, 'rest'> | Extract<RegistrationResult, { ok: false }>;

/** LinkStats as an array, in the order of STAT_KEYS. */
export type WireStats = readonly number[];

export const STAT_KEYS = [
  'sent',
  'replies',
  'timeouts',
  'unmatched',
  'skippedBytes',
  'heartbeats',
  'bytesIn',
] as const satisfies readonly (keyof LinkStats)[];

/** Main thread → listener thread. */
export type ToThread =
  | { readonly t: 'listen'; readonly port: number; readonly host: string | undefined }
  /** The registration of connection `conn` is accepted: its link starts. */
  | { readonly t: 'accept'; readonly conn: number }
  /** Refused: the connection is dropped. */
  | { readonly t: 'refuse'; readonly conn: number }
  | {
      readonly t: 'request';
      readonly conn: number;
      readonly id: number;
      readonly slave: number;
      readonly request: ModbusRequest;
      readonly options: RequestOptions;
    }
  | { readonly t: 'close'; readonly conn: number; readonly reason: LinkCloseReason }
  /** Stop listening and drop every connection; answered with 'stopped'. */
  | { readonly t: 'stop' };

/** Listener thread → main thread. */
export type FromThread =
  | { readonly t: 'listening'; readonly port: number }
  | { readonly t: 'listen-failed'; readonly message: string; readonly code: string | undefined }
  /** A connection sent its first packet: its registration, to be checked on the main thread. */
  | {
      readonly t: 'hello';
      readonly conn: number;
      readonly remote: string;
      readonly registration: WireRegistration;
    }
  /** A connection sent nothing in time and was dropped. */
  | { readonly t: 'silent'; readonly remote: string }
  /** An accepted connection's link did not start (the device hung up meanwhile). */
  | { readonly t: 'gone'; readonly conn: number }
  /** The answer to request `id` of connection `conn`'s link. */
  | {
      readonly t: 'reply';
      readonly conn: number;
      readonly id: number;
      readonly reply: ModbusResponse;
      readonly stats: WireStats;
    }
  | {
      readonly t: 'failed';
      readonly conn: number;
      readonly id: number;
      readonly error: WireError;
      readonly stats: WireStats;
    }
  | {
      readonly t: 'closed';
      readonly conn: number;
      readonly reason: LinkCloseReason;
      /** The transport error that closed the link, if one did. */
      readonly error: string | undefined;
      readonly stats: WireStats;
    }
  | { readonly t: 'stopped' };

/**
 * Messages for the other thread, sent together as one array at the end of this turn of the event
 * loop (both threads post this way).
 */
export class Outbox<M> {
  #messages: M[] = [];
  #flushing = false;

  constructor(private readonly send: (batch: M[]) => void) {}

  push(message: M): void {
    this.#messages.push(message);
    if (this.#flushing) return;
    this.#flushing = true;
    setImmediate(() => {
      this.#flushing = false;
      const batch = this.#messages;
      this.#messages = [];
      if (batch.length > 0) this.send(batch);
    });
  }

  /** Drops what waits to be sent. */
  clear(): void {
    this.#messages = [];
  }
}

export function statsToWire(stats: LinkStats): WireStats {
  return STAT_KEYS.map((key) => stats[key]);
}

/** Copies wire stats into `stats`. */
export function statsFromWire(stats: LinkStats, wire: WireStats): void {
  STAT_KEYS.forEach((key, i) => {
    stats[key] = wire[i] ?? stats[key];
  });
}

/** A request's failure in the thread, for the main thread. */
export function wireError(error: unknown): WireError {
  if (error instanceof LinkTimeoutError) {
    const { slave, fn, attempts, timeoutMs } = error;
    return { kind: 'timeout', slave, fn, attempts, timeoutMs };
  }
  if (error instanceof LinkClosedError) return { kind: 'closed', reason: error.reason };
  if (error instanceof LinkQueueFullError) return { kind: 'queue-full', limit: error.limit };
  if (error instanceof RangeError) return { kind: 'range', message: error.message };
  return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
}

/** The error a request failed with in the thread, rebuilt as the same kind. */
export function errorFromWire(error: WireError): Error {
  switch (error.kind) {
    case 'timeout':
      return new LinkTimeoutError(error.slave, error.fn, error.attempts, error.timeoutMs);
    case 'closed':
      return new LinkClosedError(error.reason);
    case 'queue-full':
      return new LinkQueueFullError(error.limit);
    case 'range':
      return new RangeError(error.message);
    case 'other':
      return new Error(error.message);
  }
}
