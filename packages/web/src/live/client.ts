/**
 * The live channel's client (spec §4 "Live socket", docs/api.md § Live channel): a WebSocket to
 * /ws on the page's own host that registers with the access token once open and hands every
 * message it can read to the console.
 *
 * - A `register` reply means pushes flow; `untoken` ends the session (the client stops for good);
 *   `unregister` from the server reopens the socket, and after `overflow` the state is read anew.
 * - A dropped socket reopens with exponential back-off (1 s doubling to 30 s, with jitter so a
 *   server restart is not met by every console at once); every reopen after the first reads the
 *   state anew, since pushes were missed meanwhile.
 * - 120 s without any message re-initialises the channel: a socket can die without a close
 *   event (a sleeping laptop, a proxy dropping it), and the server pushes often enough that
 *   silence that long means nothing arrives.
 */
import { encodeMessage, parseServerMessage } from '@fieldlink/protocol';
import type { ClientMessage, ServerMessage, Untoken } from '@fieldlink/protocol';

/** The part of the browser's WebSocket the client uses, so tests can stand in for it. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string) => SocketLike;

export const SOCKET_OPEN = 1;
/** §4/§9: the channel is re-initialised after 120 s without a message. */
export const IDLE_REINIT_MS = 120_000;
export const BACKOFF_INITIAL_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Milliseconds on a clock that only moves forward. */
  now(): number;
}

export interface LiveClientOptions {
  readonly url: () => string;
  /** Read at every (re)connection: the token changes with each refresh. */
  readonly token: () => string | null;
  readonly createSocket?: SocketFactory;
  /** Every message the client could read, register and the others alike. */
  readonly onMessage: (message: ServerMessage) => void;
  /** The server accepted the token: pushes flow. */
  readonly onRegistered?: () => void;
  /** The socket was lost (or is being replaced) while running: no pushes until registered again. */
  readonly onDropped?: () => void;
  /** Pushes may have been missed: the console should read the state anew. */
  readonly onResync?: () => void;
  /** The token was refused; the client has stopped. */
  readonly onUntoken?: (info: Untoken['info']) => void;
  readonly timers?: Timers;
  /** 0 ≤ random() < 1, for the back-off jitter. */
  readonly random?: () => number;
}

/** The page's own host, ws: or wss: as the page is http: or https:. */
export function liveUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

