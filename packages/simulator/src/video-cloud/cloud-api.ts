/**
 * The calls of the simulated video cloud, free of HTTP: form parameters in, the JSON reply out.
 * Paths, parameters and reply codes follow the EZVIZ open platform (open.ys7.com `/api/lapp/…`):
 * codes are strings, "200" is success, 10002 an expired or unknown access token.
 */
import { randomBytes } from 'node:crypto';
import { isPtzDirection, isPtzSpeed, PtzHead } from './ptz.js';
import type { PtzRates, PtzState } from './ptz.js';
import type { StreamTokens } from './stream-token.js';

export const VIDEO_CLOUD_PATHS = {
  token: '/api/lapp/token/get',
  cameraList: '/api/lapp/camera/list',
  ptzStart: '/api/lapp/device/ptz/start',
  ptzStop: '/api/lapp/device/ptz/stop',
  liveAddress: '/api/lapp/v2/live/address/get',
} as const;

export type VideoCloudCall = keyof typeof VIDEO_CLOUD_PATHS;

/** The `protocol` value of a live-address call this simulator answers, with an MJPEG stream. */
export const MJPEG_PROTOCOL = 'mjpeg';
export const MAX_PAGE_SIZE = 50;
export const DEFAULT_TOKEN_LIFETIME_MS = 7 * 24 * 3600 * 1000;

export interface VideoCloudCamera {
  readonly deviceSerial: string;
  /** Default 1. */
  readonly channelNo?: number;
  /** Default the serial. */
  readonly name?: string;
  /** Default true; an offline camera refuses PTZ and live (20007). */
  readonly online?: boolean;
  /** Default true; without PTZ the start and stop calls answer 60000. */
  readonly ptz?: boolean;
  /** Start position (pan 0, tilt 0, zoom 1 by default). */
  readonly pan?: number;
  readonly tilt?: number;
  readonly zoom?: number;
}

export interface VideoCloudAccount {
  readonly appKey: string;
  readonly appSecret: string;
  readonly cameras: readonly VideoCloudCamera[];
}

export interface CloudReply {
  readonly code: string;
  readonly msg: string;
  readonly data?: unknown;
  readonly page?: { readonly total: number; readonly page: number; readonly size: number };
}

export interface RecordedRequest {
  readonly path: string;
  readonly params: Readonly<Record<string, string>>;
  readonly at: number;
}

export interface CloudApiOptions {
  readonly accounts: readonly VideoCloudAccount[];
  readonly tokenLifetimeMs: number;
  readonly now: () => number;
  readonly streamTokens: StreamTokens;
  readonly rates?: PtzRates;
  /** Base of the stream and picture URLs handed out. */
  readonly publicUrl: () => string;
}

const REQUEST_LOG_LIMIT = 500;
const OK = 'Operation succeeded';

function reply(code: string, msg: string): CloudReply {
  return { code, msg };
}

/** A whole number from a form field; absent gives `fallback`, anything else not whole gives NaN. */
function integer(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  return /^-?\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
}

function cameraId(serial: string, channel: number): string {
  return `${serial}\n${channel}`;
}

export class CloudApi {
  readonly counts: Record<VideoCloudCall, number> = {
    token: 0,
    cameraList: 0,
    ptzStart: 0,
    ptzStop: 0,
    liveAddress: 0,
  };
  readonly requests: RecordedRequest[] = [];
  private readonly tokens = new Map<string, { appKey: string; expireTime: number }>();
  private readonly heads = new Map<string, PtzHead>();
  private readonly cameras = new Map<string, VideoCloudCamera>();
  private readonly faults = new Map<string, CloudReply[]>();

  constructor(private readonly options: CloudApiOptions) {
    for (const account of options.accounts) {
      for (const camera of account.cameras) {
        const id = cameraId(camera.deviceSerial, camera.channelNo ?? 1);
        if (this.cameras.has(id)) continue;
        this.cameras.set(id, camera);
        this.heads.set(id, new PtzHead(camera, options.rates));
      }
    }
  }

  /** The camera behind a stream URL, if the cloud has it. */
  camera(serial: string, channel: number): VideoCloudCamera | undefined {
    return this.cameras.get(cameraId(serial, channel));
  }

  ptzState(serial: string, channel: number): PtzState | undefined {
    return this.heads.get(cameraId(serial, channel))?.state(this.options.now());
  }

  /** The next call to `path` answers `code` whatever it asks. */
  failNext(path: string, code: string, msg = 'injected fault'): void {
    const queue = this.faults.get(path) ?? [];
    queue.push(reply(code, msg));
    this.faults.set(path, queue);
  }

  /** Every access token issued so far stops working (10002), as when the cloud revokes them. */
  expireTokens(): void {
    this.tokens.clear();
  }

  /** Answers one call; undefined for a path the cloud does not have. */
  handle(path: string, params: Readonly<Record<string, string>>): CloudReply | undefined {
    const call = (Object.keys(VIDEO_CLOUD_PATHS) as VideoCloudCall[]).find(
      (key) => VIDEO_CLOUD_PATHS[key] === path,
    );
    if (!call) return undefined;
    this.counts[call]++;
    this.requests.push({ path, params, at: this.options.now() });
    if (this.requests.length > REQUEST_LOG_LIMIT) this.requests.shift();
    const fault = this.faults.get(path)?.shift();
    if (fault) return fault;
    if (call === 'token') return this.token(params);
    const account = this.account(params.accessToken);
    if (typeof account === 'string') return reply(account, 'accessToken expired or invalid');
    switch (call) {
      case 'cameraList':
        return this.cameraList(account, params);
      case 'ptzStart':
      case 'ptzStop':
        return this.ptz(account, params, call === 'ptzStart');
      case 'liveAddress':
        return this.liveAddress(account, params);
    }
  }

