/** Server settings from the environment, with the defaults of docs/operations.md. */
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { UserName } from './accounts/fields.js';
import { adminPasswordWeakness, MIN_ADMIN_PASSWORD_LENGTH } from './accounts/password-strength.js';
import { DEFAULT_WEB_DIR } from './console/plugin.js';
import { parseCidr, parseCidrList } from './gateway/modbus-tcp/dial-policy.js';
import type { Cidr } from './gateway/modbus-tcp/dial-policy.js';
import { DEFAULT_TIME_ZONE, isTimeZone } from './history/time.js';
import { logFormatOf } from './http/request-log.js';
import type { LogFormat } from './http/request-log.js';
import { weatherSettings } from './weather/settings.js';
import type { WeatherSettings } from './weather/settings.js';

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** PostgreSQL connection string; the embedded SQLite store when absent. */
  readonly databaseUrl: string | undefined;
  readonly logLevel: string;
  /** Create the demo account and its devices when missing; off with DEMO=0 or DEMO=false. */
  readonly demo: boolean;
  /** The console's address as users reach it (share URLs); the request's own origin when unset. */
  readonly publicUrl: string | undefined;
  /** TCP port DTUs dial (DTU_PORT, default 8899); 0 picks a free one. */
  readonly dtuPort: number;
  /** The heartbeat DTUs send, skipped on their links (DTU_HEARTBEAT, default `ping`); '' for none. */
  readonly dtuHeartbeat: string;
  /** A DTU link that sends nothing for this many seconds is dropped (DTU_IDLE_SECONDS, default 180). */
  readonly dtuIdleSeconds: number;
  /**
   * How DTUs send their registration beyond `SN[:secret]`: a prefix removed from it
   * (DTU_REGISTRATION_PREFIX, default none) and binary bytes whose hex is the serial
   * (DTU_REGISTRATION_HEX, default off).
   */
  readonly dtuRegistration: { readonly prefix: string; readonly hex: boolean };
  /** LOG_FORMAT: `json` or `pretty`; by default pretty on a terminal, else JSON. */
  readonly logFormat: LogFormat;
  /** Whole days of history and events kept (HISTORY_RETENTION_DAYS, default 365). */
  readonly historyRetentionDays: number;
  /** Seconds between the baseline polls of each online device (POLL_SECONDS, default 60). */
  readonly pollSeconds: number;
  /** The zone of the clock set in devices and of pushed times (TIME_ZONE, default Asia/Shanghai). */
  readonly timeZone: string;
  /** The MQTT broker devices reach the server through (MQTT_URL); no MQTT when unset. */
  readonly mqttUrl: string | undefined;
  /** This node's id on the broker and the bus (MQTT_NODE_ID, default from the host name and PORT). */
  readonly mqttNodeId: string;
  /** The Redis the nodes share their bus through (REDIS_URL); one node alone when unset. */
  readonly redisUrl: string | undefined;
  /** The built web console served at `/` (WEB_DIR, default packages/web/dist), an absolute path. */
  readonly webDir: string;
  /** Live-channel sockets one client address may hold open (WS_MAX_PER_ADDRESS, default 256). */
  readonly wsMaxPerAddress: number;
  /**
   * Ranges the server dials Modbus TCP devices in although they are refused by default (loopback,
   * link-local, its own addresses …): MODBUS_TCP_ALLOW, comma-separated CIDR; none by default.
   */
  readonly modbusTcpAllow: readonly Cidr[];
  /**
   * Origins besides the console's own that a login link's redirect_uri may lead to
   * (REDIRECT_ALLOW, comma-separated http(s) origins; none by default).
   */
  readonly redirectAllow: readonly string[];
  /**
   * http origins whose micro-apps the console may frame besides any https address
   * (MICRO_APP_ORIGINS, space- or comma-separated; none by default).
   */
  readonly microAppOrigins: readonly string[];
  /** Serve the console's source maps, `*.map` (SERVE_SOURCE_MAPS=1); off by default. */
  readonly serveSourceMaps: boolean;
  /** Whose X-Forwarded-For names the client (TRUST_PROXY); false by default: the socket's peer. */
  readonly trustProxy: TrustProxy;
  /** The largest stored file (FILE_MAX_BYTES, default 20 MiB). */
  readonly fileMaxBytes: number;
  /** Bytes each user's uploads may take (FILE_QUOTA_BYTES, default 512 MiB); null (0) for no quota. */
  readonly fileQuotaBytes: number | null;
  /**
   * The video cloud users' camera accounts belong to (VIDEO_CLOUD_URL, default
   * https://open.ys7.com), without a trailing slash; undefined when unset (the demo then uses its own).
   */
  readonly videoCloudUrl: string | undefined;
  /**
   * Ranges stream-address cameras may be fetched from although refused by default (loopback,
   * link-local, the server's own addresses …): CAMERA_STREAM_ALLOW, comma-separated CIDR; none by default.
   */
  readonly cameraStreamAllow: readonly Cidr[];
  /** The weather provider (WEATHER_PROVIDER and the rest, weather/settings.ts); null for none. */
  readonly weather: WeatherSettings | null;
  /**
   * The administrator made or raised at start (ADMIN_USER and ADMIN_PASSWORD, both or neither;
   * accounts/bootstrap-admin.ts); null when unset. There is never a built-in one.
   */
  readonly admin: AdminAccount | null;
}

