/**
 * The web console in headless Chromium (/usr/bin/chromium through playwright-core) against the
 * real server (built and run as `npm start` runs it, in a child process, SQLite, no demo) whose one account
 * owns WEB_DEVICES (10,000) FL-R8 devices in groups of 100, seeded straight into the store with
 * the fleet benchmark's seed (bench/fleet/seed.ts). It measures, each beside a baseline taken in
 * the same run:
 *
 * - Load: from navigation to an interactive tree (the first tree row drawn, then a click on a row
 *   handled: the row shows selected), signed in, with a cold cache; WEB_RUNS (3) navigations, the
 *   median. Baseline: a blank HTML page from the same server, navigation to its load event.
 * - Initial JavaScript: the scripts the first page loads, as sent (gzip) and decoded, signed out
 *   (/login) and signed in (/Equips), and whether a heavy library (ECharts, Leaflet, three.js;
 *   found through the build's source maps) is among them; then which of them load when /history,
 *   /system and /map are opened.
 * - Live: frame times while WEB_LIVE_DEVICES (1,000) devices' values (outputs, inputs, AI
 *   values and battery level) update 10 times a second, for WEB_SECONDS (10) s, with long tasks
 *   (PerformanceObserver 'longtask', over 50 ms) counted. On screen (a 1920×1600 window): the
 *   group view of the first group, a row per device with every channel's value and its battery
 *   level, beside the tree's rows with theirs: over 1,000 changing values drawn inside the window
 *   (counted and printed). Baselines: the same page idle, and the blank page.
 *
 * How the values are driven: PushInfo messages (one per device per tick, its outputs, inputs,
 * every AI value and the battery level changed) are handed to the console's own live socket inside the page, each in a
 * task of its own as a socket delivers them (bench/web/probes.ts). Not through the server: it
 * coalesces each device's pushes into one per 300 ms by design (docs/api.md § Live channel), so no
 * device can be seen changing 10 times a second through it; devices that change that fast (1,000
 * MQTT devices reporting every 100 ms) are what bench/fleet measures, and on this 2-core machine
 * they would take the CPU the browser is measured on. Not through page.routeWebSocket either:
 * 10,000 frames a second through the driver's protocol would measure the driver. The console's
 * socket stays connected to the server the whole time; only the extra messages are injected.
 * The 1,000 devices are the first 1,000 of the tree: the first group's devices and the tree's
 * visible rows among them.
 *
 *   npm run bench:web
 *   WEB_DEVICES=20000 WEB_SECONDS=20 npm run bench:web
 *   WEB_CPU_PROFILE=/tmp/profiles WEB_RUNS=1 npm run bench:web   (the page's profile while values update)
 *
 * Needs /usr/bin/chromium (apt-get install chromium). The console is built first when its build
 * is missing or older than its sources (packages/web/e2e/harness.ts).
 */
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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
import { kB, scriptLoad } from './bundle.js';
import type { ResourceEntry, ScriptLoad } from './bundle.js';
import { seedWebFleet } from './fleet-account.js';
import { LONG_TASKS, NAVIGATION, RESOURCES, VISIBLE_VALUES } from './probes.js';
import { frameStats, median, ms, ratio } from './stats.js';
import type { FrameStats, LongTask } from './stats.js';
import { benchContext, knob, signIn } from './session.js';
import type { Session } from './session.js';
import { openTree, treeSerials } from './tree.js';

/** The window the console is measured in. */
const VIEWPORT = { width: 1440, height: 900 } as const;

const DEVICES = knob('WEB_DEVICES', 10_000, 100);
const LIVE_DEVICES = knob('WEB_LIVE_DEVICES', 1_000, 1);
const SECONDS = knob('WEB_SECONDS', 10, 1);
const RUNS = knob('WEB_RUNS', 3, 1);
/** WEB_CPU_PROFILE=DIR: the page's CPU profile while the live values update, as DIR/console-live.cpuprofile. */
const PROFILE_DIR = process.env.WEB_CPU_PROFILE?.trim() || null;
/** WEB_TRACE=FILE: the browser's timeline trace while the live values update (chrome://tracing). */
const TRACE_FILE = process.env.WEB_TRACE?.trim() || null;
const LIVE_HZ = 10;
/** FL-R8 has this many AI channels: each pushed device changes all of them. */
const AI_PER_DEVICE = 2;

