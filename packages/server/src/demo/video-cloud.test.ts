/** The demo's video cloud and camera account, through the API, on both databases. */
import type { CameraListReply, EquipmentCameraReply, EquipmentReply } from '@fieldlink/protocol';
import type { VideoCloud } from '@fieldlink/simulator';
import { afterAll, beforeAll, describe, expect, it as baseIt } from 'vitest';
import { bearer, login, useAccountsApp } from '../accounts/test-support.js';
import type { ExtraAppOptions } from '../accounts/test-support.js';
import { linkSecretKey } from '../gateway/dtu/secrets.js';
import { storageCases } from '../storage/test-support.js';
import { DEMO_PASSWORD, DEMO_USER_NAME, seedDemo } from './seed.js';
import { DEMO_CAMERA_LINK, startDemoVideoCloud } from './video-cloud.js';

describe.each(storageCases())('demo video cloud on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  let cloud: VideoCloud | undefined;
  beforeAll(async () => {
    cloud = await startDemoVideoCloud();
  });
  afterAll(async () => {
    await cloud?.stop();
  });
  const extra: ExtraAppOptions = {
    get cameras() {
      return { videoCloudUrl: cloud?.url ?? '' };
    },
  };
  const h = useAccountsApp(store, extra);
  const get = async <T>(url: string, token: string): Promise<T> => {
    const res = await h.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };

  it("gives the demo user the cloud's account and shows its first camera on the relay board", async () => {
    expect(cloud?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await seedDemo(h.storage.db, h.clock.ms, linkSecretKey(h.jwtKey));
    const { accessToken } = await login(h, DEMO_USER_NAME, DEMO_PASSWORD);
    const relay = (await get<{ items: EquipmentReply[] }>('/equipment', accessToken)).items.find(
      (e) => e.sn === 'DEMO0001',
    );
    expect(relay?.settings.camera).toEqual(DEMO_CAMERA_LINK);
    const cameras = await get<CameraListReply>('/cameras', accessToken);
    expect(cameras.account).toEqual({ configured: true, appType: 'hk', error: null });
    expect(cameras.own.map((c) => [c.key, c.name, c.equipment.map((e) => e.name)])).toEqual([
      ['cloud:DEMOCAM01', 'Pump station camera', ['Demo relay board']],
      ['cloud:DEMOCAM02', 'Boiler room camera', []],
    ]);
    const camera = await get<EquipmentCameraReply>(`/equipment/${relay?.id}/camera`, accessToken);
    expect(camera).toMatchObject({ stream: { kind: 'mjpeg' }, ptz: true, error: null });
  });
});