export interface AdminAccount {
  readonly userName: string;
  readonly password: string;
}

/**
 * ADMIN_USER and ADMIN_PASSWORD: both or neither, a valid user name, and a password strong enough
 * for an account that may do everything (accounts/password-strength.ts). The password is never
 * repeated in an error.
 */
export function adminAccountOf(env: Readonly<Record<string, string | undefined>>): AdminAccount | null {
  const userName = env.ADMIN_USER?.trim() ?? '';
  const password = env.ADMIN_PASSWORD ?? '';
  if (userName === '' && password === '') return null;
  if (userName === '' || password === '') {
    throw new Error(
      'ADMIN_USER and ADMIN_PASSWORD go together: set both to create the first administrator, or neither',
    );
  }
  if (!UserName.safeParse(userName).success) {
    throw new Error(
      `ADMIN_USER must be 1-32 letters, digits, Chinese characters or _-., got '${env.ADMIN_USER}'`,
    );
  }
  if (password.length > 128) throw new Error('ADMIN_PASSWORD must be at most 128 characters');
  const weakness = adminPasswordWeakness(password, userName);
  if (weakness !== null) {
    throw new Error(
      `ADMIN_PASSWORD is too weak (${weakness}): use at least ${MIN_ADMIN_PASSWORD_LENGTH} characters of 3 kinds (lower case, upper case, digits, others), without the user name`,
    );
  }
  return { userName, password };
}

/**
 * The proxies trusted to name the client: their addresses or CIDR ranges (or the names loopback,
 * linklocal, uniquelocal), true for any peer, false for none. No hop count: Fastify refuses one, as
 * it would let a client that reaches the server directly name itself.
 */
export type TrustProxy = boolean | readonly string[];

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** TRUST_PROXY in the forms Fastify's trustProxy takes; unset, empty, 0 or false for none. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (['', '0', 'false'].includes(value.toLowerCase())) return false;
  if (value.toLowerCase() === 'true') return true;
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (!PROXY_RANGE_NAMES.includes(entry) && parseCidr(entry) === null) {
      throw new Error(
        `TRUST_PROXY must be true or a comma-separated list of proxy addresses, CIDR ranges or ${PROXY_RANGE_NAMES.join('/')} (no hop count); '${entry}' is none of these`,
      );
    }
  }
  return entries;
}

/** The DEMO values that turn the demo account off; anything else, or unset, leaves it on. */
const DEMO_OFF = ['0', 'false'];

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

