/**
 * Simulated devices for the web benchmarks: the fleet benchmark's device process
 * (bench/fleet/devices.ts) with one shard of FL-R8 devices on DTU links to the server, their
 * serials the seeded account's (fleet-account.ts, prefix WEB), at `nice` (19 by default: the
 * server and the browser have the CPU first, as with devices on other machines).
 */
import { spawn } from 'node:child_process';
import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from '../../packages/web/e2e/harness.js';
import type { ShardConfig } from '../fleet/devices.js';
import { FLEET_TYPE } from '../fleet/seed.js';
import { WEB_PREFIX } from './fleet-account.js';

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;

export interface DeviceProcess {
  readonly pid: number;
  stop(): Promise<void>;
}

export function startDevices(options: {
  readonly dtuPort: number;
  readonly count: number;
  /** How often each device's inputs move (ms). */
  readonly tickMs: number;
  readonly nice?: number;
}): Promise<DeviceProcess> {
  const config: ShardConfig = {
    kind: 'dtu',
    type: FLEET_TYPE,
    prefix: WEB_PREFIX,
    firstIndex: 1,
    count: options.count,
    held: 0,
    host: '127.0.0.1',
    port: options.dtuPort,
    tickMs: options.tickMs,
    stagger: 100,
  };
  const nice = options.nice ?? 19;
  const script = nice > 0 ? `exec nice -n ${nice} "$0" "$@"` : 'exec "$0" "$@"';
  const child: ChildProcessByStdio<Writable, Readable, null> = spawn(
    'bash',
    [
      '-c',
      script,
      process.execPath,
      '--conditions=source',
      '--import',
      'tsx',
      'bench/fleet/devices.ts',
      JSON.stringify(config),
    ],
    { cwd: REPO_ROOT, env: process.env, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    child.stdin.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the device process did not start within ${START_TIMEOUT_MS} ms`));
    }, START_TIMEOUT_MS);
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line !== 'ready') return;
      clearTimeout(timer);
      resolve({ pid: child.pid!, stop });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the device process exited before starting (status ${code})`));
    });
  });
}
