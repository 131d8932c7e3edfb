/**
 * What the server needs of a link to a device, whatever carries it: a DTU that dialled in and
 * speaks Modbus RTU (ModbusRtuLink), or a device the server dialled that speaks Modbus TCP
 * (ModbusTcpLink). The registry keeps links by serial number and DeviceService reads and operates
 * through them; both see only this interface. Also the request options, close reasons, counters
 * and errors every link shares.
 */
import type { ModbusRequest, ModbusResponse } from '@fieldlink/protocol';

export type RequestPriority = 'user' | 'poll';

export interface RequestOptions {
  /** 'user' requests (operations from the console) are sent before every waiting 'poll'. */
  readonly priority: RequestPriority;
  /** How long to wait for each attempt's reply; default 3000 ms. */
  readonly timeoutMs?: number;
  /** Attempts after the first when a reply does not come in time; default 1. */
  readonly retries?: number;
  /**
   * Whether a timeout says the link may be dead (default true). False for units behind the
   * device (team slaves, meters): one out of radio range says nothing of the link itself.
   */
  readonly probesLink?: boolean;
}

/**
 * Why a link closed: the device hung up or the socket failed, nothing arrived for the idle time,
 * too many requests in a row timed out, the same serial registered on a new connection, or the
 * server is stopping (or no longer wants the link).
 */
export type LinkCloseReason = 'disconnected' | 'error' | 'idle' | 'dead' | 'replaced' | 'shutdown';

/** Counters of what went over a link. */
export interface LinkStats {
  /** Frames sent, retries included. */
  sent: number;
  /** Replies matched to their request. */
  replies: number;
  timeouts: number;
  /** Frames received that did not answer the request in flight (or came with none in flight). */
  unmatched: number;
  /**
   * Bytes dropped while looking for frames: garbage and frames with a wrong CRC or header
   * (approximate on an RTU link when a reply's data holds the heartbeat's bytes).
   */
  skippedBytes: number;
  /** Heartbeats skipped (RTU links only). */
  heartbeats: number;
  bytesIn: number;
}

/** Counters of a link that has carried nothing yet. */
export function emptyLinkStats(): LinkStats {
  return { sent: 0, replies: 0, timeouts: 0, unmatched: 0, skippedBytes: 0, heartbeats: 0, bytesIn: 0 };
}

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

export interface DeviceLink {
  readonly stats: LinkStats;
  /** Requests waiting or in flight. */
  readonly pending: number;
  readonly closed: boolean;
  readonly closeReason: LinkCloseReason | undefined;
  /** `address:port` of the device's end, for logs. */
  readonly remoteAddress: string;
  /**
   * Whether this node polls the device, upkeeps it and records its link events; absent means yes.
   * Only links that every node holds define it (MQTT: the device's owner among the live nodes).
   */
  readonly polledHere?: boolean;
  /**
   * Send a request to `slave` and resolve with its reply, an exception reply included. Rejects
   * with LinkTimeoutError, LinkClosedError, LinkQueueFullError, or a RangeError for a request
   * that cannot be encoded.
   */
  request(slave: number, request: ModbusRequest, options: RequestOptions): Promise<ModbusResponse>;
  /** Close the link: every request waiting or in flight is rejected with LinkClosedError. */
  close(reason: LinkCloseReason): void;
  /** Emitted once, when the link closes. */
  on(event: 'close', listener: (reason: LinkCloseReason) => void): unknown;
  once(event: 'close', listener: (reason: LinkCloseReason) => void): unknown;
  off(event: 'close', listener: (reason: LinkCloseReason) => void): unknown;
}
