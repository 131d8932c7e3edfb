/**
 * The stream proxy: `GET /camera-streams/:ticket` plays an MJPEG camera, and for HLS
 * `…/:ticket/index.m3u8` gives the playlist with every address rewritten to
 * `…/:ticket/s/{base64url(address)}`, which fetches only addresses on the stream's own origin.
 * The browser never reaches a camera or the video cloud itself, and sends no bearer (an <img> or
 * <video> cannot): the ticket in the path stands for it (ticket.ts), and each request asks again
 * whether its user holds the camera right. Upstream bytes go to the client as they come, only of
 * the media types a camera stream has; the upstream connection closes when the client goes.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { signedInUser } from '../accounts/authenticate.js';
import { ErrorReply } from '../accounts/fields.js';
import { requireAccess } from '../equipment/access.js';
import type { DialPolicy } from '../gateway/modbus-tcp/dial-policy.js';
import { ApiError } from '../http/errors.js';
import { messageOf, NoCloudAccount } from './cloud-accounts.js';
import { mediaType, MAX_PLAYLIST_BYTES, PLAYLIST_TYPES, PlaylistError, rewritePlaylist } from './hls.js';
import { readLink, urlCamera, urlLinkHolds } from './store.js';
import { MAX_STREAMS_PER_USER, StreamSessions } from './stream-sessions.js';
import { TICKET_PATTERN } from './ticket.js';
import type { TicketClaims } from './ticket.js';
import { openUpstream, readBody, UpstreamError } from './upstream.js';
import { VideoCloudError } from './video-cloud-error.js';
import { LINK_GONE, NO_LINK } from './views.js';
import type { CamerasContext } from './views.js';

export interface StreamRouteOptions {
  readonly ctx: CamerasContext;
  readonly maxStreamsPerUser?: number | undefined;
  /** How long to wait for an upstream's response head; default 12 s. */
  readonly headersTimeoutMs?: number | undefined;
}

const MJPEG_TYPES: ReadonlySet<string> = new Set(['multipart/x-mixed-replace', 'image/jpeg']);
const SEGMENT_TYPES: ReadonlySet<string> = new Set(['video/mp2t', 'video/mp4', 'video/iso.segment']);

const Ticket = z.string().regex(TICKET_PATTERN, 'a stream ticket');
const TicketParams = z.strictObject({ ticket: Ticket });
// A wildcard: an address is longer than a path parameter may be.
const SegmentParams = z.strictObject({
  ticket: Ticket,
  '*': z.string().regex(/^[A-Za-z0-9_-]{1,4096}$/, 'a base64url address'),
});

/** Where a stream comes from, decided anew on each request. */
interface Source {
  readonly url: URL;
  readonly kind: 'mjpeg' | 'hls';
  /** Null for the video cloud's addresses (trusted); the dial policy for a user's address. */
  readonly policy: DialPolicy | null;
}

