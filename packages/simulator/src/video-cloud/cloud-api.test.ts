import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_TOKEN_LIFETIME_MS, VIDEO_CLOUD_PATHS } from './cloud-api.js';
import type { VideoCloudCamera } from './cloud-api.js';
import { startVideoCloud } from './server.js';
import type { VideoCloud } from './server.js';

const DAY = 24 * 3600 * 1000;

function cameras(count: number, prefix = 'C'): VideoCloudCamera[] {
  return Array.from({ length: count }, (_, i) => ({
    deviceSerial: `${prefix}${String(i).padStart(5, '0')}`,
  }));
}

interface Reply {
  code: string;
  msg: string;
  data?: unknown;
  page?: { total: number; page: number; size: number };
}

describe('simulated video cloud API', () => {
  let clock = 1_700_000_000_000;
  let cloud: VideoCloud;

  const post = async (path: string, params: Record<string, string | number>): Promise<Reply> => {
    const body = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
    const res = await fetch(cloud.url + path, { method: 'POST', body });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    return (await res.json()) as Reply;
  };
  const tokenOf = async (appKey = 'key-a', appSecret = 'secret-a'): Promise<string> => {
    const reply = await post(VIDEO_CLOUD_PATHS.token, { appKey, appSecret });
    return (reply.data as { accessToken: string }).accessToken;
  };

  beforeEach(async () => {
    clock = 1_700_000_000_000;
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
            { deviceSerial: 'FIX001', ptz: false },
            ...cameras(117),
          ],
        },
        { appKey: 'key-b', appSecret: 'secret-b', cameras: [{ deviceSerial: 'OTHER1' }] },
      ],
    });
  });
  afterEach(() => cloud.stop());

  describe('token', () => {
    it('issues a token that lasts 7 days, expireTime in epoch ms, code a string', async () => {
      const reply = await post(VIDEO_CLOUD_PATHS.token, { appKey: 'key-a', appSecret: 'secret-a' });
      expect(reply.code).toBe('200');
      expect(reply.data).toEqual({
        accessToken: expect.stringMatching(/^at\./),
        expireTime: clock + 7 * DAY,
      });
      expect(DEFAULT_TOKEN_LIFETIME_MS).toBe(7 * DAY);
      expect(cloud.counts.token).toBe(1);
    });

    it('refuses an unknown appKey (10017), a wrong secret (10030) and empty fields (10001)', async () => {
      expect((await post(VIDEO_CLOUD_PATHS.token, { appKey: 'nope', appSecret: 'x' })).code).toBe('10017');
      expect((await post(VIDEO_CLOUD_PATHS.token, { appKey: 'key-a', appSecret: 'x' })).code).toBe('10030');
      expect((await post(VIDEO_CLOUD_PATHS.token, { appKey: 'key-a' })).code).toBe('10001');
    });

    it('answers 10002 once the token expired by the clock, or was revoked', async () => {
      const token = await tokenOf();
      const list = { accessToken: token, pageStart: 0, pageSize: 10 };
      clock += 7 * DAY - 1;
      expect((await post(VIDEO_CLOUD_PATHS.cameraList, list)).code).toBe('200');
      clock += 1;
      expect((await post(VIDEO_CLOUD_PATHS.cameraList, list)).code).toBe('10002');
      const fresh = await tokenOf();
      cloud.expireTokens();
      expect((await post(VIDEO_CLOUD_PATHS.cameraList, { ...list, accessToken: fresh })).code).toBe('10002');
      expect((await post(VIDEO_CLOUD_PATHS.cameraList, { ...list, accessToken: 'at.forged' })).code).toBe(
        '10002',
      );
    });
  });

  describe('camera list', () => {
    it('pages from pageStart 0 with the total, 121 cameras in 50 + 50 + 21', async () => {
      const accessToken = await tokenOf();
      const pages = await Promise.all(
        [0, 1, 2, 3].map((pageStart) =>
          post(VIDEO_CLOUD_PATHS.cameraList, { accessToken, pageStart, pageSize: 50 }),
        ),
      );
      expect(pages.map((page) => (page.data as unknown[]).length)).toEqual([50, 50, 21, 0]);
      expect(pages[2]?.page).toEqual({ total: 121, page: 2, size: 50 });
      expect((pages[0]?.data as unknown[])[1]).toEqual({
        deviceSerial: 'NVR001',
        ipcSerial: 'NVR001',
        channelNo: 2,
        deviceName: 'Yard',
        channelName: 'Yard',
        status: 1,
        isShared: '0',
        picUrl: expect.stringMatching(new RegExp(`^${cloud.url}/live/NVR001/2\\.jpg\\?token=`)),
        isEncrypt: 0,
        videoLevel: 2,
      });
    });

    it('refuses a page size over 50 (the cloud maximum) or under 1', async () => {
      const accessToken = await tokenOf();
      expect(
        (await post(VIDEO_CLOUD_PATHS.cameraList, { accessToken, pageStart: 0, pageSize: 51 })).code,
      ).toBe('10001');
      expect(
        (await post(VIDEO_CLOUD_PATHS.cameraList, { accessToken, pageStart: 0, pageSize: 0 })).code,
      ).toBe('10001');
    });

    it("lists only the token's own account", async () => {
      const reply = await post(VIDEO_CLOUD_PATHS.cameraList, {
        accessToken: await tokenOf('key-b', 'secret-b'),
      });
      expect(reply.data).toEqual([expect.objectContaining({ deviceSerial: 'OTHER1', channelNo: 1 })]);
    });
  });

  describe('PTZ', () => {
    it('moves the camera from the start call until the stop call, by the clock', async () => {
      const accessToken = await tokenOf();
      const start = { accessToken, deviceSerial: 'PTZ001', channelNo: 1, direction: 3, speed: 1 };
      expect((await post(VIDEO_CLOUD_PATHS.ptzStart, start)).code).toBe('200');
      clock += 1500;
      expect(cloud.ptzState('PTZ001')).toMatchObject({ pan: 30, moving: 3, speed: 1 });
      const stop = { accessToken, deviceSerial: 'PTZ001', channelNo: 1, direction: 3 };
      expect((await post(VIDEO_CLOUD_PATHS.ptzStop, stop)).code).toBe('200');
      clock += 5000;
      expect(cloud.ptzState('PTZ001', 1)).toEqual({ pan: 30, tilt: 0, zoom: 1, moving: null, speed: 0 });
      expect(cloud.requests.at(-1)).toEqual({
        path: VIDEO_CLOUD_PATHS.ptzStop,
        params: { accessToken, deviceSerial: 'PTZ001', channelNo: '1', direction: '3' },
        at: clock - 5000,
      });
    });

    it('zooms with directions 8 and 9, on a channel other than 1', async () => {
      const accessToken = await tokenOf();
      await post(VIDEO_CLOUD_PATHS.ptzStart, {
        accessToken,
        deviceSerial: 'NVR001',
        channelNo: 2,
        direction: 8,
      });
      clock += 1000;
      expect(cloud.ptzState('NVR001', 2)?.zoom).toBeCloseTo(2);
      expect(cloud.ptzState('NVR001', 1)).toBeUndefined();
    });

    it('answers the cloud codes for what it cannot do', async () => {
      const accessToken = await tokenOf();
      const start = (deviceSerial: string, extra: Record<string, number> = {}) =>
        post(VIDEO_CLOUD_PATHS.ptzStart, { accessToken, deviceSerial, channelNo: 1, direction: 0, ...extra });
      expect((await start('NOPE')).code).toBe('20002');
      expect((await start('OTHER1')).code).toBe('20018');
      expect((await start('NVR001')).code).toBe('20001');
      expect((await start('OFF001')).code).toBe('20007');
      expect((await start('FIX001')).code).toBe('60000');
      expect((await start('PTZ001', { direction: 12 })).code).toBe('60020');
      expect((await start('PTZ001', { speed: 3 })).code).toBe('10001');
      expect(cloud.ptzState('PTZ001')?.moving).toBeNull();
    });
  });

  describe('faults and live address', () => {
    it('answers an injected code once, then as usual', async () => {
      const accessToken = await tokenOf();
      cloud.failNext(VIDEO_CLOUD_PATHS.cameraList, '49999');
      expect((await post(VIDEO_CLOUD_PATHS.cameraList, { accessToken })).code).toBe('49999');
      expect((await post(VIDEO_CLOUD_PATHS.cameraList, { accessToken })).code).toBe('200');
      expect(cloud.counts.cameraList).toBe(2);
    });

    it('hands out a tokened MJPEG address for protocol=mjpeg and refuses the others', async () => {
      const accessToken = await tokenOf();
      const params = { accessToken, deviceSerial: 'PTZ001', channelNo: 1 };
      const reply = await post(VIDEO_CLOUD_PATHS.liveAddress, { ...params, protocol: 'mjpeg' });
      expect(reply).toMatchObject({
        code: '200',
        data: { url: expect.stringContaining('/live/PTZ001/1.mjpeg?token=') },
      });
      expect((reply.data as { expireTime: number }).expireTime).toBe(clock + 10 * 60 * 1000);
      expect((await post(VIDEO_CLOUD_PATHS.liveAddress, { ...params, protocol: 2 })).code).toBe('10001');
      expect((await post(VIDEO_CLOUD_PATHS.liveAddress, { ...params, deviceSerial: 'OFF001' })).code).toBe(
        '20007',
      );
    });

    it('checks the stream token: absent, for another camera, or expired gives 403', async () => {
      const url = cloud.liveUrl('PTZ001', 1, 'jpg');
      const token = new URL(url).searchParams.get('token');
      expect((await fetch(`${cloud.url}/live/PTZ001/1.jpg`)).status).toBe(403);
      expect((await fetch(`${cloud.url}/live/NVR001/2.jpg?token=${token}`)).status).toBe(403);
      expect((await fetch(`${cloud.url}/live/NOPE/1.jpg?token=${token}`)).status).toBe(404);
      clock += 10 * 60 * 1000;
      expect((await fetch(url)).status).toBe(403);
    });

    it('answers 404 for a path it lacks and 405 for a GET on the API', async () => {
      expect((await fetch(`${cloud.url}/api/lapp/device/list`, { method: 'POST' })).status).toBe(404);
      expect((await fetch(cloud.url + VIDEO_CLOUD_PATHS.token)).status).toBe(405);
    });
  });
});
