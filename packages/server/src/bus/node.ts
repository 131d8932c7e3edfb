/**
 * One node's part in the bus, built in two steps because the device service needs the live hub
 * and the router needs the device service: `new BusNode({ bus })` gives the hub to build the device
 * service on, `attach()` gives what carries operations out (to pass to buildApp as `devices`).
 * On a bus that reaches no other node (a MemoryBus alone: no REDIS_URL) the hub relays nothing
 * and `attach()` gives the device service itself: one node works as it always did.
 */
import type { Kysely } from 'kysely';
import type { DeviceService } from '../gateway/devices/device-service.js';
import { silentLog } from '../gateway/link/log.js';
import type { GatewayLog } from '../gateway/link/log.js';
import type { DeviceOperator } from '../gateway/devices/operations.js';
import type { LinkRegistry } from '../gateway/link/registry.js';
import type { LiveHubOptions } from '../live/hub.js';
import type { Database } from '../storage/schema.js';
import type { Bus } from './bus.js';
import { LinkDirectory } from './link-directory.js';
import { DeviceRouter } from './router.js';
import { SharedLiveHub } from './shared-hub.js';

export interface BusNodeOptions {
  readonly bus: Bus;
  readonly hub?: LiveHubOptions & { readonly relayMs?: number };
  /** Life of a link directory entry; default 30 000 ms. */
  readonly linkTtlMs?: number;
  /** How long an operation on another node may take; default 20 000 ms. */
  readonly requestTimeoutMs?: number;
  readonly log?: GatewayLog;
}

export class BusNode {
  readonly bus: Bus;
  /** The live channel's fan-out, shared with the other nodes. */
  readonly hub: SharedLiveHub;
  private readonly options: BusNodeOptions;
  private readonly log: GatewayLog;
  private directory: LinkDirectory | undefined;
  private router: DeviceRouter | undefined;
  private closed = false;

  constructor(options: BusNodeOptions) {
    this.options = options;
    this.bus = options.bus;
    this.log = options.log ?? silentLog;
    this.hub = new SharedLiveHub({ ...options.hub, bus: this.bus, log: this.log });
  }

  /**
   * Joins the device link of this node: its links are entered in the link directory, and the
   * operations of the other nodes for them are served. Starts the bus. Returns what carries
   * operations out.
   */
  attach(link: {
    readonly db: Kysely<Database>;
    readonly registry: LinkRegistry;
    readonly devices: DeviceService;
  }): DeviceOperator {
    if (this.router || !this.bus.shared) {
      this.bus.start();
      return this.router ?? link.devices;
    }
    this.directory = new LinkDirectory({
      bus: this.bus,
      registry: link.registry,
      log: this.log,
      ...(this.options.linkTtlMs === undefined ? {} : { ttlMs: this.options.linkTtlMs }),
    });
    this.router = new DeviceRouter({
      bus: this.bus,
      db: link.db,
      devices: link.devices,
      log: this.log,
      ...(this.options.requestTimeoutMs === undefined ? {} : { timeoutMs: this.options.requestTimeoutMs }),
    });
    this.bus.start();
    return this.router;
  }

  /** Requests waiting for other nodes' replies. */
  get pending(): number {
    return this.router?.pending ?? 0;
  }

  /** Renews this node's link directory entries now. */
  renew(): Promise<void> {
    return this.directory?.renew() ?? Promise.resolve();
  }

  /**
   * Leaves the bus: waiting requests are answered `offline`, pushes still waiting are sent, and the
   * bus disconnects. Close the links first, so their directory entries are released.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.router?.stop();
    this.directory?.stop();
    this.hub.flush();
    await this.bus.close();
  }
}
