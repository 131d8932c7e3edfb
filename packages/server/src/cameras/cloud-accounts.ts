/**
 * The users' video-cloud accounts (users.camera_param, spec §3 camera user param) as clients of
 * the one cloud the operator configured (VIDEO_CLOUD_URL). Each user's client lives in memory
 * with its access token, so the token rule (video-cloud-client.ts) spares the token call across
 * requests; a changed account (PATCH /me) gets a new client. Camera lists are kept for a short
 * while, as are live addresses until shortly before the cloud's expiry. An account without appKey
 * is skipped (no client, no call).
 */
import type { Kysely } from 'kysely';
import type { StreamKind } from '@fieldlink/protocol';
import { readCameraParam } from '../accounts/preferences.js';
import type { Database } from '../storage/schema.js';
import { createVideoCloudClient } from './video-cloud-client.js';
import type { CloudCamera, PtzDirectionCode, PtzSpeed, VideoCloudClient } from './video-cloud-client.js';
import { VideoCloudError } from './video-cloud-error.js';

/** How long a camera list (or the error reading it) is reused. */
export const LIST_TTL_MS = 30_000;
/** A live address is fetched again this long before the cloud says it expires. */
export const LIVE_MARGIN_MS = 60_000;
/** How long a live address without a known expiry is reused. */
export const LIVE_DEFAULT_TTL_MS = 5 * 60_000;
/** Accounts kept in memory; the least recently used go first. */
export const MAX_ACCOUNTS = 10_000;
const MAX_LIVE_ADDRESSES = 1_000;

export interface CloudAccountsOptions {
  readonly db: Kysely<Database>;
  /** The video cloud, e.g. https://open.ys7.com (VIDEO_CLOUD_URL). */
  readonly baseUrl: string;
  readonly now: () => number;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

export interface CloudList {
  /** The account has an appKey. */
  readonly configured: boolean;
  readonly appType: string | null;
  readonly cameras: readonly CloudCamera[];
  /** Why the cameras could not be read. */
  readonly error: string | null;
}

export interface CloudLive {
  readonly url: string;
  readonly kind: StreamKind;
}

interface Account {
  readonly fingerprint: string;
  readonly appType: string | null;
  readonly client: VideoCloudClient | null;
  list?: { readonly at: number; readonly result: Promise<CloudList> };
}

export class NoCloudAccount extends Error {
  constructor() {
    super('no video-cloud account with an appKey');
    this.name = 'NoCloudAccount';
  }
}

export class CloudAccounts {
  private readonly accounts = new Map<number, Account>();
  private readonly live = new Map<string, { readonly address: CloudLive; readonly until: number }>();
  /**
   * The live protocol this cloud serves: a real cloud answers HLS, the Fieldlink simulator only
   * MJPEG. Learnt from the first address asked for (HLS first, MJPEG when the cloud refuses it
   * as a bad parameter), then kept.
   */
  private protocol: StreamKind | undefined;

  constructor(private readonly options: CloudAccountsOptions) {}

  /** The user's client (null without appKey) and app type, as their stored account says now. */
  async account(userId: number): Promise<Account> {
    const row = await this.options.db
      .selectFrom('users')
      .select('camera_param')
      .where('id', '=', userId)
      .executeTakeFirst();
    const param = readCameraParam(row?.camera_param ?? null);
    const fingerprint = JSON.stringify([param?.appKey, param?.appSecret, param?.accessToken]);
    const known = this.accounts.get(userId);
    if (known && known.fingerprint === fingerprint) {
      // Most recently used last: the first key is the one to drop.
      this.accounts.delete(userId);
      this.accounts.set(userId, known);
      return known;
    }
    const client = param
      ? createVideoCloudClient({
          baseUrl: this.options.baseUrl,
          account: { appKey: param.appKey, appSecret: param.appSecret, accessToken: param.accessToken },
          now: this.options.now,
          ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
          ...(this.options.timeoutMs !== undefined ? { timeoutMs: this.options.timeoutMs } : {}),
        })
      : null;
    const account: Account = { fingerprint, appType: param?.appType ?? null, client };
    this.accounts.delete(userId);
    this.accounts.set(userId, account);
    if (this.accounts.size > MAX_ACCOUNTS) {
      const oldest = this.accounts.keys().next().value;
      if (oldest !== undefined) this.accounts.delete(oldest);
    }
    return account;
  }

  /** The cameras of the user's account, or why they could not be read. */
  async list(userId: number): Promise<CloudList> {
    const account = await this.account(userId);
    const { client, appType } = account;
    if (client === null) return { configured: false, appType, cameras: [], error: null };
    const now = this.options.now();
    if (account.list && now - account.list.at < LIST_TTL_MS) return account.list.result;
    const result = client.listCameras().then(
      (cameras): CloudList => ({ configured: true, appType, cameras, error: null }),
      (error: unknown): CloudList => ({ configured: true, appType, cameras: [], error: messageOf(error) }),
    );
    account.list = { at: now, result };
    return result;
  }

  /** Where to play a camera of the user's account; throws NoCloudAccount or VideoCloudError. */
  async liveAddress(userId: number, serial: string, channel: number): Promise<CloudLive> {
    const account = await this.account(userId);
    const client = account.client;
    if (client === null) throw new NoCloudAccount();
    const key = `${userId}\n${account.fingerprint}\n${serial}\n${channel}`;
    const now = this.options.now();
    const cached = this.live.get(key);
    if (cached && cached.until > now) return cached.address;
    const tries: readonly StreamKind[] = this.protocol ? [this.protocol] : ['hls', 'mjpeg'];
    for (const kind of tries) {
      try {
        const live = await client.liveAddress(serial, channel, kind);
        this.protocol = kind;
        const address = { url: live.url, kind };
        const until =
          live.expireTime !== undefined ? live.expireTime - LIVE_MARGIN_MS : now + LIVE_DEFAULT_TTL_MS;
        this.live.set(key, { address, until });
        if (this.live.size > MAX_LIVE_ADDRESSES) {
          const oldest = this.live.keys().next().value;
          if (oldest !== undefined) this.live.delete(oldest);
        }
        return address;
      } catch (error) {
        const refusedKind =
          error instanceof VideoCloudError && error.kind === 'cloud' && error.code === '10001';
        if (!(refusedKind && kind !== tries.at(-1))) throw error;
      }
    }
    throw new Error('unreachable: the last protocol tried throws');
  }

  /** Starts or stops a PTZ motion with the user's account; throws NoCloudAccount or VideoCloudError. */
  async ptz(
    userId: number,
    serial: string,
    channel: number,
    action: 'start' | 'stop',
    direction: PtzDirectionCode,
    speed: PtzSpeed,
  ): Promise<void> {
    const { client } = await this.account(userId);
    if (client === null) throw new NoCloudAccount();
    if (action === 'start') await client.ptzStart(serial, channel, direction, speed);
    else await client.ptzStop(serial, channel, direction);
  }
}

export function messageOf(error: unknown): string {
  if (error instanceof VideoCloudError) return error.message;
  return `video cloud call failed: ${error instanceof Error ? error.message : String(error)}`;
}
