/**
 * What the big-screen and live-diagram benchmarks share: signing the seeded account in over the
 * REST API, a browser profile that opens the console signed in (the session stored as the console
 * keeps it, the page probes of probes.ts installed), calls of the API as that account, and the
 * CPU time of the processes that share the machine (from /proc), to say how the cores were split.
 */
import { readdir, readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RunningServer } from '../../packages/web/e2e/harness.js';
import { INIT_SCRIPT } from './probes.js';

const SESSION_KEY = 'fieldlink.session';

/** A whole-number setting of a benchmark from the environment, at least `min`. */
export function knob(name: string, fallback: number, min: number): number {
  const raw = process.env[name]?.trim();
  const value = raw ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be a whole number ≥ ${min}, got '${raw}'`);
  return value;
}

export interface Session {
  readonly origin: string;
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly registeredAt?: string | null;
}

export async function signIn(server: RunningServer, userName: string, password: string): Promise<Session> {
  const reply = await fetch(`${server.origin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password }),
  });
  if (!reply.ok) throw new Error(`sign-in failed: ${reply.status} ${await reply.text()}`);
  return { origin: server.origin, ...((await reply.json()) as Omit<Session, 'origin'>) };
}

/** A REST call as the signed-in account; the reply's JSON. */
export async function call<T>(session: Session, method: string, path: string, body?: unknown): Promise<T> {
  const reply = await fetch(`${session.origin}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${session.accessToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await reply.text();
  if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * A fresh profile (cold cache) of `viewport`, English, with the probes installed and, when given,
 * the session stored as the console keeps it (zustand's persisted form), so a navigation opens
 * the signed-in console at once.
 */
export async function benchContext(
  browser: Browser,
  session: Session | null,
  viewport: { readonly width: number; readonly height: number },
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, locale: 'en-US' });
  await context.addInitScript({ content: INIT_SCRIPT });
  await context.addInitScript({
    content: `if (!localStorage.getItem('fieldlink.language')) localStorage.setItem('fieldlink.language', 'en');`,
  });
  if (session) {
    const stored = JSON.stringify({
      state: {
        accessToken: session.accessToken,
        refreshToken: session.refreshToken,
        registeredAt: session.registeredAt ?? null,
        tokenAt: Date.now(),
      },
      version: 0,
    });
    await context.addInitScript({
      content: `if (!localStorage.getItem(${JSON.stringify(SESSION_KEY)})) localStorage.setItem(${JSON.stringify(SESSION_KEY)}, ${JSON.stringify(stored)});`,
    });
  }
  return context;
}

/** CPU seconds (user + system) a process has used; 0 when it is gone. */
/**
 * Polls `expression` in the page (page.evaluate: the console's CSP refuses the string predicates
 * of waitForFunction) every `everyMs` until it is neither null, undefined nor false; its value.
 */
export async function untilSet<T>(
  page: Page,
  expression: string,
  timeoutMs: number,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = (await page.evaluate(expression)) as T | null | undefined | false;
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`${expression} was not set within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export async function cpuSeconds(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime (fields 14 and 15) in clock ticks: the 12th and 13th after the name.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The processes below `root` (children, grandchildren …), from /proc. */
export async function descendants(root: number): Promise<number[]> {
  const parents = new Map<number, number>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(name), ppid);
    } catch {
      // Gone meanwhile.
    }
  }
  const out: number[] = [];
  const visit = (pid: number): void => {
    for (const [child, parent] of parents) {
      if (parent === pid) {
        out.push(child);
        visit(child);
      }
    }
  };
  visit(root);
  return out;
}

/** CPU seconds of several processes together. */
export async function totalCpu(pids: readonly number[]): Promise<number> {
  const each = await Promise.all(pids.map(cpuSeconds));
  return each.reduce((a, b) => a + b, 0);
}
