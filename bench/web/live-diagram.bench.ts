/**
 * Frame times of a configuration diagram drawn live (issue 24): the project page's live view
 * (/jujuda/jujudaHandle/:id) in headless Chromium (/usr/bin/chromium) at 1920×1080, against the
 * real server (built and run as `npm start` runs it, SQLite, no demo) whose one account owns
 * DIAGRAM_DEVICES (20) FL-R8 devices (bench/web/fleet-account.ts). The project draws
 * DIAGRAM_WIDGETS (200) widgets, ten bound to each device (bench/web/diagram-fixture.ts: lamps on
 * DO1-4 and DI1-2, values on AI1 and AI2, a gauge and a tank level). Every device's outputs,
 * inputs and analog values change DIAGRAM_HZ (10) times a second: PushInfo messages handed to the
 * console's own live socket inside the page (bench/web/probes.ts, the same feed as bench:web and
 * for the same reason: the server pushes a device at most once per 300 ms by design). Frame times
 * (requestAnimationFrame) over DIAGRAM_SECONDS (10) s, p50, p95 and max, and long tasks over 50 ms
 * (PerformanceObserver 'longtask') are measured; the baseline, in the same run: the same page with
 * an empty diagram under the same feed. The browser has the machine to itself: the server is idle
 * (no device is connected), the feed runs in the page.
 *
 *   npm run bench:web-diagram
 *   DIAGRAM_SECONDS=30 npm run bench:web-diagram
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import {
  buildServer,
  chromiumProblem,
  ensureConsoleBuilt,
  launchBrowser,
  RESULTS_DIR,
  startServer,
  WEB_DIST,
} from '../../packages/web/e2e/harness.js';
import type { RunningServer } from '../../packages/web/e2e/harness.js';
import { boundDiagram, createProject, firstDevices, WIDGETS_PER_DEVICE } from './diagram-fixture.js';
import { seedWebFleet } from './fleet-account.js';
import { LONG_TASKS } from './probes.js';
import { benchContext, call, knob, signIn, untilSet } from './session.js';
import { frameStats, ms, ratio } from './stats.js';
import type { FrameStats, LongTask } from './stats.js';

const WIDGETS = knob('DIAGRAM_WIDGETS', 200, WIDGETS_PER_DEVICE);
const DEVICES = Math.ceil(WIDGETS / WIDGETS_PER_DEVICE);
const SECONDS = knob('DIAGRAM_SECONDS', 10, 1);
const HZ = knob('DIAGRAM_HZ', 10, 1);
const VIEWPORT = { width: 1920, height: 1080 };
/** The diagram's widgets drawn inside the window. */
const VISIBLE_WIDGETS = `(() => {
  let n = 0;
  for (const e of document.querySelectorAll('[data-testid="diagram-live"] [data-widget]')) {
    const r = e.getBoundingClientRect();
    if (r.width > 0 && r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth) n++;
  }
  return n;
})()`;
/** FL-R8 has two AI channels: each push changes both. */
const AI_PER_DEVICE = 2;

interface Run {
  readonly frames: FrameStats;
  readonly feed: { ticks: number; messages: number; late: number; skipped: number };
  readonly widgets: number;
}

/**
 * Opens the project live in a page of its own (the console keeps visited pages in the DOM, hidden),
 * waits for its widgets, then measures under the feed.
 */
async function measure(
  context: BrowserContext,
  origin: string,
  projectId: string,
  serials: readonly string[],
  shot: string,
): Promise<Run> {
  const page = await context.newPage();
  await page.goto(`${origin}/#/jujuda/jujudaHandle/${projectId}`);
  const live = page.getByTestId('diagram-live');
  await live.waitFor({ timeout: 120_000 });
  // The live view (70 % of the window's height) scrolled fully into the window.
  await live.scrollIntoViewIfNeeded();
  const widgets = (await page.evaluate(VISIBLE_WIDGETS)) as number;
  await untilSet<boolean>(page, 'window.__bench.liveSocket() !== null', 60_000);
  await page.evaluate(
    `window.__bench.feed.start(${JSON.stringify(serials)}, ${AI_PER_DEVICE}, ${1000 / HZ})`,
  );
  // The records (names, scaling) come in the background; a second of the feed before measuring.
  await page.waitForTimeout(2000);
  const before = ((await page.evaluate(LONG_TASKS)) as LongTask[]).length;
  const deltas = (await page.evaluate(`window.__bench.frames(${SECONDS * 1000})`)) as number[];
  const tasks = ((await page.evaluate(LONG_TASKS)) as LongTask[]).slice(before);
  const feed = (await page.evaluate('window.__bench.feed.stop()')) as Run['feed'];
  await page.screenshot({ path: join(RESULTS_DIR, shot) }).catch(() => undefined);
  await page.close();
  return { frames: frameStats(deltas, tasks), feed, widgets };
}

