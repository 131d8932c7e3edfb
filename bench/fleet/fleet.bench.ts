/**
 * Device fleet: FLEET_DEVICES simulated FL-R8 devices (5,000 by default) on DTU links, polled every
 * 10 s, and FLEET_MQTT_DEVICES (1,000) on the MQTT broker pushing ten values a second each: with
 * FLEET_MQTT_MOVING=ai1 (the default) a report every FLEET_MQTT_REPORT_MS (100 ms) with an AI that
 * moves every report, with FLEET_MQTT_MOVING=all a report every FLEET_MQTT_REPORT_MS (then 1000 ms)
 * carrying all ten inputs (8 DI, 2 AI), each moved since the last. Against the real server as
 * `npm start` runs it (packages/server/dist/main.js, built first with tsc, in a child process, on
 * SQLite). The devices run in child processes of their own (bench/fleet/devices.ts, at most 10,000
 * DTU links each, dialling 250 links a second in all), so this process only measures. For
 * FLEET_SECONDS (30) it measures data points persisted per second (telemetry rows, read from the
 * store), the server's CPU, memory (from /proc) and event-loop delay (bench/fleet/server-probe.ts,
 * loaded into it), and the latency from an AI change in a device to the PushInfo on the owner's
 * live socket, for DTU devices (bound by the poll) and MQTT devices (bound by the report period).
 * Then, at that load, the command round trip (REST openone until the live socket shows the relay
 * on) on a DTU and on an MQTT device, each against a baseline measured in the same run: a bare
 * Modbus request and response on the same link through the same API (rdo). The throughput is set
 * next to ThingsBoard's published single-node figure, per CPU-%, and a verdict says whether the
 * server kept up (every device online, its event loop never blocked for half a second or more,
 * every change and command seen on the live socket).
 *
 *   npm run bench:fleet
 *   FLEET_DEVICES=20000 FLEET_SECONDS=60 npm run bench:fleet
 *   FLEET_MQTT_MOVING=all FLEET_DEVICES=19000 FLEET_SECONDS=60 npm run bench:fleet
 *
 * The broker is FLEET_MQTT_URL (default the local Mosquitto at mqtt://127.0.0.1:1883); the MQTT
 * part is skipped, with the reason, when it does not accept a connection or FLEET_MQTT_DEVICES is
 * 0. Child processes raise their open-file limit (ulimit -n) as far as the hard limit allows; the
 * server needs one file per DTU link on top of about 30 of its own. FLEET_CPU_PROFILE=DIR has the
 * server write a CPU profile of each measured stretch into DIR: stretch-1.cpuprofile the telemetry
 * window, stretch-2.cpuprofile the command round trips (open them in Chrome's DevTools), each with
 * its stalls (stretch-N.stalls.json) and, with FLEET_HEAP_PROFILE=1, a sampling heap profile of
 * what the stretch left alive (stretch-N.heapprofile);
 * FLEET_DEVICES_CPU_PROFILE=DIR has each device process write one of its whole life there (one
 * file per process and thread, named by Node: CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile).
 * The device processes run at nice FLEET_DEVICES_NICE (19): the server and the broker have the
 * CPU first, as with devices on other machines. FLEET_SERVER_FLAGS adds Node and V8 flags to the
 * server (`--trace-gc`, say); FLEET_SERVER_OUTPUT=FILE keeps what the server prints besides its
 * log entries (a `# probe at …` line marks the start and end of each measured stretch).
 */
