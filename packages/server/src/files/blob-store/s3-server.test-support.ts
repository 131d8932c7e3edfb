/**
 * A real S3-compatible server for tests: @20minutes/s3rver (a maintained fork of s3rver) serves
 * S3's REST API from a temporary directory and checks Signature V4, on 127.0.0.1 at a free port.
 * When the package is not installed its tests are skipped with the reason in their title, unless
 * REQUIRE_SERVICES=1 (as in CI), where they fail instead.
 *
 * ```ts
 * const serverCase = s3ServerCase();
 * describe(serverCase.title, () => {
 *   const server = useS3Server(serverCase);
 *   it.skipIf(serverCase.skip)('…', async () => {
 *     const store = createS3BlobStore(server().settings);
 *   });
 * });
 * ```
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AwsClient } from 'aws4fetch';
import { afterAll, beforeAll } from 'vitest';
import { DEFAULT_S3_REGION } from './s3-settings.js';
import type { S3Settings } from './s3-settings.js';
import { unescapeXml } from './s3-xml.js';

const SERVER_PACKAGE = '@20minutes/s3rver';
/** The one account the server knows (its built-in dummy account). */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;
export const S3_TEST_BUCKET = 'fieldlink-test';

export interface S3TestServer {
  /** The endpoint, e.g. http://127.0.0.1:41234. */
  readonly url: string;
  /** Settings for S3_TEST_BUCKET, which exists and is empty at start. */
  readonly settings: S3Settings;
  /** The keys in the bucket under `prefix`, as the server stored them, sorted. */
  listKeys(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

export interface S3ServerCase {
  /** 's3', with the skip reason when skipped, for test titles. */
  readonly title: string;
  /** Why the server cannot run here, or null when it can. */
  readonly skip: string | null;
  start(): Promise<S3TestServer>;
  toString(): string;
}

interface S3rverOptions {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  vhostBuckets: boolean;
  configureBuckets: { name: string }[];
}
interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: S3rverOptions) => S3rverInstance;

type Env = Readonly<Record<string, string | undefined>>;

/** `probe` says why the server cannot run, or null when it can; by default, whether its package loads. */
export function s3ServerCase(
  env: Env = process.env,
  probe: () => string | null = probeServerPackage,
): S3ServerCase {
  const required = env.REQUIRE_SERVICES === '1';
  const problem = probe();
  const unavailable = problem === null ? null : `S3-compatible test server unavailable: ${problem}`;
  const skip = required ? null : unavailable;
  const title = skip === null ? 's3' : `s3 (skipped: ${skip})`;
  return {
    title,
    skip,
    toString: () => title,
    async start() {
      if (unavailable !== null) {
        throw new Error(
          required
            ? `${unavailable} (REQUIRE_SERVICES=1, so this fails instead of skipping; run npm install)`
            : unavailable,
        );
      }
      return startS3Server();
    },
  };
}

/**
 * Starts the case's server before the tests of the enclosing suite and stops it after them, and
 * returns its accessor. Nothing starts for a skipped case. When starting fails, each test that uses
 * the accessor fails with that error, so failures are counted per test, not hidden behind a hook.
 */
export function useS3Server(serverCase: S3ServerCase): () => S3TestServer {
  let server: S3TestServer | undefined;
  let failure: unknown;
  beforeAll(async () => {
    if (serverCase.skip !== null) return;
    try {
      server = await serverCase.start();
    } catch (error) {
      failure = error;
    }
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (server) return server;
    throw failure ?? new Error(`${serverCase.title}: the server runs only inside the suite's tests`);
  };
}

async function startS3Server(): Promise<S3TestServer> {
  const S3rver = createRequire(import.meta.url)(SERVER_PACKAGE) as S3rverConstructor;
  const directory = await mkdtemp(join(tmpdir(), 'fieldlink-s3-'));
  let instance: S3rverInstance;
  let url: string;
  try {
    instance = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      vhostBuckets: false,
      configureBuckets: [{ name: S3_TEST_BUCKET }],
    });
    const { port } = await instance.run();
    url = `http://127.0.0.1:${port}`;
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const settings: S3Settings = {
    url,
    bucket: S3_TEST_BUCKET,
    region: DEFAULT_S3_REGION,
    ...S3_TEST_CREDENTIALS,
    forcePathStyle: true,
  };
  const client = new AwsClient({
    ...S3_TEST_CREDENTIALS,
    service: 's3',
    region: DEFAULT_S3_REGION,
    retries: 0,
  });
  let closing: Promise<void> | undefined;
  return {
    url,
    settings,
    async listKeys(prefix = '') {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const query = new URLSearchParams({
          'list-type': '2',
          prefix,
          ...(token ? { 'continuation-token': token } : {}),
        });
        const response = await client.fetch(`${url}/${S3_TEST_BUCKET}?${query.toString()}`);
        const xml = await response.text();
        if (!response.ok) throw new Error(`listing the test bucket failed: ${response.status} ${xml}`);
        for (const match of xml.matchAll(/<Key>([\s\S]*?)<\/Key>/g)) keys.push(unescapeXml(match[1] ?? ''));
        token = /<NextContinuationToken>([\s\S]*?)<\/NextContinuationToken>/.exec(xml)?.[1];
      } while (token !== undefined);
      return keys.sort();
    },
    close: () =>
      (closing ??= (async () => {
        try {
          await instance.close();
        } finally {
          await rm(directory, { recursive: true, force: true });
        }
      })()),
  };
}

/** Null when the server package loads, else why not. Synchronous: skips are decided while collecting. */
function probeServerPackage(): string | null {
  try {
    createRequire(import.meta.url).resolve(SERVER_PACKAGE);
    return null;
  } catch (error) {
    return `${SERVER_PACKAGE} is not installed (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
  }
}
