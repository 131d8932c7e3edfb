/**
 * The registered device links (DTUs that dialled in, Modbus TCP devices the server dialled) by
 * serial number, and the equipment's link state in the store: a link that comes up marks its
 * equipment online, one that goes down marks it offline, each with one UPDATE of `online` and
 * `status_at`. A link replaced by a newer connection of the same serial
 * leaves the equipment online. Writes for one serial run in order, so a quick up-down-up ends
 * the way the links did; `online` and `offline` are emitted once the row is written.
 *
 * A link added with a grace (the Modbus TCP dialer's links: many devices close idle connections
 * every 30-60 s) that the device hangs up, or whose connection breaks, is not marked offline
 * at once: when a new link of the serial comes up within the grace, it takes over quietly, with no
 * offline and online written, pushed or recorded; only a device not back in time goes offline.
 *
 * The online write names this node (`link_node`), so a node that crashed can find the devices it
 * held when it starts again (stale-links.ts); the offline write leaves a row another node has
 * claimed since (its device dialled that node meanwhile) as that node wrote it. The rows are
 * written by the status writer (equipment-status.ts).
 *
 * The server makes one registry (main.ts) and hands it to every transport that adds links to it
 * (the DTU listener, the Modbus TCP dialer, the MQTT gateway) and to what reads them (the device
 * service, the bus node); it closes it after them.
 */
import { EventEmitter } from 'node:events';
import type { Kysely } from 'kysely';
import type { Database, Flag } from '../../storage/schema.js';
import type { DeviceLink, LinkCloseReason } from './device-link.js';
import { EquipmentStatus } from './equipment-status.js';
import { silentLog } from './log.js';
import type { GatewayLog } from './log.js';

export interface LinkRegistryEvents {
  online: [sn: string, equipmentId: number];
  offline: [sn: string, equipmentId: number, reason: LinkCloseReason];
}

export interface LinkRegistryOptions {
  readonly db: Kysely<Database>;
  /** Epoch milliseconds for `status_at`. */
  readonly now?: () => number;
  readonly log?: GatewayLog;
  /** This server node's id (MQTT_NODE_ID), written as the holder of its online devices. */
  readonly nodeId?: string;
}

interface Entry {
  readonly equipmentId: number;
  readonly link: DeviceLink;
}

/**
 * Reasons a link closes that are given a grace: the device hung up or the connection broke. Not
 * the server's own endings (shutdown, replaced) nor a device that stopped answering or sending
 * (dead, idle), which a new connection would not cure.
 */
const GRACED: ReadonlySet<LinkCloseReason> = new Set(['disconnected', 'error']);

export class LinkRegistry extends EventEmitter<LinkRegistryEvents> {
  /** Where the link state is written (equipment-status.ts). */
  private readonly equipment: EquipmentStatus;
  private readonly now: () => number;
  private readonly log: GatewayLog;
  private readonly links = new Map<string, Entry>();
  /** The last status write queued for each serial. */
  private readonly writes = new Map<string, Promise<void>>();
  /** Serials whose link dropped within its grace: the offline that follows unless a link comes back. */
  private readonly graced = new Map<
    string,
    { readonly timer: NodeJS.Timeout; readonly offline: () => void }
  >();

  constructor(options: LinkRegistryOptions) {
    super();
    this.equipment = new EquipmentStatus(options.db, options.nodeId);
    this.now = options.now ?? Date.now;
    this.log = options.log ?? silentLog;
  }

  /** The live link of a serial number (any case). */
  get(sn: string): DeviceLink | undefined {
    return this.links.get(sn.toUpperCase())?.link;
  }

  /** The equipment id behind a live link. */
  equipmentId(sn: string): number | undefined {
    return this.links.get(sn.toUpperCase())?.equipmentId;
  }

  get size(): number {
    return this.links.size;
  }

  /**
   * Make `link` the live link of `sn` (upper case, as stored) and mark its equipment online. A link the serial already
   * had is closed with reason 'replaced'. A link that is already closed is ignored.
   */
  add(sn: string, equipmentId: number, link: DeviceLink, options: { readonly graceMs?: number } = {}): void {
    if (link.closed) return;
    const previous = this.links.get(sn);
    this.links.set(sn, { equipmentId, link });
    previous?.link.close('replaced');
    link.once('close', (reason) => {
      if (this.links.get(sn)?.link !== link) return;
      this.links.delete(sn);
      const offline = (): void => {
        this.graced.delete(sn);
        this.status(sn, equipmentId, 0, () => this.emit('offline', sn, equipmentId, reason));
      };
      const graceMs = options.graceMs ?? 0;
      if (graceMs <= 0 || !GRACED.has(reason)) {
        offline();
        return;
      }
      const timer = setTimeout(offline, graceMs);
      timer.unref();
      this.graced.set(sn, { timer, offline });
    });
    const back = this.graced.get(sn);
    if (back) {
      // Back within the grace: the device never went offline.
      clearTimeout(back.timer);
      this.graced.delete(sn);
      this.log.info({ serial: sn, equipmentId }, 'link back within its grace: no offline recorded');
      return;
    }
    this.status(sn, equipmentId, 1, () => this.emit('online', sn, equipmentId));
  }

  /** Whether a serial's link dropped and is within its grace (not yet offline). */
  inGrace(sn: string): boolean {
    return this.graced.has(sn.toUpperCase());
  }

  /** Resolves once every status write queued so far is done. */
  async settled(): Promise<void> {
    while (this.writes.size > 0) await Promise.all(this.writes.values());
  }

  /** Close every link (reason 'shutdown'), marking its equipment offline, and wait for the writes. */
  async close(): Promise<void> {
    for (const { timer, offline } of [...this.graced.values()]) {
      clearTimeout(timer);
      offline();
    }
    for (const { link } of [...this.links.values()]) link.close('shutdown');
    await this.settled();
  }

  private status(sn: string, equipmentId: number, online: Flag, announce: () => void): void {
    const at = this.now();
    const previous = this.writes.get(sn) ?? Promise.resolve();
    const done = previous
      .then(async () => {
        try {
          await this.equipment.link(equipmentId, online, at);
        } catch (error) {
          this.log.error(
            { err: error, serial: sn },
            `could not mark equipment ${online ? 'online' : 'offline'}`,
          );
        }
        announce();
      })
      .catch((error: unknown) => this.log.error({ err: error, serial: sn }, 'link status listener failed'));
    this.writes.set(sn, done);
    void done.then(() => {
      if (this.writes.get(sn) === done) this.writes.delete(sn);
    });
  }
}
