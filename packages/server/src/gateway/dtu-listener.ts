/**
 * The DTU TCP listener: devices dial in, send their registration packet (serial number, optionally
 * `:secret`), and from then on answer the Modbus RTU requests of their link. Unknown serials and
 * wrong or missing secrets are refused (logged at warn, socket closed); a second connection with a
 * serial replaces the first. Registered links live in the LinkRegistry.
 */
import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';
import { findLinkEquipment } from './link-equipment.js';
import type { LinkEquipment } from './link-equipment.js';
import { ModbusRtuLink } from './link.js';
import type { LinkOptions } from './link.js';
import { silentLog } from './log.js';
import type { GatewayLog } from './log.js';
import { parseRegistration } from './registration.js';
import { LinkRegistry } from './registry.js';
import { linkSecretAccepted } from './secrets.js';

export const DEFAULT_DTU_PORT = 8899;
export const DEFAULT_HEARTBEAT = 'ping';
export const DEFAULT_REGISTRATION_TIMEOUT_MS = 10_000;

export interface DtuListenerOptions {
  readonly db: Kysely<Database>;
  /** The heartbeat DTUs send; default `ping`, '' for none. */
  readonly heartbeat?: string;
  /** How long a new connection may take to send its registration; default 10 s. */
  readonly registrationTimeoutMs?: number;
  /** Idle timeout, queue size and dead-link rule of each link (see ModbusRtuLink). */
  readonly link?: Omit<LinkOptions, 'heartbeat' | 'initial'>;
  readonly log?: GatewayLog;
  /** Epoch milliseconds for `status_at`. */
  readonly now?: () => number;
}

/** Connections waiting to be accepted, at most. */
const LISTEN_BACKLOG = 4096;

export class DtuListener {
  readonly server: Server;
  readonly registry: LinkRegistry;
  private readonly db: Kysely<Database>;
  private readonly heartbeat: Uint8Array;
  private readonly registrationTimeoutMs: number;
  private readonly linkOptions: Omit<LinkOptions, 'heartbeat' | 'initial'>;
  private readonly log: GatewayLog;
  /** Connections that have not registered yet. */
  private readonly unregistered = new Set<Socket>();
  /** Registrations being checked against the store. */
  private readonly checking = new Set<Promise<void>>();
  private closing = false;

  constructor(options: DtuListenerOptions) {
    this.db = options.db;
    this.heartbeat = Buffer.from(options.heartbeat ?? DEFAULT_HEARTBEAT, 'latin1');
    this.registrationTimeoutMs = options.registrationTimeoutMs ?? DEFAULT_REGISTRATION_TIMEOUT_MS;
    this.linkOptions = options.link ?? {};
    this.log = options.log ?? silentLog;
    this.registry = new LinkRegistry({
      db: options.db,
      log: this.log,
      ...(options.now ? { now: options.now } : {}),
    });
    this.server = createServer({ noDelay: true }, (socket) => this.accept(socket));
  }

  /** Start listening; resolves with the port (useful with port 0). */
  listen(port: number = DEFAULT_DTU_PORT, host?: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      // Thousands of devices redial together after an outage: a deep queue of pending connections
      // (the kernel caps it at net.core.somaxconn) spares them a refusal and a back-off.
      this.server.listen({ port, host, backlog: LISTEN_BACKLOG }, () => {
        this.server.off('error', reject);
        const address = this.server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  }

  /** Stop accepting, drop unregistered connections, close every link and wait for the status writes. */
  async close(): Promise<void> {
    this.closing = true;
    const stopped = new Promise<void>((resolve) => {
      if (!this.server.listening) resolve();
      else this.server.close(() => resolve());
    });
    for (const socket of this.unregistered) socket.destroy();
    // A check under way still reads the store: let it finish (it will not register the link).
    await Promise.all(this.checking);
    await this.registry.close();
    await stopped;
  }

  private accept(socket: Socket): void {
    if (this.closing) {
      socket.destroy();
      return;
    }
    const remote = `${socket.remoteAddress ?? '?'}:${socket.remotePort ?? '?'}`;
    this.unregistered.add(socket);
    // A reset before registration is not worth a log line; after it, the link reports errors.
    socket.on('error', () => {});
    const timer = setTimeout(() => {
      this.log.warn({ remote }, 'DTU registration refused: nothing sent in time');
      socket.destroy();
    }, this.registrationTimeoutMs);
    socket.once('close', () => {
      clearTimeout(timer);
      this.unregistered.delete(socket);
    });
    socket.once('data', (chunk: Buffer) => {
      clearTimeout(timer);
      // Whatever comes next waits in the socket until the link takes it.
      socket.pause();
      const check = this.register(socket, chunk, remote)
        .catch((error: unknown) => {
          this.log.error({ err: error, remote }, 'DTU registration failed');
          socket.destroy();
        })
        .finally(() => this.checking.delete(check));
      this.checking.add(check);
    });
  }

  private async register(socket: Socket, chunk: Uint8Array, remote: string): Promise<void> {
    const refuse = (details: object, reason: string): void => {
      this.log.warn({ remote, ...details }, `DTU registration refused: ${reason}`);
      socket.destroy();
    };
    const parsed = parseRegistration(chunk);
    if (!parsed.ok) return refuse({ serial: parsed.shown }, parsed.error);
    const serial = parsed.serial;
    let row: LinkEquipment | undefined;
    try {
      row = (await findLinkEquipment(this.db, [serial])).get(serial);
    } catch (error) {
      this.log.error({ err: error, remote, serial }, 'DTU registration: equipment lookup failed');
      socket.destroy();
      return;
    }
    if (!row) return refuse({ serial }, 'unknown serial number');
    if (!linkSecretAccepted(row.link_secret_hash, parsed.secret)) {
      return refuse({ serial }, parsed.secret === null ? 'secret missing' : 'wrong secret');
    }
    this.unregistered.delete(socket);
    if (socket.destroyed || this.closing) {
      socket.destroy();
      return;
    }
    const link = new ModbusRtuLink(socket, {
      ...this.linkOptions,
      heartbeat: this.heartbeat,
      initial: parsed.rest,
    });
    if (link.closed) return;
    this.registry.add(serial, row.id, link);
    this.log.info({ remote, serial, equipmentId: row.id }, 'DTU link up');
    // The registry holds the other kinds of link too; this listener speaks of its own.
    link.once('close', (reason) => this.log.info({ serial, equipmentId: row.id, reason }, 'DTU link down'));
  }
}
