/**
 * The server dials the devices that have a Modbus TCP address (equipment rows with `link_host`
 * and `link_port`): one connection per device, its ModbusTcpLink registered in the LinkRegistry
 * under the device's serial number (which marks it online), and when the link closes a redial
 * after an exponential back-off with jitter (1 s doubling to 60 s by default, reset once a link
 * has stayed up 30 s). A device that hangs up (many close idle connections every 30-60 s) and is
 * dialled back within the reconnect grace (15 s) never shows offline: nothing is written, pushed
 * or recorded for the gap. `refresh()` reads the rows again: new addresses are dialled, changed ones
 * redialled, removed ones hung up.
 *
 * Only addresses the DialPolicy allows are dialled (dial-policy.ts): a host name is resolved once
 * per dial, every address it resolves to is checked, and the first allowed one is dialled as an IP
 * literal, so a name that resolves elsewhere the second time (DNS rebinding) cannot slip through.
 * A refused address is logged and tried again only after the longest back-off.
 */
import { lookup } from 'node:dns/promises';
import { connect, isIP } from 'node:net';
import type { Socket } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/schema.js';
import type { LinkCloseReason } from '../link/device-link.js';
import { silentLog } from '../link/log.js';
import type { GatewayLog } from '../link/log.js';
import { DEFAULT_MAX_BACKOFF_MS, redialDelay } from '../link/redial.js';
import type { Backoff } from '../link/redial.js';
import type { LinkRegistry } from '../link/registry.js';
import { DialPolicy, refusalMessage } from './dial-policy.js';
import { ModbusTcpLink } from './modbus-tcp-link.js';
import type { ModbusTcpLinkOptions } from './modbus-tcp-link.js';

export interface ModbusTcpDialerOptions {
  readonly db: Kysely<Database>;
  readonly registry: LinkRegistry;
  /** Idle timeout, queue size and dead-link rule of each link (see ModbusTcpLink). */
  readonly link?: ModbusTcpLinkOptions;
  readonly backoff?: Backoff;
  /** Give up a connection attempt after this long; default 10 000 ms. */
  readonly connectTimeoutMs?: number;
  /**
   * A link that drops and is dialled back within this long is taken over quietly, without the
   * device going offline; default 15 000 ms, 0 for none.
   */
  readonly reconnectGraceMs?: number;
  readonly log?: GatewayLog;
  /** 0 ≤ x < 1, for the jitter; default Math.random. */
  readonly random?: () => number;
  /** Epoch milliseconds, to tell how long a link stayed up; default Date.now. */
  readonly now?: () => number;
  /** Which addresses may be dialled; default: the policy without an allow list (no loopback …). */
  readonly policy?: DialPolicy;
  /** Every address of a host name, in the resolver's order; default dns.lookup. */
  readonly resolve?: (host: string) => Promise<readonly string[]>;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
export const DEFAULT_RECONNECT_GRACE_MS = 15_000;

const lookupAll = async (host: string): Promise<readonly string[]> =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** The address to dial for `host`: the first the policy allows, or why none may be dialled. */
export async function dialAddress(
  host: string,
  policy: DialPolicy,
  resolve: (host: string) => Promise<readonly string[]> = lookupAll,
): Promise<{ readonly address: string } | { readonly refused: string }> {
  const addresses = isIP(host) !== 0 ? [host] : await resolve(host);
  let first: string | undefined;
  for (const address of addresses) {
    const reason = policy.refusal(address);
    if (reason === null) return { address };
    first ??= refusalMessage(address === host ? host : `${host} (${address})`, reason);
  }
  return { refused: first ?? `${host} resolves to no address` };
}

/** One device the dialer keeps a connection to. */
interface Target {
  readonly equipmentId: number;
  readonly sn: string;
  readonly host: string;
  readonly port: number;
}

const sameTarget = (a: Target, b: Target): boolean => a.sn === b.sn && a.host === b.host && a.port === b.port;

/** The connection to one device: dial, register, and redial after the back-off until stopped. */
class Connection {
  private failures = 0;
  private socket: Socket | undefined;
  private link: ModbusTcpLink | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    readonly target: Target,
    private readonly dialer: DialerSettings,
  ) {}

  get connected(): boolean {
    return this.link !== undefined && !this.link.closed;
  }

  start(): void {
    this.dial();
  }

  /** Hang up (the link closes with 'shutdown', so its device goes offline) and dial no more. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.socket?.destroy();
    this.link?.close('shutdown');
  }

  private dial(): void {
    if (this.stopped) return;
    const { host, port, sn } = this.target;
    dialAddress(host, this.dialer.policy, this.dialer.resolve).then(
      (chosen) => {
        if (this.stopped) return;
        if ('address' in chosen) {
          this.connect(chosen.address);
          return;
        }
        this.dialer.log.warn(
          { serial: sn, host, port, reason: chosen.refused },
          'Modbus TCP address refused',
        );
        this.retry(this.dialer.backoff.maxMs ?? DEFAULT_MAX_BACKOFF_MS);
      },
      (error: unknown) => {
        if (this.stopped) return;
        this.dialer.log.warn({ serial: sn, host, port, err: error }, 'Modbus TCP host name not resolved');
        this.retry();
      },
    );
  }

  /** Connect to `address`, the IP literal the policy allowed for the target's host. */
  private connect(address: string): void {
    const { host, port, sn, equipmentId } = this.target;
    const socket = connect({ host: address, port, noDelay: true });
    this.socket = socket;
    socket.setTimeout(this.dialer.connectTimeoutMs, () => socket.destroy(new Error('connect timed out')));
    let failure: Error | undefined;
    let connected = false;
    const failed = (error: Error): void => {
      failure = error;
    };
    socket.on('error', failed);
    socket.once('close', () => {
      // Once connected, the link tells of the close.
      if (connected || this.stopped) return;
      this.dialer.log.warn({ serial: sn, host, address, port, err: failure }, 'Modbus TCP connect failed');
      this.retry();
    });
    socket.once('connect', () => {
      connected = true;
      socket.setTimeout(0);
      socket.off('error', failed);
      if (this.stopped) {
        socket.destroy();
        return;
      }
      const link = new ModbusTcpLink(socket, this.dialer.link);
      this.link = link;
      const upAt = this.dialer.now();
      if (link.closed) {
        this.closed(link.closeReason ?? 'disconnected', upAt);
        return;
      }
      link.once('close', (reason) => this.closed(reason, upAt));
      this.dialer.registry.add(sn, equipmentId, link, { graceMs: this.dialer.reconnectGraceMs });
      this.dialer.log.info({ serial: sn, equipmentId, remote: link.remoteAddress }, 'Modbus TCP link up');
    });
  }

