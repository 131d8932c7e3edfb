/** How the dual-dialect harness reports a PostgreSQL it cannot reach. */
import { describe, expect, it } from 'vitest';
import { storageCases } from './test-support.js';

// Port 1 refuses at once, so the probe answers without waiting for its timeout.
const UNREACHABLE = 'postgres://fieldlink:hunter2@127.0.0.1:1/test';

function postgresCase(env: Record<string, string>) {
  const found = storageCases(env).find((storageCase) => storageCase.name === 'postgres');
  if (!found) throw new Error('no postgres case');
  return found;
}

describe('storageCases', () => {
  it('always offers sqlite, never skipped', () => {
    const [sqlite] = storageCases({ TEST_DATABASE_URL: UNREACHABLE });
    expect(sqlite).toMatchObject({ name: 'sqlite', skip: null, title: 'sqlite' });
    expect(`${sqlite}`).toBe('sqlite');
  });

  it('skips an unreachable PostgreSQL with the reason in the title, password masked', async () => {
    const postgres = postgresCase({ TEST_DATABASE_URL: UNREACHABLE });
    expect(postgres.skip).toMatch(
      /^PostgreSQL unreachable at postgres:\/\/fieldlink:\*\*\*@127\.0\.0\.1:1\/test: \S/,
    );
    expect(postgres.title).toBe(`postgres (skipped: ${postgres.skip})`);
    expect(`${postgres}`).toBe(postgres.title);
    expect(postgres.title).not.toContain('hunter2');
    await expect(postgres.open()).rejects.toThrow(/^PostgreSQL unreachable at /);
  });

  it('fails instead of skipping when REQUIRE_SERVICES=1', async () => {
    const postgres = postgresCase({ TEST_DATABASE_URL: UNREACHABLE, REQUIRE_SERVICES: '1' });
    expect(postgres.skip).toBeNull();
    expect(postgres.title).toBe('postgres');
    await expect(postgres.open()).rejects.toThrow(
      /unreachable at .*REQUIRE_SERVICES=1, so this fails instead of skipping/,
    );
  });
});
