/**
 * The server as `npm start` runs it: its packages compiled by tsc into their dist folders
 * (incremental, about a second when nothing changed), so a benchmark measures the built code and
 * not the transform of sources on load.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PACKAGES = ['packages/protocol', 'packages/simulator', 'packages/server'] as const;

/** Builds the server's packages; rejects with tsc's output when the build fails. */
export function buildServer(): Promise<void> {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsc, '-b', ...PACKAGES], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`building the server failed (tsc exit ${code}):\n${output}`));
    });
  });
}
