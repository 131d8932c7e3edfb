/**
 * A fleet of virtual devices of one type, each on its own link: a DTU link to the same gateway
 * (Fleet), or a connection to the same MQTT broker (MqttFleet). Serial numbers are the prefix and
 * a six-digit index (SIM000001, SIM000002, …). Links are opened in batches (by default 200 every
 * 100 ms) so that tens of thousands of devices in one process do not dial all at once.
 */
import { DtuClient, SYSTEM_TIMERS } from './dtu-client.js';
import type { DisconnectInfo, DtuClientOptions, Timers } from './dtu-client.js';
import { MqttDeviceClient } from './mqtt-client.js';
import type { MqttDeviceClientOptions } from './mqtt-client.js';
import { checkSerial, standaloneType, VirtualDevice } from './virtual-device.js';
import type { VirtualDeviceOptions } from './virtual-device.js';

/** The highest index a six-digit serial suffix holds. */
export const MAX_FLEET_INDEX = 999_999;

/** What every fleet takes, whatever its devices' links. */
export interface FleetBaseOptions {
  /** Catalogue type name of every device. */
  readonly type: string;
  readonly count: number;
  /** Serial number prefix (default `SIM`). */
  readonly prefix?: string;
  /** Index of the first device (default 1). */
  readonly firstIndex?: number;
  /** Devices started per batch (default 200). */
  readonly stagger?: number;
  /** Time between batches in ms (default 100). */
  readonly staggerMs?: number;
  /** Waveforms and DI pattern shared by every device. */
  readonly device?: Omit<VirtualDeviceOptions, 'secret' | 'clock'>;
  readonly timers?: Timers;
  readonly clock?: () => number;
}

export interface FleetOptions extends FleetBaseOptions {
  readonly host: string;
  /** Gateway DTU port (default 8899). */
  readonly port?: number;
  /** Device secret every device registers with. */
  readonly secret?: string;
  /** Link settings shared by every device: heartbeat, back-off, tick period. */
  readonly link?: Omit<DtuClientOptions, 'host' | 'port' | 'timers' | 'clock'>;
}

export interface MqttFleetOptions extends FleetBaseOptions {
  /** The broker every device connects to. */
  readonly url: string;
  /** Link settings shared by every device: report period, topic root, back-off, tick period. */
  readonly link?: Omit<MqttDeviceClientOptions, 'url' | 'timers' | 'clock'>;
}

/** What a fleet needs of a device's link client. */
export interface FleetClient {
  readonly device: VirtualDevice;
  start(): void;
  stop(): Promise<void>;
  on(event: 'connected', listener: () => void): unknown;
  on(event: 'disconnected', listener: (info: DisconnectInfo) => void): unknown;
}

export interface FleetStatus {
  readonly total: number;
  /** Devices whose link has been started so far. */
  readonly started: number;
  readonly connected: number;
  readonly disconnected: number;
  /** Links that dropped after connecting, since start. */
  readonly drops: number;
}

/** `SIM` and 42 → `SIM000042`. */
export function fleetSerial(prefix: string, index: number): string {
  return `${prefix}${String(index).padStart(6, '0')}`;
}

function count(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer ${min}-${max}, got ${value}`);
  }
  return value;
}

/** The devices of a fleet and their staggered start, whatever their links. */
export class DeviceFleet<C extends FleetClient> {
  readonly clients: readonly C[];
  private readonly stagger: number;
  private readonly staggerMs: number;
  private readonly timers: Timers;
  private batchTimer: unknown;
  private started = 0;
  private connectedCount = 0;
  private drops = 0;
  private running = false;

  /** Builds every device up front: a bad type, prefix, secret or count throws a RangeError here. */
  protected constructor(
    options: FleetBaseOptions & { readonly secret?: string },
    link: (device: VirtualDevice, timers: Timers, clock: () => number) => C,
  ) {
    standaloneType(options.type);
    const first = count('first index', options.firstIndex ?? 1, 0, MAX_FLEET_INDEX);
    const total = count('device count', options.count, 1, MAX_FLEET_INDEX - first + 1);
    const prefix = options.prefix ?? 'SIM';
    checkSerial(fleetSerial(prefix, first));
    this.stagger = count('stagger', options.stagger ?? 200, 1, Number.MAX_SAFE_INTEGER);
    this.staggerMs = options.staggerMs ?? 100;
    if (!Number.isFinite(this.staggerMs) || this.staggerMs < 0) {
      throw new RangeError(`stagger interval must be a number of ms ≥ 0, got ${this.staggerMs}`);
    }
    this.timers = options.timers ?? SYSTEM_TIMERS;
    const clock = options.clock ?? Date.now;
    const clients: C[] = [];
    for (let i = 0; i < total; i++) {
      const device = new VirtualDevice(options.type, fleetSerial(prefix, first + i), {
        ...options.device,
        clock,
        ...(options.secret !== undefined ? { secret: options.secret } : {}),
      });
      const client = link(device, this.timers, clock);
      client.on('connected', () => this.connectedCount++);
      client.on('disconnected', (info) => {
        if (!info.wasConnected) return;
        this.connectedCount--;
        if (info.retryInMs !== undefined) this.drops++;
      });
      clients.push(client);
    }
    this.clients = clients;
  }

  get total(): number {
    return this.clients.length;
  }

  status(): FleetStatus {
    return {
      total: this.clients.length,
      started: this.started,
      connected: this.connectedCount,
      disconnected: this.clients.length - this.connectedCount,
      drops: this.drops,
    };
  }

  /** Start the links, a batch now and the rest a batch every staggerMs. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.started = 0;
    this.drops = 0;
    this.startBatch();
  }

  private startBatch(): void {
    if (!this.running) return;
    const end = Math.min(this.clients.length, this.started + this.stagger);
    for (; this.started < end; this.started++) this.clients[this.started]!.start();
    if (this.started < this.clients.length) {
      this.batchTimer = this.timers.setTimeout(() => this.startBatch(), this.staggerMs);
    }
  }

  /** Stop starting links and close the open ones; resolves once every socket is closed. */
  async stop(): Promise<void> {
    this.running = false;
    this.timers.clearTimeout(this.batchTimer);
    await Promise.all(this.clients.map((c) => c.stop()));
  }
}

/** Devices each on a DTU link to the same gateway. */
export class Fleet extends DeviceFleet<DtuClient> {
  constructor(options: FleetOptions) {
    super(
      options,
      (device, timers, clock) =>
        new DtuClient(device, {
          ...options.link,
          host: options.host,
          ...(options.port !== undefined ? { port: options.port } : {}),
          timers,
          clock,
        }),
    );
  }
}

/** Devices each on a connection of its own to the same MQTT broker. */
export class MqttFleet extends DeviceFleet<MqttDeviceClient> {
  constructor(options: MqttFleetOptions) {
    super(
      options,
      (device, timers, clock) =>
        new MqttDeviceClient(device, { ...options.link, url: options.url, timers, clock }),
    );
  }
}