const MQTT_URL = /^(mqtts?|wss?):\/\/[^\s/?#]+(\/[^\s?#]*)?$/;
const MQTT_NODE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const REDIS_URL = /^rediss?:\/\/[^\s/?#]+(\/\d{1,2})?$/;

/**
 * The MQTT node id a server takes unless MQTT_NODE_ID says otherwise, the same across restarts:
 * the host name and the HTTP port, other characters than letters, digits, `_` and `-` turned into
 * `-`, cut to 64 characters.
 */
export function defaultMqttNodeId(host: string, port: number): string {
  const name = host.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'node';
  const suffix = `-${port}`;
  return `${name.slice(0, 64 - suffix.length)}${suffix}`;
}

/** A whole number in range from an environment variable; unset or blank gives the default. */
function wholeNumber(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name]?.trim();
  const value = raw ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number ${min}-${max}, got '${env[name]}'`);
  }
  return value;
}

/** A comma-separated list of http(s) origins (scheme, host and port only), normalised. */
export function originList(raw: string | undefined, name: string): string[] {
  const origins: string[] = [];
  for (const item of (raw ?? '').split(',')) {
    const value = item.trim();
    if (value === '') continue;
    let url: URL | null = null;
    try {
      url = new URL(value);
    } catch {
      url = null;
    }
    const bare = url && url.pathname === '/' && !/[?#@]/.test(value) && !url.username && !url.password;
    if (!url || !/^https?:$/.test(url.protocol) || !bare) {
      throw new Error(
        `${name} must list http:// or https:// origins (no path, query or user), got '${value}'`,
      );
    }
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}

/** An origin a Content-Security-Policy source can name: a host of letters, digits, dots and hyphens. */
const CSP_ORIGIN = /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/;

/**
 * MICRO_APP_ORIGINS: http(s) origins separated by spaces or commas, normalised. Each becomes a
 * source of the CSP's frame-src, whose grammar has no IPv6 literal and no other character in a
 * host (one such as `;` would end the directive): those are refused too.
 */
export function microAppOriginsOf(raw: string | undefined): string[] {
  const origins = originList((raw ?? '').replace(/\s+/g, ','), 'MICRO_APP_ORIGINS');
  const unnamable = origins.find((origin) => !CSP_ORIGIN.test(origin));
  if (unnamable !== undefined) {
    throw new Error(
      `MICRO_APP_ORIGINS must list origins whose host is letters, digits, dots and hyphens (a Content-Security-Policy can name no other, nor an IPv6 address), got '${unnamable}'`,
    );
  }
  return origins;
}