export const streamRoutes: FastifyPluginAsyncZod<StreamRouteOptions> = async (app, options) => {
  const { ctx } = options;
  const { db, now } = ctx;
  const sessions = new StreamSessions(options.maxStreamsPerUser ?? MAX_STREAMS_PER_USER, now);
  const upstream = (policy: DialPolicy | null) => ({
    policy,
    ...(options.headersTimeoutMs !== undefined ? { headersTimeoutMs: options.headersTimeoutMs } : {}),
  });
  const errors = {
    400: ErrorReply,
    401: ErrorReply,
    403: ErrorReply,
    404: ErrorReply,
    409: ErrorReply,
    429: ErrorReply,
    503: ErrorReply,
  };
  // Streams never end by themselves: the server closing ends them, or it would wait for them.
  const playing = new Set<IncomingMessage>();
  app.addHook('preClose', async () => {
    for (const res of playing) res.destroy();
  });
  const tooMany = () =>
    new ApiError(
      'rate_limited',
      `at most ${sessions.maxPerUser} camera streams may play at once for one user`,
    );

  /** The claims of a valid ticket (an HLS session already started goes on past the ticket's time). */
  function claimsOf(ticket: string, hls: boolean): TicketClaims {
    const going = hls ? sessions.continueHls(ticket) : undefined;
    if (going) return going;
    const checked = ctx.tickets.check(ticket);
    if (checked.ok) return checked.claims;
    if (checked.reason === 'expired') {
      throw new ApiError('unauthorized', 'the stream ticket has expired: ask for the camera again');
    }
    throw new ApiError('forbidden', 'the stream ticket is not valid');
  }

  /** The stream of the ticket's equipment, when its user still may watch it. */
  async function sourceOf(ticket: string, claims: TicketClaims, hls: boolean): Promise<Source> {
    try {
      const user = await signedInUser(db, claims.userId, claims.familyId);
      if (!user) throw new ApiError('unauthorized', 'the sign-in this stream ticket came with has ended');
      const { equipment } = await requireAccess(db, user, claims.equipmentId, 'camera', now());
      const link = readLink(equipment.settings);
      if (link === null) throw new ApiError('conflict', NO_LINK);
      if ('cameraId' in link) {
        const camera = await urlCamera(db, link.cameraId);
        if (!camera || !(await urlLinkHolds(db, camera, equipment, now()))) {
          throw new ApiError('conflict', LINK_GONE);
        }
        return { url: new URL(camera.url), kind: camera.kind, policy: ctx.policy };
      }
      try {
        const live = await ctx.accounts.liveAddress(equipment.owner_id, link.deviceSerial, link.channelNo);
        return { url: new URL(live.url), kind: live.kind, policy: null };
      } catch (error) {
        if (error instanceof NoCloudAccount) {
          throw new ApiError('conflict', "the equipment owner's video-cloud account is not set up");
        }
        if (error instanceof VideoCloudError) throw new ApiError('unavailable', messageOf(error));
        if (error instanceof TypeError)
          throw new ApiError('unavailable', 'the video cloud gave an unreadable stream address');
        throw error;
      }
    } catch (error) {
      // A session whose user may no longer watch ends now, not when it goes idle.
      const refused = error instanceof ApiError && [401, 403, 404].includes(error.status);
      if (hls && refused) sessions.endHls(ticket, claims.userId);
      throw error;
    }
  }

  /** Opens the upstream; aborted when the client goes away first. */
  async function open(source: Source, url: URL, reply: FastifyReply): Promise<IncomingMessage> {
    const abort = new AbortController();
    const onClose = () => abort.abort();
    reply.raw.once('close', onClose);
    try {
      return await openUpstream(url, upstream(source.policy), abort.signal);
    } catch (error) {
      if (error instanceof UpstreamError) {
        throw new ApiError(error.kind === 'refused' ? 'forbidden' : 'unavailable', error.message);
      }
      throw error;
    } finally {
      reply.raw.off('close', onClose);
    }
  }

  /** Sends a playlist with its addresses through this proxy. */
  async function sendPlaylist(
    reply: FastifyReply,
    ticket: string,
    res: IncomingMessage,
    url: URL,
  ): Promise<FastifyReply> {
    const body = await readBody(res, MAX_PLAYLIST_BYTES);
    if (body === null) throw new ApiError('unavailable', 'the camera playlist is larger than 1 MiB');
    let text: string;
    try {
      text = rewritePlaylist(
        body.toString('utf8'),
        url.href,
        (absolute) => `${ctx.streamBase}/${ticket}/s/${Buffer.from(absolute).toString('base64url')}`,
      );
    } catch (error) {
      if (error instanceof PlaylistError)
        throw new ApiError('unavailable', `the camera playlist: ${error.message}`);
      throw error;
    }
    return reply
      .header('content-type', 'application/vnd.apple.mpegurl')
      .header('cache-control', 'no-store')
      .send(Buffer.from(text, 'utf8'));
  }

  /** Pipes a media body to the client, the upstream closed when the client goes. */
  function pipe(reply: FastifyReply, res: IncomingMessage): FastifyReply {
    void reply.header('content-type', res.headers['content-type'] ?? '').header('cache-control', 'no-store');
    const length = res.headers['content-length'];
    if (length !== undefined && /^\d+$/.test(length)) void reply.header('content-length', length);
    playing.add(res);
    res.once('close', () => playing.delete(res));
    // Fastify destroys the stream when the client closes; the stream sent is not a JSON reply.
    return reply.send(res as unknown as string);
  }

  /** A ticket's HLS request: checks, starts or goes on with the session, and opens `target`. */
  async function hlsRequest(
    request: FastifyRequest,
    reply: FastifyReply,
    ticket: string,
    target: string | null,
  ): Promise<FastifyReply> {
    const claims = claimsOf(ticket, true);
    const source = await sourceOf(ticket, claims, true);
    if (source.kind !== 'hls') {
      throw new ApiError('bad_request', `this camera streams MJPEG: play ${ctx.streamBase}/${ticket}`);
    }
    let url = source.url;
    if (target !== null) {
      let decoded: URL | null = null;
      try {
        decoded = new URL(Buffer.from(target, 'base64url').toString('utf8'));
      } catch {
        decoded = null;
      }
      if (decoded === null || decoded.origin !== source.url.origin) {
        throw new ApiError('forbidden', "the proxy fetches only addresses on the camera stream's own origin");
      }
      url = decoded;
    }
    if (!sessions.startHls(ticket, claims)) throw tooMany();
    const res = await open(source, url, reply);
    const type = mediaType(res.headers['content-type']);
    if (PLAYLIST_TYPES.has(type)) return sendPlaylist(reply, ticket, res, url);
    if (target !== null && SEGMENT_TYPES.has(type)) return pipe(reply, res);
    res.destroy();
    request.log.info({ contentType: type }, 'camera stream refused: not an HLS media type');
    throw new ApiError(
      'unavailable',
      `the camera sent ${type || 'no content type'}, not ${target === null ? 'an HLS playlist' : 'HLS media'}`,
    );
  }

  const schema = (summary: string, params: z.ZodType) => ({
    tags: ['cameras'],
    summary,
    params,
    produces: [
      'multipart/x-mixed-replace',
      'image/jpeg',
      'application/vnd.apple.mpegurl',
      'video/mp2t',
      'video/mp4',
    ],
    response: { 200: z.string().describe('The stream, as the camera sends it'), ...errors },
  });

  app.get(
    '/camera-streams/:ticket',
    {
      schema: schema(
        'An MJPEG camera stream through the server; the ticket from GET /equipment/{id}/camera stands for sign-in (no bearer)',
        TicketParams,
      ),
    },
    async (request, reply) => {
      const { ticket } = request.params as z.infer<typeof TicketParams>;
      const claims = claimsOf(ticket, false);
      const source = await sourceOf(ticket, claims, false);
      if (source.kind !== 'mjpeg') {
        throw new ApiError(
          'bad_request',
          `this camera streams HLS: play ${ctx.streamBase}/${ticket}/index.m3u8`,
        );
      }
      const release = sessions.take(claims.userId);
      if (!release) throw tooMany();
      reply.raw.once('close', release);
      let res: IncomingMessage;
      try {
        res = await open(source, source.url, reply);
      } catch (error) {
        release();
        throw error;
      }
      const type = mediaType(res.headers['content-type']);
      if (!MJPEG_TYPES.has(type)) {
        res.destroy();
        release();
        throw new ApiError(
          'unavailable',
          `the camera sent ${type || 'no content type'}, not an MJPEG stream`,
        );
      }
      return pipe(reply, res);
    },
  );

  app.get(
    '/camera-streams/:ticket/index.m3u8',
    {
      schema: schema(
        'An HLS camera playlist through the server, its addresses rewritten to the proxy',
        TicketParams,
      ),
    },
    async (request, reply) => {
      const { ticket } = request.params as z.infer<typeof TicketParams>;
      return hlsRequest(request, reply, ticket, null);
    },
  );

  app.get(
    '/camera-streams/:ticket/s/*',
    {
      schema: {
        ...schema(
          "A playlist or segment of an HLS camera stream, by its base64url address (on the stream's own origin only)",
          SegmentParams,
        ),
        // OpenAPI has no path parameter that spans slashes; the playlist route names this one.
        hide: true,
      },
    },
    async (request, reply) => {
      const { ticket, '*': target } = request.params as z.infer<typeof SegmentParams>;
      return hlsRequest(request, reply, ticket, target);
    },
  );
};
