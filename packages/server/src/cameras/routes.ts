/**
 * Cameras (spec §3 camera entries, §7 camera calls) under /api/v1: the caller's cameras, the
 * stream-address cameras they enter, the camera linked to an equipment with a stream to play and
 * its PTZ, and (stream-routes.ts) the proxy that plays the streams.
 */
import {
  CameraItem,
  CameraLinkInput,
  CameraListReply,
  EquipmentCameraReply,
  PTZ_DIRECTION_CODE,
  PtzCommand,
  UrlCameraInput,
  UrlCameraPatch,
} from '@fieldlink/protocol';
import type { CameraLink } from '@fieldlink/protocol';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isIP } from 'node:net';
import { z } from 'zod';
import { requireUser } from '../accounts/authenticate.js';
import type { AuthUser } from '../accounts/authenticate.js';
import { ErrorReply } from '../accounts/fields.js';
import { requireAccess } from '../equipment/access.js';
import { DialPolicy } from '../gateway/modbus-tcp/dial-policy.js';
import { ApiError } from '../http/errors.js';
import type { Storage } from '../storage/open.js';
import { CloudAccounts, NoCloudAccount } from './cloud-accounts.js';
import {
  countUrlCameras,
  equipmentLinking,
  linkedEquipment,
  MAX_URL_CAMERAS,
  readLink,
  urlCamera,
  writeLink,
} from './store.js';
import { streamRoutes } from './stream-routes.js';
import type { StreamRouteOptions } from './stream-routes.js';
import { StreamTickets } from './ticket.js';
import { streamRefusal } from './upstream.js';
import type { PtzDirectionCode, PtzSpeed } from './video-cloud-client.js';
import { VideoCloudError } from './video-cloud-error.js';
import { cameraList, equipmentCamera, NO_LINK, urlItem } from './views.js';
import type { CamerasContext } from './views.js';

/** The EZVIZ open platform, the video cloud of the specification. */
export const DEFAULT_VIDEO_CLOUD_URL = 'https://open.ys7.com';

/** What the app passes on from its settings; every field has a default. */
export interface CameraSettings {
  /** VIDEO_CLOUD_URL; default https://open.ys7.com. */
  readonly videoCloudUrl?: string;
  /** Which addresses stream-address cameras may have (CAMERA_STREAM_ALLOW); loopback and the like refused. */
  readonly streamPolicy?: DialPolicy;
  /** Default 8. */
  readonly maxStreamsPerUser?: number;
  /** Calls to the video cloud and waits for a stream's head; default 12 s. */
  readonly timeoutMs?: number;
}

export interface CamerasOptions extends CameraSettings {
  readonly storage: Storage;
  readonly now: () => number;
  /** Signs stream tickets (ticket.ts streamTicketKey). */
  readonly ticketKey: Uint8Array;
}

const Id = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const IdParams = z.strictObject({ id: Id });

