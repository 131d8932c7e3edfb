/**
 * What the browser tests (and the benchmarks) stand on: the console built by Vite when its build
 * is missing or older than its sources, the server built by tsc as `npm start` builds it and run
 * as `npm start` runs it (node with SERVER_NODE_FLAGS, packages/server/dist/main.js) in a child process on a free port
 * with a data directory of its own, and headless Chromium from the system (/usr/bin/chromium,
 * driven by playwright-core; no browser is downloaded).
 *
 * Without Chromium the tests are skipped with the reason, unless REQUIRE_SERVICES=1 (as in CI),
 * where they fail instead.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { ChildProcessByStdio } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, open, readdir, readFile, rm, stat, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const WEB_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const WEB_DIST = join(WEB_ROOT, 'dist');
/** Screenshots and other artefacts of the browser tests (git-ignored). */
export const RESULTS_DIR = join(WEB_ROOT, 'test-results');
/** The server's entry as `npm start` runs it, compiled by `buildServer()`. */
export const SERVER_MAIN = join(REPO_ROOT, 'packages/server/dist/main.js');
/**
 * The Node.js flags `npm start` gives the server (the root package.json's start script), so that
 * tests and benchmarks run it with the same heap settings.
 */
export const SERVER_NODE_FLAGS: readonly string[] = startFlags(
  (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts.start ?? '',
);

function startFlags(script: string): string[] {
  const found = /\bnode((?: --[\w-]+(?:=\S+)?)*) packages\/server\/dist\/main\.js\b/.exec(script);
  if (!found) throw new Error(`the start script does not run packages/server/dist/main.js: '${script}'`);
  return found[1]!
    .trim()
    .split(' ')
    .filter((flag) => flag !== '');
}
/** The packages the server is compiled from, in `npm run build`'s order. */
const SERVER_PACKAGES = ['packages/protocol', 'packages/simulator', 'packages/server'] as const;

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];

/** The demo account main.ts creates in a fresh data directory. */
export const DEMO_USER = 'demo';
export const DEMO_PASSWORD = 'demo1234';

/** A build on this 2-core machine takes about a minute; the first test waits for it. */
export const SETUP_TIMEOUT_MS = 600_000;
/** One flow in the browser: page loads, sign-in (argon2) and devices answering. */
export const FLOW_TIMEOUT_MS = 120_000;

/**
 * Why the browser tests cannot run here, or null when they can. With REQUIRE_SERVICES=1 the
 * reason is not a skip: `requireChromium()` throws it, so the suite fails.
 */
export function chromiumProblem(): string | null {
  return existsSync(CHROMIUM_PATH) ? null : `no Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`;
}

/** True when the browser tests are to be skipped (Chromium missing and not required). */
export function skipBrowser(): boolean {
  return chromiumProblem() !== null && process.env.REQUIRE_SERVICES !== '1';
}

/** A suite title that carries the skip reason, so the report says why nothing ran. */
export function browserSuiteTitle(title: string): string {
  const problem = chromiumProblem();
  if (problem === null) return title;
  return process.env.REQUIRE_SERVICES === '1' ? title : `${title} (skipped: ${problem})`;
}

export function requireChromium(): void {
  const problem = chromiumProblem();
  if (problem !== null) throw new Error(`${problem}; REQUIRE_SERVICES=1 makes this a failure`);
}

// ---------------------------------------------------------------------------------------------
// The build

/** What goes into the console's build: a change to any of them makes dist stale. */
const SOURCES = [
  join(WEB_ROOT, 'src'),
  join(WEB_ROOT, 'build'),
  join(WEB_ROOT, 'public'),
  join(WEB_ROOT, 'index.html'),
  join(WEB_ROOT, 'vite.config.ts'),
  join(WEB_ROOT, 'package.json'),
  join(REPO_ROOT, 'packages/protocol/src'),
  // The help page carries the user guide.
  join(REPO_ROOT, 'docs/console.md'),
];

/** Tests are not part of the bundle. */
const NOT_BUILT = /\.test\.tsx?$|test-support\.tsx?$/;