import { spawn } from 'node:child_process';
import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { createWriteStream, mkdirSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { connect as tcpConnect } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import WebSocket from 'ws';
import { openStorage } from '@fieldlink/server';
import { SQLITE_FILE_NAME } from '../../packages/server/src/storage/open.js';
import { fleetSerial } from '@fieldlink/simulator';
import { peakRss, resetPeakRss } from '../history/child.js';
import { buildServer, SERVER_NODE_FLAGS } from '../../packages/web/e2e/harness.js';
import type { MqttMoving, ShardCommand, ShardConfig, ShardStatus } from './devices.js';
import type { ProbeReport } from './server-probe.js';
import {
  seedFleet,
  FLEET_MQTT_PREFIX,
  FLEET_PASSWORD,
  FLEET_PREFIX,
  FLEET_TYPE,
  FLEET_USER,
} from './seed.js';

function knob(name: string, fallback: number, valid: (n: number) => boolean, rule: string): number {
  const raw = process.env[name]?.trim();
  const value = raw ? Number(raw) : fallback;
  if (!valid(value)) throw new Error(`${name} must be ${rule}, got '${raw}'`);
  return value;
}

const DEVICES = knob('FLEET_DEVICES', 5000, (n) => Number.isInteger(n) && n >= 300, 'a whole number ≥ 300');
const MQTT_DEVICES = knob(
  'FLEET_MQTT_DEVICES',
  1000,
  (n) => Number.isInteger(n) && (n === 0 || n >= 10),
  '0 (no MQTT devices) or a whole number ≥ 10',
);
/**
 * What moves in an MQTT device every report period: `ai1` (its AI1 alone) or `all` (its ten
 * inputs, 8 DI and 2 AI). Either way a device pushes ten values a second by default: ten reports
 * of one value, or one report of ten.
 */
const MQTT_MOVING = ((): MqttMoving => {
  const raw = process.env.FLEET_MQTT_MOVING?.trim() || 'ai1';
  if (raw !== 'ai1' && raw !== 'all') throw new Error(`FLEET_MQTT_MOVING must be ai1 or all, got '${raw}'`);
  return raw;
})();
/** Inputs of an FL-R8 that move every report with MQTT_MOVING. */
const MOVING_INPUTS = MQTT_MOVING === 'ai1' ? 1 : 10;
const REPORT_MS = knob(
  'FLEET_MQTT_REPORT_MS',
  MQTT_MOVING === 'ai1' ? 100 : 1000,
  (n) => Number.isInteger(n) && n >= 100,
  'a whole number ≥ 100',
);
const SECONDS = knob('FLEET_SECONDS', 30, (n) => n > 0, 'a positive number');
const MQTT_URL = process.env.FLEET_MQTT_URL?.trim() || 'mqtt://127.0.0.1:1883';
/** Where the server writes a CPU profile (node --cpu-prof) when it stops; none when unset. */
const CPU_PROFILE_DIR = process.env.FLEET_CPU_PROFILE?.trim() || null;
/** Extra Node and V8 flags for the server (`--trace-gc`, say), split at spaces. */
const SERVER_FLAGS = process.env.FLEET_SERVER_FLAGS?.trim().split(/\s+/).filter(Boolean) ?? [];
/** Where the server's output that is neither a log entry nor a probe goes (a file); none when unset. */
const SERVER_OUTPUT = process.env.FLEET_SERVER_OUTPUT?.trim() || null;
/** Where each device process writes a CPU profile of its whole life (node --cpu-prof); none when unset. */
const DEVICES_CPU_PROFILE_DIR = process.env.FLEET_DEVICES_CPU_PROFILE?.trim() || null;
// The profiles' directories are made when missing, before anything runs.
for (const dir of [CPU_PROFILE_DIR, DEVICES_CPU_PROFILE_DIR]) if (dir) mkdirSync(dir, { recursive: true });

/**
 * The device processes' niceness (nice -n), 19 by default: the server and the broker take the CPU
 * first, as they would with their devices on other machines, and the simulated devices have what
 * is left. 0 runs them at the server's priority.
 */
const DEVICES_NICE = knob(
  'FLEET_DEVICES_NICE',
  19,
  (n) => Number.isInteger(n) && n >= 0 && n <= 19,
  'a whole number 0-19',
);

const POLL_SECONDS = 10;
/** DTU devices move their inputs twice a poll period, so every poll reads new AI values. */
const DTU_TICK_MS = (POLL_SECONDS * 1000) / 2;
/**
 * DTU links dialled per second, all device processes together: about what the server registers in
 * a second here, so that the fleet comes online without overflowing the server's listen queue.
 */
const DIAL_PER_SECOND = 250;
/** Devices per DTU device process: each link is an open file on both sides. */
const DTU_SHARD = 10_000;
/** The limit asked for in every child; `ulimit -n hard` when the hard limit is lower. */
const OPEN_FILES = 65_536;
/** Files the server holds besides its DTU links (store, listeners, broker, pipes, …), roughly. */
const SERVER_FILES = 30;
/** Open files kept free in the server for the live socket and the REST requests. */
const SERVER_HEADROOM = 70;
/** An access token lasts 10 minutes; one older than this is renewed before use. */
const TOKEN_REUSE_MS = 8 * 60_000;
const SAMPLED = 200;
const OPERATIONS = 100;
const PUSH_TIMEOUT_MS = 3 * POLL_SECONDS * 1000;
const REQUEST_TIMEOUT_MS = 30_000;
const START_TIMEOUT_MS = 60_000;
/** Links come up at a few hundred a second at best: the wait grows with the fleet. */
const CONNECT_TIMEOUT_MS = 120_000 + 15 * DEVICES;
/** Waiting for links ends early when no device came online for this long after all were started. */
const CONNECT_STALL_MS = 30_000;
const COMMAND_PHASE_MS = 180_000;
const STOP_TIMEOUT_MS = 60_000;
/** The whole run, whatever happens: then the children are killed and the run fails. */
const RUN_LIMIT_MS =
  (SECONDS + POLL_SECONDS) * 1000 +
  START_TIMEOUT_MS +
  2 * CONNECT_TIMEOUT_MS +
  COMMAND_PHASE_MS +
  4 * STOP_TIMEOUT_MS;

/** ThingsBoard's published single-node figure on 2 vCPU. */
const THINGSBOARD = { devices: 5000, pointsPerSecond: 15_000, cpuPercent: 95, vcpus: 2 } as const;

/** The server as `npm start` runs it: compiled, not transformed from sources on load. */
const MAIN_FILE = fileURLToPath(new URL('../../packages/server/dist/main.js', import.meta.url));
const SERVER_MAIN_FILE = fileURLToPath(new URL('./server-main.ts', import.meta.url));
const DEVICES_FILE = fileURLToPath(new URL('./devices.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface PushInfoMessage {
  readonly infotype: 'PushInfo';
  readonly info: { readonly SN: string; readonly regai?: number[]; readonly regdo?: number[] };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
/** Epoch milliseconds with the sub-millisecond part, comparable across processes of one machine. */
const epoch = (): number => performance.timeOrigin + performance.now();

/** A child process whose standard input and output are pipes. */
type Child = ChildProcessByStdio<Writable, Readable, null>;

/** Every child started, for the run's time limit to end them. */
const children = new Set<Child>();

/**
 * Node with the given arguments, its open-file limit raised first (as far as the hard limit
 * allows). TypeScript modules load through tsx; with `sources` (the default), the workspace
 * packages resolve to their sources, otherwise to their builds; `nice` lowers its priority.
 */
function spawnNode(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  { sources = true, nice = 0 }: { readonly sources?: boolean; readonly nice?: number } = {},
): Child {
  const run = nice > 0 ? `exec nice -n ${nice} "$0" "$@"` : 'exec "$0" "$@"';
  const script = `ulimit -n ${OPEN_FILES} 2>/dev/null || ulimit -n hard; ${run}`;
  const conditions = sources ? ['--conditions=source'] : [];
  const child = spawn('bash', ['-c', script, process.execPath, ...conditions, '--import', 'tsx', ...args], {
    cwd: REPO_ROOT,
    env,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Resolves once the child exited; kills it when it has not within `ms`. */
async function ended(child: Child, exited: Promise<void>, ms: number): Promise<void> {
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  await exited;
  clearTimeout(timer);
}

interface Server {
  readonly pid: number;
  readonly httpPort: number;
  readonly dtuPort: number;
  /** Warnings and errors the server logged, by message. */
  readonly warnings: Map<string, number>;
  /** The event loop since the last call (bench/fleet/server-probe.ts). */
  probe(): Promise<ProbeReport>;
  stop(): Promise<void>;
}

function startServer(dataDir: string, mqttUrl: string | null): Promise<Server> {
  const child = spawnNode(
    [...SERVER_FLAGS, SERVER_MAIN_FILE, MAIN_FILE],
    {
      ...process.env,
      FLEET_PROBE_PROFILE_DIR: CPU_PROFILE_DIR ?? '',
      FLEET_PROBE_HEAP_PROFILE: process.env.FLEET_HEAP_PROFILE === '1' ? '1' : '',
      // The heap flags of `npm start` (V8 takes them from NODE_OPTIONS too).
      NODE_OPTIONS: SERVER_NODE_FLAGS.join(' '),
      DATA_DIR: dataDir,
      PORT: '0',
      DTU_PORT: '0',
      HOST: '127.0.0.1',
      DEMO: '0',
      POLL_SECONDS: String(POLL_SECONDS),
      // Info: the start entries say where it listens; links up and down are counted out below.
      LOG_LEVEL: 'info',
      MQTT_URL: mqttUrl ?? '',
      MQTT_NODE_ID: `fleet-bench-${process.pid}`,
    },
    { sources: false },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const warnings = new Map<string, number>();
  const probes: { resolve: (report: ProbeReport) => void; reject: (error: Error) => void }[] = [];
  let exitedWith: string | null = null;
  const output = SERVER_OUTPUT === null ? null : createWriteStream(SERVER_OUTPUT);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${START_TIMEOUT_MS} ms`));
    }, START_TIMEOUT_MS);
    let httpPort = 0;
    const lines = createInterface({ input: child.stdout });
    lines.once('close', () => output?.end());
    lines.on('line', (line) => {
      if (line.startsWith('probe ')) {
        // Marks the measured stretches among the other output.
        output?.write(`# probe at ${new Date().toISOString()}\n`);
        probes.shift()?.resolve(JSON.parse(line.slice('probe '.length)) as ProbeReport);
        return;
      }
      let entry: { level?: number; msg?: string; dtuPort?: number } = {};
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        // Not a log entry.
        output?.write(`${line}\n`);
        return;
      }
      if ((entry.level ?? 0) >= 40) {
        const key = entry.msg ?? line.slice(0, 80);
        warnings.set(key, (warnings.get(key) ?? 0) + 1);
      }
      // The start entries (info) go to the output; the links' ups and downs do not.
      if (!/^(Fieldlink is listening|DTU listener|MQTT gateway)/.test(entry.msg ?? '')) return;
      output?.write(`${line}\n`);
      const http = /^Fieldlink is listening on http:\/\/localhost:(\d+)\//.exec(entry.msg ?? '');
      if (http) httpPort = Number(http[1]);
      const dtu = entry.dtuPort;
      if (dtu !== undefined && httpPort > 0) {
        clearTimeout(timer);
        resolve({
          pid: child.pid!,
          httpPort,
          dtuPort: dtu,
          warnings,
          // A server that died mid-run fails the run instead of leaving it waiting for the probe.
          probe: () =>
            new Promise((resolve, reject) => {
              if (exitedWith !== null) {
                reject(new Error(`the server exited during the run (${exitedWith})`));
                return;
              }
              probes.push({ resolve, reject });
              child.stdin.write('probe\n');
            }),
          stop: async () => {
            child.kill('SIGTERM');
            await ended(child, exited, STOP_TIMEOUT_MS);
          },
        });
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      exitedWith = signal ?? `status ${code}`;
      reject(new Error(`the server exited before listening (${exitedWith})`));
      for (const waiting of probes.splice(0)) {
        waiting.reject(new Error(`the server exited during the run (${exitedWith})`));
      }
    });
  });
}

/** A device process (bench/fleet/devices.ts) and its requests. */
class Shard {
  private nextId = 1;
  private readonly waiting = new Map<number, (reply: Record<string, unknown>) => void>();
  private readonly exited: Promise<void>;

  private constructor(
    readonly config: ShardConfig,
    private readonly child: Child,
  ) {
    this.exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  }

  get pid(): number {
    return this.child.pid!;
  }

  static start(config: ShardConfig): Promise<Shard> {
    // Node names each file by process and thread (the main thread's id is 0).
    const profile =
      DEVICES_CPU_PROFILE_DIR === null ? [] : ['--cpu-prof', `--cpu-prof-dir=${DEVICES_CPU_PROFILE_DIR}`];
    const child = spawnNode([...profile, DEVICES_FILE, JSON.stringify(config)], process.env, {
      nice: DEVICES_NICE,
    });
    const shard = new Shard(config, child);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`a device process did not start within ${START_TIMEOUT_MS} ms`));
      }, START_TIMEOUT_MS);
      const lines = createInterface({ input: child.stdout });
      lines.on('line', (line) => {
        if (line === 'ready') {
          clearTimeout(timer);
          resolve(shard);
          return;
        }
        const reply = JSON.parse(line) as { id: number } & Record<string, unknown>;
        const waiter = shard.waiting.get(reply.id);
        shard.waiting.delete(reply.id);
        waiter?.(reply);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`a device process exited before starting (status ${code})`));
      });
    });
  }

  private ask(request: ShardCommand): Promise<Record<string, unknown>> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.child.stdin.write(`${JSON.stringify({ ...request, id })}\n`);
    });
  }

  async status(): Promise<ShardStatus> {
    return (await this.ask({ op: 'status' })).status as ShardStatus;
  }

  /** Sets an AI channel of a held device; resolves with when it was set (epoch ms). */
  async set(index: number, channel: number, value: number): Promise<number> {
    const reply = await this.ask({ op: 'set', index, channel, value });
    if (typeof reply.at !== 'number') throw new Error(String(reply.error));
    return reply.at;
  }

  async stop(): Promise<void> {
    this.child.stdin.end();
    await ended(this.child, this.exited, STOP_TIMEOUT_MS);
  }
}

