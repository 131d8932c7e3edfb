/**
 * The big screen's memory over time: /bigScreen open in headless Chromium (/usr/bin/chromium) at
 * 1920×1080 against the real server (built and run as `npm start` runs it, SQLite, no demo) whose
 * one account owns WALL_DEVICES (1,000) FL-R8 devices (bench/web/fleet-account.ts), all of them
 * connected as simulated devices over DTU links (bench/fleet/devices.ts, one process at nice 19)
 * and polled every WALL_POLL_SECONDS (5) s, so their values, links and alarms reach the wall
 * through the server's live channel as they would in a control room. One device in
 * WALL_ALARM_EVERY (20) has an AI1 upper limit its waveform crosses every two minutes, so alarms
 * keep coming into the ticker. The wall shows the overview preset, its middle slot turning
 * between the map and a diagram of 50 widgets every 10 s, and 12 live values.
 *
 * After WALL_WARMUP_SECONDS (30) it samples the page's JavaScript heap every WALL_SAMPLE_MINUTES
 * (1) for WALL_MINUTES (3; 60 for the hour of issue 24), each time after a full garbage
 * collection (CDP HeapProfiler.collectGarbage, then Performance.getMetrics), with the DOM nodes
 * and event listeners, each time while the map has its turn and no alarm pop-up of the console is
 * showing (so every sample has the same things on screen). The baseline, in the same run and browser: a blank page from the same
 * server, idle, sampled at the same moments. It prints the heap at the start and the end, the
 * growth of each against its own start, and how the CPU was split over the measured time between
 * the simulated devices, the server and the browser (from /proc).
 *
 * Each sample also takes a heap snapshot of the wall (heap-snapshot.ts) to split what it holds
 * into the page's JavaScript objects, V8's compiled code and the browser's native objects: the
 * code grows as V8 compiles more of the page's functions over the first tens of minutes and
 * levels off; a leak of the page's grows its JavaScript objects. WALL_SNAPSHOTS=dir keeps those
 * snapshots in dir; `npm run bench:heap-diff -- dir/5.heapsnapshot dir/25.heapsnapshot` then
 * names what grew between two, and what holds it.
 *
 *   npm run bench:web-wall
 *   WALL_MINUTES=60 npm run bench:web-wall        (the full hour)
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { CDPSession, Page } from 'playwright-core';
import { openStorage } from '@fieldlink/server';
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
import { boundDiagram, createProject, firstDevices } from './diagram-fixture.js';
import { heapOf, heapParts } from './heap-snapshot.js';
import { seedWebFleet } from './fleet-account.js';
import { startDevices } from './fleet-devices.js';
import type { DeviceProcess } from './fleet-devices.js';
import { benchContext, call, descendants, knob, signIn, totalCpu } from './session.js';

const DEVICES = knob('WALL_DEVICES', 1_000, 10);
const MINUTES = knob('WALL_MINUTES', 3, 1);
const SAMPLE_MINUTES = knob('WALL_SAMPLE_MINUTES', 1, 1);
const WARMUP_SECONDS = knob('WALL_WARMUP_SECONDS', 30, 0);
const POLL_SECONDS = knob('WALL_POLL_SECONDS', 5, 1);
const ALARM_EVERY = knob('WALL_ALARM_EVERY', 20, 1);
const SNAPSHOTS = process.env.WALL_SNAPSHOTS ?? '';
const VIEWPORT = { width: 1920, height: 1080 };
const BLANK_PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><title>blank</title></head><body></body></html>\n';
const MB = 1024 * 1024;
/** The map's turn in the middle slot, and no alarm pop-up on screen. */
const SAMPLE_MOMENT = `document.querySelector('[data-panel="map"]') !== null && document.querySelector('.ant-notification-notice') === null`;
/** Counts the live channel's pushes and alarms from now on (the console's own socket, probes.ts). */
const COUNT_MESSAGES = `(() => {
  const socket = window.__bench.liveSocket();
  const count = { pushes: 0, alarms: 0 };
  window.__wallCount = count;
  if (socket) socket.addEventListener('message', (e) => {
    const text = String(e.data);
    if (text.includes('"Notiface"')) count.alarms++;
    else if (text.includes('"PushInfo"')) count.pushes++;
  });
  return socket !== null;
})()`;