/** The wait before reconnect attempt `attempt` (0 first): doubling from 1 s to 30 s, minus up to 20 % jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const full = Math.min(BACKOFF_MAX_MS, BACKOFF_INITIAL_MS * 2 ** Math.min(attempt, 16));
  return Math.round(full * (1 - 0.2 * random()));
}

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => performance.now(),
};

export class LiveClient {
  readonly #options: LiveClientOptions;
  readonly #timers: Timers;
  #socket: SocketLike | null = null;
  #running = false;
  #registered = false;
  #attempt = 0;
  #opened = 0;
  #resyncDue = false;
  #reconnectTimer: unknown = null;
  #idleTimer: unknown = null;
  /** When the last message (or the opening) was seen, on the timers' clock. */
  #heardAt = 0;

  constructor(options: LiveClientOptions) {
    this.#options = options;
    this.#timers = options.timers ?? defaultTimers;
  }

  get running(): boolean {
    return this.#running;
  }

  get registered(): boolean {
    return this.#registered;
  }

  get isOpen(): boolean {
    return this.#socket?.readyState === SOCKET_OPEN;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#attempt = 0;
    this.#opened = 0;
    this.#resyncDue = false;
    this.#open();
  }

  stop(): void {
    this.#running = false;
    this.#registered = false;
    this.#clearTimers();
    this.#drop();
  }

  /** Sends a message while the socket is open; false otherwise (nothing is queued). */
  send(message: ClientMessage): boolean {
    const socket = this.#socket;
    if (!socket || socket.readyState !== SOCKET_OPEN) return false;
    try {
      socket.send(encodeMessage(message));
      return true;
    } catch {
      return false;
    }
  }

  /** Registers again with the current token (after a token refresh). */
  reregister(): boolean {
    const token = this.#options.token();
    return token !== null && this.send({ infotype: 'register', info: { token } });
  }

  /** Closes the socket and opens a new one at once; the state is read anew once registered. */
  reopen(): void {
    if (!this.#running) return;
    this.#clearTimers();
    this.#drop();
    this.#registered = false;
    this.#resyncDue = true;
    this.#options.onDropped?.();
    this.#open();
  }

  #open(): void {
    const token = this.#options.token();
    if (token === null) {
      this.stop();
      return;
    }
    const create =
      this.#options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
    let socket: SocketLike;
    try {
      socket = create(this.#options.url());
    } catch {
      this.#scheduleReconnect();
      return;
    }
    this.#socket = socket;
    if (this.#opened > 0) this.#resyncDue = true;
    this.#opened += 1;
    socket.onopen = () => {
      if (socket !== this.#socket) return;
      this.#armIdle();
      this.reregister();
    };
    socket.onmessage = (event) => {
      if (socket !== this.#socket) return;
      this.#armIdle();
      if (typeof event.data !== 'string') return;
      const parsed = parseServerMessage(event.data);
      if (parsed.ok) this.#handle(parsed.message);
    };
    socket.onclose = () => {
      if (socket !== this.#socket) return;
      this.#socket = null;
      this.#registered = false;
      if (!this.#running) return;
      this.#options.onDropped?.();
      this.#scheduleReconnect();
    };
    // A failed socket is followed by its close event, which reconnects.
    socket.onerror = () => undefined;
  }

  #handle(message: ServerMessage): void {
    switch (message.infotype) {
      case 'register':
        this.#registered = true;
        this.#attempt = 0;
        this.#options.onRegistered?.();
        this.#options.onMessage(message);
        if (this.#resyncDue) {
          this.#resyncDue = false;
          this.#options.onResync?.();
        }
        return;
      case 'untoken':
        this.stop();
        this.#options.onMessage(message);
        this.#options.onUntoken?.(message.info);
        return;
      case 'unregister':
        this.#registered = false;
        this.#options.onMessage(message);
        // Our own unregister is answered with `requested`; every other reason reopens.
        if (message.info.reason !== 'requested') this.reopen();
        return;
      default:
        this.#options.onMessage(message);
    }
  }

  #scheduleReconnect(): void {
    this.#clearTimers();
    const delay = backoffDelay(this.#attempt, this.#options.random);
    this.#attempt += 1;
    this.#reconnectTimer = this.#timers.setTimeout(() => {
      this.#reconnectTimer = null;
      if (this.#running) this.#open();
    }, delay);
  }

  /**
   * Notes that the socket is alive. One timer watches for silence and, when it fires early (a
   * message came meanwhile), waits the rest: a busy channel delivering thousands of messages a
   * second does not clear and set a timer for each.
   */
  #armIdle(): void {
    this.#heardAt = this.#timers.now();
    if (this.#idleTimer === null) this.#watchIdle(IDLE_REINIT_MS);
  }

  #watchIdle(wait: number): void {
    this.#idleTimer = this.#timers.setTimeout(() => {
      this.#idleTimer = null;
      const quiet = this.#timers.now() - this.#heardAt;
      if (quiet >= IDLE_REINIT_MS) this.reopen();
      else this.#watchIdle(IDLE_REINIT_MS - quiet);
    }, wait);
  }

  #clearTimers(): void {
    if (this.#reconnectTimer !== null) this.#timers.clearTimeout(this.#reconnectTimer);
    if (this.#idleTimer !== null) this.#timers.clearTimeout(this.#idleTimer);
    this.#reconnectTimer = null;
    this.#idleTimer = null;
  }

  #drop(): void {
    const socket = this.#socket;
    this.#socket = null;
    this.#registered = false;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    try {
      socket.close(1000, 'closing');
    } catch {
      // Already closed.
    }
  }
}
