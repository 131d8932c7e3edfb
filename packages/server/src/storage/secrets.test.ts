/** Where the token signing key comes from: JWT_SECRET, else a key generated once per data directory. */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSecrets, SECRETS_FILE_NAME } from './secrets.js';

let dataDir: string;
let file: string;
beforeEach(async () => {
  dataDir = join(await mkdtemp(join(tmpdir(), 'fieldlink-secrets-')), 'data');
  file = join(dataDir, SECRETS_FILE_NAME);
});
afterEach(async () => {
  await rm(join(dataDir, '..'), { recursive: true, force: true });
});

describe('generated key', () => {
  it('is created once, 32 random bytes, and the same on every later load', async () => {
    const first = await loadSecrets({ dataDir, env: {} });
    expect(first.jwtKey).toBeInstanceOf(Uint8Array);
    expect(first.jwtKey).toHaveLength(32);
    expect(first.jwtKey.some((byte) => byte !== 0)).toBe(true);

    const second = await loadSecrets({ dataDir, env: {} });
    expect(second.jwtKey).toEqual(first.jwtKey);
    const saved = JSON.parse(await readFile(file, 'utf8')) as { jwtKey: string };
    expect(new Uint8Array(Buffer.from(saved.jwtKey, 'base64'))).toEqual(first.jwtKey);
  });

  it('differs between data directories', async () => {
    const other = join(dataDir, 'other');
    const a = await loadSecrets({ dataDir, env: {} });
    const b = await loadSecrets({ dataDir: other, env: {} });
    expect(a.jwtKey).not.toEqual(b.jwtKey);
  });

  it('is readable by its owner only and leaves no temporary file behind', async () => {
    await loadSecrets({ dataDir, env: {} });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(dataDir)).toEqual([SECRETS_FILE_NAME]);
  });

  it('is used when JWT_SECRET is empty', async () => {
    const { jwtKey } = await loadSecrets({ dataDir, env: { JWT_SECRET: '' } });
    expect(jwtKey).toHaveLength(32);
    expect(existsSync(file)).toBe(true);
  });
});

describe('JWT_SECRET', () => {
  it('overrides the file and writes nothing', async () => {
    const generated = await loadSecrets({ dataDir: join(dataDir, 'generated'), env: {} });
    const secret = 'a'.repeat(31) + 'é';
    const { jwtKey } = await loadSecrets({ dataDir, env: { JWT_SECRET: secret } });
    expect(jwtKey).toEqual(new TextEncoder().encode(secret));
    expect(jwtKey).not.toEqual(generated.jwtKey);
    expect(existsSync(file)).toBe(false);
  });

  it('is refused below 32 characters', async () => {
    await expect(loadSecrets({ dataDir, env: { JWT_SECRET: 'x'.repeat(31) } })).rejects.toThrow(
      'JWT_SECRET must be at least 32 characters (it has 31)',
    );
    expect(existsSync(file)).toBe(false);
  });
});

describe('a damaged secrets file', () => {
  const damaged: [string, string][] = [
    ['not JSON', '{"jwtKey": '],
    ['no jwtKey string', '{}'],
    ['no jwtKey string', 'null'],
    ['no jwtKey string', '{"jwtKey": 42}'],
    ['jwtKey is not base64', '{"jwtKey": "not base64!"}'],
    ['jwtKey is not base64', '{"jwtKey": ""}'],
    ['jwtKey has 8 bytes, at least 32 needed', JSON.stringify({ jwtKey: randomBytes(8).toString('base64') })],
  ];

  it.each(damaged)('is refused (%s), naming the file, and left as it was: %s', async (why, content) => {
    await loadSecrets({ dataDir, env: {} });
    await writeFile(file, content);
    const error = await loadSecrets({ dataDir, env: {} }).then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(file);
    expect((error as Error).message).toContain(why);
    expect(await readFile(file, 'utf8')).toBe(content);
  });
});