interface Sample {
  readonly minute: number;
  readonly heapMb: number;
  readonly nodes: number;
  readonly listeners: number;
  /** From a snapshot (wall only): the page's JavaScript objects, V8's compiled code, native objects. */
  readonly jsMb?: number;
  readonly codeMb?: number;
  readonly nativeMb?: number;
  /** What was on screen when the sampling moment was not reached (the page's address), or ''. */
  readonly off?: string;
}

/** The page's heap after a full collection, its DOM nodes and event listeners. */
async function sample(cdp: CDPSession, minute: number): Promise<Sample> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string): number => metrics.find((m) => m.name === name)?.value ?? NaN;
  return {
    minute,
    heapMb: metric('JSHeapUsedSize') / MB,
    nodes: metric('Nodes'),
    listeners: metric('JSEventListeners'),
  };
}

/** A heap snapshot of the page as it is now (taken after `sample` collected), as text. */
async function snapshot(cdp: CDPSession): Promise<string> {
  const chunks: string[] = [];
  const take = ({ chunk }: { chunk: string }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', take);
  try {
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', take);
  }
  return chunks.join('');
}

async function measured(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('HeapProfiler.enable');
  return cdp;
}

/** Waits until at least `share` of the account's devices are online (the tree's counters). */
async function waitOnline(session: Awaited<ReturnType<typeof signIn>>, share: number): Promise<number> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const tree = await call<{ counters: { total: number; online: number } }>(
      session,
      'GET',
      '/equipment/tree',
    );
    if (tree.counters.online >= tree.counters.total * share) return tree.counters.online;
    if (Date.now() > deadline)
      throw new Error(`only ${tree.counters.online} of ${tree.counters.total} online`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

const mb = (v: number): string => `${v.toFixed(1)} MB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const problem = chromiumProblem();
  if (problem) throw new Error(`${problem}: the big-screen benchmark needs a browser`);
  console.log(
    `big-screen memory: ${DEVICES} devices on DTU links polled every ${POLL_SECONDS} s (1 in ${ALARM_EVERY} alarming), ` +
      `${MINUTES} min sampled every ${SAMPLE_MINUTES} min after ${WARMUP_SECONDS} s; ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(2)}`,
  );
  if (await ensureConsoleBuilt()) console.log('console built (dist was missing or stale)');
  const work = await mkdtemp(join(tmpdir(), 'fieldlink-wall-bench-'));
  let server: RunningServer | null = null;
  let devices: DeviceProcess | null = null;
  let browser: Awaited<ReturnType<typeof launchBrowser>> | null = null;
  let keepWork = false;
  try {
    const webDir = join(work, 'web');
    await cp(WEB_DIST, webDir, { recursive: true });
    await writeFile(join(webDir, 'blank.html'), BLANK_PAGE);
    const dataDir = join(work, 'data');
    const account = await seedWebFleet(dataDir, DEVICES);
    // The raw AI1 sine runs 1024-3072 over 120 s: above 2900 for a few seconds of each period.
    const storage = await openStorage({ dataDir });
    await sql`
      update equipment set settings = json_set(settings, '$.ai.alarmHigh', json('[2900,0]'), '$.ai.alarmLow', json('[0,0]'))
      where id % ${ALARM_EVERY} = 0
    `.execute(storage.db);
    await storage.close();

    await buildServer();
    server = await startServer({
      dataDir,
      env: { DEMO: '0', WEB_DIR: webDir, POLL_SECONDS: String(POLL_SECONDS) },
    });
    devices = await startDevices({
      dtuPort: server.dtuPort,
      count: DEVICES,
      tickMs: (POLL_SECONDS * 1000) / 2,
    });
    const session = await signIn(server, account.userName, account.password);
    await call(session, 'PATCH', '/me', { language: 'en' });
    const online = await waitOnline(session, 0.95);
    console.log(`${online} of ${DEVICES} devices online`);

    const first = await firstDevices(session, 6);
    const diagramId = await createProject(
      session,
      'Wall diagram',
      boundDiagram(first.slice(0, 5).map((d) => d.id)),
    );
    await call(session, 'PUT', '/me/documents/console-layout/big-screen', {
      context: {
        preset: 'overview',
        rotate: true,
        rotationSeconds: 10,
        period: '24h',
        diagramId,
        channels: first.flatMap((d) => [1, 2].map((index) => ({ equipmentId: d.id, kind: 'ai', index }))),
        sound: false,
      },
    });

    browser = await launchBrowser();
    console.log(`Chromium ${browser.version()}`);
    const blank = await (await benchContext(browser, null, VIEWPORT)).newPage();
    await blank.goto(`${server.origin}/blank.html`, { waitUntil: 'load' });
    const wall = await (await benchContext(browser, session, VIEWPORT)).newPage();
    // What the page throws or logs as an error, with when: a wall that went blank says why.
    const pageErrors: string[] = [];
    const loadedAt = performance.now();
    const noteError = (text: string) => {
      const line = `${((performance.now() - loadedAt) / 60_000).toFixed(1)} min: ${text.slice(0, 4000)}`;
      if (pageErrors.length < 20) console.log(`  page error at ${line}`);
      pageErrors.push(line);
      keepWork = true;
    };
    wall.on('pageerror', (error) => noteError(error.stack ?? error.message));
    wall.on('console', (message) => {
      if (message.type() === 'error') noteError(`console: ${message.text()}`);
    });
    await wall.goto(`${server.origin}/#/bigScreen/wall`);
    await wall.locator('[data-page="BigScreenPage"] .bs-slots').waitFor({ timeout: 120_000 });
    await wall
      .getByTestId('bs-total-total')
      .filter({ hasText: String(DEVICES) })
      .waitFor({ timeout: 120_000 });
    const wallCdp = await measured(wall);
    const blankCdp = await measured(blank);
    await sleep(WARMUP_SECONDS * 1000);

    const browserPids = async (): Promise<number[]> => {
      const skip = new Set([
        server!.pid,
        devices!.pid,
        ...(await descendants(server!.pid)),
        ...(await descendants(devices!.pid)),
      ]);
      return (await descendants(process.pid)).filter((pid) => !skip.has(pid));
    };
    const pids = await browserPids();
    const cpu = async () => ({
      devices: await totalCpu([devices!.pid]),
      server: await totalCpu([server!.pid]),
      browser: await totalCpu(pids),
      at: performance.now(),
    });
    const counting = (await wall.evaluate(COUNT_MESSAGES)) as boolean;
    const cpuStart = await cpu();
    // Each sample with the same panels mounted: the middle slot turns between the map and the
    // diagram, which hold different amounts (the diagram's widgets): the map's turn.
    // No alarm pop-up showing either: the alarming devices cross their limit together, and the
    // console's pop-ups of such a burst (10 s each) would be counted with the wall.
    const sampleWall = async (minute: number): Promise<Sample> => {
      // Polled from here (the page's CSP refuses the string predicates of waitForFunction), and
      // true twice 2 s apart: the map has been shown long enough to be drawn.
      const moment = async (): Promise<boolean> => (await wall.evaluate(SAMPLE_MOMENT)) as boolean;
      const deadline = Date.now() + 120_000;
      let reached = false;
      while (!reached && Date.now() < deadline) {
        reached = (await moment()) && (await sleep(2000).then(moment));
        if (!reached) await sleep(250);
      }
      if (reached) {
        const measured = await sample(wallCdp, minute);
        const text = await snapshot(wallCdp);
        if (SNAPSHOTS) {
          await mkdir(SNAPSHOTS, { recursive: true });
          await writeFile(join(SNAPSHOTS, `${minute}.heapsnapshot`), text);
        }
        const { code, native, js } = heapParts(heapOf(text));
        return { ...measured, jsMb: js / MB, codeMb: code / MB, nativeMb: native / MB };
      }
      // Not the wall as measured (signed out, an error page …): say what it was and keep a picture.
      await wall
        .screenshot({ path: join(RESULTS_DIR, `bench-web-wall-${minute}min.png`) })
        .catch(() => undefined);
      return { ...(await sample(wallCdp, minute)), off: `${new URL(wall.url()).hash || wall.url()}` };
    };
    const t0 = performance.now();
    const samples: { wall: Sample; blank: Sample }[] = [
      { wall: await sampleWall(0), blank: await sample(blankCdp, 0) },
    ];
    const print = (s: { wall: Sample; blank: Sample }) =>
      console.log(
        `  ${String(s.wall.minute).padStart(3)} min  wall heap ${mb(s.wall.heapMb).padStart(9)} (snapshot: JS objects ${mb(s.wall.jsMb ?? NaN)}, code ${mb(s.wall.codeMb ?? NaN)}, native ${mb(s.wall.nativeMb ?? NaN)})  DOM nodes ${String(s.wall.nodes).padStart(6)}  listeners ${String(s.wall.listeners).padStart(5)}   blank heap ${mb(s.blank.heapMb)}` +
          (s.wall.off ? `   (the map's turn not seen in 2 min; page ${s.wall.off}, screenshot kept)` : ''),
      );
    print(samples[0]!);
    for (let minute = SAMPLE_MINUTES; minute <= MINUTES; minute += SAMPLE_MINUTES) {
      await sleep(Math.max(0, t0 + minute * 60_000 - performance.now()));
      const next = { wall: await sampleWall(minute), blank: await sample(blankCdp, minute) };
      samples.push(next);
      print(next);
    }
    const cpuEnd = await cpu();
    await wall.screenshot({ path: join(RESULTS_DIR, 'bench-web-wall.png') }).catch(() => undefined);
    const ticker = await wall
      .getByTestId('bs-ticker')
      .locator('li')
      .count()
      .catch(() => 0);
    const received = (await wall.evaluate('window.__wallCount')) as { pushes: number; alarms: number };

    const start = samples[0]!;
    const end = samples.at(-1)!;
    const growth = (s: 'wall' | 'blank') => end[s].heapMb - start[s].heapMb;
    const ratio = (s: 'wall' | 'blank') => end[s].heapMb / start[s].heapMb;
    const seconds = (cpuEnd.at - cpuStart.at) / 1000;
    const share = (k: 'devices' | 'server' | 'browser') =>
      `${(((cpuEnd[k] - cpuStart[k]) / seconds) * 100).toFixed(0)} %`;
    console.log(`\nheap after a full collection, ${MINUTES} min after a ${WARMUP_SECONDS} s warm-up`);
    console.log(
      `  big screen   start ${mb(start.wall.heapMb)}  end ${mb(end.wall.heapMb)}  growth ${mb(growth('wall'))} (${ratio('wall').toFixed(3)}× its start)` +
        `  DOM nodes ${start.wall.nodes} → ${end.wall.nodes}, listeners ${start.wall.listeners} → ${end.wall.listeners}`,
    );
    console.log(
      `  blank page   start ${mb(start.blank.heapMb)}  end ${mb(end.blank.heapMb)}  growth ${mb(growth('blank'))} (${ratio('blank').toFixed(3)}× its start)`,
    );
    console.log(
      `  growth against the baseline: ${mb(growth('wall') - growth('blank'))} more than the blank page; ` +
        `${((growth('wall') / start.wall.heapMb) * 100).toFixed(1)} % of the wall's start against ${((growth('blank') / start.blank.heapMb) * 100).toFixed(1)} % of the blank page's`,
    );
    console.log(
      `  from the first sample on: ${mb(samples[1]?.wall.heapMb ?? NaN)} → ${mb(end.wall.heapMb)} (${mb(end.wall.heapMb - (samples[1]?.wall.heapMb ?? NaN))})`,
    );
    const split = (k: 'jsMb' | 'codeMb' | 'nativeMb', from: Sample) =>
      `${mb(from[k] ?? NaN)} → ${mb(end.wall[k] ?? NaN)} (${mb((end.wall[k] ?? NaN) - (from[k] ?? NaN))})`;
    const parts = (from: Sample) =>
      `the page's JavaScript objects ${split('jsMb', from)}, compiled code ${split('codeMb', from)}, native objects ${split('nativeMb', from)}`;
    console.log(`  the wall's heap snapshots: ${parts(start.wall)}`);
    const half = samples[Math.floor(samples.length / 2)]!.wall;
    console.log(`  second half (from minute ${half.minute}): ${parts(half)}`);
    console.log(
      `  received over the live channel while measured: ${received.pushes} pushes (${(received.pushes / seconds).toFixed(0)}/s), ` +
        `${received.alarms} alarms${counting ? '' : ' (no live socket found: not counted)'}; ticker items at the end: ${ticker} (bounded at 20)`,
    );
    console.log(
      `  page errors: ${pageErrors.length}${pageErrors.length ? ` (first at ${pageErrors[0]!.split(':')[0]})` : ''}`,
    );
    console.log(
      `\nCPU over the ${seconds.toFixed(0)} s measured (of one core; the machine has ${availableParallelism()}): ` +
        `simulated devices ${share('devices')} (nice 19), server ${share('server')}, browser ${share('browser')}; load average ${loadavg()[0]!.toFixed(2)}`,
    );
  } finally {
    await browser?.close().catch(() => undefined);
    await devices?.stop().catch(() => undefined);
    await server?.stop();
    // The console's copy stays when the page threw, so its source maps can name the code.
    if (keepWork)
      console.log(`the console the page ran is kept in ${join(work, 'web')} (its source maps name the code)`);
    else await rm(work, { recursive: true, force: true });
  }
}

await main();
