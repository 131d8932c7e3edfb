/**
 * Keeps this node's entries in the bus's link directory: a link that comes up here (a DTU that
 * dialled in, a Modbus TCP device dialled from here) is claimed for its serial, renewed every
 * third of the entry's life while it is up, and released when it goes down. A node that dies
 * renews nothing, so its entries vanish within their life (30 s by default). Links that every
 * node holds (MQTT: they say which node polls them) need no entry: each node reaches the device
 * itself.
 */
import { LogThrottle } from '../gateway/link/log-throttle.js';
import { silentLog } from '../gateway/link/log.js';
import type { GatewayLog } from '../gateway/link/log.js';
import type { LinkRegistry } from '../gateway/link/registry.js';
import type { Bus } from './bus.js';
import { DEFAULT_LINK_TTL_MS } from './bus.js';

export interface LinkDirectoryOptions {
  readonly bus: Bus;
  readonly registry: LinkRegistry;
  /** How long an entry lives unless renewed; default 30 000 ms. */
  readonly ttlMs?: number;
  readonly log?: GatewayLog;
}

export class LinkDirectory {
  readonly #bus: Bus;
  readonly #registry: LinkRegistry;
  readonly #ttlMs: number;
  readonly #log: GatewayLog;
  readonly #warnings = new LogThrottle({ intervalMs: 60_000 });
  /** Serials whose link is up here, claimed for this node. */
  readonly #serials = new Set<string>();
  readonly #timer: ReturnType<typeof setInterval>;
  readonly #online = (sn: string): void => this.#up(sn);
  readonly #offline = (sn: string): void => this.#down(sn);
  #renewing = false;
  #stopped = false;

  constructor(options: LinkDirectoryOptions) {
    this.#bus = options.bus;
    this.#registry = options.registry;
    this.#ttlMs = options.ttlMs ?? DEFAULT_LINK_TTL_MS;
    this.#log = options.log ?? silentLog;
    this.#registry.on('online', this.#online);
    this.#registry.on('offline', this.#offline);
    this.#timer = setInterval(() => void this.renew(), Math.max(10, Math.floor(this.#ttlMs / 3)));
    this.#timer.unref();
  }

  /** Serials claimed for this node. */
  get size(): number {
    return this.#serials.size;
  }

  /** Renews every entry of this node now (made again if it expired while the bus was away). */
  async renew(): Promise<void> {
    if (this.#renewing || this.#stopped || this.#serials.size === 0) return;
    this.#renewing = true;
    try {
      const taken = await this.#bus.renew([...this.#serials], this.#ttlMs);
      if (taken.length > 0) {
        // A newer link of the serial came up on another node: this one is stale, and leaves it.
        for (const sn of taken) this.#serials.delete(sn);
        this.#log.info(
          { serials: taken.slice(0, 20), count: taken.length },
          'links held by another node now',
        );
      }
    } catch (err) {
      this.#warn('renew', { err }, 'link directory not renewed: the bus is unreachable');
    } finally {
      this.#renewing = false;
    }
  }

  /** Stops renewing and listening; entries are left to expire (or released as links close before). */
  stop(): void {
    this.#stopped = true;
    clearInterval(this.#timer);
    this.#registry.off('online', this.#online);
    this.#registry.off('offline', this.#offline);
  }

  #up(sn: string): void {
    const link = this.#registry.get(sn);
    if (this.#stopped || !link || link.polledHere !== undefined) return;
    this.#serials.add(sn);
    this.#bus
      .claim(sn, this.#ttlMs)
      .catch((err: unknown) =>
        this.#warn('claim', { err, serial: sn }, 'link not claimed: the bus is unreachable'),
      );
  }

  #down(sn: string): void {
    if (this.#stopped || !this.#serials.delete(sn)) return;
    this.#bus
      .release(sn)
      .catch((err: unknown) =>
        this.#warn('release', { err, serial: sn }, 'link not released: the bus is unreachable'),
      );
  }

  #warn(key: string, details: object, message: string): void {
    const held = this.#warnings.take(key);
    if (held !== null) this.#log.warn(held > 0 ? { ...details, held } : details, message);
  }
}