/** CPU seconds (user + system) and resident memory of a process, from /proc. */
async function processUsage(pid: number): Promise<{ cpuSeconds: number; rssMb: number }> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 (utime, stime) in clock ticks; after the name they are the 12th and 13th.
  const ticks = Number(fields[11]) + Number(fields[12]);
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { cpuSeconds: ticks / 100, rssMb: rssKb / 1024 };
}

/** CPU seconds of several processes together; 0 for one that is gone or unreadable. */
async function cpuSeconds(pids: readonly number[]): Promise<number> {
  const each = await Promise.all(
    pids.map((pid) =>
      processUsage(pid).then(
        (u) => u.cpuSeconds,
        () => 0,
      ),
    ),
  );
  return each.reduce((a, b) => a + b, 0);
}

/** The soft open-file limit of a process, from /proc. */
async function openFileLimit(pid: number): Promise<number> {
  const limits = await readFile(`/proc/${pid}/limits`, 'utf8');
  return Number(/^Max open files\s+(\d+)/m.exec(limits)?.[1] ?? NaN);
}

/** How many files (sockets included) a process holds open, from /proc. */
async function openFiles(pid: number): Promise<number> {
  return (await readdir(`/proc/${pid}/fd`)).length;
}

/** The kernel's count of connections dropped for a full listen queue (TcpExt ListenOverflows). */
async function listenOverflows(): Promise<number> {
  try {
    const lines = (await readFile('/proc/net/netstat', 'utf8'))
      .split('\n')
      .filter((l) => l.startsWith('TcpExt:'));
    const names = lines[0]!.split(/\s+/);
    const values = lines[1]!.split(/\s+/);
    return Number(values[names.indexOf('ListenOverflows')]);
  } catch {
    return NaN;
  }
}