const BLANK_PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><title>blank</title></head><body></body></html>\n';
async function resources(page: Page): Promise<ResourceEntry[]> {
  return (await page.evaluate(RESOURCES)) as ResourceEntry[];
}

async function longTasks(page: Page): Promise<LongTask[]> {
  return (await page.evaluate(LONG_TASKS)) as LongTask[];
}

async function frames(page: Page, seconds: number): Promise<number[]> {
  return (await page.evaluate(`window.__bench.frames(${seconds * 1000})`)) as number[];
}

/** Frames and long tasks over `seconds` on a page as it is. */
async function measureFrames(page: Page, seconds: number): Promise<FrameStats> {
  const before = (await longTasks(page)).length;
  const deltas = await frames(page, seconds);
  return frameStats(deltas, (await longTasks(page)).slice(before));
}

interface BlankFigures {
  readonly loadMs: number;
  readonly frames: FrameStats;
}

async function blankPage(browser: Browser, server: RunningServer): Promise<BlankFigures> {
  const loads: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await benchContext(browser, null, VIEWPORT);
    const page = await context.newPage();
    await page.goto(`${server.origin}/blank.html`, { waitUntil: 'load' });
    const nav = (await page.evaluate(NAVIGATION)) as { load: number } | null;
    loads.push(nav?.load ?? NaN);
    if (run < RUNS - 1) await context.close();
    else {
      const figures = { loadMs: median(loads), frames: await measureFrames(page, SECONDS) };
      await context.close();
      return figures;
    }
  }
  throw new Error('unreachable');
}

async function signedOutScripts(browser: Browser, server: RunningServer): Promise<ScriptLoad> {
  const context = await benchContext(browser, null, VIEWPORT);
  const page = await context.newPage();
  await page.goto(`${server.origin}/`, { waitUntil: 'networkidle' });
  const load = await scriptLoad(await resources(page));
  await context.close();
  return load;
}

interface LoadFigures {
  /** Navigation start to the tree's reply received, per run. */
  readonly treeReplyMs: number[];
  /** The tree's reply as sent (gzip). */
  treeReplyBytes: number;
  /** Navigation start to the first tree row drawn, per run. */
  readonly treeMs: number[];
  /** Navigation start to a click on a row handled, per run. */
  readonly interactiveMs: number[];
  readonly scripts: ScriptLoad;
}

/** RUNS cold navigations to the signed-in console; the last page stays open for what follows. */
async function consoleLoads(
  browser: Browser,
  server: RunningServer,
  session: Session,
): Promise<{ figures: LoadFigures; context: BrowserContext; page: Page }> {
  const treeReplyMs: number[] = [];
  let treeReplyBytes = NaN;
  const treeMs: number[] = [];
  const interactiveMs: number[] = [];
  let scripts: ScriptLoad | null = null;
  for (let run = 0; ; run++) {
    const context = await benchContext(browser, session, VIEWPORT);
    const page = await context.newPage();
    await page.goto(`${server.origin}/#/Equips`, { waitUntil: 'commit' });
    try {
      const opened = await openTree(page);
      treeMs.push(opened.drawnAt);
      interactiveMs.push(opened.interactiveAt);
    } catch (error) {
      // The other figures are still worth having; the run fails at the end.
      console.log(`no interactive tree: ${(error as Error).message.split('\n')[0]}`);
      treeMs.push(NaN);
      interactiveMs.push(NaN);
    }
    const reply = (await resources(page)).find((e) => new URL(e.name).pathname === '/api/v1/equipment/tree');
    treeReplyMs.push(reply?.end ?? NaN);
    treeReplyBytes = reply?.encodedBodySize ?? NaN;
    await page.waitForLoadState('networkidle');
    scripts ??= await scriptLoad(await resources(page));
    if (run === RUNS - 1) {
      return { figures: { treeReplyMs, treeReplyBytes, treeMs, interactiveMs, scripts }, context, page };
    }
    await context.close();
  }
}

