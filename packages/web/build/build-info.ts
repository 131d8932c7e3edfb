/**
 * The facts the console's About page shows of its build, put in by Vite's `define`: the version of
 * packages/web/package.json, the short hash of the commit (read with git when the sources are a
 * git checkout with git installed; 'unknown' otherwise, so a build never needs git) and the time.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildInfo } from '../src/app/build-info';

/** The name the console reads them under (src/app/build-info.ts). */
export const BUILD_INFO_NAME = '__FIELDLINK_BUILD__';

/** The short hash of HEAD in `dir`, or 'unknown' without git or a repository. */
export function commitOf(dir: string): string {
  try {
    const hash = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 10_000,
    }).trim();
    return /^[0-9a-f]{4,40}$/.test(hash) ? hash : 'unknown';
  } catch {
    return 'unknown';
  }
}

export function buildInfoOf(webRoot: string, now: Date = new Date()): BuildInfo {
  const manifest = JSON.parse(readFileSync(join(webRoot, 'package.json'), 'utf8')) as { version?: unknown };
  return {
    version: typeof manifest.version === 'string' ? manifest.version : 'unknown',
    commit: commitOf(webRoot),
    builtAt: now.toISOString(),
  };
}

/** Vite's `define` entry for it. */
export function buildInfoDefine(webRoot: string): Record<string, string> {
  return { [BUILD_INFO_NAME]: JSON.stringify(buildInfoOf(webRoot)) };
}