async function newestMtime(path: string): Promise<number> {
  let info;
  try {
    info = await stat(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return NOT_BUILT.test(path) ? 0 : info.mtimeMs;
  let newest = 0;
  for (const entry of await readdir(path)) newest = Math.max(newest, await newestMtime(join(path, entry)));
  return newest;
}

/** Whether dist/index.html is missing or older than some source of the console. */
export async function buildIsStale(): Promise<boolean> {
  let built: number;
  try {
    built = (await stat(join(WEB_DIST, 'index.html'))).mtimeMs;
  } catch {
    return true;
  }
  let newest = 0;
  for (const source of SOURCES) newest = Math.max(newest, await newestMtime(source));
  return newest > built;
}

const LOCK_WAIT_MS = SETUP_TIMEOUT_MS;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * One build of a kind at a time across the test files running in parallel (and the
 * benchmarks): `name` is 'web' or 'server'.
 */
async function withBuildLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const lockFile = join(tmpdir(), `fieldlink-${name}-build.lock`);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      const handle = await open(lockFile, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
      // A lock left by a process that died is taken over.
      if (Number.isInteger(holder) && holder > 0 && !alive(holder)) {
        await unlink(lockFile).catch(() => undefined);
        continue;
      }
      if (Date.now() > deadline) throw new Error(`the build lock ${lockFile} was held too long`);
      await sleep(500);
    }
  }
  try {
    return await work();
  } finally {
    await unlink(lockFile).catch(() => undefined);
  }
}

/**
 * Builds the console into packages/web/dist with Vite (its own vite.config.ts) when the build is
 * missing or stale; returns whether it built. Vite decides production from NODE_ENV, which the
 * test runner sets to 'test': it is 'production' for the build's duration.
 */
export async function ensureConsoleBuilt(): Promise<boolean> {
  if (!(await buildIsStale())) return false;
  return withBuildLock('web', async () => {
    // Another test file may have built it while this one waited.
    if (!(await buildIsStale())) return false;
    const { build } = await import('vite');
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({ root: WEB_ROOT, mode: 'production', logLevel: 'warn' });
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    }
    return true;
  });
}

/**
 * Compiles the server's packages into their dist folders with `tsc -b`, as `npm run build` does
 * (incremental: about a second when nothing changed); rejects with tsc's output on failure.
 */
export function buildServer(): Promise<void> {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  return withBuildLock(
    'server',
    () =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, [tsc, '-b', ...SERVER_PACKAGES], {
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
      }),
  );
}

// ---------------------------------------------------------------------------------------------
// The server

export interface ServerOptions {
  /** The data directory; a fresh temporary one (removed at stop) by default. */
  readonly dataDir?: string;
  /** Extra environment, e.g. DEMO: '0'. */
  readonly env?: Readonly<Record<string, string>>;
  /** Wait for the demo plant's devices to be simulated (true unless DEMO is '0'). */
  readonly waitForDemo?: boolean;
}

