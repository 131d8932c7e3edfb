/**
 * A virtual device on an MQTT broker (docs/protocol.md § MQTT link): it connects with its serial
 * number as client id and a retained last will `{"online":false}` on `ROOT/SN/status`, publishes
 * `{"online":true}` there (retained), answers each Modbus RTU request that arrives on
 * `ROOT/SN/down/NODE` with the reply on `ROOT/SN/up/NODE`, ticks the device's inputs, and every
 * `reportMs` publishes on `ROOT/SN/report` the kinds of values that changed since its last report
 * (all of them first after each connection). On stop() it publishes `{"online":false}` itself
 * before disconnecting; after a drop it reconnects with exponential back-off and jitter. Nothing
 * that arrives can make it throw: a request it cannot frame is skipped.
 */
import { EventEmitter } from 'node:events';
import {
  encodeMqttRadioFrame,
  encodeMqttReport,
  encodeMqttStatus,
  MQTT_TOPIC_ROOT,
  mqttDeviceTopics,
  packChannels,
  parseMqttTopic,
} from '@fieldlink/protocol';
import type { MqttDeviceTopics, MqttReport } from '@fieldlink/protocol';
import { connect } from 'mqtt';
import type { MqttClient } from 'mqtt';
import { backoffDelay, SYSTEM_TIMERS } from './dtu-client.js';
import type { Backoff, DisconnectInfo, Timers } from './dtu-client.js';
import { SlaveBoard } from './hosts/sub-devices.js';
import type { VirtualDevice } from './virtual-device.js';

export interface MqttDeviceClientOptions {
  /** The broker: `mqtt://host:1883` (credentials in the URL if the broker wants them). */
  readonly url: string;
  /** The topic root (default `fieldlink/v1`). */
  readonly root?: string;
  /** How often the values are compared with the last report and the changes published, in ms (default 1000, at least 100). */
  readonly reportMs?: number;
  /** How often the device's inputs are updated, in ms (default the smaller of 1000 and reportMs). */
  readonly tickMs?: number;
  /** Give up a connection that has no CONNACK after this many ms (default 10000). */
  readonly connectTimeoutMs?: number;
  /** MQTT keepalive in seconds (default 30): the broker sends the last will after 1.5 × this of silence. */
  readonly keepaliveSeconds?: number;
  /** 4 for MQTT 3.1.1 (default), 5 for MQTT 5. */
  readonly protocolVersion?: 4 | 5;
  readonly backoff?: Backoff;
  readonly timers?: Timers;
  /** Time in ms, for ticks and for how long a connection stayed up (default Date.now). */
  readonly clock?: () => number;
  /** Uniform 0 ≤ x < 1 for the jitter (default Math.random). */
  readonly random?: () => number;
}

export interface MqttDeviceClientEvents {
  connected: [];
  disconnected: [info: DisconnectInfo];
}

export type MqttDeviceClientState = 'idle' | 'connecting' | 'connected' | 'waiting' | 'stopped';

export const DEFAULT_REPORT_MS = 1000;
export const MIN_REPORT_MS = 100;
/** How long stop() waits for the broker to take the offline status before it hangs up anyway. */
const GOODBYE_MS = 2000;

type Kind = 'do' | 'di' | 'ai' | 'ao';
type Values = Record<Kind, readonly (boolean | number)[]>;

export class MqttDeviceClient extends EventEmitter<MqttDeviceClientEvents> {
  readonly device: VirtualDevice;
  readonly topics: MqttDeviceTopics;
  private readonly url: string;
  private readonly root: string;
  private readonly reportMs: number;
  private readonly tickMs: number;
  private readonly connectTimeoutMs: number;
  private readonly keepaliveSeconds: number;
  private readonly protocolVersion: 4 | 5;
  private readonly backoff: Backoff;
  private readonly timers: Timers;
  private readonly clock: () => number;
  private readonly random: () => number;

  private currentState: MqttDeviceClientState = 'idle';
  private client: MqttClient | undefined;
  private attempt = 0;
  private connectedAt = 0;
  private retryTimer: unknown;
  private tickTimer: unknown;
  private reportTimer: unknown;
  private closed: Promise<void> = Promise.resolve();
  /** The values of the last report; undefined until the first report of a connection. */
  private reported: Values | undefined;
  private connectionCount = 0;
  private replyCount = 0;
  private reportCount = 0;
  private radioCount = 0;
  /** The last radio frame forwarded per slave address. */
  private readonly lastFrames = new Map<number, Uint8Array>();

