/**
 * Device fleet over DTU: FLEET_DEVICES simulated FL-R8 devices (5,000 by default) dial the real
 * server (packages/server/src/main.ts in a child process, polling every 10 s) from this process.
 * Measured for FLEET_SECONDS (30): telemetry rows persisted per second, the server's CPU and
 * memory, the latency from an analog input change on a device to the PushInfo on the owner's live
 * socket (poll-bound), and the command round trip (REST openone until the PushInfo shows the relay
 * on) against a baseline measured in the same run: a bare Modbus request and response on the same
 * link through the same API (rdo).
 *
 *   npm run bench:fleet
 *
 * 20,000 devices need an open-file limit above 20,000 in both processes (ulimit -n). MQTT devices
 * are not covered: the server has no MQTT link yet.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import WebSocket from 'ws';
import { openStorage } from '@fieldlink/server';
import { SQLITE_FILE_NAME } from '../../packages/server/src/storage/open.js';
import { Fleet } from '@fieldlink/simulator';
import { seedFleet, FLEET_PASSWORD, FLEET_PREFIX, FLEET_TYPE, FLEET_USER } from './seed.js';

const DEVICES = Number(process.env.FLEET_DEVICES ?? 5000);
const SECONDS = Number(process.env.FLEET_SECONDS ?? 30);
if (!Number.isInteger(DEVICES) || DEVICES < 300)
  throw new Error(`FLEET_DEVICES must be ≥ 300, got ${DEVICES}`);
if (!(SECONDS > 0)) throw new Error(`FLEET_SECONDS must be a positive number, got ${SECONDS}`);
const POLL_SECONDS = 10;
const SAMPLED = 200;
const OPERATIONS = 100;
const PUSH_TIMEOUT_MS = 3 * POLL_SECONDS * 1000;
const MAIN_FILE = fileURLToPath(new URL('../../packages/server/src/main.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface PushInfoMessage {
  readonly infotype: 'PushInfo';
  readonly info: { readonly SN: string; readonly regai?: number[]; readonly regdo?: number[] };
}

interface Server {
  readonly pid: number;
  readonly httpPort: number;
  readonly dtuPort: number;
  stop(): Promise<void>;
}

function startServer(dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', MAIN_FILE], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      DTU_PORT: '0',
      HOST: '127.0.0.1',
      DEMO: '0',
      POLL_SECONDS: String(POLL_SECONDS),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.setEncoding('utf8');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let httpPort = 0;
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const http = /listening on http:\/\/localhost:(\d+)\//.exec(line);
      if (http) httpPort = Number(http[1]);
      const dtu = /^DTU listener on port (\d+)/.exec(line);
      if (dtu && httpPort > 0) {
        resolve({
          pid: child.pid!,
          httpPort,
          dtuPort: Number(dtu[1]),
          stop: async () => {
            child.kill('SIGTERM');
            await exited;
          },
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited before listening (status ${code})`)));
  });
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

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summary(values: number[]): { p50: number; p99: number; n: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), n: sorted.length };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The owner's live socket: resolves waiters when a PushInfo for their SN matches. */
class LiveClient {
  private readonly waiters = new Map<string, (info: PushInfoMessage['info']) => boolean>();
  constructor(private readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as { infotype?: string };
      if (message.infotype !== 'PushInfo') return;
      const info = (message as PushInfoMessage).info;
      const waiter = this.waiters.get(info.SN);
      if (waiter?.(info)) this.waiters.delete(info.SN);
    });
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

  /** Resolves with the time the first PushInfo for `sn` matching `test` arrived, or NaN on timeout. */
  until(sn: string, test: (info: PushInfoMessage['info']) => boolean): Promise<number> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters.delete(sn);
        resolve(NaN);
      }, PUSH_TIMEOUT_MS);
      this.waiters.set(sn, (info) => {
        if (!test(info)) return false;
        clearTimeout(timer);
        resolve(performance.now());
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
  });
  const json: unknown = await reply.json();
  if (!reply.ok) throw new Error(`POST ${path}: ${reply.status} ${JSON.stringify(json)}`);
  return json;
}

