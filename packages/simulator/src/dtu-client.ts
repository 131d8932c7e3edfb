/**
 * A virtual device's DTU link: dial the gateway over TCP, send the registration line, answer
 * every Modbus RTU request from the device's memory, send the heartbeat on schedule, tick the
 * device's inputs, and redial after any drop with exponential back-off and jitter. Nothing the
 * gateway sends can make it throw: unparsable bytes are skipped by the RTU slave.
 */
import { EventEmitter } from 'node:events';
import { Socket } from 'node:net';
import { steadyInterval } from './steady-interval.js';
import type { SteadyInterval } from './steady-interval.js';
import type { VirtualDevice } from './virtual-device.js';

/** Timer functions, replaceable in tests. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** The system's timers; intervals keep to their schedule on a busy process (steady-interval.ts). */
export const SYSTEM_TIMERS: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
  // As Node does, a period under 1 ms is taken as 1 ms.
  setInterval: (fn, ms) => steadyInterval(fn, Math.max(1, ms || 0)),
  clearInterval: (h) => (h as SteadyInterval | undefined)?.stop(),
};

export interface Backoff {
  /** First redial delay in ms (default 1000). */
  readonly initialMs?: number;
  /** Longest delay in ms (default 30000). */
  readonly maxMs?: number;
  /** A link that stayed up this long (ms) starts the next series from initialMs again (default 10000). */
  readonly resetAfterMs?: number;
}

export interface DtuClientOptions {
  readonly host: string;
  /** The gateway's DTU port (default 8899). */
  readonly port?: number;
  /** Heartbeat period in ms (default 60000); 0 sends none. */
  readonly heartbeatMs?: number;
  /** Heartbeat text (default `ping`). */
  readonly heartbeat?: string;
  /** How often the device's inputs are updated, in ms (default 1000). */
  readonly tickMs?: number;
  /** Give up a dial that has not connected after this many ms (default 10000). */
  readonly connectTimeoutMs?: number;
  readonly backoff?: Backoff;
  readonly timers?: Timers;
  /** Time in ms, for ticks and for how long a link stayed up (default Date.now). */
  readonly clock?: () => number;
  /** Uniform 0 ≤ x < 1 for the jitter (default Math.random). */
  readonly random?: () => number;
}

export interface DisconnectInfo {
  /** Why the link ended, when it was an error (refused, reset, timed out). */
  readonly error?: Error;
  /** Whether the link had connected before it ended (false: the dial failed). */
  readonly wasConnected: boolean;
  /** Delay before the next dial; undefined after stop(). */
  readonly retryInMs?: number;
}

export interface DtuClientEvents {
  connected: [];
  disconnected: [info: DisconnectInfo];
}

export type DtuClientState = 'idle' | 'connecting' | 'connected' | 'waiting' | 'stopped';

export const DEFAULT_DTU_PORT = 8899;

/**
 * Delay before redial number `attempt` (0-based): initial · 2^attempt capped at max, then
 * "equal jitter" keeps between half and all of it, so that many devices dropped at once come
 * back spread out.
 */
export function backoffDelay(
  attempt: number,
  backoff: Backoff = {},
  random: () => number = Math.random,
): number {
  const initial = backoff.initialMs ?? 1000;
  const max = backoff.maxMs ?? 30_000;
  const base = Math.min(max, initial * 2 ** Math.min(attempt, 52));
  return Math.round(base / 2 + (base / 2) * random());
}

export class DtuClient extends EventEmitter<DtuClientEvents> {
  readonly device: VirtualDevice;
  private readonly host: string;
  private readonly port: number;
  private readonly heartbeatMs: number;
  private readonly heartbeat: Uint8Array;
  private readonly tickMs: number;
  private readonly connectTimeoutMs: number;
  private readonly backoff: Backoff;
  private readonly timers: Timers;
  private readonly clock: () => number;
  private readonly random: () => number;

  private currentState: DtuClientState = 'idle';
  private socket: Socket | undefined;
  private attempt = 0;
  private connectedAt = 0;
  private retryTimer: unknown;
  private tickTimer: unknown;
  private closed: Promise<void> = Promise.resolve();
  private connectionCount = 0;
  private replyCount = 0;

  constructor(device: VirtualDevice, options: DtuClientOptions) {
    super();
    this.device = device;
    this.host = options.host;
    this.port = options.port ?? DEFAULT_DTU_PORT;
    if (!Number.isInteger(this.port) || this.port < 1 || this.port > 65535) {
      throw new RangeError(`DTU port must be 1-65535, got ${this.port}`);
    }
    this.heartbeatMs = nonNegative('heartbeatMs', options.heartbeatMs ?? 60_000);
    this.heartbeat = new TextEncoder().encode(options.heartbeat ?? 'ping');
    this.tickMs = positive('tickMs', options.tickMs ?? 1000);
    this.connectTimeoutMs = positive('connectTimeoutMs', options.connectTimeoutMs ?? 10_000);
    this.backoff = options.backoff ?? {};
    positive('backoff.initialMs', this.backoff.initialMs ?? 1000);
    positive('backoff.maxMs', this.backoff.maxMs ?? 30_000);
    nonNegative('backoff.resetAfterMs', this.backoff.resetAfterMs ?? 10_000);
    this.timers = options.timers ?? SYSTEM_TIMERS;
    this.clock = options.clock ?? Date.now;
    this.random = options.random ?? Math.random;
  }

