/**
 * The MQTT broker the tests use: TEST_MQTT_URL, else the local Mosquitto at 127.0.0.1:1883. When
 * it does not accept a connection, the tests that need it are skipped with the reason in their
 * title, unless REQUIRE_SERVICES=1 (as in CI), where they run and fail on check() instead. The same
 * rule as the PostgreSQL tests (packages/server/src/storage/test-support.ts). Each test file takes
 * a topic root of its own (testRoot), so files running at once never hear each other, and clears
 * the retained statuses it left (clearRetained).
 *
 * ```ts
 * const broker = testBroker();
 * describe.skipIf(broker.skip !== null)(`… (${broker})`, () => {
 *   beforeAll(async () => { if (broker.reachable) … });
 *   // Each test fails with the reason when the broker is required but unreachable.
 *   beforeEach(() => broker.check());
 *   it('…', async () => { const client = await connectAsync(broker.url); … });
 * });
 * ```
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect, createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { connectAsync } from 'mqtt';

export const DEFAULT_TEST_MQTT_URL = 'mqtt://127.0.0.1:1883';

const PROBE_TIMEOUT_MS = 2000;

export interface TestBroker {
  readonly url: string;
  /** Why the tests cannot run here, or null when they can (or must: REQUIRE_SERVICES=1). */
  readonly skip: string | null;
  /** Whether the broker accepted a connection. */
  readonly reachable: boolean;
  /** 'MQTT broker at URL', with the skip reason when skipped, for test titles. */
  readonly title: string;
  /** Throws the reason the broker cannot be reached, if it cannot. */
  check(): void;
  toString(): string;
}

type Env = Readonly<Record<string, string | undefined>>;

export function testBroker(env: Env = process.env): TestBroker {
  const url = env.TEST_MQTT_URL || DEFAULT_TEST_MQTT_URL;
  const required = env.REQUIRE_SERVICES === '1';
  const problem = probeBroker(url);
  const unreachable = problem === null ? null : `MQTT broker unreachable at ${url}: ${problem}`;
  const skip = required ? null : unreachable;
  const title = skip === null ? `MQTT broker at ${url}` : `MQTT broker (skipped: ${skip})`;
  return {
    url,
    skip,
    reachable: unreachable === null,
    title,
    toString: () => title,
    check() {
      if (unreachable === null) return;
      throw new Error(
        required
          ? `${unreachable} (REQUIRE_SERVICES=1, so this fails instead of skipping; start Mosquitto or set TEST_MQTT_URL)`
          : unreachable,
      );
    },
  };
}

const probes = new Map<string, string | null>();

/**
 * Null when the broker's host accepts a TCP connection on its port, else the reason. Synchronous,
 * because test files decide what to skip while they are being collected; it asks a child process
 * once per URL.
 */
function probeBroker(url: string): string | null {
  const known = probes.get(url);
  if (known !== undefined) return known;
  let host: string;
  let port: number;
  try {
    const parsed = new URL(url);
    host = parsed.hostname.replace(/^\[|\]$/g, '');
    const secure = parsed.protocol === 'mqtts:' || parsed.protocol === 'wss:';
    const web = parsed.protocol === 'ws:' || parsed.protocol === 'wss:';
    port = parsed.port ? Number(parsed.port) : web ? (secure ? 443 : 80) : secure ? 8883 : 1883;
  } catch {
    probes.set(url, 'not a URL');
    return 'not a URL';
  }
  const script = `
    const socket = require('node:net').connect({ host: process.env.PROBE_HOST, port: Number(process.env.PROBE_PORT) });
    socket.setTimeout(${PROBE_TIMEOUT_MS}, () => socket.destroy(new Error('no answer within ${PROBE_TIMEOUT_MS} ms')));
    socket.on('connect', () => { socket.destroy(); process.exit(0); });
    socket.on('error', (error) => {
      // Node reports a refused dual-stack connect as an AggregateError with an empty message.
      const first = (error && error.errors && error.errors[0]) || error;
      process.stderr.write(String((first && (first.message || first.code)) || error));
      process.exit(1);
    });`;
  const result = spawnSync(process.execPath, ['-e', script], {
    env: { ...process.env, PROBE_HOST: host, PROBE_PORT: String(port) },
    encoding: 'utf8',
    timeout: PROBE_TIMEOUT_MS * 3,
  });
  const problem =
    result.status === 0
      ? null
      : result.error
        ? result.error.message
        : result.stderr.trim().split('\n')[0] || `probe exited with status ${String(result.status)}`;
  probes.set(url, problem);
  return problem;
}

/** A topic root no other test run uses: `test/NAME-RANDOM/v1`. */
export function testRoot(name: string): string {
  return `test/${name}-${randomBytes(4).toString('hex')}/v1`;
}

/**
 * Clear every retained message under `root` (the statuses devices leave behind): each topic that
 * holds one gets an empty retained message. Waits `settleMs` for the retained messages to arrive.
 */
export async function clearRetained(url: string, root: string, settleMs = 200): Promise<number> {
  const client = await connectAsync(url, {
    clientId: `clear-${randomBytes(4).toString('hex')}`,
    reconnectPeriod: 0,
  });
  const topics = new Set<string>();
  try {
    client.on('message', (topic, payload, packet) => {
      if (packet.retain && payload.length > 0) topics.add(topic);
    });
    await client.subscribeAsync(`${root}/#`, { qos: 1 });
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    for (const topic of topics) await client.publishAsync(topic, Buffer.alloc(0), { qos: 1, retain: true });
  } finally {
    await client.endAsync();
  }
  return topics.size;
}

/**
 * A TCP relay in front of the broker, so a test can cut a client's broker connection (drop()) as a
 * network failure would, without touching the broker.
 */
export class BrokerProxy {
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    /** The broker's URL through the relay. */
    readonly url: string,
  ) {}

  static async start(brokerUrl: string): Promise<BrokerProxy> {
    const target = new URL(brokerUrl);
    const host = target.hostname;
    const port = Number(target.port || 1883);
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const local = typeof address === 'object' && address ? address.port : 0;
    const url = new URL(brokerUrl);
    url.hostname = '127.0.0.1';
    url.port = String(local);
    const proxy = new BrokerProxy(server, url.toString().replace(/\/$/, ''));
    server.on('connection', (client) => {
      const upstream = connect({ host, port });
      for (const [a, b] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        proxy.sockets.add(a);
        a.on('error', () => {});
        a.on('close', () => {
          proxy.sockets.delete(a);
          b.destroy();
        });
        a.pipe(b);
      }
    });
    return proxy;
  }

  /** Cut every connection through the relay; new ones are still relayed. */
  drop(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  async close(): Promise<void> {
    this.drop();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