  /** Throws a RangeError for a bad root or period. */
  constructor(device: VirtualDevice, options: MqttDeviceClientOptions) {
    super();
    this.device = device;
    this.url = options.url;
    this.root = options.root ?? MQTT_TOPIC_ROOT;
    this.topics = mqttDeviceTopics(device.serial, this.root);
    this.reportMs = atLeast('reportMs', options.reportMs ?? DEFAULT_REPORT_MS, MIN_REPORT_MS);
    this.tickMs = atLeast('tickMs', options.tickMs ?? Math.min(1000, this.reportMs), 1);
    this.connectTimeoutMs = atLeast('connectTimeoutMs', options.connectTimeoutMs ?? 10_000, 1);
    this.keepaliveSeconds = options.keepaliveSeconds ?? 30;
    if (
      !Number.isInteger(this.keepaliveSeconds) ||
      this.keepaliveSeconds < 0 ||
      this.keepaliveSeconds > 65535
    ) {
      throw new RangeError(`keepaliveSeconds must be a whole number 0-65535, got ${this.keepaliveSeconds}`);
    }
    this.protocolVersion = options.protocolVersion ?? 4;
    this.backoff = options.backoff ?? {};
    atLeast('backoff.initialMs', this.backoff.initialMs ?? 1000, 1);
    atLeast('backoff.maxMs', this.backoff.maxMs ?? 30_000, 1);
    atLeast('backoff.resetAfterMs', this.backoff.resetAfterMs ?? 10_000, 0);
    this.timers = options.timers ?? SYSTEM_TIMERS;
    this.clock = options.clock ?? Date.now;
    this.random = options.random ?? Math.random;
  }

  get state(): MqttDeviceClientState {
    return this.currentState;
  }

  get connected(): boolean {
    return this.currentState === 'connected';
  }

  /** Connections to the broker since the client was built. */
  get connections(): number {
    return this.connectionCount;
  }

  /** RTU replies published since the client was built. */
  get replies(): number {
    return this.replyCount;
  }

  /** Reports published since the client was built. */
  get reports(): number {
    return this.reportCount;
  }

  /** Radio frames a team host forwarded since the client was built. */
  get forwardedFrames(): number {
    return this.radioCount;
  }

  /** Connect now, and stay connected until stop(). Calling it again while started does nothing. */
  start(): void {
    if (this.currentState !== 'idle' && this.currentState !== 'stopped') return;
    this.attempt = 0;
    if (this.tickMs === this.reportMs) {
      // One timer: two would drift apart, and a report would now and then find two steps or none.
      this.tickTimer = this.timers.setInterval(() => {
        this.tick();
        this.report();
      }, this.tickMs);
    } else {
      this.tickTimer = this.timers.setInterval(() => this.tick(), this.tickMs);
      this.reportTimer = this.timers.setInterval(() => this.report(), this.reportMs);
    }
    this.connect();
  }

  /**
   * Publish `{"online":false}` (retained), disconnect and stay disconnected; resolves once the
   * connection is closed.
   */
  stop(): Promise<void> {
    return this.end(true);
  }

  /**
   * Hang up without a word, as a device that loses power: the broker publishes the last will.
   * Stays disconnected, like stop().
   */
  kill(): Promise<void> {
    return this.end(false);
  }

  private end(goodbye: boolean): Promise<void> {
    if (this.currentState === 'idle' || this.currentState === 'stopped') return this.closed;
    this.currentState = 'stopped';
    this.timers.clearInterval(this.tickTimer);
    this.timers.clearInterval(this.reportTimer);
    this.timers.clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    if (!client) return this.closed;
    if (goodbye && client.connected) {
      const force = this.timers.setTimeout(() => client.end(true), GOODBYE_MS);
      client.publish(
        this.topics.status,
        Buffer.from(encodeMqttStatus(false)),
        { qos: 1, retain: true },
        () => {
          this.timers.clearTimeout(force);
          // A graceful DISCONNECT: the broker drops the last will.
          client.end(false);
        },
      );
    } else {
      client.end(true);
    }
    return this.closed;
  }

  private tick(): void {
    try {
      this.device.tick(this.clock());
    } catch {
      // A waveform cannot fail once the device is built; a broken clock only skips a tick.
    }
  }

