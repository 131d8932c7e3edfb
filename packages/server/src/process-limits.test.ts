/** The open-file limit: read from /proc, raised to the hard limit with prlimit, and what is logged. */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseOpenFileLimit, raiseOpenFileLimit, softLimitTarget } from './process-limits.js';

const limits = (soft: string, hard: string): string =>
  [
    'Limit                     Soft Limit           Hard Limit           Units     ',
    'Max cpu time              unlimited            unlimited            seconds   ',
    'Max processes             63378                63378                processes ',
    `Max open files            ${soft.padEnd(21)}${hard.padEnd(21)}files     `,
    'Max locked memory         8388608              8388608              bytes     ',
    '',
  ].join('\n');

describe('parseOpenFileLimit', () => {
  it('reads the soft and hard limit of open files', () => {
    expect(parseOpenFileLimit(limits('1024', '524288'))).toEqual({ soft: 1024, hard: 524288 });
    expect(parseOpenFileLimit(limits('1024', 'unlimited'))).toEqual({ soft: 1024, hard: Infinity });
    expect(parseOpenFileLimit('Max processes 1 1 processes\n')).toBeNull();
    expect(parseOpenFileLimit('')).toBeNull();
  });

  it.skipIf(!existsSync('/proc/self/limits'))('reads this process’s own limits', () => {
    const limit = parseOpenFileLimit(readFileSync('/proc/self/limits', 'utf8'));
    expect(limit?.soft).toBeGreaterThan(0);
    expect(limit!.hard).toBeGreaterThanOrEqual(limit!.soft);
  });
});

describe('softLimitTarget', () => {
  it('is the hard limit when the soft one is lower, else nothing', () => {
    expect(softLimitTarget({ soft: 1024, hard: 524288 })).toBe(524288);
    expect(softLimitTarget({ soft: 20000, hard: 20000 })).toBeNull();
    expect(softLimitTarget({ soft: Infinity, hard: Infinity })).toBeNull();
  });
});

describe('raiseOpenFileLimit', () => {
  it('raises the soft limit to the hard one with prlimit on our pid, and says so', async () => {
    let text = limits('1024', '524288');
    const calls: unknown[] = [];
    const report = await raiseOpenFileLimit({
      pid: 4242,
      readLimits: async () => text,
      setLimit: async (...args) => {
        calls.push(args);
        text = limits('524288', '524288');
      },
    });
    expect(calls).toEqual([[4242, '524288', '524288']]);
    expect(report).toEqual({
      level: 'info',
      details: { from: '1024', to: '524288' },
      message: 'open-file limit raised from 1024 to 524288 (the hard limit)',
    });
  });

  it('leaves a limit at its hard limit alone and names it', async () => {
    const report = await raiseOpenFileLimit({
      readLimits: async () => limits('20000', '20000'),
      setLimit: () => Promise.reject(new Error('not to be called')),
    });
    expect(report).toEqual({
      level: 'info',
      details: { soft: '20000', hard: '20000' },
      message: 'open-file limit 20000 (the hard limit)',
    });
  });

  it('warns with the numbers when it cannot be raised', async () => {
    const missing = Object.assign(new Error('spawn prlimit ENOENT'), { code: 'ENOENT' });
    const noTool = await raiseOpenFileLimit({
      readLimits: async () => limits('1024', '4096'),
      setLimit: () => Promise.reject(missing),
    });
    expect(noTool).toEqual({
      level: 'warn',
      details: { soft: '1024', hard: '4096', reason: 'prlimit (util-linux) is not installed' },
      message: 'open-file limit could not be raised to its hard limit: soft 1024, hard 4096',
    });
    const refused = await raiseOpenFileLimit({
      readLimits: async () => limits('1024', '4096'),
      setLimit: () => Promise.reject(new Error('prlimit: failed to set the NOFILE resource limit')),
    });
    expect(refused).toMatchObject({
      level: 'warn',
      details: { reason: 'prlimit: failed to set the NOFILE resource limit' },
    });
    const unchanged = await raiseOpenFileLimit({
      readLimits: async () => limits('1024', '4096'),
      setLimit: async () => {},
    });
    expect(unchanged).toMatchObject({ level: 'warn', details: { reason: 'prlimit left it unchanged' } });
  });

  it('reports an unknown limit where there is no /proc', async () => {
    const report = await raiseOpenFileLimit({
      readLimits: () => Promise.reject(Object.assign(new Error('ENOENT'), { code: 'ENOENT' })),
    });
    expect(report).toMatchObject({ level: 'info', message: /unknown/ });
  });
});