  private token(params: Readonly<Record<string, string>>): CloudReply {
    const { appKey, appSecret } = params;
    if (!appKey || !appSecret) return reply('10001', 'appKey and appSecret are required');
    const account = this.options.accounts.find((candidate) => candidate.appKey === appKey);
    if (!account) return reply('10017', 'appKey does not exist');
    if (account.appSecret !== appSecret) return reply('10030', 'appKey and appSecret do not match');
    const accessToken = `at.${randomBytes(20).toString('hex')}`;
    const expireTime = this.options.now() + this.options.tokenLifetimeMs;
    this.tokens.set(accessToken, { appKey, expireTime });
    return { code: '200', msg: OK, data: { accessToken, expireTime } };
  }

  /** The account of a live token, or the error code. */
  private account(accessToken: string | undefined): VideoCloudAccount | string {
    if (!accessToken) return '10001';
    const token = this.tokens.get(accessToken);
    if (!token || token.expireTime <= this.options.now()) return '10002';
    return this.options.accounts.find((account) => account.appKey === token.appKey) ?? '10002';
  }

  private cameraList(account: VideoCloudAccount, params: Readonly<Record<string, string>>): CloudReply {
    const pageStart = integer(params.pageStart, 0);
    const pageSize = integer(params.pageSize, 10);
    if (!(pageStart >= 0)) return reply('10001', 'pageStart must be a whole number from 0');
    if (!(pageSize >= 1 && pageSize <= MAX_PAGE_SIZE)) {
      return reply('10001', `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
    }
    const slice = account.cameras.slice(pageStart * pageSize, (pageStart + 1) * pageSize);
    const data = slice.map((camera) => {
      const channelNo = camera.channelNo ?? 1;
      const { token } = this.options.streamTokens.issue(camera.deviceSerial, channelNo);
      const name = camera.name ?? camera.deviceSerial;
      return {
        deviceSerial: camera.deviceSerial,
        ipcSerial: camera.deviceSerial,
        channelNo,
        deviceName: name,
        channelName: name,
        status: camera.online === false ? 0 : 1,
        isShared: '0',
        picUrl: `${this.options.publicUrl()}/live/${encodeURIComponent(camera.deviceSerial)}/${channelNo}.jpg?token=${token}`,
        isEncrypt: 0,
        videoLevel: 2,
      };
    });
    return {
      code: '200',
      msg: OK,
      data,
      page: { total: account.cameras.length, page: pageStart, size: pageSize },
    };
  }

  /** The account's camera named by the call, or the reply that refuses it. */
  private ownCamera(
    account: VideoCloudAccount,
    params: Readonly<Record<string, string>>,
  ): { camera: VideoCloudCamera; serial: string; channel: number } | CloudReply {
    const serial = params.deviceSerial;
    const channel = integer(params.channelNo, 1);
    if (!serial || !(channel >= 1)) return reply('10001', 'deviceSerial and channelNo are required');
    const camera = account.cameras.find((c) => c.deviceSerial === serial && (c.channelNo ?? 1) === channel);
    if (camera) return { camera, serial, channel };
    if (account.cameras.some((c) => c.deviceSerial === serial))
      return reply('20001', 'channel does not exist');
    const elsewhere = [...this.cameras.values()].some((c) => c.deviceSerial === serial);
    return elsewhere
      ? reply('20018', 'the user does not own the device')
      : reply('20002', 'device does not exist');
  }

  private ptz(
    account: VideoCloudAccount,
    params: Readonly<Record<string, string>>,
    start: boolean,
  ): CloudReply {
    const found = this.ownCamera(account, params);
    if ('code' in found) return found;
    const { camera, serial, channel } = found;
    if (camera.online === false) return reply('20007', 'device is offline');
    if (camera.ptz === false) return reply('60000', 'device does not support PTZ');
    const head = this.heads.get(cameraId(serial, channel));
    if (!head) return reply('49999', 'data error');
    const now = this.options.now();
    if (!start) {
      const direction = integer(params.direction, 0);
      if (!isPtzDirection(direction)) return reply('60020', 'command not supported');
      head.stop(now);
      return reply('200', OK);
    }
    const direction = integer(params.direction, Number.NaN);
    const speed = integer(params.speed, 1);
    if (!isPtzDirection(direction)) return reply('60020', 'command not supported');
    if (!isPtzSpeed(speed)) return reply('10001', 'speed must be 0, 1 or 2');
    head.start(direction, speed, now);
    return reply('200', OK);
  }

  private liveAddress(account: VideoCloudAccount, params: Readonly<Record<string, string>>): CloudReply {
    const found = this.ownCamera(account, params);
    if ('code' in found) return found;
    const { camera, serial, channel } = found;
    if (camera.online === false) return reply('20007', 'device is offline');
    if (params.protocol !== MJPEG_PROTOCOL) {
      return reply('10001', `the simulator streams protocol=${MJPEG_PROTOCOL} only`);
    }
    const { token, expireTime } = this.options.streamTokens.issue(serial, channel);
    const url = `${this.options.publicUrl()}/live/${encodeURIComponent(serial)}/${channel}.mjpeg?token=${token}`;
    return { code: '200', msg: OK, data: { id: randomBytes(8).toString('hex'), url, expireTime } };
  }
}
