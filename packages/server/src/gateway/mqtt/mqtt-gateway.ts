/**
 * Devices that reach the server through an MQTT broker (docs/protocol.md § MQTT link). The
 * gateway keeps one broker connection per server node and:
 *
 * - hears every device's retained status (`ROOT/SN/status`): a device that says it is online and
 *   whose serial number is known gets an MqttLink on this node, registered in the LinkRegistry
 *   under its serial (which marks it online); `{"online":false}`, its last will, closes the link.
 *   Unknown serials are logged and looked up again every 30 s;
 * - carries the links' Modbus RTU requests on `ROOT/SN/down/NODE` and routes the replies on
 *   `ROOT/SN/up/NODE`, which only this node subscribes to;
 * - takes what devices send of their own accord (reports, JSON messages, a team host's radio
 *   frames: `ROOT/SN/report`, `json`, `rf`, through shared subscriptions, so each reaches one
 *   node) and hands it to the DeviceService (MqttDeviceMessages);
 * - closes every link when the broker connection is lost (the devices go offline) and links them
 *   again from the retained statuses when it comes back;
 * - links a device again after a back-off when its link closed as dead or idle while its status
 *   still says online;
 * - says it is alive on `ROOT/_nodes/NODE/status` (retained `{"online":true}`, repeated every
 *   presence period; retained `{"online":false}` as goodbye and last will) and hears the other
 *   nodes there, so it knows the live nodes (MqttNodes) and which one owns each device: only the
 *   owner polls a device, upkeeps it and records its link events; when nodes come or go, the new
 *   owner polls at once;
 * - when another node says its links are gone (its last will, its goodbye, or its word on coming
 *   back after losing the broker), registers its own links afresh, so the online flags that node
 *   cleared are set again.
 */
import {
  encodeMqttStatus,
  isMqttNodeId,
  isMqttTopicRoot,
  MQTT_SHARE_GROUP,
  MQTT_TOPIC_ROOT,
  mqttDeviceTopics,
  mqttNodeTopic,
  mqttServerFilters,
  parseMqttStatus,
  parseMqttTopic,
} from '@fieldlink/protocol';
import type { Kysely } from 'kysely';
import { connect } from 'mqtt';
import type { IClientOptions, MqttClient } from 'mqtt';
import { redactUrl } from '../../storage/open.js';
import type { Database } from '../../storage/schema.js';
import type { LinkCloseReason } from '../link/device-link.js';
import { findLinkEquipment } from '../link/link-equipment.js';
import type { LinkEquipment } from '../link/link-equipment.js';
import { LogThrottle } from '../link/log-throttle.js';
import { silentLog } from '../link/log.js';
import type { GatewayLog } from '../link/log.js';
import { redialDelay } from '../link/redial.js';
import type { Backoff } from '../link/redial.js';
import type { LinkRegistry } from '../link/registry.js';
import { MqttLink, MqttTransport } from './mqtt-link.js';
import type { MqttLinkOptions } from './mqtt-link.js';
import { MqttDeviceMessages } from './mqtt-messages.js';
import type { LinkedDevice, Refusal, ReportSink } from './mqtt-messages.js';
import { MqttNodes } from './mqtt-nodes.js';

export type { ReportSink } from './mqtt-messages.js';

export interface MqttGatewayOptions {
  /** The broker: `mqtt://`, `mqtts://`, `ws://` or `wss://`, credentials in the URL if needed. */
  readonly url: string;
  /** This node's id, 1-64 letters, digits, `_` or `-`; unique among the nodes on the broker. */
  readonly nodeId: string;
  readonly db: Kysely<Database>;
  readonly registry: LinkRegistry;
  readonly reports?: ReportSink;
  /** Idle timeout, queue size and dead-link rule of each link (see ModbusMasterLink). */
  readonly link?: MqttLinkOptions;
  readonly log?: GatewayLog;
  /** The topic root; default `fieldlink/v1`. */
  readonly root?: string;
  /** The share group of the report subscription; default `fieldlink`. */
  readonly shareGroup?: string;
  /** Wait before linking a device again after its link closed as dead or idle (1 s doubling to 60 s). */
  readonly backoff?: Backoff;
  /** How often serials that are online but unknown are looked up again; default 30 000 ms. */
  readonly retryUnknownMs?: number;
  /** Broker options over the defaults (keepalive, TLS, reconnect period…). */
  readonly client?: Partial<IClientOptions>;
  /** 0 ≤ x < 1, for the back-off's jitter; default Math.random. */
  readonly random?: () => number;
  /** Epoch milliseconds, to tell how long a link stayed up; default Date.now. */
  readonly now?: () => number;
  /**
   * How often the node says it is alive; default 30 000 ms. A node not heard for three periods
   * is taken for gone (its last will normally says so sooner).
   */
  readonly presenceMs?: number;
}