const fmt = (ms: number): string => (Number.isNaN(ms) ? '—' : `${ms.toFixed(1)} ms`);

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'fieldlink-fleet-'));
  let server: Server | undefined;
  let fleet: Fleet | undefined;
  let live: LiveClient | undefined;
  try {
    const storage = await openStorage({ dataDir });
    const ids = await seedFleet(storage.db, DEVICES, Date.now()).finally(() => storage.close());
    server = await startServer(dataDir);
    fleet = new Fleet({
      type: FLEET_TYPE,
      count: DEVICES,
      host: '127.0.0.1',
      port: server.dtuPort,
      prefix: FLEET_PREFIX,
    });
    // Sampled devices hold their inputs still, so a value set in their memory stays until read.
    const sampled = fleet.clients.slice(0, SAMPLED);
    for (const client of sampled) client.device.tick = () => {};
    const connectStart = performance.now();
    fleet.start();
    while (fleet.status().connected < DEVICES && performance.now() - connectStart < 120_000) await sleep(250);
    const connectMs = performance.now() - connectStart;
    const connected = fleet.status().connected;

    const login = (await api(server.httpPort, '/api/v1/auth/login', null, {
      userName: FLEET_USER,
      password: FLEET_PASSWORD,
    })) as { accessToken: string };
    live = await LiveClient.open(server.httpPort, login.accessToken);

    // A poll round so every device has been read once, then the measured window.
    await sleep(POLL_SECONDS * 1000);
    const telemetry = new Database(join(dataDir, SQLITE_FILE_NAME), { readonly: true });
    const rows = (): number =>
      (telemetry.prepare('SELECT count(*) AS n FROM telemetry').get() as { n: number }).n;
    const rows0 = rows();
    const usage0 = await processUsage(server.pid);
    const t0 = performance.now();

    // Device AI change → PushInfo, on SAMPLED devices spread over the window.
    const changes = sampled.map(async (client, i) => {
      await sleep((i * (SECONDS * 1000 - PUSH_TIMEOUT_MS / 3)) / SAMPLED);
      const value = 1000 + i;
      const seen = live!.until(client.device.serial, (info) => info.regai?.[0] === value);
      const at = performance.now();
      client.device.memory.inputRegisters[0] = value;
      return (await seen) - at;
    });
    const changeLatencies = (await Promise.all(changes)).filter((ms) => !Number.isNaN(ms));
    const elapsed = Math.max(SECONDS * 1000, performance.now() - t0);
    if (performance.now() - t0 < elapsed) await sleep(elapsed - (performance.now() - t0));
    const usage1 = await processUsage(server.pid);
    const rows1 = rows();
    const windowS = (performance.now() - t0) / 1000;
    telemetry.close();

    // Command round trip at that load, against a bare Modbus read on the same link.
    const commands: number[] = [];
    const reads: number[] = [];
    for (let i = 0; i < OPERATIONS; i++) {
      const client = fleet.clients[SAMPLED + i]!;
      const id = ids.get(client.device.serial)!;
      const r0 = performance.now();
      await api(server.httpPort, `/api/v1/equipment/${id}/operations`, login.accessToken, {
        opr: 'rdo',
        regstart: 0,
        regnum: 8,
      });
      reads.push(performance.now() - r0);
      const seen = live.until(client.device.serial, (info) => ((info.regdo?.[0] ?? 0) & 1) === 1);
      const c0 = performance.now();
      await api(server.httpPort, `/api/v1/equipment/${id}/operations`, login.accessToken, {
        opr: 'openone',
        io: 1,
      });
      commands.push((await seen) - c0);
    }
    const command = summary(commands.filter((ms) => !Number.isNaN(ms)));
    const read = summary(reads);
    const change = summary(changeLatencies);
    const cpu = ((usage1.cpuSeconds - usage0.cpuSeconds) / windowS) * 100;

    console.log(`Device fleet over DTU (MQTT not built yet, so not covered); poll every ${POLL_SECONDS} s`);
    console.log(`devices ${connected}/${DEVICES} connected in ${(connectMs / 1000).toFixed(1)} s`);
    console.log('20,000 devices need ulimit -n above 20,000 in both processes (FLEET_DEVICES=20000)');
    console.table({
      'telemetry rows persisted/s': { value: ((rows1 - rows0) / windowS).toFixed(0) },
      'server CPU (100% = one core)': { value: `${cpu.toFixed(0)} %` },
      'server RSS': { value: `${usage1.rssMb.toFixed(0)} MB` },
      [`AI change → ws PushInfo p50 (poll-bound, n=${change.n}/${SAMPLED})`]: { value: fmt(change.p50) },
      [`AI change → ws PushInfo p99 (poll-bound)`]: { value: fmt(change.p99) },
    });
    console.table({
      [`openone → ws PushInfo (n=${command.n}/${OPERATIONS})`]: {
        p50: fmt(command.p50),
        p99: fmt(command.p99),
      },
      [`baseline: rdo REST round trip (n=${read.n})`]: { p50: fmt(read.p50), p99: fmt(read.p99) },
      'ratio (command / baseline)': {
        p50: `${(command.p50 / read.p50).toFixed(2)}×`,
        p99: `${(command.p99 / read.p99).toFixed(2)}×`,
      },
    });
  } finally {
    live?.close();
    await fleet?.stop();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
