/**
 * Starts the benchmark server (bench/api/server.ts, the real application on a seeded database) in
 * a child process, and reads that process's peak resident memory from /proc (Linux).
 */
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { ServerConfig } from '../api/server.js';

const SERVER_FILE = fileURLToPath(new URL('../api/server.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const START_TIMEOUT_MS = 30_000;

export interface ServerProcess {
  readonly port: number;
  readonly pid: number;
  /** Closes the server (it exits when its standard input ends) and waits for the process. */
  stop(): Promise<void>;
}

export function startServerProcess(config: Extract<ServerConfig, { kind: 'app' }>): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', SERVER_FILE, JSON.stringify(config)],
    { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.stdin.end();
    await exited;
  };

  return new Promise<ServerProcess>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`the server did not start within ${START_TIMEOUT_MS} ms`));
    }, START_TIMEOUT_MS);
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const match = /^listening (\d+)$/.exec(line);
      if (match && child.pid !== undefined) {
        clearTimeout(timer);
        resolve({ port: Number(match[1]), pid: child.pid, stop });
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited before listening (${signal ?? `status ${code}`})`));
    });
  });
}

/** The process's peak resident set (VmHWM) in bytes; null where /proc does not tell. */
export async function peakRss(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^VmHWM:\s+(\d+)\s+kB$/m.exec(status);
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Resets the peak to the current resident set; false when the kernel refuses. */
export async function resetPeakRss(pid: number): Promise<boolean> {
  try {
    await writeFile(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
