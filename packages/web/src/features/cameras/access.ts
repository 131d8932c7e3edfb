/**
 * Who sees what of cameras (spec §4): the Camera tab needs the camera right, linking a camera the
 * edit right (the server also checks that the camera is the caller's own).
 */
import type { TFunction } from 'i18next';
import type { Permission } from '../../api/equipment';
import type { MessageKey } from '../../i18n';

export const hasCameraRight = (permission: Permission | undefined): boolean => permission?.camera === 1;

export const mayLinkCamera = (permission: Permission | undefined): boolean => permission?.edit === true;

/** The server's words for camera troubles that the console words in the user's language. */
const KNOWN: Readonly<Record<string, MessageKey>> = {
  'camera info read abnormal': 'cameras.errors.listAbnormal',
};

/** A camera error from the server (the video cloud's message …), translated when it is a known one. */
export function cameraErrorText(error: string, t: TFunction): string {
  const key = KNOWN[error];
  return key ? t(key) : error;
}
