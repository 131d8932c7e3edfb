/**
 * The bus on Redis (REDIS_URL): broadcasts on the channel `PREFIX:live`, direct texts on
 * `PREFIX:node:NODE` (PUBLISH tells how many listened, so a text to a node that is gone fails at
 * once), and the link directory as keys `PREFIX:link:SERIAL` holding the node id, with an expiry
 * the holder renews. Two connections: one for commands, one subscribed.
 *
 * Nothing waits for Redis without bound: commands are not queued while the connection is down
 * (a broadcast is dropped, a direct text or a directory command fails at once), every command
 * times out, and both connections are tried again every 2 s at most after any loss. Pub/sub is
 * at most once: what is broadcast while a node is cut off does not reach it.
 */
import { Redis } from 'ioredis';
import type { RedisOptions } from 'ioredis';
import { LogThrottle } from '../gateway/link/log-throttle.js';
import { silentLog } from '../gateway/link/log.js';
import type { GatewayLog } from '../gateway/link/log.js';
import { redactUrl } from '../storage/open.js';
import type { Bus } from './bus.js';
import { BUS_NODE_ID } from './bus.js';

export interface RedisBusOptions {
  /** `redis://[:password@]host:6379[/db]` or `rediss://…`. */
  readonly url: string;
  readonly nodeId: string;
  /** Of every channel and key; default `fieldlink`. */
  readonly prefix?: string;
  /** Per command; default 5000 ms. */
  readonly commandTimeoutMs?: number;
  readonly log?: GatewayLog;
}

/** Renews the entries this node still holds or that expired; returns the 1-based indexes of the others. */
const RENEW = `
local taken = {}
for i, key in ipairs(KEYS) do
  local holder = redis.call('GET', key)
  if (not holder) or holder == ARGV[1] then
    redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
  else
    taken[#taken + 1] = i
  end
end
return taken`;

/** Deletes the entry if this node holds it. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** Keys per RENEW call. */
const RENEW_CHUNK = 500;
const QUIT_WAIT_MS = 2000;

export class RedisBus implements Bus {
  readonly nodeId: string;
  readonly shared = true;
  private readonly prefix: string;
  private readonly liveChannel: string;
  private readonly directChannel: string;
  private readonly commands: Redis;
  private readonly subscriber: Redis;
  private readonly log: GatewayLog;
  private readonly warnings = new LogThrottle({ intervalMs: 60_000 });
  private broadcastListener: (text: string) => void = () => undefined;
  private directListener: (text: string) => void = () => undefined;
  private subscribed = false;
  private waiters: (() => void)[] = [];
  private started = false;
  private closing = false;

  constructor(options: RedisBusOptions) {
    if (!BUS_NODE_ID.test(options.nodeId)) {
      throw new RangeError(`bus node id must be 1-64 letters, digits, _ or -, got '${options.nodeId}'`);
    }
    this.nodeId = options.nodeId;
    this.prefix = options.prefix ?? 'fieldlink';
    this.liveChannel = `${this.prefix}:live`;
    this.directChannel = `${this.prefix}:node:${this.nodeId}`;
    this.log = options.log ?? silentLog;
    const common: RedisOptions = {
      lazyConnect: true,
      connectionName: `fieldlink-${this.nodeId}`,
      retryStrategy: (times) => Math.min(100 * times, 2000),
      maxRetriesPerRequest: 1,
    };
    this.commands = new Redis(options.url, {
      ...common,
      enableOfflineQueue: false,
      commandTimeout: options.commandTimeoutMs ?? 5000,
    });
    // Subscribed anew on every connection (below), not by the client.
    this.subscriber = new Redis(options.url, { ...common, autoResubscribe: false });
    const url = redactUrl(options.url);
    for (const [name, client] of [
      ['commands', this.commands],
      ['subscriber', this.subscriber],
    ] as const) {
      client.on('error', (err: unknown) =>
        this.warn(`error:${name}`, { err, redis: url }, 'Redis bus error'),
      );
      client.on('ready', () => this.log.info({ redis: url, connection: name }, 'Redis bus connected'));
      client.on('close', () => {
        if (client === this.subscriber) this.subscribed = false;
      });
    }
    this.commands.on('ready', () => this.wake());
    this.subscriber.on('ready', () => this.subscribe());
    this.subscriber.on('message', (channel: string, text: string) => {
      if (this.closing) return;
      if (channel === this.liveChannel) this.broadcastListener(text);
      else if (channel === this.directChannel) this.directListener(text);
    });
  }

