/**
 * Loaded into the server under test before its main module (by server-main.ts), without changing it:
 * watches the event loop. A line `probe` on the server's standard input is answered on its
 * standard output with `probe {…}` (one JSON document: the event-loop delay p50/p99/max in ms
 * since the last answer, and each stall of at least STALL_MS with when it ended, how long it
 * lasted and how much of it the process spent on the CPU), then the figures start afresh.
 *
 * A stall with CPU time close to its length is the server's own work; one with little CPU time is
 * a synchronous wait (a file system call) or the machine giving the process no core. The garbage
 * collector's pauses are watched too: each answer gives their total, count and longest, and each
 * stall how much of it was spent in them.
 *
 * With FLEET_PROBE_PROFILE_DIR set, each `probe` also ends the CPU profile of the stretch since the
 * previous one (written there as stretch-N.cpuprofile, N counting from 1, with its stalls in
 * stretch-N.stalls.json) and starts the next, so a profile covers exactly what was measured. With
 * FLEET_PROBE_HEAP_PROFILE=1 as well, a sampling heap profile of the stretch is written beside it
 * (stretch-N.heapprofile: where what the stretch allocated and left alive was allocated).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { createInterface } from 'node:readline';

export interface Stall {
  /** When it ended (ms since the epoch). */
  readonly endedAt: number;
  readonly ms: number;
  /** Time on the CPU (user and system) during the stall. */
  readonly cpuMs: number;
  /** Time in garbage-collector pauses during the stall. */
  readonly gcMs: number;
}

export interface ProbeReport {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly stalls: readonly Stall[];
  /** Garbage-collector pauses since the last answer: their total, count and longest (ms). */
  readonly gc: { readonly ms: number; readonly count: number; readonly longest: number };
}

const TICK_MS = 50;
const STALL_MS = 500;

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
/** Stalls since the last answer, on the performance.now() clock, and in µs of the monotonic clock. */
let stalls: { start: number; end: number; cpuMs: number; startUs: number; endUs: number }[] = [];
/** Microseconds of the monotonic clock, the clock of a CPU profile's sample times. */
const monotonicUs = (): number => Number(process.hrtime.bigint() / 1000n);
/** Garbage-collector pauses since the last answer, on the same clock. */
let pauses: { start: number; end: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    pauses.push({ start: entry.startTime, end: entry.startTime + entry.duration });
}).observe({ entryTypes: ['gc'] });

/** How much of [start, end) the pauses cover. */
function overlap(start: number, end: number): number {
  let ms = 0;
  for (const p of pauses) ms += Math.max(0, Math.min(end, p.end) - Math.max(start, p.start));
  return ms;
}

let last = performance.now();
let lastUs = monotonicUs();
let lastCpu = process.cpuUsage();

/** Starts the figures afresh: the delay histogram, the stalls, the pauses and the tick's clocks. */
function restartWatch(): void {
  histogram.reset();
  stalls = [];
  pauses = [];
  last = performance.now();
  lastUs = monotonicUs();
  lastCpu = process.cpuUsage();
}
setInterval(() => {
  const now = performance.now();
  const nowUs = monotonicUs();
  const cpu = process.cpuUsage();
  const late = now - last - TICK_MS;
  if (late >= STALL_MS) {
    const cpuMs = (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000;
    stalls.push({ start: last, end: now, cpuMs, startUs: lastUs, endUs: nowUs });
  }
  last = now;
  lastUs = nowUs;
  lastCpu = cpu;
}, TICK_MS).unref();

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line !== 'probe') return;
  const report: ProbeReport = {
    p50: histogram.percentile(50) / 1e6,
    p99: histogram.percentile(99) / 1e6,
    max: histogram.max / 1e6,
    stalls: stalls.map((s) => ({
      endedAt: performance.timeOrigin + s.end,
      ms: s.end - s.start,
      cpuMs: s.cpuMs,
      gcMs: overlap(s.start, s.end),
    })),
    gc: {
      ms: pauses.reduce((a, p) => a + p.end - p.start, 0),
      count: pauses.length,
      longest: pauses.reduce((a, p) => Math.max(a, p.end - p.start), 0),
    },
  };
  process.stdout.write(`probe ${JSON.stringify(report)}\n`);
  const stalled = stalls.map((s, i) => ({ ...report.stalls[i], startUs: s.startUs, endUs: s.endUs }));
  restartWatch();
  if (PROFILE_DIR) void nextProfile(PROFILE_DIR, stalled);
});

const PROFILE_DIR = process.env.FLEET_PROBE_PROFILE_DIR?.trim() || null;
/** With a profile directory: also a sampling heap profile of each stretch (what it left alive). */
const HEAP_PROFILE = process.env.FLEET_PROBE_HEAP_PROFILE === '1';
let profiler: Session | null = null;
/** Whether a CPU profile is being taken (from the first probe on). */
let cpuProfiling = false;
let stretch = 0;

/**
 * Ends the stretch's profile and starts the next. Beside the profile, stretch-N.stalls.json lists
 * the stretch's stalls with their start and end in the profile's clock (startUs, endUs), to find
 * the samples taken during each.
 */
async function nextProfile(dir: string, stalled: readonly object[]): Promise<void> {
  profiler ??= await openSession();
  if (cpuProfiling) {
    const { profile } = await profiler.post('Profiler.stop');
    const heap = HEAP_PROFILE ? (await profiler.post('HeapProfiler.stopSampling')).profile : null;
    stretch += 1;
    // Written before anything else runs: the server may be told to stop right after the last probe.
    writeFileSync(join(dir, `stretch-${stretch}.stalls.json`), JSON.stringify(stalled, null, 1));
    writeFileSync(join(dir, `stretch-${stretch}.cpuprofile`), JSON.stringify(profile));
    if (heap) writeFileSync(join(dir, `stretch-${stretch}.heapprofile`), JSON.stringify(heap));
    if (HEAP_PROFILE) await startHeapSampling(profiler);
  }
  await profiler.post('Profiler.start');
  cpuProfiling = true;
  // Ending a profile blocks the server (about a second for a minute at 20,000 devices): the next
  // stretch is measured from here, so the profiler's own pause is counted in neither.
  restartWatch();
}

async function openSession(): Promise<Session> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  if (HEAP_PROFILE) await session.post('HeapProfiler.enable');
  return session;
}

async function startHeapSampling(session: Session): Promise<void> {
  await session.post('HeapProfiler.startSampling', { samplingInterval: 64 * 1024 });
}

// The first stretch's heap profile covers the server's whole life until its end: what the server
// holds for its links is allocated while they come up, before the first probe.
if (PROFILE_DIR && HEAP_PROFILE) {
  profiler = await openSession();
  await startHeapSampling(profiler);
}

// Standard input must not keep the server alive.
process.stdin.unref();