/** The broker's process id where the host's pid file tells it (local Mosquitto), else null. */
async function brokerPid(url: string): Promise<number | null> {
  const host = new URL(url).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost') return null;
  try {
    const pid = Number((await readFile('/run/mosquitto/mosquitto.pid', 'utf8')).trim());
    await processUsage(pid);
    return pid;
  } catch {
    return null;
  }
}

/** Null when the broker's port accepts a TCP connection within 2 s, else why not. */
function probeBroker(url: string): Promise<string | null> {
  let host: string;
  let port: number;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'mqtt:') return Promise.resolve(`only mqtt:// URLs are measured, got ${url}`);
    host = parsed.hostname;
    port = parsed.port ? Number(parsed.port) : 1883;
  } catch {
    return Promise.resolve(`not a URL: ${url}`);
  }
  return new Promise((resolve) => {
    const socket = tcpConnect({ host, port });
    socket.setTimeout(2000, () => socket.destroy(new Error('no answer within 2000 ms')));
    socket.once('connect', () => {
      socket.destroy();
      resolve(null);
    });
    socket.once('error', (error: Error & { errors?: Error[] }) => {
      const first = error.errors?.[0] ?? error;
      resolve(first.message || String(first));
    });
  });
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summary(values: readonly number[]): { p50: number; p99: number; n: number } {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), n: sorted.length };
}

/** The owner's live socket: resolves waiters when a PushInfo for their SN matches. */
class LiveClient {
  private readonly waiters = new Map<string, (info: PushInfoMessage['info'], at: number) => boolean>();
  private closedWith: string | null = null;
  /** When the server closed it (epoch ms). */
  closedAt = Number.NaN;
  messages = 0;

  constructor(private readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      const at = epoch();
      this.messages++;
      const message = JSON.parse(data.toString('utf8')) as { infotype?: string };
      if (message.infotype !== 'PushInfo') return;
      const info = (message as PushInfoMessage).info;
      const waiter = this.waiters.get(info.SN);
      if (waiter?.(info, at)) this.waiters.delete(info.SN);
    });
    socket.on('close', (code, reason) => {
      this.closedWith = `${code} ${reason.toString('utf8')}`;
      this.closedAt = Date.now();
    });
  }

  /** Why the server closed the socket, or null while it is open. */
  get closed(): string | null {
    return this.closedWith;
  }

  static async open(port: number, token: string): Promise<LiveClient> {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const registered = new Promise<void>((resolve, reject) => {
      socket.once('message', (data: Buffer) => {
        const reply = JSON.parse(data.toString('utf8')) as { infotype?: string };
        if (reply.infotype === 'register') resolve();
        else reject(new Error(`live socket refused: ${data.toString('utf8')}`));
      });
    });
    socket.send(JSON.stringify({ infotype: 'register', info: { token } }));
    await registered;
    return new LiveClient(socket);
  }

  /**
   * Resolves with the time (epoch ms) the first PushInfo for `sn` matching `test` arrived, or NaN
   * on timeout.
   */
  until(sn: string, test: (info: PushInfoMessage['info']) => boolean): Promise<number> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters.delete(sn);
        resolve(NaN);
      }, PUSH_TIMEOUT_MS);
      this.waiters.set(sn, (info, at) => {
        if (!test(info)) return false;
        clearTimeout(timer);
        resolve(at);
        return true;
      });
    });
  }

  close(): void {
    this.socket.close();
  }
}

async function api(port: number, path: string, token: string | null, body: unknown): Promise<unknown> {
  const reply = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const json: unknown = await reply.json();
  if (!reply.ok) throw new Error(`POST ${path}: ${reply.status} ${JSON.stringify(json)}`);
  return json;
}

const fmt = (ms: number): string => (Number.isNaN(ms) ? '—' : `${ms.toFixed(1)} ms`);
const ratio = (a: number, b: number): string => (Number.isFinite(a / b) ? `${(a / b).toFixed(2)}×` : '—');
const int = (n: number): string => Math.round(n).toLocaleString('en-US');

/** A sampled device: which process holds it, its index there, its serial number. */
interface Held {
  readonly shard: Shard;
  readonly index: number;
  readonly sn: string;
}

/**
 * Sets AI `channel` of each held device to a value of its own, spread over `spreadMs`, and resolves
 * with each latency until the live socket shows it (NaN where it did not within the timeout).
 */
function changes(
  live: LiveClient,
  held: readonly Held[],
  channel: number,
  spreadMs: number,
): Promise<number[]> {
  return Promise.all(
    held.map(async (device, i) => {
      await sleep((i * spreadMs) / held.length);
      const value = 1000 + i;
      const seen = live.until(device.sn, (info) => info.regai?.[channel] === value);
      const at = await device.shard.set(device.index, channel, value);
      const ms = (await seen) - at;
      return ms;
    }),
  );
}

interface RoundTrips {
  readonly commands: number[];
  readonly reads: number[];
  readonly failures: Map<string, number>;
}

/**
 * On each device in turn: an rdo through the API (the baseline), then an openone timed until the
 * live socket shows relay 1 on. Stops early at `deadline` (performance.now()).
 */
