/** Starts bench/api/server.ts in a child process and stops it again. */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { ServerConfig } from './server.js';

const SERVER_FILE = fileURLToPath(new URL('./server.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const START_TIMEOUT_MS = 30_000;

export interface RunningServer {
  readonly port: number;
  /** The child's process id (for reading its memory from /proc). */
  readonly pid: number;
  /** Closes the server (it exits when its standard input ends) and waits for the process. */
  stop(): Promise<void>;
}

export function startServer(config: ServerConfig): Promise<RunningServer> {
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

  return new Promise<RunningServer>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`the ${config.kind} server did not start within ${START_TIMEOUT_MS} ms`));
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
      reject(new Error(`the ${config.kind} server exited before listening (${signal ?? `status ${code}`})`));
    });
  });
}
