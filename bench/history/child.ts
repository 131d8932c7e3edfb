/**
 * The peak resident memory of the benchmark server's process, read from /proc (Linux). The
 * server itself is started by bench/api/child.ts.
 */
import { readFile, writeFile } from 'node:fs/promises';

/** The process's peak resident set (VmHWM) in bytes; null where /proc does not tell. */
export async function peakRss(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^VmHWM:\s+(\d+)\s+kB$/m.exec(status);
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Resets the peak to the current resident set; false when the kernel refuses. */
export async function resetPeakRss(pid: number): Promise<boolean> {
  try {
    await writeFile(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