  onBroadcast(listener: (text: string) => void): void {
    this.broadcastListener = listener;
  }

  onDirect(listener: (text: string) => void): void {
    this.directListener = listener;
  }

  start(): void {
    if (this.started || this.closing) return;
    this.started = true;
    // Failures are reported as 'error' events and retried by the clients.
    this.commands.connect().catch(() => undefined);
    this.subscriber.connect().catch(() => undefined);
  }

  ready(): Promise<void> {
    if (this.isReady || this.closing) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.subscribed = false;
    await Promise.all([quit(this.commands), quit(this.subscriber)]);
    this.wake();
  }

  broadcast(text: string): void {
    if (this.closing) return;
    if (this.commands.status !== 'ready') {
      this.warn('broadcast', {}, 'Redis bus unreachable: live pushes to other nodes dropped');
      return;
    }
    this.commands
      .publish(this.liveChannel, text)
      .catch((err: unknown) =>
        this.warn('broadcast', { err }, 'Redis bus: live pushes to other nodes dropped'),
      );
  }

  async send(nodeId: string, text: string): Promise<boolean> {
    this.check();
    const listeners = await this.commands.publish(`${this.prefix}:node:${nodeId}`, text);
    return listeners > 0;
  }

  async claim(serial: string, ttlMs: number): Promise<void> {
    this.check();
    await this.commands.set(this.linkKey(serial), this.nodeId, 'PX', ttlMs);
  }

  async renew(serials: readonly string[], ttlMs: number): Promise<string[]> {
    this.check();
    const taken: string[] = [];
    for (let i = 0; i < serials.length; i += RENEW_CHUNK) {
      const chunk = serials.slice(i, i + RENEW_CHUNK);
      const keys = chunk.map((s) => this.linkKey(s));
      const indexes = (await this.commands.eval(RENEW, keys.length, ...keys, this.nodeId, ttlMs)) as number[];
      for (const index of indexes) {
        const serial = chunk[index - 1];
        if (serial !== undefined) taken.push(serial);
      }
    }
    return taken;
  }

  async release(serial: string): Promise<void> {
    if (this.closing || this.commands.status !== 'ready') return;
    await this.commands.eval(RELEASE, 1, this.linkKey(serial), this.nodeId);
  }

  async holder(serial: string): Promise<string | null> {
    this.check();
    return this.commands.get(this.linkKey(serial));
  }

  private get isReady(): boolean {
    return this.subscribed && this.commands.status === 'ready';
  }

  private linkKey(serial: string): string {
    return `${this.prefix}:link:${serial}`;
  }

  private check(): void {
    if (this.closing) throw new Error('the Redis bus is closed');
    if (this.commands.status !== 'ready') throw new Error('the Redis bus is unreachable');
  }

  private subscribe(): void {
    if (this.closing) return;
    this.subscriber.subscribe(this.liveChannel, this.directChannel).then(
      () => {
        this.subscribed = true;
        this.wake();
      },
      (err: unknown) => this.warn('subscribe', { err }, 'Redis bus subscription failed'),
    );
  }

  private wake(): void {
    if (!this.isReady && !this.closing) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }

  private warn(key: string, details: object, message: string): void {
    if (this.closing) return;
    const held = this.warnings.take(key);
    if (held !== null) this.log.warn(held > 0 ? { ...details, held } : details, message);
  }
}

/** Quits politely when connected (at most 2 s), and drops the connection in any case. */
async function quit(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      client.quit().catch(() => undefined),
      new Promise((resolve) => (timer = setTimeout(resolve, QUIT_WAIT_MS))),
    ]);
    clearTimeout(timer);
  }
  client.disconnect();
}