export const DEFAULT_RETRY_UNKNOWN_MS = 30_000;
export const DEFAULT_PRESENCE_MS = 30_000;

/** Serials heard online that the gateway keeps track of at most (unknown ones included). */
const MAX_DEVICES = 500_000;
/** How long a swap of links waits for the old one to have nothing in flight. */
const SWAP_WAIT_MS = 5000;

/** One serial heard online. */
interface Device {
  /** Upper case, as stored. */
  readonly sn: string;
  /** As the device's topics spell it. */
  topicSerial: string;
  /** The device's last status said online. */
  online: boolean;
  link: MqttLink | undefined;
  transport: MqttTransport | undefined;
  equipment: LinkEquipment | undefined;
  /** An equipment lookup is under way. */
  looking: boolean;
  /** The last lookup found no equipment (or failed): looked up again every retryUnknownMs. */
  unknown: boolean;
  /** Links closed as dead or idle in a row, for the back-off. */
  failures: number;
  /** The next attempt to link it again. */
  timer: NodeJS.Timeout | undefined;
  /** This node owned it when the live nodes last changed. */
  owned: boolean;
}

export class MqttGateway {
  readonly nodeId: string;
  private readonly url: string;
  private readonly root: string;
  private readonly db: Kysely<Database>;
  private readonly registry: LinkRegistry;
  private readonly reports: ReportSink | undefined;
  private readonly messages: MqttDeviceMessages;
  private readonly linkOptions: MqttLinkOptions;
  private readonly log: GatewayLog;
  private readonly backoff: Backoff;
  private readonly resetAfterMs: number;
  private readonly retryUnknownMs: number;
  private readonly clientOptions: Partial<IClientOptions>;
  private readonly random: () => number;
  private readonly now: () => number;
  private readonly filters: ReturnType<typeof mqttServerFilters>;
  private readonly nodeTopic: string;
  private readonly presenceMs: number;
  /** The live nodes, and which one owns each device. */
  private readonly nodes: MqttNodes;
  private presenceTimer: NodeJS.Timeout | undefined;
  /** Unknown serials: one line per serial per 10 minutes. */
  private readonly serialWarnings = new LogThrottle({ intervalMs: 600_000 });
  /** Refused device messages (status, report, json, rf): one line per serial and kind per minute. */
  private readonly refusals = new LogThrottle({ intervalMs: 60_000 });
  /** Broker errors and stray topics: one line a minute. */
  private readonly warnings = new LogThrottle({ intervalMs: 60_000 });
  /** Serials heard online, by upper-case serial. */
  private readonly devices = new Map<string, Device>();
  /** Serials waiting for the next batched lookup. */
  private readonly lookups = new Set<string>();
  private lookupScheduled = false;
  /** Lookups under way, for close() to wait on. */
  private readonly running = new Set<Promise<void>>();
  private client: MqttClient | undefined;
  /** Links were closed when the broker connection was lost: say so to the other nodes once back. */
  private dropped = false;
  /** The broker connection is up (statuses are taken from the first message on). */
  private up = false;
  /** …and the subscriptions are granted. */
  private subscribed = false;
  private waiters: (() => void)[] = [];
  private retryTimer: NodeJS.Timeout | undefined;
  private closing = false;