export function loadConfig(
  env: Readonly<Record<string, string | undefined>> = process.env,
  isTerminal: boolean = process.stdout.isTTY === true,
): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number 0-65535, got '${env.PORT}'`);
  }
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${logLevel}'`);
  }
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const publicUrl = env.PUBLIC_URL?.trim().replace(/\/+$/, '') || undefined;
  if (publicUrl && !/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(publicUrl)) {
    throw new Error(
      `PUBLIC_URL must be an http:// or https:// URL without query or fragment, got '${env.PUBLIC_URL}'`,
    );
  }
  const demo = !DEMO_OFF.includes((env.DEMO ?? '').trim().toLowerCase());
  const dtuPort = wholeNumber(env, 'DTU_PORT', 8899, 0, 65535);
  if (dtuPort !== 0 && dtuPort === port) throw new Error(`DTU_PORT and PORT must differ, both are ${port}`);
  const dtuHeartbeat = env.DTU_HEARTBEAT ?? 'ping';
  if (dtuHeartbeat !== '' && !/^[\x20-\x7e]{1,64}$/.test(dtuHeartbeat)) {
    throw new Error('DTU_HEARTBEAT must be 1-64 printable ASCII characters, or empty for none');
  }
  const logFormat = logFormatOf(env.LOG_FORMAT, isTerminal);
  const dtuRegistrationPrefix = env.DTU_REGISTRATION_PREFIX ?? '';
  if (dtuRegistrationPrefix !== '' && !/^[\x20-\x7e]{1,32}$/.test(dtuRegistrationPrefix)) {
    throw new Error('DTU_REGISTRATION_PREFIX must be 1-32 printable ASCII characters, or empty for none');
  }
  const dtuRegistrationHex = ['1', 'true'].includes((env.DTU_REGISTRATION_HEX ?? '').trim().toLowerCase());
  const dtuIdleSeconds = wholeNumber(env, 'DTU_IDLE_SECONDS', 180, 1, 86_400);
  const historyRetentionDays = wholeNumber(env, 'HISTORY_RETENTION_DAYS', 365, 1, 36_500);
  const pollSeconds = wholeNumber(env, 'POLL_SECONDS', 60, 1, 86_400);
  const timeZone = env.TIME_ZONE?.trim() || DEFAULT_TIME_ZONE;
  if (!isTimeZone(timeZone)) {
    throw new Error(`TIME_ZONE must be an IANA time zone such as Asia/Shanghai, got '${env.TIME_ZONE}'`);
  }
  const mqttUrl = env.MQTT_URL?.trim() || undefined;
  if (mqttUrl && !MQTT_URL.test(mqttUrl)) {
    throw new Error(`MQTT_URL must be an mqtt://, mqtts://, ws:// or wss:// URL, got '${env.MQTT_URL}'`);
  }
  const mqttNodeId = env.MQTT_NODE_ID?.trim() || defaultMqttNodeId(hostname(), port);
  if (!MQTT_NODE_ID.test(mqttNodeId)) {
    throw new Error(`MQTT_NODE_ID must be 1-64 letters, digits, _ or -, got '${env.MQTT_NODE_ID}'`);
  }
  const redisUrl = env.REDIS_URL?.trim() || undefined;
  if (redisUrl && !REDIS_URL.test(redisUrl)) {
    // Not shown: it may hold a password.
    throw new Error('REDIS_URL must be a redis:// or rediss:// URL with an optional /DB number');
  }
  const webDir = env.WEB_DIR?.trim() ? resolve(env.WEB_DIR.trim()) : DEFAULT_WEB_DIR;
  const wsMaxPerAddress = wholeNumber(env, 'WS_MAX_PER_ADDRESS', 256, 1, 1_000_000);
  const fileMaxBytes = wholeNumber(env, 'FILE_MAX_BYTES', 20 * 1024 * 1024, 1024, 1024 * 1024 * 1024);
  const fileQuotaBytes = wholeNumber(env, 'FILE_QUOTA_BYTES', 512 * 1024 * 1024, 0, Number.MAX_SAFE_INTEGER);
  let modbusTcpAllow: Cidr[];
  try {
    modbusTcpAllow = parseCidrList(env.MODBUS_TCP_ALLOW ?? '');
  } catch (error) {
    throw new Error(`MODBUS_TCP_ALLOW must be a comma-separated CIDR list: ${(error as Error).message}`);
  }
  const redirectAllow = originList(env.REDIRECT_ALLOW, 'REDIRECT_ALLOW');
  const microAppOrigins = microAppOriginsOf(env.MICRO_APP_ORIGINS);
  const videoCloudUrl = env.VIDEO_CLOUD_URL?.trim().replace(/\/+$/, '') || undefined;
  if (videoCloudUrl && !/^https?:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/.test(videoCloudUrl)) {
    throw new Error(
      `VIDEO_CLOUD_URL must be an http:// or https:// URL without user, query or fragment, got '${env.VIDEO_CLOUD_URL}'`,
    );
  }
  let cameraStreamAllow: Cidr[];
  try {
    cameraStreamAllow = parseCidrList(env.CAMERA_STREAM_ALLOW ?? '');
  } catch (error) {
    throw new Error(`CAMERA_STREAM_ALLOW must be a comma-separated CIDR list: ${(error as Error).message}`);
  }
  const serveSourceMaps = ['1', 'true'].includes((env.SERVE_SOURCE_MAPS ?? '').trim().toLowerCase());
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl,
    logLevel,
    demo,
    publicUrl,
    dtuPort,
    dtuHeartbeat,
    dtuIdleSeconds,
    dtuRegistration: { prefix: dtuRegistrationPrefix, hex: dtuRegistrationHex },
    logFormat,
    historyRetentionDays,
    pollSeconds,
    timeZone,
    mqttUrl,
    mqttNodeId,
    redisUrl,
    webDir,
    wsMaxPerAddress,
    fileMaxBytes,
    fileQuotaBytes: fileQuotaBytes === 0 ? null : fileQuotaBytes,
    modbusTcpAllow,
    redirectAllow,
    microAppOrigins,
    serveSourceMaps,
    trustProxy,
    videoCloudUrl,
    cameraStreamAllow,
    weather: weatherSettings(env),
    admin: adminAccountOf(env),
  };
}
