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
 * previous one (written there as stretch-N.cpuprofile, N counting from 1) and starts the next, so
 * a profile covers exactly what was measured.
 */
import { writeFile } from 'node:fs/promises';
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
/** Stalls since the last answer, on the performance.now() clock. */
let stalls: { start: number; end: number; cpuMs: number }[] = [];
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
let lastCpu = process.cpuUsage();
setInterval(() => {
  const now = performance.now();
  const cpu = process.cpuUsage();
  const late = now - last - TICK_MS;
  if (late >= STALL_MS) {
    const cpuMs = (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000;
    stalls.push({ start: last, end: now, cpuMs });
  }
  last = now;
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
  histogram.reset();
  stalls = [];
  pauses = [];
  if (PROFILE_DIR) void nextProfile(PROFILE_DIR);
});

const PROFILE_DIR = process.env.FLEET_PROBE_PROFILE_DIR?.trim() || null;
let profiler: Session | null = null;
let stretch = 0;

async function nextProfile(dir: string): Promise<void> {
  if (profiler === null) {
    profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
  } else {
    const { profile } = await profiler.post('Profiler.stop');
    stretch += 1;
    await writeFile(join(dir, `stretch-${stretch}.cpuprofile`), JSON.stringify(profile));
  }
  await profiler.post('Profiler.start');
}
// Standard input must not keep the server alive.
process.stdin.unref();
