import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { startVideoCloud, VIDEO_CLOUD_PATHS } from '@fieldlink/simulator';
import type { VideoCloud, VideoCloudCamera } from '@fieldlink/simulator';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CAMERA_LIST_ABNORMAL,
  createVideoCloudClient,
  TOKEN_REFRESH_MARGIN_MS,
  VIDEO_CLOUD_API,
  VideoCloudClient,
} from './video-cloud-client.js';
import type { VideoCloudAccount, VideoCloudClientOptions } from './video-cloud-client.js';
import { VideoCloudError } from './video-cloud-error.js';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const START = 1_700_000_000_000;

function cameras(count: number): VideoCloudCamera[] {
  return Array.from({ length: count }, (_, i) => ({ deviceSerial: `C${String(i).padStart(5, '0')}` }));
}

/** The error a promise rejects with, to check its kind, code and message. */
async function failure(promise: Promise<unknown>): Promise<VideoCloudError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(VideoCloudError);
  return error as VideoCloudError;
}

describe('VideoCloudClient against the simulated cloud', () => {
  let clock = START;
  let cloud: VideoCloud;
  const tokens: Array<[string, number]> = [];

  const client = (account: Partial<VideoCloudAccount> = {}, options: Partial<VideoCloudClientOptions> = {}) =>
    new VideoCloudClient({
      baseUrl: cloud.url,
      account: { appKey: 'key-a', appSecret: 'secret-a', ...account },
      now: () => clock,
      onToken: (token, expireTime) => void tokens.push([token, expireTime]),
      ...options,
    });
  /** A token the cloud issued at START, so it expires at START + 7 days. */
  const issuedToken = async (): Promise<string> => {
    const saved = clock;
    clock = START;
    const token = await client().token();
    clock = saved;
    tokens.length = 0;
    return token;
  };

  beforeEach(async () => {
    clock = START;
    tokens.length = 0;
    cloud = await startVideoCloud({
      now: () => clock,
      accounts: [
        {
          appKey: 'key-a',
          appSecret: 'secret-a',
          cameras: [
            { deviceSerial: 'PTZ001', name: 'Gate' },
            { deviceSerial: 'NVR001', channelNo: 2, name: 'Yard' },
            { deviceSerial: 'OFF001', online: false },
          ],
        },
        { appKey: 'key-120', appSecret: 's', cameras: cameras(120) },
        { appKey: 'key-1500', appSecret: 's', cameras: cameras(1500) },
        { appKey: 'key-1501', appSecret: 's', cameras: cameras(1501) },
        { appKey: 'key-1600', appSecret: 's', cameras: cameras(1600) },
      ],
    });
  });
  afterEach(() => cloud.stop());

  describe('token rule', () => {
    it('fetches a token when there is none, hands it to onToken, then reuses it', async () => {
      const camerasClient = client();
      const token = await camerasClient.token();
      expect(tokens).toEqual([[token, START + 7 * DAY]]);
      await camerasClient.listCameras();
      await camerasClient.listCameras();
      expect(cloud.counts.token).toBe(1);
      expect(cloud.requests.map((r) => r.params.accessToken)).toEqual([undefined, token, token]);
    });

    it('shares one token call among concurrent calls', async () => {
      const camerasClient = client();
      await Promise.all([
        camerasClient.listCameras(),
        camerasClient.ptzStop('PTZ001', 1),
        camerasClient.token(),
      ]);
      expect(cloud.counts.token).toBe(1);
    });

    it('keeps a token with 25 h left and replaces one with 23 h left before the call', async () => {
      const stored = await issuedToken();
      const expireTime = START + 7 * DAY;
      clock = expireTime - 25 * HOUR;
      await client({ accessToken: stored, expireTime }).listCameras();
      expect(cloud.counts.token).toBe(1);
      clock = expireTime - 23 * HOUR;
      const refreshed = client({ accessToken: stored, expireTime });
      await refreshed.listCameras();
      expect(cloud.counts.token).toBe(2);
      expect(cloud.counts.cameraList).toBe(2);
      expect(cloud.requests.at(-1)?.params.accessToken).toBe(tokens[0]?.[0]);
      expect(tokens).toEqual([[expect.any(String), clock + 7 * DAY]]);
      expect(tokens[0]?.[0]).not.toBe(stored);
    });

    it('refreshes under exactly one day left, not at it', async () => {
      const stored = await issuedToken();
      const expireTime = START + 7 * DAY;
      clock = expireTime - TOKEN_REFRESH_MARGIN_MS;
      expect(await client({ accessToken: stored, expireTime }).token()).toBe(stored);
      clock += 1;
      expect(await client({ accessToken: stored, expireTime }).token()).not.toBe(stored);
      expect(TOKEN_REFRESH_MARGIN_MS).toBe(86_400_000);
    });

    it('on a reply other than 200 fetches one new token and retries the call once', async () => {
      const stored = await issuedToken();
      const camerasClient = client({ accessToken: stored, expireTime: START + 7 * DAY });
      cloud.failNext(VIDEO_CLOUD_PATHS.cameraList, '10002');
      expect(await camerasClient.listCameras()).toHaveLength(3);
      expect(cloud.counts).toMatchObject({ token: 2, cameraList: 2 });
      const [refreshed] = tokens[0] ?? [];
      expect(cloud.requests.slice(-3).map((r) => r.params.accessToken)).toEqual([
        stored,
        undefined,
        refreshed,
      ]);
    });

    it('recovers from a stored token the cloud no longer takes, expiry unknown', async () => {
      const stored = await issuedToken();
      cloud.expireTokens();
      const camerasClient = client({ accessToken: stored });
      await camerasClient.ptzStart('PTZ001', 1, 3);
      expect(cloud.counts).toMatchObject({ token: 2, ptzStart: 2 });
      expect(cloud.ptzState('PTZ001')?.moving).toBe(3);
    });

    it('gives up after the one retry: token_rejected when the new token is refused too', async () => {
      const camerasClient = client();
      cloud.failNext(VIDEO_CLOUD_PATHS.cameraList, '10002');
      cloud.failNext(VIDEO_CLOUD_PATHS.cameraList, '10002');
      const error = await failure(camerasClient.listCameras());
      expect(error).toMatchObject({ kind: 'token_rejected', code: '10002' });
      expect(error.message).toBe(
        'video cloud refused a freshly fetched access token for the camera list (10002)',
      );
      expect(cloud.counts).toMatchObject({ token: 2, cameraList: 2 });
    });

    it('names a wrong appKey or appSecret as an account error, without retrying', async () => {
      const wrongSecret = await failure(client({ appSecret: 'nope' }).listCameras());
      expect(wrongSecret).toMatchObject({ kind: 'account', code: '10030' });
      expect(wrongSecret.message).toBe(
        'video cloud refused the account: the appKey and appSecret do not match (10030)',
      );
      const unknownKey = await failure(client({ appKey: 'nope' }).token());
      expect(unknownKey.message).toBe('video cloud refused the account: the appKey is not known (10017)');
      expect(cloud.counts).toMatchObject({ token: 2, cameraList: 0 });
    });
  });

  describe('camera list', () => {
    it('reads 120 cameras in 3 pages of 50', async () => {
      const list = await client({ appKey: 'key-120', appSecret: 's' }).listCameras();
      expect(list).toHaveLength(120);
      expect(list[119]).toMatchObject({
        key: 'C00119',
        serial: 'C00119',
        channel: 1,
        name: 'C00119',
        online: true,
      });
      const pages = cloud.requests
        .filter((r) => r.path === VIDEO_CLOUD_PATHS.cameraList)
        .map((r) => r.params);
      expect(pages.map((p) => [p.pageStart, p.pageSize])).toEqual([
        ['0', '50'],
        ['1', '50'],
        ['2', '50'],
      ]);
    });

    it('maps channel, name, status and picture, keying channel 2 as serial_2', async () => {
      const list = await client().listCameras();
      expect(list.map(({ key, name, online }) => ({ key, name, online }))).toEqual([
        { key: 'PTZ001', name: 'Gate', online: true },
        { key: 'NVR001_2', name: 'Yard', online: true },
        { key: 'OFF001', name: 'OFF001', online: false },
      ]);
      expect(list[1]?.picUrl).toMatch(new RegExp(`^${cloud.url}/live/NVR001/2\\.jpg\\?token=`));
      expect((await fetch(list[1]?.picUrl ?? '')).headers.get('content-type')).toBe('image/jpeg');
    });

    it('reads 1500 cameras in exactly 30 pages', async () => {
      expect(await client({ appKey: 'key-1500', appSecret: 's' }).listCameras()).toHaveLength(1500);
      expect(cloud.counts.cameraList).toBe(30);
    });

    it.each([1501, 1600])(
      'stops with "camera info read abnormal" after page 30 of %i cameras',
      async (count) => {
        const error = await failure(client({ appKey: `key-${count}`, appSecret: 's' }).listCameras());
        expect(error).toMatchObject({ kind: 'list_abnormal', message: CAMERA_LIST_ABNORMAL });
        expect(cloud.counts.cameraList).toBe(30);
      },
    );
  });

  describe('PTZ and live address', () => {
    it('sends PTZ start and stop with serial, channel, direction and speed', async () => {
      const ptz = client();
      await ptz.ptzStart('NVR001', 2, 8, 2);
      clock += 500;
      await ptz.ptzStop('NVR001', 2, 8);
      await ptz.ptzStop('PTZ001', 1);
      const sent = cloud.requests
        .slice(-3)
        .map(({ path, params: { accessToken: _, ...rest } }) => ({ path, rest }));
      expect(sent).toEqual([
        {
          path: VIDEO_CLOUD_API.ptzStart,
          rest: { deviceSerial: 'NVR001', channelNo: '2', direction: '8', speed: '2' },
        },
        { path: VIDEO_CLOUD_API.ptzStop, rest: { deviceSerial: 'NVR001', channelNo: '2', direction: '8' } },
        { path: VIDEO_CLOUD_API.ptzStop, rest: { deviceSerial: 'PTZ001', channelNo: '1' } },
      ]);
      expect(cloud.ptzState('NVR001', 2)).toMatchObject({ zoom: 2, moving: null });
      expect(cloud.requests.every((r) => r.params.accessToken || r.path === VIDEO_CLOUD_API.token)).toBe(
        true,
      );
    });

    it('defaults PTZ speed to 1 and refuses a direction outside 0-9 before calling', async () => {
      const ptz = client();
      await ptz.ptzStart('PTZ001', 1, 0);
      expect(cloud.requests.at(-1)?.params.speed).toBe('1');
      await expect(ptz.ptzStart('PTZ001', 1, 10 as 0)).rejects.toThrow(RangeError);
    });

    it('names what the cloud refused, after its one retry', async () => {
      const error = await failure(client().ptzStart('OFF001', 1, 2));
      expect(error).toMatchObject({ kind: 'cloud', code: '20007' });
      expect(error.message).toBe('video cloud PTZ start failed: the device is offline (20007)');
      expect(cloud.counts.ptzStart).toBe(2);
    });

    it('gets an MJPEG address with its expiry from the simulator', async () => {
      const live = await client().liveAddress('PTZ001', 1, 'mjpeg');
      expect(live).toEqual({
        url: expect.stringMatching(new RegExp(`^${cloud.url}/live/PTZ001/1\\.mjpeg\\?token=`)),
        expireTime: clock + 10 * 60 * 1000,
      });
      expect(cloud.requests.at(-1)?.params.protocol).toBe('mjpeg');
      const stream = await fetch(`${live.url}&frames=1`);
      expect(stream.headers.get('content-type')).toMatch(/^multipart\/x-mixed-replace; boundary=/);
      await stream.body?.cancel();
    });
  });
});

