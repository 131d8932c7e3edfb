/**
 * What the camera routes reply: the caller's cameras, own and shared (spec §3 EquipCamers and
 * ShareEquipCamers, kept apart), and the camera of one equipment with a stream to play.
 *
 * Own cameras are the caller's: their stream-address cameras and the cameras of their video-cloud
 * account. Shared cameras are any others the caller may watch, through equipment they hold the
 * camera right on. A cloud camera linked to an equipment belongs to the equipment owner's account
 * and plays through it; a stream address is shown to its owner only.
 */
import { cameraEntryKey } from '@fieldlink/protocol';
import type { CameraItem, CameraLink, CameraListReply, EquipmentCameraReply } from '@fieldlink/protocol';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../accounts/authenticate.js';
import type { Access } from '../equipment/access.js';
import type { DialPolicy } from '../gateway/modbus-tcp/dial-policy.js';
import type { UrlCamera } from '../storage/file-schema.js';
import type { Database, Equipment } from '../storage/schema.js';
import { messageOf, NoCloudAccount } from './cloud-accounts.js';
import type { CloudAccounts, CloudList } from './cloud-accounts.js';
import {
  linkedEquipment,
  readLink,
  sameLink,
  urlCamera,
  urlCamerasByIds,
  urlCamerasOf,
  urlLinkHolds,
} from './store.js';
import type { LinkedEquipment } from './store.js';
import type { StreamTickets } from './ticket.js';
import { refusalOf } from './upstream.js';
import type { CloudCamera } from './video-cloud-client.js';

export const NO_LINK = 'no camera is linked to this equipment';
export const LINK_GONE = 'the linked camera no longer exists';
export const NO_CAMERA_RIGHT = 'you do not have the camera right on this equipment';

export interface CamerasContext {
  readonly db: Kysely<Database>;
  readonly accounts: CloudAccounts;
  readonly tickets: StreamTickets;
  /** Which addresses stream-address cameras may have (CAMERA_STREAM_ALLOW). */
  readonly policy: DialPolicy;
  readonly now: () => number;
  /** Where the stream routes are, e.g. `/api/v1/camera-streams`. */
  readonly streamBase: string;
}

type EquipmentRef = CameraItem['equipment'][number];

export function urlItem(camera: UrlCamera, showUrl: boolean, equipment: EquipmentRef[] = []): CameraItem {
  return {
    key: `url:${camera.id}`,
    source: 'url',
    name: camera.name,
    serial: null,
    channel: null,
    id: camera.id,
    url: showUrl ? camera.url : null,
    kind: camera.kind,
    online: null,
    equipment,
  };
}

/** A cloud camera as the account lists it, or only by serial and channel when it is not listed. */
function cloudItem(
  serial: string,
  channel: number,
  listed: CloudCamera | undefined,
  equipment: EquipmentRef[] = [],
): CameraItem {
  return {
    key: `cloud:${cameraEntryKey(serial, channel)}`,
    source: 'cloud',
    name: listed?.name ?? serial,
    serial,
    channel,
    id: null,
    url: null,
    kind: null,
    online: listed?.online ?? null,
    equipment,
  };
}

const findListed = (list: CloudList | undefined, serial: string, channel: number): CloudCamera | undefined =>
  list?.cameras.find((c) => c.serial === serial && c.channel === channel);

