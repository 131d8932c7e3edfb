/** Where the S3 blob store is, from the S3_* variables of the environment. */

export interface S3Settings {
  /** The endpoint, e.g. http://127.0.0.1:9000 or https://s3.eu-central-1.amazonaws.com. */
  readonly url: string;
  readonly bucket: string;
  /** The region requests are signed for; us-east-1 by default (what most S3-compatible stores take). */
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** The bucket in the path (http://host/bucket/key) rather than the host name; true by default. */
  readonly forcePathStyle: boolean;
  /** A folder in the bucket holding every key, so one bucket can serve several installations. */
  readonly prefix?: string;
}

type Env = Readonly<Record<string, string | undefined>>;

export const DEFAULT_S3_REGION = 'us-east-1';

const REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];
/** S3's rule for new buckets, loosened to the upper case and `_` that older stores still allow. */
const BUCKET_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{1,61}[A-Za-z0-9]$/;
const REGION = /^[A-Za-z0-9-]{1,64}$/;

/**
 * The S3 settings, or null when S3_URL is unset (the bytes then stay in the database). Throws an
 * error naming every missing or malformed variable; no message repeats a secret.
 */
export function parseS3Settings(env: Env = process.env): S3Settings | null {
  const rawUrl = (env.S3_URL ?? '').trim();
  if (rawUrl === '') return null;
  const missing = REQUIRED.filter((name) => (env[name] ?? '').trim() === '');
  if (missing.length > 0) {
    const names =
      missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;
    throw new Error(
      `S3_URL is set, so the S3 blob store needs ${names} too; ${missing.length === 1 ? 'it is' : 'they are'} missing`,
    );
  }
  const url = endpointOf(rawUrl);
  const bucket = (env.S3_BUCKET ?? '').trim();
  if (!BUCKET_NAME.test(bucket) || bucket.includes('..')) {
    throw new Error(
      `S3_BUCKET must be a bucket name of 3-63 letters, digits, '.', '-' or '_', got '${bucket}'`,
    );
  }
  const region = (env.S3_REGION ?? '').trim() || DEFAULT_S3_REGION;
  if (!REGION.test(region))
    throw new Error(`S3_REGION must be a region name such as eu-central-1, got '${region}'`);
  const pathStyle = (env.S3_PATH_STYLE ?? '').trim().toLowerCase();
  if (pathStyle !== '' && !TRUE.includes(pathStyle) && !FALSE.includes(pathStyle)) {
    throw new Error(`S3_PATH_STYLE must be true or false (1 or 0), got '${env.S3_PATH_STYLE ?? ''}'`);
  }
  const prefix = (env.S3_PREFIX ?? '').trim();
  return {
    url,
    bucket,
    region,
    accessKeyId: (env.S3_ACCESS_KEY_ID ?? '').trim(),
    secretAccessKey: (env.S3_SECRET_ACCESS_KEY ?? '').trim(),
    forcePathStyle: !FALSE.includes(pathStyle),
    ...(prefix === '' ? {} : { prefix }),
  };
}

function endpointOf(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('S3_URL must be an http:// or https:// URL such as http://127.0.0.1:9000');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`S3_URL must be an http:// or https:// URL, got a ${url.protocol} one`);
  }
  // Keys in the URL would end up in logs and error messages: they belong in their own variables.
  if (url.username !== '' || url.password !== '') {
    throw new Error(
      'S3_URL must not carry credentials: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY instead',
    );
  }
  if (url.search !== '' || url.hash !== '') throw new Error('S3_URL must have no query or fragment');
  return raw;
}