async function roundTrips(
  port: number,
  token: string,
  live: LiveClient,
  devices: readonly { sn: string; id: number }[],
  deadline: number,
): Promise<RoundTrips> {
  const result: RoundTrips = { commands: [], reads: [], failures: new Map() };
  const fail = (error: unknown): void => {
    const key = error instanceof Error ? error.message.slice(0, 120) : String(error);
    result.failures.set(key, (result.failures.get(key) ?? 0) + 1);
  };
  for (const { sn, id } of devices) {
    if (performance.now() > deadline) break;
    const path = `/api/v1/equipment/${id}/operations`;
    try {
      const r0 = performance.now();
      await api(port, path, token, { opr: 'rdo', regstart: 0, regnum: 8 });
      result.reads.push(performance.now() - r0);
      const seen = live.until(sn, (info) => ((info.regdo?.[0] ?? 0) & 1) === 1);
      const c0 = epoch();
      await api(port, path, token, { opr: 'openone', io: 1 });
      const ms = (await seen) - c0;
      if (Number.isNaN(ms)) fail(new Error('no PushInfo with the relay on'));
      else result.commands.push(ms);
    } catch (error) {
      fail(error);
    }
  }
  return result;
}

/** The DTU devices split into processes of at most DTU_SHARD each, evenly. */
function dtuShards(dtuPort: number, devices: number): ShardConfig[] {
  const n = Math.ceil(devices / DTU_SHARD);
  const shards: ShardConfig[] = [];
  let first = 1;
  for (let i = 0; i < n; i++) {
    const count = Math.floor(devices / n) + (i < devices % n ? 1 : 0);
    shards.push({
      kind: 'dtu',
      type: FLEET_TYPE,
      prefix: FLEET_PREFIX,
      firstIndex: first,
      count,
      held: i === 0 ? SAMPLED : 0,
      host: '127.0.0.1',
      port: dtuPort,
      tickMs: DTU_TICK_MS,
      stagger: Math.max(1, Math.round(DIAL_PER_SECOND / 10 / n)),
    });
    first += count;
  }
  return shards;
}

