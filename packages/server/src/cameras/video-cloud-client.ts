/**
 * Client of a user's third-party video cloud (spec §3, §7-§9; the EZVIZ open platform's
 * `/api/lapp/…` calls): form-encoded POSTs, JSON replies whose `code` is "200" on success, the
 * access token in the form (no Authorization header). The token rule of the specification lives
 * here and nowhere else: fetch one when there is none or less than a day of it is left, and when a
 * call answers anything but 200 fetch a new one and retry that call once.
 */
import { z } from 'zod';
import {
  ACCOUNT_CODES,
  describeCloudCode,
  formatWait,
  TOKEN_EXPIRED_CODE,
  VideoCloudError,
} from './video-cloud-error.js';
import { cameraKey } from './video-cloud-key.js';

export const VIDEO_CLOUD_TIMEOUT_MS = 12_000;
/** A token with less than this left is replaced before use. */
export const TOKEN_REFRESH_MARGIN_MS = 86_400_000;
export const CAMERA_PAGE_SIZE = 50;
/** A camera list that has not ended after this many pages is taken as abnormal (spec §8). */
export const MAX_CAMERA_PAGES = 30;
export const CAMERA_LIST_ABNORMAL = 'camera info read abnormal';

export const VIDEO_CLOUD_API = {
  token: '/api/lapp/token/get',
  cameraList: '/api/lapp/camera/list',
  ptzStart: '/api/lapp/device/ptz/start',
  ptzStop: '/api/lapp/device/ptz/stop',
  liveAddress: '/api/lapp/v2/live/address/get',
} as const;

/** The cloud's `protocol` values; `mjpeg` is what the Fieldlink simulator streams. */
const LIVE_PROTOCOL = { ezopen: '1', hls: '2', rtmp: '3', flv: '4', mjpeg: 'mjpeg' } as const;
export type LiveProtocol = keyof typeof LIVE_PROTOCOL;

export interface VideoCloudAccount {
  readonly appKey?: string | undefined;
  readonly appSecret?: string | undefined;
  readonly accessToken?: string | undefined;
  /** When `accessToken` expires, epoch ms; unknown means it is used until the cloud refuses it. */
  readonly expireTime?: number | undefined;
}

export interface VideoCloudClientOptions {
  /** e.g. `https://open.ys7.com`. */
  readonly baseUrl: string;
  readonly account: VideoCloudAccount;
  readonly now?: () => number;
  readonly fetch?: typeof fetch;
  /** Per HTTP call, body included; default 12 s. */
  readonly timeoutMs?: number;
  /** A token was fetched: persist it with the account. A rejection fails the call that fetched it. */
  readonly onToken?: (accessToken: string, expireTime: number) => void | Promise<void>;
}

export interface CloudCamera {
  /** cameraKey(serial, channel). */
  readonly key: string;
  readonly serial: string;
  readonly channel: number;
  readonly name: string;
  readonly online: boolean;
  /** A preview picture, when the cloud gives one. */
  readonly picUrl?: string;
}

export interface LiveAddress {
  readonly url: string;
  /** Epoch ms, when the cloud says it as a number. */
  readonly expireTime?: number;
}

/** PTZ direction codes: 0 up … 7 down-right, 8 zoom in, 9 zoom out. */
export type PtzDirectionCode = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
/** 0 slow, 1 medium, 2 fast. */
export type PtzSpeed = 0 | 1 | 2;

const WholeNumber = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
]);

const Reply = z.object({
  code: z.union([z.string(), z.number()]).transform(String),
  msg: z.string().nullish(),
  data: z.unknown().optional(),
  page: z.object({ total: WholeNumber.optional() }).nullish(),
});
type Reply = z.infer<typeof Reply>;

const TokenData = z.object({ accessToken: z.string().min(1), expireTime: WholeNumber });

const WireCamera = z.object({
  deviceSerial: z.string().min(1),
  channelNo: WholeNumber.pipe(z.number().min(1)).optional(),
  channelName: z.string().nullish(),
  deviceName: z.string().nullish(),
  status: WholeNumber.nullish(),
  picUrl: z.string().nullish(),
});

const LiveData = z.object({ url: z.string().min(1), expireTime: z.unknown().optional() });

