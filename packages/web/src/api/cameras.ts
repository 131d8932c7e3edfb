/**
 * Camera calls (docs/api.md § Cameras): the user's cameras (their video-cloud account's and the
 * stream-address ones they entered) apart from those shared with them, adding, changing and
 * removing a stream-address camera, the camera linked to an equipment with a stream to play, and
 * PTZ. The shapes are the contract in @fieldlink/protocol, checked in development.
 */
import { CameraItem, CameraListReply, cameraEntryKey, EquipmentCameraReply } from '@fieldlink/protocol';
import type { CameraLink, PtzCommand, UrlCameraInput, UrlCameraPatch } from '@fieldlink/protocol';
import type { z } from 'zod';
import { del, get, patch, post, request } from './http';
import { validated } from './validated';
import type { Reply } from './validated';

export type {
  CameraLink,
  PtzCommand,
  PtzDirection,
  StreamKind,
  UrlCameraInput,
  UrlCameraPatch,
} from '@fieldlink/protocol';
export type Camera = Reply<z.output<typeof CameraItem>>;
export type CameraList = Reply<z.output<typeof CameraListReply>>;
export type EquipmentCamera = Reply<z.output<typeof EquipmentCameraReply>>;
/** A stream to play through the server: its same-origin path, how to play it, and until when it may start. */
export type CameraStream = NonNullable<EquipmentCamera['stream']>;

const checkList = validated(CameraListReply);
const checkCamera = validated(CameraItem);
const checkEquipmentCamera = validated(EquipmentCameraReply);

/** The caller's own cameras and those of equipment shared with them with the camera right, apart. */
export function listCameras(signal?: AbortSignal): Promise<CameraList> {
  return get<unknown>('/cameras', { signal }).then(checkList);
}

/** A camera given by its stream address (201). */
export function createUrlCamera(input: UrlCameraInput): Promise<Camera> {
  return post<unknown>('/cameras', input).then(checkCamera);
}

/** Changes a stream-address camera of the caller's; a field left out stays. */
export function updateUrlCamera(id: number, change: UrlCameraPatch): Promise<Camera> {
  return patch<unknown>(`/cameras/${id}`, change).then(checkCamera);
}

export async function deleteUrlCamera(id: number): Promise<void> {
  await del<unknown>(`/cameras/${id}`);
}

/**
 * The equipment's camera with a fresh stream ticket (camera right: 403 without, 404 for unknown
 * equipment). Each call issues a new ticket, so a stream that ended is started again with a new one.
 */
export function getEquipmentCamera(equipmentId: number, signal?: AbortSignal): Promise<EquipmentCamera> {
  return get<unknown>(`/equipment/${equipmentId}/camera`, { signal }).then(checkEquipmentCamera);
}

/** Links one of the caller's own cameras to the equipment, or with null unlinks it (edit right). */
export function linkEquipmentCamera(equipmentId: number, link: CameraLink | null): Promise<EquipmentCamera> {
  return request<unknown>('PUT', `/equipment/${equipmentId}/camera`, { body: { link } }).then(
    checkEquipmentCamera,
  );
}

/** Starts or stops a pan, tilt or zoom (204). */
export async function sendPtz(equipmentId: number, command: PtzCommand): Promise<void> {
  await post<unknown>(`/equipment/${equipmentId}/camera/ptz`, command);
}

/** What links `camera` to an equipment: its serial and channel (cloud) or its id (stream address). */
export function linkOf(camera: Camera): CameraLink | null {
  if (camera.source === 'cloud' && camera.serial !== null) {
    return { deviceSerial: camera.serial, channelNo: camera.channel ?? 1 };
  }
  if (camera.source === 'url' && camera.id !== null) return { cameraId: camera.id };
  return null;
}

/** The key (CameraItem.key) of the camera a link names. */
export function keyOfLink(link: CameraLink): string {
  return 'cameraId' in link
    ? `url:${link.cameraId}`
    : `cloud:${cameraEntryKey(link.deviceSerial, link.channelNo)}`;
}

/** Query keys: everything of cameras under one root, so a change can refresh it all. */
export const camerasKey = ['cameras'] as const;
export const cameraListKey = [...camerasKey, 'list'] as const;
export const equipmentCameraKey = (equipmentId: number) => [...camerasKey, 'equipment', equipmentId] as const;