  /** Throws a RangeError for a node id or root of the wrong form. */
  constructor(options: MqttGatewayOptions) {
    if (!isMqttNodeId(options.nodeId)) {
      throw new RangeError(`MQTT node id must be 1-64 letters, digits, _ or -, got '${options.nodeId}'`);
    }
    const root = options.root ?? MQTT_TOPIC_ROOT;
    if (!isMqttTopicRoot(root)) throw new RangeError(`MQTT topic root '${root}' is not valid`);
    this.nodeId = options.nodeId;
    this.url = options.url;
    this.root = root;
    this.db = options.db;
    this.registry = options.registry;
    this.reports = options.reports;
    this.messages = new MqttDeviceMessages(
      options.reports,
      (refusal, message) => this.refuse(refusal, message),
      (details, message) => this.warn('report', details, message),
    );
    this.linkOptions = options.link ?? {};
    this.log = options.log ?? silentLog;
    this.backoff = options.backoff ?? {};
    this.resetAfterMs = options.backoff?.resetAfterMs ?? 30_000;
    this.retryUnknownMs = options.retryUnknownMs ?? DEFAULT_RETRY_UNKNOWN_MS;
    this.clientOptions = options.client ?? {};
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.filters = mqttServerFilters(this.nodeId, root, options.shareGroup ?? MQTT_SHARE_GROUP);
    this.nodeTopic = mqttNodeTopic(this.nodeId, root);
    this.presenceMs = options.presenceMs ?? DEFAULT_PRESENCE_MS;
    this.nodes = new MqttNodes(this.nodeId, 3 * this.presenceMs, this.now);
  }

  /** The nodes this one knows alive, itself first. */
  get liveNodes(): string[] {
    return this.nodes.live;
  }

  /** The node that polls the device `serial`, among the live nodes. */
  ownerOf(serial: string): string | undefined {
    return this.nodes.owner(serial.toUpperCase());
  }

  /** The broker's URL, password hidden, for logs. */
  get broker(): string {
    return redactUrl(this.url);
  }

  /** Whether the broker connection is up and subscribed. */
  get connected(): boolean {
    return this.subscribed;
  }

  /** Devices whose link is up on this node. */
  get linked(): number {
    let n = 0;
    for (const device of this.devices.values()) if (device.link && !device.link.closed) n++;
    return n;
  }

  /**
   * Connect to the broker, and keep connecting after any loss (every 2 s by default) until
   * close(). Does not wait for the connection: see ready().
   */
  start(): void {
    if (this.client || this.closing) return;
    const client = connect(this.url, {
      clientId: `fieldlink-${this.nodeId}`,
      protocolVersion: 5,
      clean: true,
      keepalive: 30,
      reconnectPeriod: 2000,
      connectTimeout: 10_000,
      // A request that could not be sent times out and is retried by the link, not replayed late.
      queueQoSZero: false,
      resubscribe: false,
      // mqtt.js asks its debug logger about every packet; unless DEBUG is set, nobody listens.
      ...(process.env.DEBUG ? {} : { log: () => {} }),
      will: { topic: this.nodeTopic, payload: Buffer.from(encodeMqttStatus(false)), qos: 1, retain: true },
      ...this.clientOptions,
    });
    this.client = client;
    client.on('connect', () => this.onConnect(client));
    client.on('close', () => this.lost());
    client.on('error', (error) => this.warn('broker', { err: error }, 'MQTT broker error'));
    client.on('message', (topic, payload, packet) => {
      try {
        this.message(topic, payload, packet.retain);
      } catch (error) {
        this.warn('message', { err: error, topic }, 'MQTT message could not be handled');
      }
    });
    this.retryTimer = setInterval(() => this.retryUnknown(), this.retryUnknownMs);
    this.retryTimer.unref();
    this.presenceTimer = setInterval(() => this.presence(), this.presenceMs);
    this.presenceTimer.unref();
  }

  /** Resolves once the broker connection is up and subscribed (at once when it is). */
  ready(): Promise<void> {
    if (this.subscribed) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /**
   * Close every link (reason 'shutdown', its device marked offline), wait for the status writes,
   * tell the other nodes this one leaves, and disconnect.
   */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    clearInterval(this.retryTimer);
    clearInterval(this.presenceTimer);
    // The other nodes take its devices: it records no link event for them while it closes.
    this.nodes.leave();
    this.lookups.clear();
    await Promise.all(this.running);
    for (const device of this.devices.values()) {
      clearTimeout(device.timer);
      device.link?.close('shutdown');
    }
    this.devices.clear();
    await this.registry.settled();
    const client = this.client;
    if (client?.connected) {
      // After the writes: a node that hears this sets the online flags again.
      await client
        .publishAsync(this.nodeTopic, Buffer.from(encodeMqttStatus(false)), { qos: 1, retain: true })
        .catch(() => undefined);
      await client.endAsync().catch(() => undefined);
    } else {
      await client?.endAsync(true).catch(() => undefined);
    }
    this.release();
  }