async function main(): Promise<void> {
  await buildServer();
  const startLoad = loadavg();
  const mqttSkip =
    MQTT_DEVICES === 0
      ? 'FLEET_MQTT_DEVICES=0'
      : await probeBroker(MQTT_URL).then((problem) =>
          problem === null ? null : `broker unreachable at ${MQTT_URL}: ${problem}`,
        );
  const mqttDevices = mqttSkip === null ? MQTT_DEVICES : 0;
  const mqttSampled = Math.min(SAMPLED, Math.floor(mqttDevices / 2));
  const mqttOperations = Math.min(OPERATIONS, mqttDevices - mqttSampled);

  const dataDir = await mkdtemp(join(tmpdir(), 'fieldlink-fleet-'));
  let server: Server | undefined;
  const shards: Shard[] = [];
  let live: LiveClient | undefined;
  let store: Database.Database | undefined;
  try {
    const storage = await openStorage({ dataDir });
    const groups = [{ prefix: FLEET_PREFIX, count: DEVICES }];
    if (mqttDevices > 0) groups.push({ prefix: FLEET_MQTT_PREFIX, count: mqttDevices });
    const ids = await seedFleet(storage.db, groups, Date.now()).finally(() => storage.close());
    const firstMqttId = mqttDevices > 0 ? ids.get(fleetSerial(FLEET_MQTT_PREFIX, 1))! : Infinity;
    store = new Database(join(dataDir, SQLITE_FILE_NAME), { readonly: true });
    const db = store;

    server = await startServer(dataDir, mqttDevices > 0 ? MQTT_URL : null);
    // A server short of open files refuses the live socket and REST requests as well: dial no
    // more devices than it can hold with room for those.
    const serverLimit = await openFileLimit(server.pid);
    const dialled = Math.min(DEVICES, serverLimit - SERVER_FILES - SERVER_HEADROOM);
    if (dialled < SAMPLED + OPERATIONS) {
      throw new Error(`the server's open-file limit (${serverLimit}) leaves room for ${dialled} DTU links`);
    }
    const dtuConfigs = dtuShards(server.dtuPort, dialled);
    const mqttConfig: ShardConfig | null =
      mqttDevices > 0
        ? {
            kind: 'mqtt',
            type: FLEET_TYPE,
            prefix: FLEET_MQTT_PREFIX,
            firstIndex: 1,
            count: mqttDevices,
            held: mqttSampled,
            url: MQTT_URL,
            reportMs: REPORT_MS,
            moving: MQTT_MOVING,
          }
        : null;
    // Signed in and listening before the devices dial: a server short of open files still has these.
    const signIn = async (): Promise<string> =>
      (
        (await api(server!.httpPort, '/api/v1/auth/login', null, {
          userName: FLEET_USER,
          password: FLEET_PASSWORD,
        })) as { accessToken: string }
      ).accessToken;
    const firstToken = await signIn();
    const signedInAt = performance.now();
    live = await LiveClient.open(server.httpPort, firstToken);
    const overflows0 = await listenOverflows();
    // Online as the server sees it (its equipment rows).
    const online = (prefix: string): number =>
      (
        db
          .prepare('SELECT count(*) AS n FROM equipment WHERE online = 1 AND sn LIKE ?')
          .get(`${prefix}%`) as {
          n: number;
        }
      ).n;
    /**
     * Waits until `expected` devices of `prefix` are online, or progress stops once all were
     * dialled, or the time is up; resolves with how many are, and in how many ms (NaN if not all).
     */
    const comeOnline = async (
      prefix: string,
      expected: number,
      dialMs: number,
    ): Promise<{ online: number; ms: number; waitedMs: number }> => {
      const start = performance.now();
      let seen = 0;
      let lastProgress = start;
      for (;;) {
        const now = online(prefix);
        const elapsed = performance.now() - start;
        if (now >= expected) return { online: now, ms: elapsed, waitedMs: elapsed };
        if (now > seen) lastProgress = performance.now();
        seen = now;
        const stalled = elapsed > dialMs + 10_000 && performance.now() - lastProgress > CONNECT_STALL_MS;
        if (elapsed > CONNECT_TIMEOUT_MS || stalled) return { online: now, ms: NaN, waitedMs: elapsed };
        await sleep(500);
      }
    };
    // The DTU devices first, then the MQTT devices, so that each fleet comes online on its own.
    for (const config of dtuConfigs) shards.push(await Shard.start(config));
    const dtuProcesses = [...shards];
    const dtuOnline = await comeOnline(FLEET_PREFIX, dialled, (dialled / DIAL_PER_SECOND) * 1000);
    const serverFiles = await openFiles(server.pid);
    const overflows = (await listenOverflows()) - overflows0;
    const mqttProcess = mqttConfig ? await Shard.start(mqttConfig) : undefined;
    if (mqttProcess) shards.push(mqttProcess);
    const mqttOnline = mqttProcess
      ? await comeOnline(FLEET_MQTT_PREFIX, mqttDevices, 0)
      : { online: 0, ms: 0, waitedMs: 0 };
    const linkStatus = await Promise.all(dtuProcesses.map((s) => s.status()));
    const dtuLinks = linkStatus.reduce((a, s) => a + s.connected, 0);
    const dtuDrops = linkStatus.reduce((a, s) => a + s.drops, 0);

    // A poll round so every device has been read once, then the measured window.
    await sleep(POLL_SECONDS * 1000);
    const broker = mqttDevices > 0 ? await brokerPid(MQTT_URL) : null;
    const dtuPids = dtuProcesses.map((s) => s.pid);
    const mqttPids = mqttProcess ? [mqttProcess.pid] : [];
    const rowCount = (): number =>
      (db.prepare('SELECT count(*) AS n FROM telemetry').get() as { n: number }).n;
    const rows0 = rowCount();
    const peakReset = await resetPeakRss(server.pid);
    const server0 = await processUsage(server.pid);
    const dtuDevices0 = await cpuSeconds(dtuPids);
    const mqttDevices0 = await cpuSeconds(mqttPids);
    const broker0 = broker === null ? 0 : await cpuSeconds([broker]);
    const self0 = process.cpuUsage();
    const messages0 = live.messages;
    const reports0 = (await mqttProcess?.status())?.reports ?? 0;
    await Promise.all(shards.map((s) => s.status()));
    await server.probe();
    const t0 = performance.now();
    const at0 = Date.now();

    // Device AI change → PushInfo on the sampled devices, spread over the window.
    const dtuHeld: Held[] = Array.from({ length: SAMPLED }, (_, index) => ({
      shard: dtuProcesses[0]!,
      index,
      sn: fleetSerial(FLEET_PREFIX, index + 1),
    }));
    const mqttHeld: Held[] = Array.from({ length: mqttSampled }, (_, index) => ({
      shard: mqttProcess!,
      index,
      sn: fleetSerial(FLEET_MQTT_PREFIX, index + 1),
    }));
    const [dtuChanges, mqttChanges] = await Promise.all([
      changes(live, dtuHeld, 0, Math.max(0, SECONDS * 1000 - PUSH_TIMEOUT_MS / 3)),
      changes(live, mqttHeld, 1, Math.max(0, SECONDS * 1000 - 2000)),
    ]);
    const rest = SECONDS * 1000 - (performance.now() - t0);
    if (rest > 0) await sleep(rest);
    const server1 = await processUsage(server.pid);
    const dtuDevices1 = await cpuSeconds(dtuPids);
    const mqttDevices1 = await cpuSeconds(mqttPids);
    const broker1 = broker === null ? 0 : await cpuSeconds([broker]);
    const self1 = process.cpuUsage(self0);
    const peak = await peakRss(server.pid);
    const windowS = (performance.now() - t0) / 1000;
    const at1 = Date.now();
    const messages = live.messages - messages0;
    const shardStatus = await Promise.all(shards.map((s) => s.status()));
    const reports = (shardStatus.find((_, i) => shards[i] === mqttProcess)?.reports ?? 0) - reports0;
    const windowProbe = await server.probe();
    const rows1 = rowCount();
    // Rows stamped inside the window, by link kind, once the writer has flushed them.
    await sleep(1000);
    const split = db
      .prepare(
        'SELECT equipment_id >= ? AS mqtt, count(*) AS n FROM telemetry WHERE at >= ? AND at < ? GROUP BY 1',
      )
      .all(Number.isFinite(firstMqttId) ? firstMqttId : 2 ** 31, at0, at1) as { mqtt: number; n: number }[];
    const splitRows = (mqtt: number): number => split.find((r) => r.mqtt === mqtt)?.n ?? 0;
    const splitS = (at1 - at0) / 1000;

    // Command round trips at that load, DTU and MQTT side by side, each against a bare read.
    let tokenProblem: string | null = null;
    const token =
      performance.now() - signedInAt < TOKEN_REUSE_MS
        ? firstToken
        : await signIn().catch((error: unknown) => {
            tokenProblem = error instanceof Error ? error.message : String(error);
            return '';
          });
    // Without a token the round trips are skipped (the deadline has passed).
    const deadline = tokenProblem === null ? performance.now() + COMMAND_PHASE_MS : 0;
    const target = (prefix: string, from: number, count: number): { sn: string; id: number }[] =>
      Array.from({ length: count }, (_, i) => {
        const sn = fleetSerial(prefix, from + i + 1);
        return { sn, id: ids.get(sn)! };
      });
    const [dtuTrips, mqttTrips] = await Promise.all([
      roundTrips(server.httpPort, token, live, target(FLEET_PREFIX, SAMPLED, OPERATIONS), deadline),
      roundTrips(
        server.httpPort,
        token,
        live,
        target(FLEET_MQTT_PREFIX, mqttSampled, mqttOperations),
        deadline,
      ),
    ]);

    const commandProbe = await server.probe();
    const cpu = ((server1.cpuSeconds - server0.cpuSeconds) / windowS) * 100;
    const dtuDevicesCpu = ((dtuDevices1 - dtuDevices0) / windowS) * 100;
    const mqttDevicesCpu = ((mqttDevices1 - mqttDevices0) / windowS) * 100;
    const brokerCpu = ((broker1 - broker0) / windowS) * 100;
    const selfCpu = ((self1.user + self1.system) / 1e6 / windowS) * 100;
    const points = (rows1 - rows0) / windowS;
    const asked = (mqttDevices * 1000) / REPORT_MS;
    // Held devices keep the AI2 the benchmark set: one input fewer moves in each of theirs.
    const valuesAsked =
      asked * MOVING_INPUTS - (MQTT_MOVING === 'all' ? (mqttSampled * 1000) / REPORT_MS : 0);
    const deviceLimit = await openFileLimit(dtuProcesses[0]!.pid);

    console.log(
      `Device fleet: ${int(DEVICES)} FL-R8 on DTU links, polled every ${POLL_SECONDS} s` +
        (mqttSkip === null
          ? `, and ${int(mqttDevices)} FL-R8 on MQTT reporting every ${REPORT_MS} ms ` +
            `(${MQTT_MOVING === 'ai1' ? 'AI1 moves' : 'all ten inputs, 8 DI and 2 AI, move'} every report: ` +
            `${int((MOVING_INPUTS * 1000) / REPORT_MS)} values/s per device)`
          : `; MQTT part skipped: ${mqttSkip}`) +
        `; server on SQLite, ${windowS.toFixed(0)} s measured`,
    );
    console.log(
      `machine: ${cpus().length} cores, load average ${startLoad.map((l) => l.toFixed(2)).join(' ')} at start; ` +
        `open-file limit: server ${serverLimit}, device processes ${deviceLimit}; ` +
        `device processes at nice ${DEVICES_NICE}`,
    );
    if (dialled < DEVICES) {
      console.log(
        `  ${int(dialled)} of the ${int(DEVICES)} DTU devices dialled: the server's open-file limit ` +
          `(${serverLimit}) holds that many links, about ${SERVER_FILES} files of its own and ` +
          `${SERVER_HEADROOM} for the live socket and REST requests; raise the hard limit (ulimit -Hn) ` +
          'to connect them all',
      );
    }
    console.log(
      `DTU devices online at the server: ${int(dtuOnline.online)}/${int(DEVICES)}` +
        (Number.isNaN(dtuOnline.ms)
          ? ` after ${(dtuOnline.waitedMs / 1000).toFixed(1)} s`
          : ` in ${(dtuOnline.ms / 1000).toFixed(1)} s`) +
        ` (${dtuProcesses.length} device process${dtuProcesses.length === 1 ? '' : 'es'}; ` +
        `${int(dtuLinks)} links up on the device side, ${int(dtuDrops)} dropped; ` +
        `the server held ${int(serverFiles)} open files; ${Number.isNaN(overflows) ? '—' : int(overflows)} ` +
        'connections dropped on a full listen queue)',
    );
    if (mqttDevices > 0) {
      console.log(
        `MQTT devices online at the server: ${int(mqttOnline.online)}/${int(mqttDevices)}` +
          (Number.isNaN(mqttOnline.ms)
            ? ` after ${(mqttOnline.waitedMs / 1000).toFixed(1)} s`
            : ` in ${(mqttOnline.ms / 1000).toFixed(1)} s`) +
          ` (broker ${MQTT_URL})`,
      );
    }
    if (live.closed !== null) {
      console.log(
        `the live socket was closed by the server: ${live.closed}, ` +
          `${((live.closedAt - at0) / 1000).toFixed(1)} s after the measured window began`,
      );
    }
    console.table({
      'data points persisted/s (telemetry rows)': { value: int(points) },
      [`  stamped in the window: DTU devices`]: { value: `${int(splitRows(0) / splitS)}/s` },
      [`  stamped in the window: MQTT devices`]: { value: `${int(splitRows(1) / splitS)}/s` },
      'MQTT reports published/s (device side) / asked': {
        value: mqttDevices > 0 ? `${int(reports / windowS)} / ${int(asked)}` : '—',
      },
      'MQTT values asked/s (inputs moving in the reports)': {
        value: mqttDevices > 0 ? int(valuesAsked) : '—',
      },
      'server CPU (100% = one core)': { value: `${cpu.toFixed(0)} %` },
      'server RSS at the end / peak': {
        value: `${server1.rssMb.toFixed(0)} MB / ${peak === null || !peakReset ? '—' : `${(peak / 2 ** 20).toFixed(0)} MB`}`,
      },
      'device processes CPU (DTU / MQTT)': {
        value: `${dtuDevicesCpu.toFixed(0)} % / ${mqttDevices > 0 ? `${mqttDevicesCpu.toFixed(0)} %` : '—'}`,
      },
      'broker CPU': { value: broker === null ? '—' : `${brokerCpu.toFixed(0)} %` },
      'measuring process CPU': { value: `${selfCpu.toFixed(0)} %` },
      'server event-loop delay p50 / p99 / max': {
        value: `${fmt(windowProbe.p50)} / ${fmt(windowProbe.p99)} / ${fmt(windowProbe.max)}`,
      },
      'server garbage-collector pauses: share of the window / count / longest': {
        value: `${((windowProbe.gc.ms / (windowS * 1000)) * 100).toFixed(1)} % / ${int(windowProbe.gc.count)} / ${fmt(windowProbe.gc.longest)}`,
      },
      'device processes event-loop delay p99 / max': {
        value: `${fmt(Math.max(...shardStatus.map((s) => s.delayP99)))} / ${fmt(Math.max(...shardStatus.map((s) => s.delayMax)))}`,
      },
      'live socket messages/s': { value: int(messages / windowS) },
    });
    const dtuChange = summary(dtuChanges);
    const mqttChange = summary(mqttChanges);
    const changeRows: Record<string, { p50: string; p99: string; n: string }> = {
      [`DTU device (poll-bound, poll every ${POLL_SECONDS} s)`]: {
        p50: fmt(dtuChange.p50),
        p99: fmt(dtuChange.p99),
        n: `${dtuChange.n}/${SAMPLED}`,
      },
    };
    if (mqttDevices > 0) {
      changeRows[`MQTT device (report-bound, report every ${REPORT_MS} ms)`] = {
        p50: fmt(mqttChange.p50),
        p99: fmt(mqttChange.p99),
        n: `${mqttChange.n}/${mqttSampled}`,
      };
    }
    console.log(
      'AI change in a device → PushInfo on the live socket (each device pushed at most once per 300 ms):',
    );
    console.table(changeRows);

    const tripRows: Record<string, { p50: string; p99: string; n: string }> = {};
    const addTrips = (kind: string, trips: RoundTrips, planned: number): void => {
      const command = summary(trips.commands);
      const read = summary(trips.reads);
      tripRows[`${kind}: openone → ws PushInfo`] = {
        p50: fmt(command.p50),
        p99: fmt(command.p99),
        n: `${command.n}/${planned}`,
      };
      tripRows[`${kind}: baseline rdo REST round trip`] = {
        p50: fmt(read.p50),
        p99: fmt(read.p99),
        n: `${read.n}/${planned}`,
      };
      tripRows[`${kind}: ratio (command / baseline)`] = {
        p50: ratio(command.p50, read.p50),
        p99: ratio(command.p99, read.p99),
        n: '',
      };
    };
    addTrips('DTU', dtuTrips, OPERATIONS);
    if (mqttDevices > 0) addTrips('MQTT', mqttTrips, mqttOperations);
    console.log('Command round trip at that load (REST operation → device → push back):');
    console.table(tripRows);
    for (const [kind, trips] of [
      ['DTU', dtuTrips],
      ['MQTT', mqttTrips],
    ] as const) {
      for (const [message, n] of trips.failures) console.log(`  ${kind} round trip failed ×${n}: ${message}`);
    }

    // Per CPU-% of a 2-vCPU machine: ThingsBoard's 95 % is of its whole machine.
    const tbPerCpu = THINGSBOARD.pointsPerSecond / THINGSBOARD.cpuPercent;
    const machineCpu = cpu / THINGSBOARD.vcpus;
    const withBrokerCpu = (cpu + brokerCpu) / THINGSBOARD.vcpus;
    const compare: Record<string, Record<string, string>> = {
      'ThingsBoard, one node on 2 vCPU (published)': {
        devices: int(THINGSBOARD.devices),
        'data points/s': int(THINGSBOARD.pointsPerSecond),
        'CPU (% of 2 vCPU)': `${THINGSBOARD.cpuPercent} %`,
        'data points/s per CPU-%': tbPerCpu.toFixed(0),
        ratio: '1.00×',
      },
      'Fieldlink server, this run': {
        devices: int(dtuOnline.online + mqttOnline.online),
        'data points/s': int(points),
        'CPU (% of 2 vCPU)': `${machineCpu.toFixed(0)} %`,
        'data points/s per CPU-%': (points / machineCpu).toFixed(0),
        ratio: ratio(points / machineCpu, tbPerCpu),
      },
    };
    if (broker !== null) {
      compare['Fieldlink server + broker, this run'] = {
        devices: int(dtuOnline.online + mqttOnline.online),
        'data points/s': int(points),
        'CPU (% of 2 vCPU)': `${withBrokerCpu.toFixed(0)} %`,
        'data points/s per CPU-%': (points / withBrokerCpu).toFixed(0),
        ratio: ratio(points / withBrokerCpu, tbPerCpu),
      };
    }
    console.log(
      'Against ThingsBoard: basis = data points persisted per second per CPU-%, CPU-% being a share of ' +
        'a 2-vCPU machine (100 % = both cores busy); ours counts the server process (its SQLite store ' +
        'included) and, on the last line, the broker too; the simulated devices share this machine ' +
        'but are not counted.',
    );
    console.table(compare);
    // Whether the server kept up: every device online, its event loop never blocked for long, every
    // change and command seen on the live socket.
    const problems: string[] = [];
    if (dialled < DEVICES)
      problems.push(`${int(DEVICES - dialled)} DTU devices not dialled (open-file limit)`);
    if (dtuOnline.online < dialled) {
      problems.push(`${int(dialled - dtuOnline.online)} DTU devices never came online`);
    }
    if (tokenProblem !== null) problems.push(`no round trips: signing in again failed (${tokenProblem})`);
    if (mqttOnline.online < mqttDevices) {
      problems.push(`${int(mqttDevices - mqttOnline.online)} MQTT devices never came online`);
    }
    if (live.closed !== null) problems.push('the live socket was closed');
    if (dtuChange.n < SAMPLED || mqttChange.n < mqttSampled)
      problems.push('changes missing on the live socket');
    if (dtuTrips.failures.size > 0 || mqttTrips.failures.size > 0) problems.push('round trips failed');
    for (const [phase, probe] of [
      ['measured window', windowProbe],
      ['command round trips', commandProbe],
    ] as const) {
      if (probe.stalls.length === 0) continue;
      problems.push(`event loop blocked during the ${phase}`);
      const longest = probe.stalls.reduce((a, b) => (b.ms > a.ms ? b : a));
      const blocked = probe.stalls.reduce((a, b) => a + b.ms, 0);
      const share = (part: (s: (typeof probe.stalls)[number]) => number): string =>
        `${((probe.stalls.reduce((a, b) => a + part(b), 0) / blocked) * 100).toFixed(0)} %`;
      console.log(
        `server event loop blocked ≥ 0.5 s during the ${phase}: ${probe.stalls.length}×, longest ` +
          `${fmt(longest.ms)}; on the CPU for ${share((s) => s.cpuMs)} of the blocked time, in ` +
          `garbage-collector pauses for ${share((s) => s.gcMs)}`,
      );
    }
    console.log(
      problems.length === 0
        ? 'verdict: the server kept up with this load'
        : `verdict: the server did not keep up: ${problems.join('; ')}`,
    );
    if (mqttDevices > 0 && reports / windowS < 0.95 * asked) {
      console.log(
        `note: the simulated MQTT devices published ${int(reports / windowS)} of the ${int(asked)} reports/s ` +
          'asked for: their process ran late on this machine (its event-loop delay above), so the ' +
          'server was asked less than the whole load',
      );
    }
    if (server.warnings.size > 0) {
      console.log('server warnings and errors (by message):');
      for (const [message, n] of [...server.warnings].sort((a, b) => b[1] - a[1]).slice(0, 10)) {
        console.log(`  ×${n} ${message}`);
      }
    }
  } finally {
    live?.close();
    await server?.stop();
    await Promise.all(shards.map((s) => s.stop()));
    store?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const limit = setTimeout(() => {
  console.error(`the fleet benchmark did not finish within ${RUN_LIMIT_MS / 1000} s`);
  for (const child of children) child.kill('SIGKILL');
  process.exit(1);
}, RUN_LIMIT_MS);
limit.unref();
await main();
