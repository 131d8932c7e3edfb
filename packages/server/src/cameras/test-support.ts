/** What the camera suites share: a simulated video cloud, users with accounts, equipment and shares. */
import type { LightMyRequestResponse } from 'fastify';
import { startVideoCloud } from '@fieldlink/simulator';
import type { VideoCloud, VideoCloudCamera } from '@fieldlink/simulator';
import { afterAll, beforeAll, expect } from 'vitest';
import { login, register, sendAs } from '../accounts/test-support.js';
import type { AccountsHarness } from '../accounts/test-support.js';

export const ACCOUNT_A = {
  appKey: 'key-a',
  appSecret: 'secret-a',
  cameras: [
    { deviceSerial: 'PTZ001', name: 'Gate' },
    { deviceSerial: 'NVR001', channelNo: 2, name: 'Yard' },
    { deviceSerial: 'OFF001', online: false },
  ],
};
export const ACCOUNT_B = { appKey: 'key-b', appSecret: 'secret-b', cameras: [{ deviceSerial: 'BCAM01' }] };
const many = (count: number): VideoCloudCamera[] =>
  Array.from({ length: count }, (_, i) => ({ deviceSerial: `M${String(i).padStart(5, '0')}` }));
export const ACCOUNT_ABNORMAL = { appKey: 'key-1501', appSecret: 's', cameras: many(1501) };

/** A simulated cloud for the enclosing suite (started before the app that uses its address). */
export function useVideoCloud(): () => VideoCloud {
  let cloud: VideoCloud | undefined;
  beforeAll(async () => {
    cloud = await startVideoCloud({ accounts: [ACCOUNT_A, ACCOUNT_B, ACCOUNT_ABNORMAL], fps: 50 });
  });
  afterAll(async () => {
    await cloud?.stop();
  });
  return () => {
    if (!cloud) throw new Error('the video cloud runs only inside the suite');
    return cloud;
  };
}

export function ok<T>(res: LightMyRequestResponse, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return (status === 204 ? null : res.json()) as T;
}

export interface TestUser {
  readonly id: number;
  readonly token: string;
}

let users = 0;
let serials = 0;

export async function user(h: AccountsHarness, role: string): Promise<TestUser> {
  users += 1;
  const name = `cam-${role}-${users}`;
  const { id } = await register(h, name);
  return { id, token: (await login(h, name)).accessToken };
}

export async function setCameraAccount(
  h: AccountsHarness,
  who: TestUser,
  account: { appKey?: string; appSecret?: string } | null,
): Promise<void> {
  ok(await sendAs(h.app, 'PATCH', '/me', who.token, { cameraParam: account }));
}

export async function device(h: AccountsHarness, who: TestUser): Promise<number> {
  serials += 1;
  const sn = `CAM${String(serials).padStart(6, '0')}`;
  return ok<{ id: number }>(
    await sendAs(h.app, 'POST', '/equipment', who.token, { sn, type: 'FL-R8', name: `Board ${serials}` }),
    201,
  ).id;
}

/** Gives `to` a grant on the equipment; returns its id. */
export async function share(
  h: AccountsHarness,
  owner: TestUser,
  id: number,
  to: TestUser,
  level: 'read' | 'operate' | 'edit',
  camera: boolean,
): Promise<number> {
  const created = ok<{ code: string }>(
    await sendAs(h.app, 'POST', `/equipment/${id}/share-codes`, owner.token, {
      level,
      validity: '1w',
      camera,
    }),
    201,
  );
  return ok<{ grantId: number }>(
    await sendAs(h.app, 'POST', '/share-codes/redeem', to.token, { code: created.code }),
  ).grantId;
}

export async function addUrlCamera(
  h: AccountsHarness,
  who: TestUser,
  url: string,
  kind: 'mjpeg' | 'hls' = 'mjpeg',
  name = 'Door',
): Promise<number> {
  return ok<{ id: number }>(await sendAs(h.app, 'POST', '/cameras', who.token, { name, url, kind }), 201).id;
}

export async function link(
  h: AccountsHarness,
  who: TestUser,
  id: number,
  value: unknown,
): Promise<LightMyRequestResponse> {
  return sendAs(h.app, 'PUT', `/equipment/${id}/camera`, who.token, { link: value });
}
