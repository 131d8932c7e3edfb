/**
 * The REST contract of cameras (docs/api.md § Cameras) that server and console both import: the
 * user's cameras (from their video-cloud account, spec §3 camera user param, and cameras given by
 * a stream address), the camera linked to an equipment (fCamera), its stream and PTZ.
 */
import { z } from 'zod';
import { storedText } from './fields.js';

/** `cloud`: a camera of the user's video-cloud account; `url`: a stream address the user entered. */
export const CAMERA_SOURCES = ['cloud', 'url'] as const;
export const CameraSource = z.enum(CAMERA_SOURCES);
export type CameraSource = z.infer<typeof CameraSource>;

/** How the console plays a stream: MJPEG in an image, HLS through hls.js. */
export const STREAM_KINDS = ['mjpeg', 'hls'] as const;
export const StreamKind = z.enum(STREAM_KINDS);
export type StreamKind = z.infer<typeof StreamKind>;

/** Spec §3 camera entry key: the serial, suffixed `_channel` when the channel is not 1. */
export function cameraEntryKey(serial: string, channel: number): string {
  return channel === 1 ? serial : `${serial}_${channel}`;
}

export const CameraItem = z.object({
  /** `cloud:{entry key}` or `url:{id}`: unique among a user's cameras. */
  key: z.string(),
  source: CameraSource,
  name: z.string(),
  /** Cloud cameras: serial and channel. */
  serial: z.string().nullable(),
  channel: z.number().nullable(),
  /** Stream-address cameras: their id, address and kind (the address only to its owner). */
  id: z.number().nullable(),
  url: z.string().nullable(),
  kind: StreamKind.nullable(),
  /** What the video cloud says (null: not known). */
  online: z.boolean().nullable(),
  /** The equipment it is linked to, among those the caller sees. */
  equipment: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type CameraItem = z.infer<typeof CameraItem>;

/** GET /cameras: own cameras and those of equipment shared with the camera right, kept apart (§3). */
export const CameraListReply = z.object({
  own: z.array(CameraItem),
  shared: z.array(CameraItem),
  account: z.object({
    /** The user has a video-cloud account with an appKey (one without is skipped, §3). */
    configured: z.boolean(),
    appType: z.string().nullable(),
    /** Why the account's cameras could not be read (e.g. 'camera info read abnormal'). */
    error: z.string().nullable(),
  }),
});
export type CameraListReply = z.infer<typeof CameraListReply>;

/** http(s), a host, no user name or password in it (the authority holds no `@`), no spaces. */
const STREAM_URL = /^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i;
const StreamUrl = storedText(1, 1024).regex(
  STREAM_URL,
  'an http:// or https:// address without a user name or password in it',
);

export const UrlCameraInput = z.strictObject({
  name: storedText(1, 64),
  url: StreamUrl,
  kind: StreamKind,
});
export type UrlCameraInput = z.infer<typeof UrlCameraInput>;
export const UrlCameraPatch = UrlCameraInput.partial();
export type UrlCameraPatch = z.infer<typeof UrlCameraPatch>;

/** What equipment `settings.camera` (fCamera) holds: a cloud camera, or a stream-address camera. */
export const CameraLink = z.union([
  z.strictObject({ deviceSerial: storedText(1, 64), channelNo: z.number().int().min(1).max(256) }),
  z.strictObject({ cameraId: z.number().int().positive() }),
]);
export type CameraLink = z.infer<typeof CameraLink>;

/** PUT /equipment/:id/camera: link one of the caller's cameras, or null to unlink. */
export const CameraLinkInput = z.strictObject({ link: CameraLink.nullable() });

export const PTZ_DIRECTIONS = [
  'up',
  'down',
  'left',
  'right',
  'up-left',
  'down-left',
  'up-right',
  'down-right',
  'zoom-in',
  'zoom-out',
] as const;
export const PtzDirection = z.enum(PTZ_DIRECTIONS);
export type PtzDirection = z.infer<typeof PtzDirection>;

/** The video cloud's direction numbers, in the order above. */
export const PTZ_DIRECTION_CODE: Readonly<Record<PtzDirection, number>> = Object.fromEntries(
  PTZ_DIRECTIONS.map((direction, code) => [direction, code]),
) as Record<PtzDirection, number>;

export const PtzCommand = z.strictObject({
  action: z.enum(['start', 'stop']),
  direction: PtzDirection,
  /** 0 slow, 1 normal (the spec's default), 2 fast. */
  speed: z.number().int().min(0).max(2).default(1),
});
export type PtzCommand = z.input<typeof PtzCommand>;

/** GET /equipment/:id/camera (camera right). */
export const EquipmentCameraReply = z.object({
  link: CameraLink.nullable(),
  camera: CameraItem.nullable(),
  /** A stream the console plays through the server, valid to start until `expiresAt`. */
  stream: z
    .object({ url: z.string(), kind: StreamKind, expiresAt: z.iso.datetime({ offset: true }) })
    .nullable(),
  /** PTZ works for cloud cameras. */
  ptz: z.boolean(),
  /** Why there is no stream (the video cloud's message, an unreachable address …). */
  error: z.string().nullable(),
});
export type EquipmentCameraReply = z.infer<typeof EquipmentCameraReply>;
