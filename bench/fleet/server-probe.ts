/**
 * Loaded into the server under test before its main module (node --import), without changing it:
 * watches the event loop. A line `probe` on the server's standard input is answered on its
 * standard output with `probe {…}` (one JSON document: the event-loop delay p50/p99/max in ms
 * since the last answer, and each stall of at least STALL_MS with when it ended, how long it
 * lasted and how much of it the process spent on the CPU), then the figures start afresh.
 *
 * A stall with CPU time close to its length is the server's own work; one with little CPU time is
 * a synchronous wait (a file system call) or the machine giving the process no core.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';

export interface ProbeReport {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly stalls: readonly { readonly endedAt: number; readonly ms: number; readonly cpuMs: number }[];
}

const TICK_MS = 50;
const STALL_MS = 500;

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
let stalls: { endedAt: number; ms: number; cpuMs: number }[] = [];
let last = performance.now();
let lastCpu = process.cpuUsage();
setInterval(() => {
  const now = performance.now();
  const cpu = process.cpuUsage();
  const late = now - last - TICK_MS;
  if (late >= STALL_MS) {
    const cpuMs = (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000;
    stalls.push({ endedAt: performance.timeOrigin + now, ms: now - last, cpuMs });
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
    stalls,
  };
  process.stdout.write(`probe ${JSON.stringify(report)}\n`);
  histogram.reset();
  stalls = [];
});
// Standard input must not keep the server alive.
process.stdin.unref();