describe('VideoCloudClient without a cloud', () => {
  const account = { appKey: 'k', appSecret: 's', accessToken: 'at.stored' };

  it('skips an account without appKey: no client, and the constructor refuses it', () => {
    expect(
      createVideoCloudClient({ baseUrl: 'http://127.0.0.1:9', account: { appKey: ' ', appSecret: 's' } }),
    ).toBe(null);
    expect(
      () => new VideoCloudClient({ baseUrl: 'http://127.0.0.1:9', account: { appSecret: 's' } }),
    ).toThrow(expect.objectContaining({ kind: 'no_app_key' }));
    expect(createVideoCloudClient({ baseUrl: 'http://127.0.0.1:9', account })).toBeInstanceOf(
      VideoCloudClient,
    );
  });

  describe('a server that never answers', () => {
    let silent: Server;
    const held = new Set<Socket>();
    beforeEach(async () => {
      silent = createServer((socket) => held.add(socket));
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    });
    afterEach(async () => {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });

    it('times out after timeoutMs with a clear message', async () => {
      const { port } = silent.address() as { port: number };
      const slow = new VideoCloudClient({ baseUrl: `http://127.0.0.1:${port}`, account, timeoutMs: 50 });
      const error = await failure(slow.ptzStop('PTZ001', 1));
      expect(error).toMatchObject({ kind: 'timeout', message: 'video cloud did not answer in 50 ms' });
    });
  });

  it('waits 12 s by default', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const hanging: typeof fetch = (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        );
      const pending = failure(
        new VideoCloudClient({ baseUrl: 'http://cloud', account, fetch: hanging }).ptzStop('A', 1),
      );
      let settled = false;
      void pending.finally(() => (settled = true));
      await vi.advanceTimersByTimeAsync(11_999);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toMatchObject({ kind: 'timeout', message: 'video cloud did not answer in 12 s' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports an unreachable cloud and a reply that is not the cloud JSON', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise((resolve) => closed.close(resolve));
    const gone = await failure(
      new VideoCloudClient({ baseUrl: `http://127.0.0.1:${port}`, account }).ptzStop('A', 1),
    );
    expect(gone.kind).toBe('network');
    expect(gone.message).toMatch(/^video cloud could not be reached: .*ECONNREFUSED/);

    const html: typeof fetch = async () => new Response('<html>busy</html>', { status: 502 });
    const odd = await failure(
      new VideoCloudClient({ baseUrl: 'http://cloud', account, fetch: html }).ptzStop('A', 1),
    );
    expect(odd).toMatchObject({
      kind: 'bad_reply',
      message: 'video cloud sent an unreadable PTZ stop reply (HTTP 502, not JSON)',
    });
  });

  it('takes code 200 as a number as success, and posts a form without an Authorization header', async () => {
    const seen: RequestInit[] = [];
    const numeric: typeof fetch = async (_url, init) => {
      seen.push(init ?? {});
      return Response.json({
        code: 200,
        msg: 'ok',
        data: { url: 'https://cloud/x.m3u8', expireTime: '1700000000000' },
      });
    };
    const client = new VideoCloudClient({ baseUrl: 'http://cloud/', account, fetch: numeric });
    expect(await client.liveAddress('A', 3, 'hls')).toEqual({
      url: 'https://cloud/x.m3u8',
      expireTime: 1_700_000_000_000,
    });
    expect(seen[0]?.headers).toEqual({
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    });
    expect(String(seen[0]?.body)).toBe('accessToken=at.stored&deviceSerial=A&channelNo=3&protocol=2');
  });
});