  private connect(): void {
    this.currentState = 'connecting';
    let wasConnected = false;
    let failure: Error | undefined;
    let ended = false;
    let markClosed = (): void => {};
    const closed = new Promise<void>((resolve) => (markClosed = resolve));
    this.closed = Promise.all([this.closed, closed]).then(() => {});
    const client = connect(this.url, {
      clientId: this.device.serial,
      protocolVersion: this.protocolVersion,
      clean: true,
      keepalive: this.keepaliveSeconds,
      connectTimeout: this.connectTimeoutMs,
      // Reconnection is this client's, with back-off and jitter.
      reconnectPeriod: 0,
      queueQoSZero: false,
      will: {
        topic: this.topics.status,
        payload: Buffer.from(encodeMqttStatus(false)),
        qos: 1,
        retain: true,
      },
    });
    this.client = client;
    client.on('connect', () => {
      if (this.client !== client || this.currentState === 'stopped') return;
      wasConnected = true;
      this.connectedAt = this.clock();
      this.connectionCount++;
      this.currentState = 'connected';
      this.reported = undefined;
      // Subscribed before the status goes out, so no request sent on seeing it is missed.
      client.subscribe(this.topics.downFilter, { qos: 0 });
      client.publish(this.topics.status, Buffer.from(encodeMqttStatus(true)), { qos: 1, retain: true });
      this.tick();
      this.report();
      this.emitSafely(() => this.emit('connected'));
    });
    client.on('message', (topic, payload) => {
      if (this.client === client) this.receive(client, topic, payload);
    });
    client.on('error', (error) => (failure = error));
    client.on('close', () => {
      if (ended) return;
      ended = true;
      markClosed();
      // With reconnectPeriod 0 the client is done: make sure it keeps no timer.
      client.end(true);
      const info = { wasConnected, ...(failure ? { error: failure } : {}) };
      if (this.client !== client || this.currentState === 'stopped') {
        if (wasConnected) this.emitSafely(() => this.emit('disconnected', info));
        return;
      }
      this.client = undefined;
      if (wasConnected && this.clock() - this.connectedAt >= (this.backoff.resetAfterMs ?? 10_000)) {
        this.attempt = 0;
      }
      const retryInMs = backoffDelay(this.attempt++, this.backoff, this.random);
      this.currentState = 'waiting';
      this.retryTimer = this.timers.setTimeout(() => this.connect(), retryInMs);
      this.emitSafely(() => this.emit('disconnected', { ...info, retryInMs }));
    });
  }

  /** A message on `down/+`: each RTU request it holds answered on the asking node's `up` topic. */
  private receive(client: MqttClient, topic: string, payload: Uint8Array): void {
    if (this.currentState !== 'connected') return;
    const parsed = parseMqttTopic(topic, this.root);
    if (!parsed || parsed.kind !== 'down' || parsed.serial !== this.device.serial) return;
    let replies: Uint8Array[];
    try {
      // Each message is whole: nothing of one is kept for the next.
      this.device.slave.reset();
      replies = this.device.receive(payload);
    } catch {
      // A request the memory cannot answer is dropped like a garbled one.
      replies = [];
    } finally {
      this.device.slave.reset();
    }
    const up = this.topics.up(parsed.nodeId);
    for (const reply of replies) {
      client.publish(up, Buffer.from(reply), { qos: 0 });
      this.replyCount++;
    }
  }

  /** Publish the kinds of values that changed since the last report (all of them the first time). */
  private report(): void {
    const client = this.client;
    if (this.currentState !== 'connected' || !client) return;
    const s = this.device.snapshot();
    const now: Values = { do: s.coils, di: s.inputs, ai: s.inputRegisters, ao: s.ao };
    const changed: { -readonly [K in Kind]?: MqttReport[K] } = {};
    let any = false;
    for (const kind of ['do', 'di', 'ai', 'ao'] as const) {
      if (this.reported && same(this.reported[kind], now[kind])) continue;
      (changed as Record<Kind, unknown>)[kind] = now[kind];
      any = true;
    }
    if (any) {
      client.publish(this.topics.report, Buffer.from(encodeMqttReport(changed)), { qos: 0 });
      this.reported = now;
      this.reportCount++;
    }
    this.forwardRadio(client);
  }

  /**
   * A team host forwards, for each slave in its table whose outputs or inputs changed, the slave's
   * radio frame: its packed DO bits, then its packed DI bits (docs/protocol.md § MQTT device messages).
   */
  private forwardRadio(client: MqttClient): void {
    const team = this.device.team;
    if (!team) return;
    for (const slave of this.device.subDevices) {
      if (!(slave instanceof SlaveBoard) || !team.has(slave.address)) continue;
      const s = slave.snapshot();
      const frame = Uint8Array.from([...packChannels(s.coils), ...packChannels(s.inputs)]);
      const last = this.lastFrames.get(slave.address);
      if (last && same([...last], [...frame])) continue;
      this.lastFrames.set(slave.address, frame);
      client.publish(this.topics.rf, Buffer.from(encodeMqttRadioFrame({ addr: slave.address, frame })), {
        qos: 0,
      });
      this.radioCount++;
    }
  }

  /** A throwing listener must not take the client down with it. */
  private emitSafely(fire: () => void): void {
    try {
      fire();
    } catch {
      // Listener errors are the listener's business.
    }
  }
}

function same(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

function atLeast(name: string, value: number, min: number): number {
  if (!Number.isFinite(value) || value < min) {
    throw new RangeError(`${name} must be a number ≥ ${min}, got ${value}`);
  }
  return value;
}