/** The scripts a route loads on top of what was loaded before it. */
async function onDemand(page: Page, route: string): Promise<ScriptLoad> {
  const before = await resources(page);
  await page.evaluate(`location.hash = ${JSON.stringify(`#${route}`)}`);
  // A page may load its chart or map only once its data is in: settled is when no resource has
  // been added for 2 s (at most 20 s).
  const deadline = Date.now() + 20_000;
  let count = -1;
  let since = Date.now();
  while (Date.now() < deadline && Date.now() - since < 2000) {
    const now = (await resources(page)).length;
    if (now !== count) {
      count = now;
      since = Date.now();
    }
    await page.waitForTimeout(250);
  }
  return scriptLoad(await resources(page), before);
}

interface LiveFigures {
  readonly idle: FrameStats;
  readonly live: FrameStats;
  readonly feed: { ticks: number; messages: number; late: number; skipped: number };
  /** Live values drawn inside the window while they update. */
  readonly visibleValues: number;
}

/** A large desktop screen: the first group's table shows over 1,000 values at once on it. */
const LIVE_VIEWPORT = { width: 1920, height: 1600 };

async function liveUpdates(page: Page, serials: readonly string[]): Promise<LiveFigures> {
  await page.evaluate(`location.hash = '#/Equips'`);
  await page.setViewportSize(LIVE_VIEWPORT);
  // The first group (100 devices, all among the fed ones) in the group view: one row per device
  // with its outputs, inputs, analog values and battery level.
  await page.locator('.tree-group-open').first().click();
  await page.locator('.group-table .group-lamp').first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1000);
  const idle = await measureFrames(page, SECONDS);
  const before = (await longTasks(page)).length;
  await page.evaluate(
    `window.__bench.feed.start(${JSON.stringify(serials)}, ${AI_PER_DEVICE}, ${1000 / LIVE_HZ})`,
  );
  const profiler = PROFILE_DIR ? await page.context().newCDPSession(page) : null;
  if (profiler) {
    await profiler.send('Profiler.enable');
    await profiler.send('Profiler.start');
  }
  const tracing = TRACE_FILE ? page.context().browser() : null;
  if (tracing && TRACE_FILE)
    await tracing.startTracing(page, { path: TRACE_FILE, categories: ['devtools.timeline'] });
  const framing = frames(page, SECONDS);
  await page.waitForTimeout(Math.min(2000, (SECONDS * 1000) / 2));
  const visibleValues = (await page.evaluate(VISIBLE_VALUES)) as number;
  // What was on screen, to look at beside the figures.
  await page.screenshot({ path: join(RESULTS_DIR, 'bench-web-live.png') }).catch(() => undefined);
  const deltas = await framing;
  const feed = (await page.evaluate('window.__bench.feed.stop()')) as LiveFigures['feed'];
  if (tracing) await tracing.stopTracing();
  if (profiler && PROFILE_DIR) {
    const { profile } = await profiler.send('Profiler.stop');
    await writeFile(join(PROFILE_DIR, 'console-live.cpuprofile'), JSON.stringify(profile));
    await profiler.detach();
  }
  const live = frameStats(deltas, (await longTasks(page)).slice(before));
  return { idle, live, feed, visibleValues };
}

function printFrames(label: string, f: FrameStats, baseline?: FrameStats): void {
  const vs = baseline ? `  (p95 ${ratio(f.p95, baseline.p95)} the blank page's)` : '';
  console.log(
    `  ${label.padEnd(30)} ${f.fps.toFixed(1).padStart(5)} fps  frame p50 ${ms(f.p50)}  p95 ${ms(f.p95)}  p99 ${ms(f.p99)}  max ${ms(f.max)}  ` +
      `frames over 50 ms ${f.over50}  long tasks ${f.longTasks} (${ms(f.longTaskMs)} in all, longest ${ms(f.longestTask)})${vs}`,
  );
}

function printScripts(label: string, load: ScriptLoad): void {
  const heavy = load.heavy.length > 0 ? load.heavy.join(', ') : 'none';
  console.log(
    `  ${label.padEnd(30)} ${String(load.files.length).padStart(3)} files  ${kB(load.gzipBytes).padStart(10)} gzip  ${kB(load.bytes).padStart(10)} decoded  heavy libraries: ${heavy}`,
  );
}