export const camerasPlugin: FastifyPluginAsyncZod<CamerasOptions> = async (app, options) => {
  const db = options.storage.db;
  const now = options.now;
  const accounts = new CloudAccounts({
    db,
    baseUrl: options.videoCloudUrl ?? DEFAULT_VIDEO_CLOUD_URL,
    now,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  });
  const policy = options.streamPolicy ?? new DialPolicy();
  const ctx: CamerasContext = {
    db,
    accounts,
    tickets: new StreamTickets(options.ticketKey, now),
    policy,
    now,
    streamBase: `${app.prefix}/camera-streams`,
  };
  const security = [{ bearer: [] }];
  const guarded = { preHandler: app.authenticate };
  const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply };

  /** Every console showing the equipment reads its record again (its settings hold the link). */
  function linkChanged(equipmentId: number): void {
    app.live.publish(equipmentId, { infotype: 'EquipChanged', info: { reason: 'record', id: equipmentId } });
  }

  /** The caller's stream-address camera; 404 for anyone else's. */
  async function ownUrlCamera(user: AuthUser, id: number) {
    const camera = await urlCamera(db, id);
    if (!camera || camera.owner_id !== user.id) throw new ApiError('not_found', 'no such camera');
    return camera;
  }

  /** An address whose host is an IP literal the policy refuses is refused at once. */
  function checkAddress(url: string): void {
    const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
    const reason = isIP(host) !== 0 ? policy.refusal(host) : null;
    if (reason !== null) throw new ApiError('bad_request', `url: ${streamRefusal(host, reason)}`);
  }

  /** The caller's item for one of their stream-address cameras, with the equipment showing it. */
  async function ownUrlItem(user: AuthUser, id: number): Promise<CameraItem> {
    const camera = await ownUrlCamera(user, id);
    const linked = await linkedEquipment(db, user, now());
    const equipment = linked
      .filter((e) => e.rights.camera && 'cameraId' in e.link && e.link.cameraId === id)
      .map((e) => ({ id: e.id, name: e.name }));
    return urlItem(camera, true, equipment);
  }

  app.get(
    '/cameras',
    {
      ...guarded,
      schema: {
        tags: ['cameras'],
        summary:
          "The caller's cameras (stream addresses and their video-cloud account's) and, apart, the cameras of equipment shared with them with the camera right",
        security,
        response: { 200: CameraListReply, 401: ErrorReply },
      },
    },
    async (request) => cameraList(ctx, requireUser(request)),
  );

  app.post(
    '/cameras',
    {
      ...guarded,
      schema: {
        tags: ['cameras'],
        summary: `Add a camera by its stream address, MJPEG or HLS (at most ${MAX_URL_CAMERAS} a user)`,
        security,
        body: UrlCameraInput,
        response: { 201: CameraItem, 409: ErrorReply, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const body = request.body;
      checkAddress(body.url);
      if ((await countUrlCameras(db, user.id)) >= MAX_URL_CAMERAS) {
        throw new ApiError('conflict', `you have ${MAX_URL_CAMERAS} stream-address cameras, the most kept`);
      }
      const at = now();
      const row = await db
        .insertInto('url_cameras')
        .values({
          owner_id: user.id,
          name: body.name,
          url: body.url,
          kind: body.kind,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      reply.code(201);
      return ownUrlItem(user, row.id);
    },
  );

  app.patch(
    '/cameras/:id',
    {
      ...guarded,
      schema: {
        tags: ['cameras'],
        summary: 'Change the name, address or kind of one of your stream-address cameras',
        security,
        params: IdParams,
        body: UrlCameraPatch,
        response: { 200: CameraItem, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const camera = await ownUrlCamera(user, request.params.id);
      const body = request.body;
      if (body.url !== undefined) checkAddress(body.url);
      const changes = {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.url !== undefined ? { url: body.url } : {}),
        ...(body.kind !== undefined ? { kind: body.kind } : {}),
      };
      if (Object.keys(changes).length > 0) {
        await db
          .updateTable('url_cameras')
          .set({ ...changes, updated_at: now() })
          .where('id', '=', camera.id)
          .execute();
        for (const id of await equipmentLinking(db, camera.id)) linkChanged(id);
      }
      return ownUrlItem(user, camera.id);
    },
  );

  app.delete(
    '/cameras/:id',
    {
      ...guarded,
      schema: {
        tags: ['cameras'],
        summary: 'Remove one of your stream-address cameras; equipment showing it no longer does',
        security,
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const camera = await ownUrlCamera(user, request.params.id);
      await db.deleteFrom('url_cameras').where('id', '=', camera.id).execute();
      const gone: CameraLink = { cameraId: camera.id };
      for (const id of await equipmentLinking(db, camera.id)) {
        if (await writeLink(db, id, null, now(), gone)) linkChanged(id);
      }
      reply.code(204);
      return null;
    },
  );

  app.get(
    '/equipment/:id/camera',
    {
      ...guarded,
      schema: {
        tags: ['cameras'],
        summary:
          'The camera linked to the equipment, with a stream address to play through the server (valid to start for 5 minutes) and whether it takes PTZ (camera right)',
        security,
        params: IdParams,
        response: { 200: EquipmentCameraReply, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { equipment, access } = await requireAccess(db, user, request.params.id, 'camera', now());
      return equipmentCamera(ctx, user, equipment, access);
    },
  );

  app.put(
    '/equipment/:id/camera',
    {
      ...guarded,
      schema: {
        tags: ['cameras'],
        summary:
          "Link one of your cameras to the equipment, or unlink with null (edit right; a video-cloud camera only by the equipment's owner, whose account plays it)",
        security,
        params: IdParams,
        body: CameraLinkInput,
        response: { 200: EquipmentCameraReply, 503: ErrorReply, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { equipment, access } = await requireAccess(db, user, request.params.id, 'edit', now());
      const link = request.body.link;
      if (link !== null && 'cameraId' in link) {
        const camera = await urlCamera(db, link.cameraId);
        if (!camera || camera.owner_id !== user.id) {
          throw new ApiError(
            'bad_request',
            `link: camera ${link.cameraId} is not one of your stream-address cameras`,
          );
        }
      } else if (link !== null) {
        if (!access.owner) {
          throw new ApiError(
            'bad_request',
            "link: a video-cloud camera plays through the equipment owner's account, so only the owner links one",
          );
        }
        const list = await accounts.list(user.id);
        if (!list.configured) {
          throw new ApiError(
            'bad_request',
            'link: set up your video-cloud account (appKey and appSecret) first',
          );
        }
        if (list.error !== null) throw new ApiError('unavailable', list.error);
        if (!list.cameras.some((c) => c.serial === link.deviceSerial && c.channel === link.channelNo)) {
          throw new ApiError(
            'bad_request',
            `link: camera ${link.deviceSerial} channel ${link.channelNo} is not in your video-cloud account`,
          );
        }
      }
      if (!(await writeLink(db, equipment.id, link, now())))
        throw new ApiError('not_found', 'no such equipment');
      linkChanged(equipment.id);
      const changed = await db
        .selectFrom('equipment')
        .selectAll()
        .where('id', '=', equipment.id)
        .executeTakeFirst();
      if (!changed) throw new ApiError('not_found', 'no such equipment');
      return equipmentCamera(ctx, user, changed, access);
    },
  );

  app.post(
    '/equipment/:id/camera/ptz',
    {
      ...guarded,
      schema: {
        tags: ['cameras'],
        summary:
          "Start or stop moving the equipment's video-cloud camera, through its owner's account (camera right)",
        security,
        params: IdParams,
        body: PtzCommand,
        response: { 204: z.null(), 409: ErrorReply, 503: ErrorReply, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { equipment } = await requireAccess(db, user, request.params.id, 'camera', now());
      const link = readLink(equipment.settings);
      if (link === null) throw new ApiError('conflict', NO_LINK);
      if ('cameraId' in link) {
        throw new ApiError(
          'bad_request',
          'PTZ works on video-cloud cameras only; this equipment shows a stream address',
        );
      }
      const { action, direction, speed } = request.body;
      try {
        await accounts.ptz(
          equipment.owner_id,
          link.deviceSerial,
          link.channelNo,
          action,
          PTZ_DIRECTION_CODE[direction] as PtzDirectionCode,
          speed as PtzSpeed,
        );
      } catch (error) {
        if (error instanceof NoCloudAccount) {
          throw new ApiError('conflict', "the equipment owner's video-cloud account is not set up");
        }
        if (error instanceof VideoCloudError) throw new ApiError('unavailable', error.message);
        throw error;
      }
      reply.code(204);
      return null;
    },
  );

  const streams: StreamRouteOptions = {
    ctx,
    maxStreamsPerUser: options.maxStreamsPerUser,
    headersTimeoutMs: options.timeoutMs,
  };
  await app.register(streamRoutes, streams);
};