function printRun(label: string, run: Run, baseline?: Run): void {
  const f = run.frames;
  const vs = baseline
    ? `  (p50 ${ratio(f.p50, baseline.frames.p50)}, p95 ${ratio(f.p95, baseline.frames.p95)}, max ${ratio(f.max, baseline.frames.max)} the baseline's)`
    : '';
  console.log(
    `  ${label.padEnd(34)} ${f.fps.toFixed(1).padStart(5)} fps  frame p50 ${ms(f.p50)}  p95 ${ms(f.p95)}  max ${ms(f.max)}  ` +
      `frames over 50 ms ${f.over50}  long tasks ${f.longTasks} (${ms(f.longTaskMs)} in all, longest ${ms(f.longestTask)})${vs}`,
  );
  console.log(
    `  ${''.padEnd(34)} ${run.widgets} widgets drawn inside the window; feed ${run.feed.messages} PushInfo in ${run.feed.ticks} ticks (${run.feed.late} late, ${run.feed.skipped} without a live socket)`,
  );
}

async function main(): Promise<void> {
  const problem = chromiumProblem();
  if (problem) throw new Error(`${problem}: the live-diagram benchmark needs a browser`);
  console.log(
    `live diagram frames: ${WIDGETS} bound widgets on ${DEVICES} devices changing ${HZ} times a second, ${SECONDS} s per measurement; ` +
      `${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(2)}`,
  );
  if (await ensureConsoleBuilt()) console.log('console built (dist was missing or stale)');
  const work = await mkdtemp(join(tmpdir(), 'fieldlink-diagram-bench-'));
  let server: RunningServer | null = null;
  let browser: Awaited<ReturnType<typeof launchBrowser>> | null = null;
  try {
    const webDir = join(work, 'web');
    await cp(WEB_DIST, webDir, { recursive: true });
    const dataDir = join(work, 'data');
    const account = await seedWebFleet(dataDir, Math.max(100, DEVICES));
    await buildServer();
    server = await startServer({ dataDir, env: { DEMO: '0', WEB_DIR: webDir, POLL_SECONDS: '3600' } });
    const session = await signIn(server, account.userName, account.password);
    await call(session, 'PATCH', '/me', { language: 'en' });
    const devices = await firstDevices(session, DEVICES);
    const serials = devices.map((d) => d.unid);
    const emptyId = await createProject(session, 'Empty diagram', boundDiagram([]));
    const fullId = await createProject(session, `${WIDGETS} widgets`, boundDiagram(devices.map((d) => d.id)));
    browser = await launchBrowser();
    console.log(`Chromium ${browser.version()}`);
    const context = await benchContext(browser, session, VIEWPORT);
    // The console's load (and the diagram page's chunks) once before either measurement.
    const warm = await context.newPage();
    await warm.goto(`${server.origin}/#/jujuda/jujudaHandle/${emptyId}`);
    await warm.getByTestId('diagram-live').waitFor({ timeout: 120_000 });
    await warm.close();
    const empty = await measure(context, server.origin, emptyId, serials, 'bench-web-diagram-empty.png');
    const full = await measure(context, server.origin, fullId, serials, 'bench-web-diagram-live.png');
    console.log(
      `\nframes (${SECONDS} s each, ${serials.length} devices' pushes at ${HZ}/s, ${serials.length * HZ} a second)`,
    );
    printRun('empty diagram (baseline)', empty);
    printRun(`${full.widgets} bound widgets`, full, empty);
    if (full.widgets < WIDGETS) {
      process.exitCode = 1;
      console.log(`\nfailed: ${full.widgets} widgets drawn, ${WIDGETS} expected`);
    }
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    await rm(work, { recursive: true, force: true });
  }
}

await main();