async function main(): Promise<void> {
  const problem = chromiumProblem();
  if (problem) throw new Error(`${problem}: the web benchmark needs a browser`);
  console.log(
    `web console benchmark: ${DEVICES} devices, ${LIVE_DEVICES} live devices at ${LIVE_HZ}/s, ${SECONDS} s per frame measurement, ${RUNS} loads; ` +
      `${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(2)}`,
  );
  if (await ensureConsoleBuilt()) console.log('console built (dist was missing or stale)');

  const work = await mkdtemp(join(tmpdir(), 'fieldlink-web-bench-'));
  let server: RunningServer | null = null;
  let browser: Browser | null = null;
  try {
    // The console as built, with a blank page beside it, served by the same server.
    const webDir = join(work, 'web');
    await cp(WEB_DIST, webDir, { recursive: true });
    await writeFile(join(webDir, 'blank.html'), BLANK_PAGE);
    const dataDir = join(work, 'data');
    const seedStart = performance.now();
    const account = await seedWebFleet(dataDir, DEVICES);
    console.log(
      `seeded ${account.devices} devices in ${account.groups} groups in ${ms(performance.now() - seedStart)}`,
    );

    await buildServer();
    // Source maps are served only when asked for: bundle.ts reads them to name the libraries.
    server = await startServer({
      dataDir,
      env: { DEMO: '0', WEB_DIR: webDir, POLL_SECONDS: '3600', SERVE_SOURCE_MAPS: '1' },
    });
    const session = await signIn(server, account.userName, account.password);
    browser = await launchBrowser();
    console.log(`Chromium ${browser.version()}`);

    const blank = await blankPage(browser, server);
    const signedOut = await signedOutScripts(browser, server);
    const { figures: load, page } = await consoleLoads(browser, server, session);
    const history = await onDemand(page, '/history');
    const system = await onDemand(page, '/system');
    const map = await onDemand(page, '/map');
    const serials = await treeSerials(server, session.accessToken, LIVE_DEVICES);
    const live = await liveUpdates(page, serials);

    const treeMs = median(load.treeMs);
    const interactiveMs = median(load.interactiveMs);
    console.log('\nload (cold cache, median of runs)');
    console.log(`  blank page: navigation to load event      ${ms(blank.loadMs)}`);
    console.log(
      `  console: navigation to tree reply          ${ms(median(load.treeReplyMs))}  (GET /api/v1/equipment/tree, ${kB(load.treeReplyBytes)} as sent)`,
    );
    console.log(
      `  console: navigation to tree drawn          ${ms(treeMs)}  (${ratio(treeMs, blank.loadMs)} the blank page's; runs ${load.treeMs.map(ms).join(', ')})`,
    );
    console.log(
      `  console: navigation to interactive tree    ${ms(interactiveMs)}  (${ratio(interactiveMs, blank.loadMs)} the blank page's; runs ${load.interactiveMs.map(ms).join(', ')})`,
    );
    console.log('\ninitial JavaScript');
    printScripts('signed out (/login)', signedOut);
    printScripts('signed in (/Equips)', load.scripts);
    printScripts('then /history loads', history);
    printScripts('then /system loads', system);
    printScripts('then /map loads', map);
    const initialHeavy = [...new Set([...signedOut.heavy, ...load.scripts.heavy])];
    console.log(
      initialHeavy.length === 0
        ? '  heavy libraries in the initial load: none (loaded on demand)'
        : `  heavy libraries in the initial load: ${initialHeavy.join(', ')} (should load on demand)`,
    );
    console.log(`\nframes (${SECONDS} s each)`);
    printFrames('blank page, idle', blank.frames);
    printFrames('console, idle', live.idle, blank.frames);
    printFrames(`console, ${serials.length} devices at ${LIVE_HZ}/s`, live.live, blank.frames);
    console.log(
      `  values drawn in the ${LIVE_VIEWPORT.width}×${LIVE_VIEWPORT.height} window while they update: ${live.visibleValues}`,
    );
    console.log(
      `  feed: ${live.feed.messages} PushInfo in ${live.feed.ticks} ticks (${live.feed.late} late, ${live.feed.skipped} without a live socket)`,
    );
    if (load.interactiveMs.some((v) => !Number.isFinite(v))) {
      process.exitCode = 1;
      console.log('\nfailed: the tree did not become interactive in every load');
    }
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    await rm(work, { recursive: true, force: true });
  }
}

await main();