  private onConnect(client: MqttClient): void {
    if (this.closing) return;
    this.up = true;
    this.log.info({ broker: this.broker, nodeId: this.nodeId }, 'MQTT broker connected');
    let said: Promise<unknown> = Promise.resolve();
    if (this.dropped) {
      // This node marked its devices offline when it lost the broker, maybe after the other nodes
      // heard its last will: they mark online again the devices they hold links to.
      this.dropped = false;
      said = this.registry
        .settled()
        .then(() => client.publishAsync(this.nodeTopic, Buffer.from(encodeMqttStatus(false)), { qos: 1 }))
        .catch(() => undefined);
    }
    client.subscribe(
      {
        // The nodes first: their retained presences come before the devices are linked.
        [this.filters.nodes]: { qos: 1 },
        [this.filters.status]: { qos: 1 },
        [this.filters.report]: { qos: 0 },
        [this.filters.json]: { qos: 0 },
        [this.filters.rf]: { qos: 0 },
        [this.filters.up]: { qos: 0 },
      },
      (error, granted) => {
        const refused = granted?.filter((g) => g.qos > 2) ?? [];
        if (error || refused.length > 0) {
          this.log.error(
            { err: error, refused: refused.map((g) => g.topic) },
            'MQTT subscription refused: check the broker ACL',
          );
          return;
        }
        if (!client.connected || this.closing) return;
        this.subscribed = true;
        // After its word that its links were gone, if any: the others hear it gone, then alive.
        void said.then(() => {
          if (client.connected && !this.closing) this.announce(client);
        });
        this.release();
      },
    );
  }

  private release(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }

  /** The broker connection closed (or a connection attempt failed): every link goes down. */
  private lost(): void {
    const was = this.up;
    this.up = false;
    this.subscribed = false;
    if (this.closing) return;
    if (was) this.log.warn({ broker: this.broker }, 'MQTT broker connection lost');
    this.nodes.clear();
    this.lookups.clear();
    for (const device of this.devices.values()) {
      clearTimeout(device.timer);
      device.online = false;
      if (device.link && !device.link.closed) this.dropped = true;
      device.link?.close('disconnected');
    }
    this.devices.clear();
  }

  private message(topic: string, payload: Buffer, retained = false): void {
    if (this.closing || !this.up) return;
    const parsed = parseMqttTopic(topic, this.root);
    if (!parsed) {
      this.warn('topic', { topic }, 'MQTT message on a topic outside the scheme ignored');
      return;
    }
    switch (parsed.kind) {
      case 'status':
        return this.status(parsed.serial, topic, payload);
      case 'report':
      case 'json':
      case 'rf': {
        // Not linked here (yet): nothing is taken from it.
        const device = this.linkedDevice(parsed.serial);
        if (device) this.messages[parsed.kind](device, topic, payload);
        return;
      }
      case 'up':
        if (parsed.nodeId === this.nodeId) {
          this.devices.get(parsed.serial.toUpperCase())?.transport?.deliver(payload);
        }
        return;
      case 'node':
        if (parsed.nodeId !== this.nodeId) this.node(parsed.nodeId, payload, retained);
        return;
      case 'down':
        return;
    }
  }

  private status(topicSerial: string, topic: string, payload: Uint8Array): void {
    const sn = topicSerial.toUpperCase();
    const status = parseMqttStatus(payload);
    if (!status.ok) {
      this.refuse({ serial: sn, kind: 'status', topic, reason: status.error }, 'MQTT status refused');
      return;
    }
    let device = this.devices.get(sn);
    if (!status.value) {
      if (!device) return;
      device.online = false;
      clearTimeout(device.timer);
      this.devices.delete(sn);
      device.link?.close('disconnected');
      return;
    }
    if (!device) {
      if (this.devices.size >= MAX_DEVICES) {
        this.warn(
          'devices',
          { serial: sn, limit: MAX_DEVICES },
          'MQTT device ignored: too many devices online',
        );
        return;
      }
      device = {
        sn,
        topicSerial,
        online: true,
        link: undefined,
        transport: undefined,
        equipment: undefined,
        looking: false,
        unknown: false,
        failures: 0,
        timer: undefined,
        owned: false,
      };
      this.devices.set(sn, device);
    }
    device.online = true;
    // A device that spells its serial another way now is answered on its new topics.
    if (device.topicSerial !== topicSerial && device.link) device.link.close('replaced');
    device.topicSerial = topicSerial;
    this.attach(device);
  }