function hasAppKey(account: VideoCloudAccount): boolean {
  return Boolean(account.appKey?.trim());
}

/** A client for the account, or null when it has no appKey (such an account is skipped). */
export function createVideoCloudClient(options: VideoCloudClientOptions): VideoCloudClient | null {
  return hasAppKey(options.account) ? new VideoCloudClient(options) : null;
}

export class VideoCloudClient {
  private readonly baseUrl: string;
  private readonly appKey: string;
  private readonly appSecret: string;
  private readonly now: () => number;
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;
  private readonly onToken: VideoCloudClientOptions['onToken'];
  private current: { accessToken: string; expireTime: number | undefined } | undefined;
  private refreshing: Promise<string> | undefined;

  /** Throws VideoCloudError `no_app_key` for an account without appKey. */
  constructor(options: VideoCloudClientOptions) {
    const { account } = options;
    if (!hasAppKey(account)) {
      throw new VideoCloudError('no_app_key', 'no_app_key', 'the camera account has no appKey');
    }
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.appKey = account.appKey?.trim() ?? '';
    this.appSecret = account.appSecret ?? '';
    this.now = options.now ?? Date.now;
    this.fetch = options.fetch ?? globalThis.fetch;
    this.timeoutMs = options.timeoutMs ?? VIDEO_CLOUD_TIMEOUT_MS;
    this.onToken = options.onToken;
    if (account.accessToken)
      this.current = { accessToken: account.accessToken, expireTime: account.expireTime };
  }

  /** The access token to call with, fetched first when missing or under a day from expiry. */
  async token(): Promise<string> {
    const current = this.current;
    const stale =
      !current ||
      (current.expireTime !== undefined && current.expireTime - this.now() < TOKEN_REFRESH_MARGIN_MS);
    return stale ? this.refresh() : current.accessToken;
  }

  /** Every camera of the account, 50 a page; more than 30 pages is refused as abnormal. */
  async listCameras(): Promise<CloudCamera[]> {
    const cameras: CloudCamera[] = [];
    for (let page = 0; ; page++) {
      if (page >= MAX_CAMERA_PAGES) {
        throw new VideoCloudError('list_abnormal', 'list_abnormal', CAMERA_LIST_ABNORMAL);
      }
      const reply = await this.call('camera list', VIDEO_CLOUD_API.cameraList, {
        pageStart: String(page),
        pageSize: String(CAMERA_PAGE_SIZE),
      });
      const items = Array.isArray(reply.data) ? reply.data : [];
      for (const item of items) {
        const camera = readCamera(item);
        if (camera) cameras.push(camera);
      }
      const total = reply.page?.total;
      const read = (page + 1) * CAMERA_PAGE_SIZE;
      if (items.length === 0 || (total !== undefined ? read >= total : items.length < CAMERA_PAGE_SIZE)) {
        return cameras;
      }
    }
  }

  /** Starts moving; the camera keeps moving until ptzStop. */
  async ptzStart(
    serial: string,
    channel: number,
    direction: PtzDirectionCode,
    speed: PtzSpeed = 1,
  ): Promise<void> {
    checkChoice('direction', direction, 9);
    checkChoice('speed', speed, 2);
    await this.call('PTZ start', VIDEO_CLOUD_API.ptzStart, {
      deviceSerial: serial,
      channelNo: String(channel),
      direction: String(direction),
      speed: String(speed),
    });
  }

  async ptzStop(serial: string, channel: number, direction?: PtzDirectionCode): Promise<void> {
    if (direction !== undefined) checkChoice('direction', direction, 9);
    await this.call('PTZ stop', VIDEO_CLOUD_API.ptzStop, {
      deviceSerial: serial,
      channelNo: String(channel),
      ...(direction !== undefined ? { direction: String(direction) } : {}),
    });
  }

  /** Where to play the camera live: `hls` from a real cloud, `mjpeg` from the simulator. */
  async liveAddress(serial: string, channel: number, protocol: LiveProtocol): Promise<LiveAddress> {
    const reply = await this.call('live address', VIDEO_CLOUD_API.liveAddress, {
      deviceSerial: serial,
      channelNo: String(channel),
      protocol: LIVE_PROTOCOL[protocol],
    });
    const data = LiveData.safeParse(reply.data);
    if (!data.success) throw badReply('live address', 'no stream address in the reply');
    const expireTime = WholeNumber.safeParse(data.data.expireTime);
    return { url: data.data.url, ...(expireTime.success ? { expireTime: expireTime.data } : {}) };
  }

