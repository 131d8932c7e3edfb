/**
 * Server secrets. There is deliberately no default in the code: a key either comes from the
 * environment (several nodes sharing one key) or is generated once per data directory.
 */
import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { makeDataDir, PRIVATE_FILE_MODE } from './data-dir.js';

export interface Secrets {
  /** HMAC key that signs access tokens. */
  readonly jwtKey: Uint8Array;
}

export interface SecretsOptions {
  readonly dataDir: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

export const SECRETS_FILE_NAME = 'secrets.json';
export const MIN_JWT_SECRET_LENGTH = 32;

const GENERATED_KEY_BYTES = 32;

/**
 * `JWT_SECRET` when set (at least 32 characters), else the key in `${dataDir}/secrets.json`,
 * generating that file on first use. An unreadable or malformed file is an error, never replaced:
 * replacing it would silently sign everyone out and hide whatever damaged it.
 */
export async function loadSecrets({ dataDir, env }: SecretsOptions): Promise<Secrets> {
  const fromEnv = env.JWT_SECRET;
  if (fromEnv) {
    if (fromEnv.length < MIN_JWT_SECRET_LENGTH) {
      throw new Error(
        `JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} characters (it has ${fromEnv.length}); ` +
          `unset it to use a key generated in ${join(dataDir, SECRETS_FILE_NAME)}`,
      );
    }
    return { jwtKey: new TextEncoder().encode(fromEnv) };
  }

  const file = join(dataDir, SECRETS_FILE_NAME);
  const text = await readIfExists(file);
  if (text !== undefined) return parseSecretsFile(file, text);

  const secrets: Secrets = { jwtKey: new Uint8Array(randomBytes(GENERATED_KEY_BYTES)) };
  await writeAtomically(file, `${JSON.stringify({ jwtKey: toBase64(secrets.jwtKey) }, null, 2)}\n`);
  return secrets;
}

async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`cannot read ${file}: ${(error as Error).message}`, { cause: error });
  }
}

function parseSecretsFile(file: string, text: string): Secrets {
  const corrupt = (why: string): Error =>
    new Error(`${file} is corrupt (${why}); restore it from a backup, or delete it to sign everyone out`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw corrupt('not JSON');
  }
  const encoded =
    typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>).jwtKey : undefined;
  if (typeof encoded !== 'string') throw corrupt('no jwtKey string');
  // Buffer's decoder skips characters outside the alphabet, so check the text first.
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0)
    throw corrupt('jwtKey is not base64');
  const jwtKey = new Uint8Array(Buffer.from(encoded, 'base64'));
  if (jwtKey.length < GENERATED_KEY_BYTES) {
    throw corrupt(`jwtKey has ${jwtKey.length} bytes, at least ${GENERATED_KEY_BYTES} needed`);
  }
  return { jwtKey };
}

/** A crash mid-write leaves either no file or the whole file, never a truncated key. */
async function writeAtomically(file: string, content: string): Promise<void> {
  await makeDataDir(dirname(file));
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, content, { mode: PRIVATE_FILE_MODE, flag: 'wx', flush: true });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}