  /** Link the device if it is online and has no link: look its equipment up first. */
  private attach(device: Device): void {
    if (this.closing || !this.up || !device.online || device.looking || device.timer) return;
    if (device.link && !device.link.closed) return;
    device.looking = true;
    this.lookups.add(device.sn);
    if (this.lookupScheduled) return;
    this.lookupScheduled = true;
    // Statuses come in bursts (every retained one at each connection): one query for a burst.
    setImmediate(() => {
      this.lookupScheduled = false;
      const serials = [...this.lookups];
      this.lookups.clear();
      if (serials.length === 0) return;
      const run = this.lookup(serials).finally(() => this.running.delete(run));
      this.running.add(run);
    });
  }

  private async lookup(serials: string[]): Promise<void> {
    let found: Map<string, LinkEquipment>;
    try {
      found = await findLinkEquipment(this.db, serials);
    } catch (error) {
      this.log.error({ err: error, serials: serials.length }, 'MQTT equipment lookup failed');
      // Looked up again with the unknown serials.
      for (const sn of serials) {
        const device = this.devices.get(sn);
        if (!device) continue;
        device.looking = false;
        device.unknown = true;
      }
      return;
    }
    for (const sn of serials) {
      const device = this.devices.get(sn);
      if (!device) continue;
      device.looking = false;
      const equipment = found.get(sn);
      device.unknown = !equipment;
      if (!equipment) {
        this.warnSerial(sn, 'unknown', { serial: sn }, 'MQTT device refused: unknown serial number');
        continue;
      }
      this.link(device, equipment);
    }
  }

  private link(device: Device, equipment: LinkEquipment): void {
    if (this.closing || !this.up || !device.online || this.devices.get(device.sn) !== device) return;
    if (device.link && !device.link.closed) return;
    const client = this.client;
    if (!client) return;
    const down = mqttDeviceTopics(device.topicSerial, this.root).down(this.nodeId);
    const transport = new MqttTransport((frame) => {
      // No callback: with one, mqtt.js waits for 'drain' with a listener per request while the
      // broker connection is backed up (a thousand devices polled at once).
      client.publish(down, Buffer.from(frame), { qos: 0 });
    });
    const link = new MqttLink(transport, device.topicSerial, this.linkOptions, () =>
      this.nodes.owns(device.sn),
    );
    device.owned = this.nodes.owns(device.sn);
    device.link = link;
    device.transport = transport;
    device.equipment = equipment;
    const upAt = this.now();
    link.once('close', (reason) => this.closed(device, link, reason, upAt));
    this.registry.add(device.sn, equipment.id, link);
    this.log.info({ serial: device.sn, equipmentId: equipment.id, nodeId: this.nodeId }, 'MQTT link up');
  }

  private closed(device: Device, link: MqttLink, reason: LinkCloseReason, upAt: number): void {
    if (device.link === link) {
      device.link = undefined;
      device.transport = undefined;
    }
    if (this.closing) return;
    // A link swapped for a fresh one (see reassert) is not a link going down.
    const swapped = reason === 'replaced' && device.link !== undefined && !device.link.closed;
    if (!swapped) {
      this.log.info({ serial: device.sn, equipmentId: device.equipment?.id, reason }, 'MQTT link down');
    }
    const retry = reason === 'dead' || reason === 'idle' || reason === 'error';
    if (!retry || !device.online || !this.up || this.devices.get(device.sn) !== device) return;
    if (this.now() - upAt >= this.resetAfterMs) device.failures = 0;
    const wait = redialDelay(device.failures++, this.backoff, this.random);
    device.timer = setTimeout(() => {
      device.timer = undefined;
      this.attach(device);
    }, wait);
    device.timer.unref();
  }

  /**
   * Serials online whose equipment was not found (or whose lookup failed): look them up again. A
   * device whose link another link of its serial replaced is left alone until its next status.
   */
  private retryUnknown(): void {
    for (const device of this.devices.values()) {
      if (device.unknown && !device.link && !device.looking && !device.timer) this.attach(device);
    }
  }

  /** Says this node is alive (retained, so a node that connects later hears it at once). */
  private announce(client: MqttClient): void {
    client.publish(
      this.nodeTopic,
      Buffer.from(encodeMqttStatus(true)),
      { qos: 1, retain: true },
      () => undefined,
    );
  }