  get state(): DtuClientState {
    return this.currentState;
  }

  get connected(): boolean {
    return this.currentState === 'connected';
  }

  /** Links that connected since the client was built. */
  get connections(): number {
    return this.connectionCount;
  }

  /** Replies sent since the client was built. */
  get replies(): number {
    return this.replyCount;
  }

  /** Dial now, and keep the link up until stop(). Calling it again while started does nothing. */
  start(): void {
    if (this.currentState !== 'idle' && this.currentState !== 'stopped') return;
    this.attempt = 0;
    this.tickTimer = this.timers.setInterval(() => this.tick(), this.tickMs);
    this.dial();
  }

  /** Close the link and stop redialling; resolves once the socket is closed. */
  stop(): Promise<void> {
    if (this.currentState === 'idle' || this.currentState === 'stopped') return this.closed;
    this.currentState = 'stopped';
    this.timers.clearInterval(this.tickTimer);
    this.timers.clearTimeout(this.retryTimer);
    const socket = this.socket;
    this.socket = undefined;
    socket?.destroy();
    return this.closed;
  }

  private tick(): void {
    try {
      this.device.tick(this.clock());
    } catch {
      // A waveform cannot fail once the device is built; a broken clock only skips a tick.
    }
  }

  private dial(): void {
    this.currentState = 'connecting';
    this.device.slave.reset();
    const socket = new Socket();
    this.socket = socket;
    let wasConnected = false;
    let failure: Error | undefined;
    let heartbeatTimer: unknown;
    let markClosed = (): void => {};
    const closed = new Promise<void>((resolve) => (markClosed = resolve));
    this.closed = Promise.all([this.closed, closed]).then(() => {});

    const connectTimer = this.timers.setTimeout(() => {
      socket.destroy(new Error(`connect to ${this.host}:${this.port} timed out`));
    }, this.connectTimeoutMs);

    socket.setNoDelay(true);
    socket.on('connect', () => {
      this.timers.clearTimeout(connectTimer);
      if (this.socket !== socket || this.currentState === 'stopped') return;
      wasConnected = true;
      this.connectedAt = this.clock();
      this.connectionCount++;
      this.currentState = 'connected';
      this.tick();
      socket.write(this.device.registration());
      if (this.heartbeatMs > 0) {
        heartbeatTimer = this.timers.setInterval(() => {
          if (!socket.destroyed) socket.write(this.heartbeat);
        }, this.heartbeatMs);
      }
      this.emitSafely(() => this.emit('connected'));
    });
    socket.on('data', (chunk: Buffer) => {
      if (this.socket === socket) this.receive(socket, chunk);
    });
    socket.on('error', (error) => (failure = error));
    socket.on('close', () => {
      this.timers.clearTimeout(connectTimer);
      this.timers.clearInterval(heartbeatTimer);
      markClosed();
      const info = { wasConnected, ...(failure ? { error: failure } : {}) };
      // A link closed by stop(), possibly already replaced by a new start(): report it, redial nothing.
      if (this.socket !== socket || this.currentState === 'stopped') {
        if (wasConnected) this.emitSafely(() => this.emit('disconnected', info));
        return;
      }
      this.socket = undefined;
      if (wasConnected && this.clock() - this.connectedAt >= (this.backoff.resetAfterMs ?? 10_000)) {
        this.attempt = 0;
      }
      const retryInMs = backoffDelay(this.attempt++, this.backoff, this.random);
      this.currentState = 'waiting';
      this.retryTimer = this.timers.setTimeout(() => this.dial(), retryInMs);
      this.emitSafely(() => this.emit('disconnected', { ...info, retryInMs }));
    });
    socket.connect({ host: this.host, port: this.port });
  }

  private receive(socket: Socket, chunk: Buffer): void {
    if (this.currentState !== 'connected') return;
    let replies: Uint8Array[];
    try {
      replies = this.device.receive(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    } catch {
      // A request the memory cannot answer is dropped like a garbled one; the link stays up.
      this.device.slave.reset();
      return;
    }
    for (const reply of replies) {
      socket.write(reply);
      this.replyCount++;
    }
  }

  /** A throwing listener must not take the link down with it. */
  private emitSafely(fire: () => void): void {
    try {
      fire();
    } catch {
      // Listener errors are the listener's business.
    }
  }
}

function positive(name: string, value: number): number {
  if (!Number.isFinite(value) || value <= 0)
    throw new RangeError(`${name} must be a positive number, got ${value}`);
  return value;
}

function nonNegative(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0)
    throw new RangeError(`${name} must be a number ≥ 0, got ${value}`);
  return value;
}