/** GET /cameras. */
export async function cameraList(ctx: CamerasContext, user: AuthUser): Promise<CameraListReply> {
  const now = ctx.now();
  const [urlCameras, cloud, linked] = await Promise.all([
    urlCamerasOf(ctx.db, user.id),
    ctx.accounts.list(user.id),
    linkedEquipment(ctx.db, user, now),
  ]);
  const watched = linked.filter((e) => e.rights.camera);
  const own = new Map<string, CameraItem>();
  for (const camera of cloud.cameras) {
    own.set(`cloud:${camera.key}`, cloudItem(camera.serial, camera.channel, camera));
  }
  for (const camera of urlCameras) own.set(`url:${camera.id}`, urlItem(camera, true));

  const ownUrlIds = new Set(urlCameras.map((c) => c.id));
  const foreignIds = [
    ...new Set(
      watched.flatMap((e) =>
        'cameraId' in e.link && !ownUrlIds.has(e.link.cameraId) ? [e.link.cameraId] : [],
      ),
    ),
  ];
  const byId = new Map<number, UrlCamera>(urlCameras.map((c) => [c.id, c]));
  for (const camera of await urlCamerasByIds(ctx.db, foreignIds)) byId.set(camera.id, camera);
  const owners = [
    ...new Set(
      watched.flatMap((e) => ('deviceSerial' in e.link && e.ownerId !== user.id ? [e.ownerId] : [])),
    ),
  ];
  const ownerLists = new Map<number, CloudList>(
    await Promise.all(owners.map(async (id) => [id, await ctx.accounts.list(id)] as const)),
  );

  const shared = new Map<string, CameraItem>();
  const ref = (e: LinkedEquipment): EquipmentRef => ({ id: e.id, name: e.name });
  const attach = (lists: Map<string, CameraItem>, item: CameraItem, e: LinkedEquipment): void => {
    const known = lists.get(item.key) ?? item;
    lists.set(item.key, { ...known, equipment: [...known.equipment, ref(e)] });
  };
  for (const e of watched) {
    const link = e.link;
    if ('cameraId' in link) {
      const camera = byId.get(link.cameraId);
      if (
        !camera ||
        !(await urlLinkHolds(ctx.db, camera, { id: e.id, owner_id: e.ownerId, parent_id: e.parentId }, now))
      ) {
        continue;
      }
      const mine = camera.owner_id === user.id;
      attach(mine ? own : shared, urlItem(camera, mine), e);
    } else {
      const { deviceSerial: serial, channelNo: channel } = link;
      const mine = e.ownerId === user.id;
      const listed = mine
        ? findListed(cloud, serial, channel)
        : findListed(ownerLists.get(e.ownerId), serial, channel);
      attach(mine ? own : shared, cloudItem(serial, channel, listed), e);
    }
  }
  return {
    own: [...own.values()],
    shared: [...shared.values()],
    account: { configured: cloud.configured, appType: cloud.appType, error: cloud.error },
  };
}

/** The equipment the caller watches that links the same camera (a cloud camera: of the same owner). */
async function linkedRefs(
  ctx: CamerasContext,
  user: AuthUser,
  equipment: Pick<Equipment, 'id' | 'name' | 'owner_id'>,
  link: CameraLink,
): Promise<EquipmentRef[]> {
  const linked = await linkedEquipment(ctx.db, user, ctx.now());
  const refs = linked
    .filter(
      (e) =>
        e.rights.camera && sameLink(e.link, link) && ('cameraId' in link || e.ownerId === equipment.owner_id),
    )
    .map((e) => ({ id: e.id, name: e.name }));
  // A sub-device the caller reaches only through its host is not in the readable list's filter.
  return refs.some((r) => r.id === equipment.id)
    ? refs
    : [{ id: equipment.id, name: equipment.name }, ...refs];
}

/** GET /equipment/:id/camera, for a caller whose access was checked. */
export async function equipmentCamera(
  ctx: CamerasContext,
  user: AuthUser,
  equipment: Equipment,
  access: Access,
): Promise<EquipmentCameraReply> {
  const link = readLink(equipment.settings);
  const none = { camera: null, stream: null, ptz: false };
  if (link === null) return { link: null, ...none, error: NO_LINK };
  if (!access.rights.camera) return { link, ...none, error: NO_CAMERA_RIGHT };
  const refs = await linkedRefs(ctx, user, equipment, link);
  const stream = (kind: 'mjpeg' | 'hls') => {
    const { ticket, expiresAt } = ctx.tickets.issue(equipment.id, user.id, user.familyId);
    const url = `${ctx.streamBase}/${ticket}${kind === 'hls' ? '/index.m3u8' : ''}`;
    return { url, kind, expiresAt: new Date(expiresAt).toISOString() };
  };

  if ('deviceSerial' in link) {
    const { deviceSerial: serial, channelNo: channel } = link;
    const ownerId = equipment.owner_id;
    const list = await ctx.accounts.list(ownerId);
    const camera = cloudItem(serial, channel, findListed(list, serial, channel), refs);
    try {
      const live = await ctx.accounts.liveAddress(ownerId, serial, channel);
      return { link, camera, stream: stream(live.kind), ptz: true, error: null };
    } catch (error) {
      const message =
        error instanceof NoCloudAccount
          ? ownerId === user.id
            ? 'set up your video-cloud account (appKey and appSecret) to play this camera'
            : "the equipment owner's video-cloud account is not set up"
          : messageOf(error);
      return { link, camera, stream: null, ptz: true, error: message };
    }
  }

  const found = await urlCamera(ctx.db, link.cameraId);
  if (!found || !(await urlLinkHolds(ctx.db, found, equipment, ctx.now()))) {
    return { link, ...none, error: LINK_GONE };
  }
  const camera = urlItem(found, found.owner_id === user.id, refs);
  const refusal = await refusalOf(new URL(found.url), ctx.policy);
  if (refusal !== null) return { link, camera, stream: null, ptz: false, error: refusal };
  return { link, camera, stream: stream(found.kind), ptz: false, error: null };
}