  private closed(reason: LinkCloseReason, upAt: number): void {
    this.link = undefined;
    this.socket = undefined;
    if (this.stopped) return;
    const { sn, equipmentId } = this.target;
    this.dialer.log.info({ serial: sn, equipmentId, reason }, 'Modbus TCP link down');
    if (this.dialer.now() - upAt >= this.dialer.resetAfterMs) this.failures = 0;
    this.retry();
  }

  /** Dial again after the back-off, or after `wait` ms. */
  private retry(wait?: number): void {
    if (this.stopped) return;
    wait ??= redialDelay(this.failures++, this.dialer.backoff, this.dialer.random);
    this.timer = setTimeout(() => this.dial(), wait);
    this.timer.unref();
  }
}

/** What every connection of one dialer shares. */
interface DialerSettings {
  readonly registry: LinkRegistry;
  readonly link: ModbusTcpLinkOptions;
  readonly backoff: Backoff;
  readonly resetAfterMs: number;
  readonly connectTimeoutMs: number;
  readonly reconnectGraceMs: number;
  readonly log: GatewayLog;
  readonly random: () => number;
  readonly now: () => number;
  readonly policy: DialPolicy;
  readonly resolve: (host: string) => Promise<readonly string[]>;
}

export class ModbusTcpDialer {
  private readonly db: Kysely<Database>;
  private readonly settings: DialerSettings;
  /** Connections by equipment id. */
  private readonly connections = new Map<number, Connection>();
  /** The refresh under way (refreshes run one after another). */
  private refreshing: Promise<void> = Promise.resolve();
  private closing = false;

  constructor(options: ModbusTcpDialerOptions) {
    this.db = options.db;
    this.settings = {
      registry: options.registry,
      link: options.link ?? {},
      backoff: options.backoff ?? {},
      resetAfterMs: options.backoff?.resetAfterMs ?? 30_000,
      connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      reconnectGraceMs: options.reconnectGraceMs ?? DEFAULT_RECONNECT_GRACE_MS,
      log: options.log ?? silentLog,
      random: options.random ?? Math.random,
      now: options.now ?? Date.now,
      policy: options.policy ?? new DialPolicy(),
      resolve: options.resolve ?? lookupAll,
    };
  }

  /** Devices the dialer keeps a connection to (up, or waiting to redial). */
  get size(): number {
    return this.connections.size;
  }

  /** Devices whose link is up now. */
  get connected(): number {
    let n = 0;
    for (const connection of this.connections.values()) if (connection.connected) n++;
    return n;
  }

  /**
   * Read the equipment rows with a Modbus TCP address and bring the connections in line: dial the
   * new ones, redial those whose address or serial changed, hang up those that lost theirs. The
   * first call starts the dialling. A failed read is logged and changes nothing.
   */
  refresh(): Promise<void> {
    const run = this.refreshing.then(() => this.sync());
    this.refreshing = run.catch((error: unknown) =>
      this.settings.log.error({ err: error }, 'Modbus TCP devices could not be read'),
    );
    return this.refreshing;
  }

  /** Stop dialling and hang up every connection (their devices are marked offline by the registry). */
  async close(): Promise<void> {
    this.closing = true;
    await this.refreshing;
    for (const connection of this.connections.values()) connection.stop();
    this.connections.clear();
    await this.settings.registry.settled();
  }

  private async sync(): Promise<void> {
    if (this.closing) return;
    const rows = await dialTargetsQuery(this.db).execute();
    if (this.closing) return;
    const wanted = new Map<number, Target>();
    for (const row of rows) {
      if (row.parent_id !== null || row.sn === null || row.link_host === null || row.link_port === null) {
        continue;
      }
      wanted.set(row.id, { equipmentId: row.id, sn: row.sn, host: row.link_host, port: row.link_port });
    }
    for (const [id, connection] of this.connections) {
      const target = wanted.get(id);
      if (target && sameTarget(target, connection.target)) continue;
      connection.stop();
      this.connections.delete(id);
    }
    for (const [id, target] of wanted) {
      if (this.connections.has(id)) continue;
      const connection = new Connection(target, this.settings);
      this.connections.set(id, connection);
      connection.start();
    }
  }
}

/**
 * The equipment with a Modbus TCP address, through the partial index of `link_host`. Hosts are
 * told apart after: with `parent_id IS NULL` in the query, SQLite (without statistics) walks every
 * host by the (parent_id, address) index instead.
 */
export function dialTargetsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('equipment')
    .select(['id', 'sn', 'link_host', 'link_port', 'parent_id'])
    .where('link_host', 'is not', null);
}
