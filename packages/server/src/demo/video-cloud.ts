/**
 * The demo's video cloud: the simulator's EZVIZ-like cloud, run in the server's process on
 * loopback with one account and two cameras. The demo user's camera account holds that account's
 * appKey and appSecret (seed.ts), and the relay board shows the first camera. The browser never
 * reaches it: streams go through the server's proxy, and the cloud's loopback address is allowed
 * there because the operator's configuration names it (VIDEO_CLOUD_URL unset: this one), not a user.
 */
import type { VideoCloud, VideoCloudAccount } from '@fieldlink/simulator';

/** Public like the demo's own credentials: the cloud listens on loopback only. */
export const DEMO_VIDEO_CLOUD_ACCOUNT: VideoCloudAccount = {
  appKey: 'fieldlink-demo',
  appSecret: 'fieldlink-demo-secret',
  cameras: [
    { deviceSerial: 'DEMOCAM01', name: 'Pump station camera' },
    { deviceSerial: 'DEMOCAM02', name: 'Boiler room camera' },
  ],
};

/** The camera the demo relay board shows (settings.camera). */
export const DEMO_CAMERA_LINK = { deviceSerial: 'DEMOCAM01', channelNo: 1 } as const;

/** Starts the demo cloud on `host` (a free port); the simulator is loaded only when the demo runs. */
export async function startDemoVideoCloud(host = '127.0.0.1'): Promise<VideoCloud> {
  const { startVideoCloud } = await import('@fieldlink/simulator');
  return startVideoCloud({ accounts: [DEMO_VIDEO_CLOUD_ACCOUNT], host, port: 0 });
}
