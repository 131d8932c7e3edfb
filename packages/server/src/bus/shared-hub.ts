/**
 * The live channel's fan-out across nodes: a LiveHub that, besides delivering to its own
 * consoles, sends every message about an equipment, and every notice to users, over the bus, and delivers what the other
 * nodes send to its consoles as if it were its own. Each console hears each message once: a node
 * skips its own batches, and the others deliver each batch once. Coalescing per console is the
 * LiveHub's (device info merged per 300 ms window); messages about equipment no console here may
 * read are dropped before they are checked.
 *
 * Outgoing messages wait at most `relayMs` (10 ms) and go as one batch, at most 1000 to a batch, so
 * thousands of devices pushing make a few hundred bus messages a second, not thousands.
 */
import type { ServerMessage } from '@fieldlink/protocol';
import { LogThrottle } from '../gateway/link/log-throttle.js';
import { silentLog } from '../gateway/link/log.js';
import type { GatewayLog } from '../gateway/link/log.js';
import { LiveHub } from '../live/hub.js';
import type { DeviceInfo, LiveHubOptions } from '../live/hub.js';
import type { Bus } from './bus.js';
import { decodeLive, encodeLive, liveMessage } from './messages.js';
import type { LiveEntry, LiveKind } from './messages.js';

export interface SharedLiveHubOptions extends LiveHubOptions {
  readonly bus: Bus;
  /** How long a message may wait for others to fill its batch; default 10 ms. */
  readonly relayMs?: number;
  readonly log?: GatewayLog;
}

/** Messages in one outgoing batch at most. */
const BATCH_ENTRIES = 1000;

export class SharedLiveHub extends LiveHub {
  /** Batches sent and received, and messages dropped on receipt. */
  readonly relayStats = { sent: 0, received: 0, dropped: 0 };
  readonly #bus: Bus;
  readonly #relayMs: number;
  readonly #log: GatewayLog;
  readonly #warnings = new LogThrottle({ intervalMs: 60_000 });
  #queue: LiveEntry[] = [];
  #timer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: SharedLiveHubOptions) {
    super(options);
    this.#bus = options.bus;
    this.#relayMs = options.relayMs ?? 10;
    this.#log = options.log ?? silentLog;
    this.#bus.onBroadcast((text) => this.#receive(text));
  }

  override publish(equipmentId: number, message: ServerMessage): number {
    this.#relay(0, equipmentId, message);
    return super.publish(equipmentId, message);
  }

  override pushDeviceInfo(equipmentId: number, message: DeviceInfo, urgent = false): void {
    this.#relay(urgent ? 2 : 1, equipmentId, message);
    super.pushDeviceInfo(equipmentId, message, urgent);
  }

  override sendToUsers(userIds: Iterable<number>, message: ServerMessage): number {
    const users = [...new Set(userIds)];
    for (const userId of users) this.#relay(3, userId, message);
    return super.sendToUsers(users, message);
  }

  override sendToEveryone(message: ServerMessage): number {
    this.#relay(4, 0, message);
    return super.sendToEveryone(message);
  }

  /** Sends the messages waiting for their batch now. */
  flush(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    if (this.#queue.length === 0) return;
    const entries = this.#queue;
    this.#queue = [];
    this.relayStats.sent++;
    this.#bus.broadcast(encodeLive(this.#bus.nodeId, entries));
  }

  #relay(kind: LiveKind, equipmentId: number, message: ServerMessage): void {
    if (!this.#bus.shared) return;
    this.#queue.push([kind, equipmentId, message]);
    if (this.#queue.length >= BATCH_ENTRIES) this.flush();
    else if (this.#timer === null) {
      this.#timer = setTimeout(() => this.flush(), this.#relayMs);
      this.#timer.unref();
    }
  }

  #receive(text: string): void {
    const batch = decodeLive(text);
    if (!batch.ok) {
      this.relayStats.dropped++;
      this.#warn('batch', { error: batch.error }, 'bus message dropped: not a live batch');
      return;
    }
    if (batch.value.from === this.#bus.nodeId) return;
    this.relayStats.received++;
    for (const [kind, equipmentId, raw] of batch.value.entries) {
      // Notices go by user (3) or to everyone (4); the others only where someone may read the device.
      if (kind < 3 && !this.hears(equipmentId)) continue;
      const message = liveMessage(kind, raw);
      if (!message.ok) {
        this.relayStats.dropped++;
        this.#warn(
          'message',
          { from: batch.value.from, equipmentId, error: message.error },
          'bus message dropped: not a live message',
        );
        continue;
      }
      if (kind === 0) super.publish(equipmentId, message.value);
      else if (kind === 3) super.sendToUsers([equipmentId], message.value);
      else if (kind === 4) super.sendToEveryone(message.value);
      else super.pushDeviceInfo(equipmentId, message.value as DeviceInfo, kind === 2);
    }
  }

  #warn(key: string, details: object, text: string): void {
    const held = this.#warnings.take(key);
    if (held !== null) this.#log.warn(held > 0 ? { ...details, held } : details, text);
  }
}
