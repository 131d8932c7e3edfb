/**
 * The process's open-file limit. Every socket (a browser's live channel, a DTU, a database or Redis
 * connection) holds a file descriptor, so this number bounds how many connections the server can
 * hold; at it, new ones are refused and even the health check stops answering.
 *
 * On Linux, Node raises its soft limit to the hard one when it starts, but only as far as it can;
 * this checks the limits in /proc/self/limits, raises the soft limit to the hard one where it is
 * lower (Node has no setrlimit: util-linux's `prlimit` does it for our pid), and reports what the
 * limit is, so the number is in the start-up log. Only main.ts calls it.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';

/** Soft and hard limit; Infinity for `unlimited`. */
export interface FileLimit {
  readonly soft: number;
  readonly hard: number;
}

/** What to log about the limit. */
export interface FileLimitReport {
  readonly level: 'info' | 'warn';
  readonly details: Readonly<Record<string, unknown>>;
  readonly message: string;
}

export interface RaiseFileLimitOptions {
  /** The text of /proc/self/limits. */
  readonly readLimits?: () => Promise<string>;
  /** Sets soft and hard limit of the process (`prlimit --pid <pid> --nofile=<soft>:<hard>`). */
  readonly setLimit?: (pid: number, soft: string, hard: string) => Promise<void>;
  readonly pid?: number;
}

const LIMIT = /^Max open files\s+(\d+|unlimited)\s+(\d+|unlimited)\s/m;

const count = (text: string): number => (text === 'unlimited' ? Infinity : Number(text));
const shown = (n: number): string => (n === Infinity ? 'unlimited' : String(n));

/** The open-file limits from the text of /proc/<pid>/limits, or null when they are not in it. */
export function parseOpenFileLimit(limitsText: string): FileLimit | null {
  const match = LIMIT.exec(limitsText);
  if (!match) return null;
  return { soft: count(match[1]!), hard: count(match[2]!) };
}

/** The soft limit to set, or null when it is at the hard limit already. */
export function softLimitTarget(limit: FileLimit): number | null {
  return limit.soft >= limit.hard ? null : limit.hard;
}

function prlimit(pid: number, soft: string, hard: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      'prlimit',
      ['--pid', String(pid), `--nofile=${soft}:${hard}`],
      { timeout: 5000 },
      (error, _out, err) => {
        if (error) reject(new Error(err.trim() || error.message, { cause: error }));
        else resolve();
      },
    );
  });
}

/** Raises the soft open-file limit to the hard one where it is lower; says what it found and did. */
export async function raiseOpenFileLimit(options: RaiseFileLimitOptions = {}): Promise<FileLimitReport> {
  const readLimits = options.readLimits ?? (() => readFile('/proc/self/limits', 'utf8'));
  const setLimit = options.setLimit ?? prlimit;
  let before: FileLimit | null;
  try {
    before = parseOpenFileLimit(await readLimits());
  } catch {
    return { level: 'info', details: {}, message: 'open-file limit unknown: no /proc/self/limits here' };
  }
  if (before === null) {
    return { level: 'warn', details: {}, message: 'open-file limit unknown: not in /proc/self/limits' };
  }
  const numbers = { soft: shown(before.soft), hard: shown(before.hard) };
  const target = softLimitTarget(before);
  if (target === null) {
    return { level: 'info', details: numbers, message: `open-file limit ${numbers.soft} (the hard limit)` };
  }
  const cannot = (reason: string): FileLimitReport => ({
    level: 'warn',
    details: { ...numbers, reason },
    message: `open-file limit could not be raised to its hard limit: soft ${numbers.soft}, hard ${numbers.hard}`,
  });
  try {
    await setLimit(options.pid ?? process.pid, shown(target), numbers.hard);
    const after = parseOpenFileLimit(await readLimits());
    if (after === null || after.soft < target) return cannot('prlimit left it unchanged');
    return {
      level: 'info',
      details: { from: numbers.soft, to: shown(after.soft) },
      message: `open-file limit raised from ${numbers.soft} to ${shown(after.soft)} (the hard limit)`,
    };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return cannot(code === 'ENOENT' ? 'prlimit (util-linux) is not installed' : (error as Error).message);
  }
}