export interface RunningServer {
  /** http://127.0.0.1:<port> (no trailing slash). */
  readonly origin: string;
  readonly port: number;
  /** The port the server's DTU listener took (DTU_PORT=0), from its start entry. */
  readonly dtuPort: number;
  readonly pid: number;
  readonly dataDir: string;
  /** The server's output so far (for a failing test's message). */
  output(): string;
  /** Every line the server has written so far, stdout and stderr. */
  lines(): readonly string[];
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;

/** Every server started by this process, for a crash to take them down too. */
const servers = new Set<ChildProcessByStdio<null, Readable, Readable>>();
process.once('exit', () => {
  for (const child of servers) child.kill('SIGKILL');
});

/**
 * Starts the built server (`node packages/server/dist/main.js`, as `npm start` does; call
 * `buildServer()` first) on a free port with DTU_PORT=0, serving packages/web/dist, and resolves
 * once it listens (and, with the demo on, once its simulated devices are started).
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'fieldlink-e2e-')));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: '0',
    DTU_PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIR: WEB_DIST,
    // The start entries (where it listens) are at info.
    LOG_LEVEL: 'info',
    ...options.env,
  };
  const waitForDemo = options.waitForDemo ?? !['0', 'false'].includes((env.DEMO ?? '').toLowerCase());
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_MAIN], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      servers.delete(child);
      resolve();
    }),
  );
  const lines: string[] = [];
  const output = (): string => lines.slice(-60).join('\n');
  createInterface({ input: child.stderr }).on('line', (line) => lines.push(line));
  const stdout = createInterface({ input: child.stdout });

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    if (ownDir) await rm(dataDir, { recursive: true, force: true });
  };

  const [port, dtuPort] = await new Promise<[number, number]>((resolve, reject) => {
    let port = 0;
    let dtuPort = 0;
    const timer = setTimeout(() => {
      reject(new Error(`the server did not start within ${START_TIMEOUT_MS} ms:\n${output()}`));
    }, START_TIMEOUT_MS);
    stdout.on('line', (line) => {
      lines.push(line);
      const message = logMessage(line);
      const listening = /^Fieldlink is listening on http:\/\/localhost:(\d+)\//.exec(message);
      if (listening) port = Number(listening[1]);
      const dtu = /^DTU listener on port (\d+)/.exec(message);
      if (dtu) dtuPort = Number(dtu[1]);
      const ready = port > 0 && dtuPort > 0 && (!waitForDemo || message.startsWith('Demo devices simulated'));
      if (ready) {
        clearTimeout(timer);
        resolve([port, dtuPort]);
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited before it was ready (${signal ?? code}):\n${output()}`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    dtuPort,
    pid: child.pid!,
    dataDir,
    output,
    lines: () => lines,
    stop,
  };
}

/** The sentence of a server log line: a JSON entry's `msg`, or a plain line as it is. */
export function logMessage(line: string): string {
  if (!line.startsWith('{')) return line;
  try {
    const entry = JSON.parse(line) as { msg?: unknown };
    return typeof entry.msg === 'string' ? entry.msg : '';
  } catch {
    return line;
  }
}

// ---------------------------------------------------------------------------------------------
// The browser

export function launchBrowser(): Promise<Browser> {
  requireChromium();
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A fresh browser profile (own storage) at a desktop size, the console in English. */
export async function newConsoleContext(
  browser: Browser,
  options: {
    readonly width?: number;
    readonly height?: number;
    readonly language?: string;
    /** The browser's time zone (an IANA name); the machine's when absent. */
    readonly timezoneId?: string;
  } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    locale: 'en-US',
    ...(options.timezoneId === undefined ? {} : { timezoneId: options.timezoneId }),
  });
  const language = options.language ?? 'en';
  // Only when nothing is stored yet: a language chosen in the console must survive a reload.
  // Script text, not a function: this file also runs under tsx (bench/web), whose compiled
  // functions call a helper the page does not have.
  await context.addInitScript({
    content: `if (!localStorage.getItem('fieldlink.language')) localStorage.setItem('fieldlink.language', ${JSON.stringify(language)});`,
  });
  return context;
}

/** Saves a full-page screenshot as packages/web/test-results/<name>.png; returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const path = join(RESULTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// ---------------------------------------------------------------------------------------------
// One suite's console: built, served and a browser open, for vitest's beforeAll / afterAll.

export interface ConsoleRun {
  readonly server: RunningServer;
  readonly browser: Browser;
}

export async function startConsole(options: ServerOptions = {}): Promise<ConsoleRun> {
  requireChromium();
  await ensureConsoleBuilt();
  await buildServer();
  const server = await startServer(options);
  try {
    const browser = await launchBrowser();
    return { server, browser };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

export async function stopConsole(run: ConsoleRun | undefined): Promise<void> {
  if (!run) return;
  await run.browser.close().catch(() => undefined);
  await run.server.stop();
}

/**
 * The registration code the server logged for `phone` (a server without an SMS gateway writes
 * codes to its log, which needs LOG_LEVEL=info): waits up to 10 s for the line.
 */
export async function loggedCode(server: RunningServer, phone: string): Promise<string> {
  const pattern = new RegExp(`verification code for ${phone} \\(register\\): (\\d+)`);
  for (let i = 0; i < 100; i++) {
    const code = pattern.exec(server.output())?.[1];
    if (code) return code;
    await sleep(100);
  }
  throw new Error(`no code in the server log:\n${server.output()}`);
}