  /** Every presence period: say this node is alive again, and drop the nodes not heard for long. */
  private presence(): void {
    const client = this.client;
    if (this.closing || !this.subscribed || !client) return;
    this.announce(client);
    const expired = this.nodes.expire();
    if (expired.length === 0) return;
    this.log.info({ nodeId: this.nodeId, expired }, 'MQTT nodes not heard for long: taken for gone');
    this.rebalance(true);
  }

  /**
   * Another node's presence: alive, or gone. A goodbye heard live (not a retained one from before
   * this node connected) says that node cleared the online flags of its devices: set them again.
   */
  private node(nodeId: string, payload: Uint8Array, retained: boolean): void {
    const status = parseMqttStatus(payload);
    if (!status.ok) {
      this.warn('node', { nodeId, error: status.error }, 'MQTT node status refused');
      return;
    }
    if (status.value) {
      if (!this.nodes.heard(nodeId)) return;
      this.log.info(
        { nodeId: this.nodeId, joined: nodeId, nodes: this.nodes.live.length },
        'MQTT node joined',
      );
      this.rebalance(true);
      return;
    }
    const known = this.nodes.gone(nodeId);
    if (known) {
      this.log.info({ nodeId: this.nodeId, gone: nodeId, nodes: this.nodes.live.length }, 'MQTT node gone');
    }
    // The devices registered afresh poll as they come up again: no extra poll for them.
    if (!retained) this.reassert(nodeId);
    if (known) this.rebalance(retained);
  }

  /**
   * The live nodes changed: note which linked devices this node owns now, and poll at once those
   * it has just come to own (`poll`), so their readings do not wait for the next period.
   */
  private rebalance(poll: boolean): void {
    for (const device of this.devices.values()) {
      if (!device.link || device.link.closed || !device.equipment) continue;
      const owned = this.nodes.owns(device.sn);
      const gained = owned && !device.owned;
      device.owned = owned;
      if (!gained || !poll || !this.reports?.poll) continue;
      const equipmentId = device.equipment.id;
      void this.reports
        .poll(equipmentId)
        .catch((e: unknown) =>
          this.warn('poll', { err: e, serial: device.sn, equipmentId }, 'MQTT device poll failed'),
        );
    }
  }

  /**
   * Another node left the broker and marked offline the devices it had links to: register a
   * fresh link for each device linked here, which marks it online again. Each swap waits until the
   * old link has nothing in flight (at most 5 s).
   */
  private reassert(nodeId: string): void {
    const devices = [...this.devices.values()].filter((d) => d.link && !d.link.closed && d.equipment);
    if (devices.length === 0) return;
    this.log.info(
      { nodeId: this.nodeId, left: nodeId, devices: devices.length },
      'MQTT node left: links registered again',
    );
    for (const device of devices) void this.swap(device);
  }

  private async swap(device: Device): Promise<void> {
    const old = device.link;
    const deadline = this.now() + SWAP_WAIT_MS;
    while (old && !old.closed && old.pending > 0 && this.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20).unref());
    }
    if (!old || old.closed || device.link !== old || !device.equipment) return;
    // The registry closes the old link ('replaced') when the new one takes its place.
    const transport = device.transport;
    device.link = undefined;
    device.transport = undefined;
    this.link(device, device.equipment);
    if (!device.link) {
      device.link = old;
      device.transport = transport;
    }
  }

  /** The device of a serial as its topics spell it, when it is linked on this node. */
  private linkedDevice(topicSerial: string): LinkedDevice | undefined {
    const device = this.devices.get(topicSerial.toUpperCase());
    if (!device?.link || device.link.closed || !device.equipment) return undefined;
    return { sn: device.sn, equipment: device.equipment };
  }

  private warn(key: string, details: object, message: string): void {
    const held = this.warnings.take(key);
    if (held !== null) this.log.warn(held > 0 ? { ...details, held } : details, message);
  }

  private warnSerial(sn: string, kind: string, details: object, message: string): void {
    const held = this.serialWarnings.take(`${kind}:${sn}`);
    if (held !== null) this.log.warn({ serial: sn, ...details, ...(held > 0 ? { held } : {}) }, message);
  }

  /** A device message refused: logged with the serial, topic and reason, throttled. */
  private refuse({ serial, kind, topic, reason }: Refusal, message: string): void {
    const held = this.refusals.take(`${kind}:${serial}`);
    if (held !== null) this.log.warn({ serial, topic, reason, ...(held > 0 ? { held } : {}) }, message);
  }
}
