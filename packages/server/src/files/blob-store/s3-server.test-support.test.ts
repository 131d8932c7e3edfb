import { describe, expect, it } from 'vitest';
import { s3ServerCase } from './s3-server.test-support.js';

const missing = (): string => '@20minutes/s3rver is not installed (MODULE_NOT_FOUND)';

describe('s3ServerCase', () => {
  it('skips with the reason in the title when the server package is missing', async () => {
    const serverCase = s3ServerCase({}, missing);
    expect(serverCase.skip).toBe(
      'S3-compatible test server unavailable: @20minutes/s3rver is not installed (MODULE_NOT_FOUND)',
    );
    expect(String(serverCase)).toBe(`s3 (skipped: ${serverCase.skip})`);
    await expect(serverCase.start()).rejects.toThrow(/not installed/);
  });

  it('fails instead of skipping under REQUIRE_SERVICES=1', async () => {
    const serverCase = s3ServerCase({ REQUIRE_SERVICES: '1' }, missing);
    expect(serverCase.skip).toBeNull();
    expect(serverCase.title).toBe('s3');
    await expect(serverCase.start()).rejects.toThrow(/REQUIRE_SERVICES=1, so this fails instead of skipping/);
  });

  it('starts a server with an empty bucket on a free port of 127.0.0.1, and removes it on close', async () => {
    const serverCase = s3ServerCase({});
    expect(serverCase.skip).toBeNull();
    const started = Date.now();
    const server = await serverCase.start();
    try {
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await server.listKeys()).toEqual([]);
    } finally {
      await server.close();
    }
    await expect(fetch(server.url)).rejects.toThrow();
  });
});