  /** Fetches a new token now; concurrent callers share one token call. */
  private refresh(): Promise<string> {
    this.refreshing ??= this.fetchToken().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async fetchToken(): Promise<string> {
    const reply = await this.post('token', VIDEO_CLOUD_API.token, {
      appKey: this.appKey,
      appSecret: this.appSecret,
    });
    if (reply.code !== '200') {
      const words = describeCloudCode(reply.code, reply.msg ?? undefined);
      if (ACCOUNT_CODES.has(reply.code)) {
        throw new VideoCloudError(
          'account',
          reply.code,
          `video cloud refused the account: ${words} (${reply.code})`,
        );
      }
      throw new VideoCloudError(
        'cloud',
        reply.code,
        `video cloud token call failed: ${words} (${reply.code})`,
      );
    }
    const data = TokenData.safeParse(reply.data);
    if (!data.success) throw badReply('token', 'no accessToken and expireTime in the reply');
    const { accessToken, expireTime } = data.data;
    this.current = { accessToken, expireTime };
    await this.onToken?.(accessToken, expireTime);
    return accessToken;
  }

  /** One call with the token rule: a reply other than 200 gets one new token and one retry. */
  private async call(operation: string, path: string, params: Record<string, string>): Promise<Reply> {
    const first = await this.post(operation, path, { accessToken: await this.token(), ...params });
    if (first.code === '200') return first;
    const second = await this.post(operation, path, { accessToken: await this.refresh(), ...params });
    if (second.code === '200') return second;
    const words = describeCloudCode(second.code, second.msg ?? undefined);
    if (second.code === TOKEN_EXPIRED_CODE) {
      throw new VideoCloudError(
        'token_rejected',
        second.code,
        `video cloud refused a freshly fetched access token for the ${operation} (${second.code})`,
      );
    }
    throw new VideoCloudError(
      'cloud',
      second.code,
      `video cloud ${operation} failed: ${words} (${second.code})`,
    );
  }

  private async post(operation: string, path: string, params: Record<string, string>): Promise<Reply> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      const res = await this.fetch(this.baseUrl + path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams(params).toString(),
        signal: controller.signal,
      });
      const text = await res.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw badReply(operation, `HTTP ${res.status}, not JSON`);
      }
      const reply = Reply.safeParse(json);
      if (!reply.success) throw badReply(operation, `HTTP ${res.status}, no code`);
      return reply.data;
    } catch (error) {
      if (error instanceof VideoCloudError) throw error;
      if (controller.signal.aborted) {
        throw new VideoCloudError(
          'timeout',
          'timeout',
          `video cloud did not answer in ${formatWait(this.timeoutMs)}`,
        );
      }
      const cause =
        error instanceof Error ? (error.cause instanceof Error ? error.cause : error).message : '';
      throw new VideoCloudError(
        'network',
        'network',
        `video cloud could not be reached${cause ? `: ${cause}` : ''}`,
      );
    } finally {
      clearTimeout(timer);
    }
  }
}

function readCamera(item: unknown): CloudCamera | undefined {
  const parsed = WireCamera.safeParse(item);
  if (!parsed.success) return undefined;
  const {
    deviceSerial: serial,
    channelNo: channel = 1,
    channelName,
    deviceName,
    status,
    picUrl,
  } = parsed.data;
  return {
    key: cameraKey(serial, channel),
    serial,
    channel,
    name: channelName?.trim() || deviceName?.trim() || serial,
    online: status !== 0,
    ...(picUrl ? { picUrl } : {}),
  };
}

function badReply(operation: string, detail: string): VideoCloudError {
  return new VideoCloudError(
    'bad_reply',
    'bad_reply',
    `video cloud sent an unreadable ${operation} reply (${detail})`,
  );
}

function checkChoice(name: string, value: number, max: number): void {
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new RangeError(`PTZ ${name} must be a whole number from 0 to ${max}, got ${value}`);
  }
}
