/**
 * What the camera forms send: the video-cloud account (PATCH /me `cameraParam`, which replaces the
 * stored account whole) and a stream-address camera (the contract's own rules for its address).
 */
import { UrlCameraInput } from '@fieldlink/protocol';
import type { CameraParam } from '@fieldlink/protocol';
import type { Camera, StreamKind, UrlCameraPatch } from '../../api/cameras';
import type { Me } from '../../session/me';

/** The video clouds the server knows; `hk` (EZVIZ) is the spec's default. */
export const APP_TYPES = ['hk'] as const;
export const DEFAULT_APP_TYPE = 'hk';

export interface AccountValues {
  appKey: string;
  appSecret: string;
  appType: string;
}

type StoredAccount = Me['cameraParam'];

export function accountValues(stored: StoredAccount): AccountValues {
  return {
    appKey: stored?.appKey ?? '',
    appSecret: stored?.appSecret ?? '',
    appType: stored?.appType ?? DEFAULT_APP_TYPE,
  };
}

/**
 * The account to store: the form's fields over the stored account, which keeps the fields the
 * form does not show (userID, password). A changed appKey or appSecret drops the stored access
 * token: it belongs to the old app, and would go on reading that app's cameras until it expired.
 * Null (no account) when nothing is left but the cloud type.
 */
export function accountToSave(stored: StoredAccount, values: AccountValues): CameraParam | null {
  const appKey = values.appKey.trim();
  const appSecret = values.appSecret.trim();
  const changedApp = appKey !== (stored?.appKey ?? '') || appSecret !== (stored?.appSecret ?? '');
  const { appType: _appType, accessToken, ...rest } = stored ?? {};
  const fields = { ...rest, ...(changedApp ? {} : { accessToken }), appKey, appSecret };
  const kept = Object.fromEntries(
    Object.entries(fields).filter(([, value]) => typeof value === 'string' && value !== ''),
  ) as Omit<CameraParam, 'appType'>;
  if (Object.keys(kept).length === 0) return null;
  return { ...kept, appType: values.appType || DEFAULT_APP_TYPE };
}

/** Whether the form differs from the stored account. */
export function accountChanged(stored: StoredAccount, values: AccountValues): boolean {
  const before = accountValues(stored);
  return (
    values.appKey.trim() !== before.appKey ||
    values.appSecret.trim() !== before.appSecret ||
    values.appType !== before.appType
  );
}

export interface UrlCameraValues {
  name: string;
  url: string;
  kind: StreamKind;
}

/** http(s), a host, no user name or password in it: the contract's rule, so the server agrees. */
export const isStreamUrl = (url: string): boolean => UrlCameraInput.shape.url.safeParse(url).success;

export const isCameraName = (name: string): boolean =>
  UrlCameraInput.shape.name.safeParse(name.trim()).success && name.trim() !== '';

export function urlCameraValues(camera: Camera | null): UrlCameraValues {
  return { name: camera?.name ?? '', url: camera?.url ?? '', kind: camera?.kind ?? 'mjpeg' };
}

/** For a new camera all of it, for a change only what changed. */
export function urlCameraChange(camera: Camera | null, values: UrlCameraValues): UrlCameraPatch {
  const next = { name: values.name.trim(), url: values.url.trim(), kind: values.kind };
  if (!camera) return next;
  const change: UrlCameraPatch = {};
  if (next.name !== camera.name) change.name = next.name;
  if (next.url !== camera.url) change.url = next.url;
  if (next.kind !== camera.kind) change.kind = next.kind;
  return change;
}
