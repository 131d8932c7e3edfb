/**
 * The DTU TCP listener: devices dial in, send their registration packet (serial number, optionally
 * `:secret`), and from then on answer the Modbus RTU requests of their link. Unknown serials and
 * wrong or missing secrets are refused (logged at warn, socket closed); a serial whose link is
 * open (its owner's opt-out) may register without one. Registered links go into the LinkRegistry
 * it is given, which the other transports' links share (the server makes it: main.ts).
 *
 * A second connection for a serial that has a live link (docs/protocol.md § Contested links): a
 * connection with the right secret takes over from one without it (or with a secret since
 * replaced); one without it never takes over from one with it; between equals, the newcomer takes
 * over only when the live link no longer answers (a DTU redialling after its NAT dropped it), so
 * two devices with one serial do not take the link from each other in turn. A refused newcomer is
 * a contest: recorded and pushed to the equipment's consoles as an alarm (link-contests.ts).
 *
 * The sockets and the links' Modbus RTU master run in a thread of their own (dtu-thread.ts): the
 * main thread checks each registration against the store and sends requests to the links through
 * ThreadLink, so twenty thousand DTUs' socket writes and reads do not share its event loop.
 */
import type { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/schema.js';
import { equipmentType } from '@fieldlink/protocol';
import type { ModbusRequest } from '@fieldlink/protocol';
import { startThread } from '../../threads.js';
import type { DeviceLink } from '../link/device-link.js';
import { findLinkEquipment } from '../link/link-equipment.js';
import type { LinkEquipment } from '../link/link-equipment.js';
import { silentLog } from '../link/log.js';
import type { GatewayLog } from '../link/log.js';
import type { LinkRegistry } from '../link/registry.js';
import { stateRequests } from '../link/rtu-frames.js';
import { errorFromWire, Outbox } from './dtu-thread-messages.js';
import type { DtuThreadData, FromThread, ToThread, WireRegistration } from './dtu-thread-messages.js';
import { LinkContests, reportContests } from './link-contests.js';
import type { ContestSinks } from './link-contests.js';
import type { LinkOptions } from './rtu-link.js';
import { linkVerdict } from './secrets.js';
import { ThreadLink } from './thread-link.js';
import type { ThreadPost } from './thread-link.js';

export const DEFAULT_DTU_PORT = 8899;
export const DEFAULT_HEARTBEAT = 'ping';
export const DEFAULT_REGISTRATION_TIMEOUT_MS = 10_000;
/** How long a live link has to answer when another connection registers its serial. */
export const DEFAULT_PROBE_TIMEOUT_MS = 3000;
/** A live link that answered a probe this recently is taken to answer still (no probe per attempt). */
const PROBE_FRESH_MS = 10_000;
/** What a live link is asked when its type has no state read: any answer, an exception too, will do. */
const ANY_REQUEST: ModbusRequest = { fn: 3, address: 0, count: 1 };
/** How long after losing its thread the listener starts another. */
const THREAD_RESTART_MS = 1000;

export interface DtuListenerOptions {
  readonly db: Kysely<Database>;
  /** Where its links are registered (which marks their equipment online), beside other transports'. */
  readonly registry: LinkRegistry;
  /** The heartbeat DTUs send; default `ping`, '' for none. */
  readonly heartbeat?: string;
  /**
   * A prefix the DTUs put before their registration (removed), and whether they send it as binary
   * bytes whose hex is the serial (registration.ts); default neither.
   */
  readonly registration?: { readonly prefix?: string; readonly hex?: boolean };
  /** How long a new connection may take to send its registration; default 10 s. */
  readonly registrationTimeoutMs?: number;
  /** Idle timeout, queue size and dead-link rule of each link (see ModbusRtuLink). */
  readonly link?: Omit<LinkOptions, 'heartbeat' | 'initial'>;
  readonly log?: GatewayLog;
  /** Epoch milliseconds for contest reports. */
  readonly now?: () => number;
  /** Where contested links are reported (history events, live pushes); only logged without. */
  readonly contests?: Omit<ContestSinks, 'log'> & {
    /** At most one report per serial in this long; default 60 s. */
    readonly windowMs?: number;
    /** Refusals of a serial within the window that make a contest without a live link; default 3. */
    readonly repeatAfter?: number;
  };
  /** How long a live link has to answer when another connection registers its serial; default 3 s. */
  readonly probeTimeoutMs?: number;
}

export class DtuListener implements ThreadPost {
  /** The registry it was given. */
  readonly registry: LinkRegistry;
  private readonly db: Kysely<Database>;
  private readonly data: DtuThreadData;
  private readonly log: GatewayLog;
  private thread: Worker | undefined;
  /** Messages for the thread, sent together at the end of this turn of the event loop. */
  private readonly outbox = new Outbox<ToThread>((batch) => this.thread?.postMessage(batch));
  /** Links by their connection's number in the thread. */
  private readonly links = new Map<number, ThreadLink>();
  /** Registrations being checked against the store. */
  private readonly checking = new Set<Promise<void>>();
  private listening: { resolve: (port: number) => void; reject: (error: Error) => void } | undefined;
  private stopped: (() => void) | undefined;
  private closing = false;
  private closed: Promise<void> | undefined;
  /** Where it listens, for a new thread after one was lost. */
  private address: { port: number; host: string | undefined } | undefined;
  private restartTimer: NodeJS.Timeout | undefined;
  private readonly contests: LinkContests;
  private readonly now: () => number;
  private readonly probeTimeoutMs: number;
  /** The secret hash each of this listener's links registered with; null for an open registration. */
  private readonly registeredWith = new WeakMap<DeviceLink, string | null>();
  /** When each live link last answered a probe. */
  private readonly answeredProbe = new WeakMap<DeviceLink, number>();
  /** The check under way for each serial: registrations of one serial are decided one at a time. */
  private readonly deciding = new Map<string, Promise<void>>();

  constructor(options: DtuListenerOptions) {
    this.db = options.db;
    this.registry = options.registry;
    this.data = {
      heartbeat: options.heartbeat ?? DEFAULT_HEARTBEAT,
      registrationTimeoutMs: options.registrationTimeoutMs ?? DEFAULT_REGISTRATION_TIMEOUT_MS,
      registration: {
        prefix: options.registration?.prefix ?? '',
        hex: options.registration?.hex ?? false,
      },
      link: options.link ?? {},
    };
    this.log = options.log ?? silentLog;
    this.now = options.now ?? Date.now;
    this.probeTimeoutMs = options.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
    const sinks = options.contests;
    this.contests = new LinkContests({
      // Without sinks a contest is only logged.
      report: reportContests({
        recordEvent: () => Promise.resolve(),
        publish: () => {},
        ...sinks,
        log: this.log,
      }),
      now: this.now,
      ...(sinks?.windowMs === undefined ? {} : { windowMs: sinks.windowMs }),
      ...(sinks?.repeatAfter === undefined ? {} : { repeatAfter: sinks.repeatAfter }),
    });
  }

  /** Start the thread and listen; resolves with the port (useful with port 0). */
  listen(port: number = DEFAULT_DTU_PORT, host?: string): Promise<number> {
    if (this.thread) return Promise.reject(new Error('the DTU listener is already listening'));
    return this.start(port, host).then((bound) => {
      this.address = { port: bound, host };
      return bound;
    });
  }

  private start(port: number, host: string | undefined): Promise<number> {
    const thread = startThread(import.meta.url, 'dtu-thread', this.data);
    this.thread = thread;
    thread.on('message', (batch: readonly FromThread[]) => {
      for (const message of batch) this.heard(message);
    });
    thread.once('error', (error) => this.lost(thread, error));
    thread.once('exit', (code) =>
      this.lost(thread, new Error(`the DTU listener's thread stopped (exit code ${code})`)),
    );
    return new Promise((resolve, reject) => {
      this.listening = { resolve, reject };
      this.post({ t: 'listen', port, host });
    });
  }

  /**
   * Stop accepting, close its links and wait for the status writes, then end the thread. The
   * registry stays open for its owner to close (with the links of other transports).
   */
  close(): Promise<void> {
    this.closed ??= this.shutdown();
    return this.closed;
  }

  private async shutdown(): Promise<void> {
    this.closing = true;
    clearTimeout(this.restartTimer);
    // A check under way still reads the store: let it finish (it will not register the link).
    await Promise.all(this.checking);
    this.contests.close();
    for (const link of [...this.links.values()]) link.close('shutdown');
    await this.registry.settled();
    const thread = this.thread;
    if (!thread) return;
    await new Promise<void>((resolve) => {
      this.stopped = resolve;
      this.post({ t: 'stop' });
    });
    this.thread = undefined;
    await thread.terminate();
  }

  post(message: ToThread): void {
    this.outbox.push(message);
  }

  private heard(message: FromThread): void {
    switch (message.t) {
      case 'reply':
        this.links.get(message.conn)?.settle(message.id, message.reply, message.stats);
        return;
      case 'failed':
        this.links.get(message.conn)?.settle(message.id, errorFromWire(message.error), message.stats);
        return;
      case 'hello': {
        const thread = this.thread;
        const check = this.admit(thread, message.conn, message.remote, message.registration)
          .catch((error: unknown) => {
            this.log.error({ err: error, remote: message.remote }, 'DTU registration failed');
            this.refuse(thread, message.conn);
          })
          .finally(() => this.checking.delete(check));
        this.checking.add(check);
        return;
      }
      case 'closed': {
        const link = this.links.get(message.conn);
        this.links.delete(message.conn);
        link?.ended(message.reason, message.error, message.stats);
        return;
      }
      case 'gone': {
        const link = this.links.get(message.conn);
        this.links.delete(message.conn);
        link?.ended('disconnected');
        return;
      }
      case 'silent':
        this.log.warn({ remote: message.remote }, 'DTU registration refused: nothing sent in time');
        return;
      case 'listening':
        this.listening?.resolve(message.port);
        this.listening = undefined;
        return;
      case 'listen-failed': {
        const error: NodeJS.ErrnoException = new Error(message.message);
        if (message.code !== undefined) error.code = message.code;
        this.listening?.reject(error);
        this.listening = undefined;
        // A thread that cannot listen has nothing to do.
        const thread = this.thread;
        this.thread = undefined;
        void thread?.terminate();
        return;
      }
      case 'stopped':
        this.stopped?.();
        return;
    }
  }

  /**
   * The thread failed or stopped on its own: its links are gone (their equipment goes offline).
   * A new thread listens on the same port a moment later, and the DTUs redial it.
   */
  private lost(thread: Worker, error: Error): void {
    if (this.thread !== thread) return;
    this.thread = undefined;
    this.outbox.clear();
    this.listening?.reject(error);
    this.listening = undefined;
    for (const link of this.links.values()) link.ended('error', error.message);
    this.links.clear();
    this.stopped?.();
    if (this.closing || !this.address) return;
    this.log.error({ err: error }, 'DTU listener thread lost: every DTU link is down; listening again');
    const { port, host } = this.address;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (this.closing) return;
      this.start(port, host).catch((failure: unknown) =>
        this.log.error({ err: failure, port }, 'DTU listener could not listen again'),
      );
    }, THREAD_RESTART_MS);
  }

  /** Drops connection `conn` of `thread`, unless that thread is gone (and the connection with it). */
  private refuse(thread: Worker | undefined, conn: number): void {
    if (this.thread === thread) this.post({ t: 'refuse', conn });
  }

  /**
   * Checks a connection's registration and starts its link or refuses it. `thread` is the thread
   * holding the connection: if it was lost meanwhile, the connection went with it (a new thread
   * numbers its connections afresh), and nothing is sent. Registrations of one serial are decided
   * in the order they came, each seeing the link the one before left.
   */
  private admit(
    thread: Worker | undefined,
    conn: number,
    remote: string,
    parsed: WireRegistration,
  ): Promise<void> {
    if (!parsed.ok) {
      this.log.warn({ remote, serial: parsed.shown }, `DTU registration refused: ${parsed.error}`);
      this.refuse(thread, conn);
      return Promise.resolve();
    }
    const serial = parsed.serial;
    const decided = (this.deciding.get(serial) ?? Promise.resolve()).then(() =>
      this.decide(thread, conn, remote, serial, parsed.secret),
    );
    const settled = decided.catch(() => {});
    this.deciding.set(serial, settled);
    void settled.then(() => {
      if (this.deciding.get(serial) === settled) this.deciding.delete(serial);
    });
    return decided;
  }

  private async decide(
    thread: Worker | undefined,
    conn: number,
    remote: string,
    serial: string,
    secret: string | null,
  ): Promise<void> {
    const refuse = (details: object, reason: string): void => {
      this.log.warn({ remote, ...details }, `DTU registration refused: ${reason}`);
      this.refuse(thread, conn);
    };
    let row: LinkEquipment | undefined;
    try {
      row = (await findLinkEquipment(this.db, [serial])).get(serial);
    } catch (error) {
      this.log.error({ err: error, remote, serial }, 'DTU registration: equipment lookup failed');
      this.refuse(thread, conn);
      return;
    }
    if (!row) return refuse({ serial }, 'unknown serial number');
    const verdict = linkVerdict(row, secret);
    if (!verdict.ok) {
      refuse({ serial }, verdict.reason);
      const live = this.registry.get(serial);
      const keep = live !== undefined && !live.closed && this.standing(live, row) === 'authenticated';
      this.contests.refused({ equipmentId: row.id, serial, remote, reason: verdict.reason }, keep);
      return;
    }
    const kept = await this.keeps(serial, row, verdict.authenticated);
    if (kept !== null) {
      refuse({ serial }, `link contested, ${kept}`);
      this.contests.contested({ equipmentId: row.id, serial, remote, reason: kept });
      return;
    }
    if (this.thread !== thread) return;
    if (this.closing) {
      this.refuse(thread, conn);
      return;
    }
    const link = new ThreadLink(conn, remote, this);
    this.links.set(conn, link);
    this.registeredWith.set(link, verdict.authenticated ? row.link_secret_hash : null);
    this.post({ t: 'accept', conn });
    this.registry.add(serial, row.id, link);
    this.log.info(
      { remote, serial, equipmentId: row.id, ...(verdict.authenticated ? {} : { open: true }) },
      'DTU link up',
    );
    // The registry holds the other kinds of link too; this listener speaks of its own.
    const equipmentId = row.id;
    link.once('close', (reason) => this.log.info({ serial, equipmentId, reason }, 'DTU link down'));
  }

  /**
   * How a live link of the serial stands: `authenticated` when it registered with the equipment's
   * secret as it is now, or is not a DTU link (the server dialled it, or the broker vouches for it);
   * `open` when it registered without a secret, or with one since replaced.
   */
  private standing(link: DeviceLink, row: LinkEquipment): 'authenticated' | 'open' {
    const hash = this.registeredWith.get(link);
    if (hash === undefined) return 'authenticated';
    return hash !== null && hash === row.link_secret_hash ? 'authenticated' : 'open';
  }

  /**
   * Why the serial's live link is kept against a newcomer that passed the secret check, or null
   * when the newcomer takes over (or there is no live link).
   */
  private async keeps(serial: string, row: LinkEquipment, authenticated: boolean): Promise<string | null> {
    const live = this.registry.get(serial);
    if (!live || live.closed) return null;
    const held = this.standing(live, row);
    if (authenticated && held === 'open') return null;
    if (!authenticated && held === 'authenticated') return 'a link with the secret is up';
    return (await this.answers(live, row)) ? 'the live link still answers' : null;
  }

  /** Whether a live link answers a request within the probe timeout (an exception reply counts). */
  private async answers(link: DeviceLink, row: LinkEquipment): Promise<boolean> {
    const at = this.now();
    const last = this.answeredProbe.get(link);
    if (last !== undefined && at - last < PROBE_FRESH_MS) return true;
    const type = equipmentType(row.type);
    const request = (type && stateRequests(type)[0]) ?? ANY_REQUEST;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), this.probeTimeoutMs);
    });
    const answered = link
      .request(row.slave_address ?? type?.slaveAddress ?? 254, request, {
        priority: 'user',
        timeoutMs: this.probeTimeoutMs,
        retries: 0,
        probesLink: false,
      })
      .then(
        () => true,
        () => false,
      );
    const alive = await Promise.race([answered, deadline]);
    clearTimeout(timer);
    if (alive) this.answeredProbe.set(link, this.now());
    return alive;
  }
}
