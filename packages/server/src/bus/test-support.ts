/**
 * The Redis the bus tests use: TEST_REDIS_URL, else the local one at 127.0.0.1:6379. When it does
 * not answer PING, the tests that need it are skipped with the reason in their title, unless
 * REQUIRE_SERVICES=1 (as in CI), where they run and fail on check() instead: the same rule as the
 * PostgreSQL and MQTT tests. Each test takes a key and channel prefix of its own (testPrefix), so
 * runs never hear each other, and removes its keys after (clearPrefix).
 *
 * ```ts
 * const redis = testRedis();
 * describe.skipIf(redis.skip !== null)(`… (${redis})`, () => {
 *   beforeEach(() => redis.check());
 *   it('…', async () => { const bus = new RedisBus({ url: redis.url, nodeId: 'a', prefix }); … });
 * });
 * ```
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { redactUrl } from '../storage/open.js';

export const DEFAULT_TEST_REDIS_URL = 'redis://127.0.0.1:6379';

const PROBE_TIMEOUT_MS = 2000;

export interface TestRedis {
  readonly url: string;
  /** Why the tests cannot run here, or null when they can (or must: REQUIRE_SERVICES=1). */
  readonly skip: string | null;
  readonly reachable: boolean;
  /** Throws the reason Redis cannot be reached, if it cannot. */
  check(): void;
  toString(): string;
}

type Env = Readonly<Record<string, string | undefined>>;

export function testRedis(env: Env = process.env): TestRedis {
  const url = env.TEST_REDIS_URL || DEFAULT_TEST_REDIS_URL;
  const required = env.REQUIRE_SERVICES === '1';
  const problem = probeRedis(url);
  const unreachable = problem === null ? null : `Redis unreachable at ${redactUrl(url)}: ${problem}`;
  const skip = required ? null : unreachable;
  const title = skip === null ? `Redis at ${redactUrl(url)}` : `Redis (skipped: ${skip})`;
  return {
    url,
    skip,
    reachable: unreachable === null,
    toString: () => title,
    check() {
      if (unreachable === null) return;
      throw new Error(
        required
          ? `${unreachable} (REQUIRE_SERVICES=1, so this fails instead of skipping; start Redis or set TEST_REDIS_URL)`
          : unreachable,
      );
    },
  };
}

/** A prefix no other test run uses: `test-NAME-RANDOM`. */
export function testPrefix(name: string): string {
  return `test-${name}-${randomBytes(4).toString('hex')}`;
}

/** Removes every key under `prefix`. */
export async function clearPrefix(url: string, prefix: string): Promise<void> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await client.connect();
    const keys = await client.keys(`${prefix}:*`);
    if (keys.length > 0) await client.del(...keys);
  } finally {
    client.disconnect();
  }
}

const probes = new Map<string, string | null>();

/**
 * Null when Redis answers PING at `url` (AUTH first when the URL has a password), else the reason.
 * Synchronous, because test files decide what to skip while they are being collected; it asks a
 * child process once per URL.
 */
function probeRedis(url: string): string | null {
  const known = probes.get(url);
  if (known !== undefined) return known;
  let host: string;
  let port: number;
  let password: string;
  let tls: boolean;
  try {
    const parsed = new URL(url);
    host = parsed.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
    port = parsed.port ? Number(parsed.port) : 6379;
    password = decodeURIComponent(parsed.password);
    tls = parsed.protocol === 'rediss:';
  } catch {
    probes.set(url, 'not a URL');
    return 'not a URL';
  }
  const script = `
    const { PROBE_HOST: host, PROBE_PORT: port, PROBE_PASSWORD: password, PROBE_TLS: tls } = process.env;
    const socket = require(tls === '1' ? 'node:tls' : 'node:net').connect({ host, port: Number(port), servername: host });
    socket.setTimeout(${PROBE_TIMEOUT_MS}, () => socket.destroy(new Error('no answer within ${PROBE_TIMEOUT_MS} ms')));
    socket.on(tls === '1' ? 'secureConnect' : 'connect', () => {
      socket.write((password ? 'AUTH ' + JSON.stringify(password) + '\\r\\n' : '') + 'PING\\r\\n');
    });
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
      if (text.includes('+PONG')) { socket.destroy(); process.exit(0); }
      if (text.startsWith('-')) { process.stderr.write(text.split('\\r\\n')[0]); process.exit(1); }
    });
    socket.on('error', (error) => {
      // Node reports a refused dual-stack connect as an AggregateError with an empty message.
      const first = (error && error.errors && error.errors[0]) || error;
      process.stderr.write(String((first && (first.message || first.code)) || error));
      process.exit(1);
    });`;
  const result = spawnSync(process.execPath, ['-e', script], {
    env: {
      ...process.env,
      PROBE_HOST: host,
      PROBE_PORT: String(port),
      PROBE_PASSWORD: password,
      PROBE_TLS: tls ? '1' : '0',
    },
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
