/**
 * The live channel's WebSocket at /ws (spec §4 live socket; docs/protocol.md § Live channel).
 *
 * A browser opens the socket and sends `register` with its access token; the server answers
 * `register` and from then on pushes what happens to the equipment the user may read, or answers
 * `untoken` when the token is refused (the console then signs out). Every frame the browser sends
 * is validated; a bad one gets an `error` reply, never a crash. Operations and rule-page requests
 * are handed to the device link when one is wired (`onRequest`).
 *
 * Registered sessions are checked again every `revalidateMs`: a signed-out session family or a
 * deleted or disabled account ends the session with `untoken`, and the equipment set is read anew (it is also
 * replaced at once when sharing changes, through `accessChanged`).
 *
 * An open socket costs a file descriptor whether or not it ever registers, so sockets are bounded:
 * one that is not registered `registerTimeoutMs` after it opened (or after it stopped being
 * registered) is closed with code 4408, and one client address holds at most `maxPerAddress`
 * sockets (the next upgrade is answered 429).
 */
import websocket from '@fastify/websocket';
import { parseClientMessage } from '@fieldlink/protocol';
import type { ClientMessage, LiveErrorCode } from '@fieldlink/protocol';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { RawData, WebSocket } from 'ws';
import { signedInUser, userOfAccessToken } from '../accounts/authenticate.js';
import type { AuthUser, SignedInUser } from '../accounts/authenticate.js';
import { readableBy } from '../equipment/access.js';
import { errorBody } from '../http/errors.js';
import type { Database } from '../storage/schema.js';
import type { LiveHub, LiveSession, LiveSocket } from './hub.js';

/** Operations, rule-page reads and writes: everything a registered browser may ask of devices. */
export type DeviceRequest = Exclude<ClientMessage, { infotype: 'register' | 'unregister' }>;

export type DeviceRequestHandler = (
  session: LiveSession,
  user: SignedInUser,
  message: DeviceRequest,
) => Promise<void>;

export interface LiveSocketOptions {
  readonly db: Kysely<Database>;
  readonly jwtKey: Uint8Array;
  readonly now: () => number;
  readonly hub: LiveHub;
  /** Where device requests go; without it they are answered `offline`. */
  readonly onRequest?: DeviceRequestHandler;
  readonly revalidateMs?: number;
  /** How long a socket may stay open without being registered; default 10 s. */
  readonly registerTimeoutMs?: number;
  /** Sockets one client address (request.ip) may hold open; default 256. */
  readonly maxPerAddress?: number;
}

/** The limits on sockets an operator sets (and tests shorten). */
export type LiveLimits = Pick<LiveSocketOptions, 'registerTimeoutMs' | 'maxPerAddress'>;

export const DEFAULT_REGISTER_TIMEOUT_MS = 10_000;
/** Many tabs of a control room behind one NAT share an address. */
export const DEFAULT_MAX_SOCKETS_PER_ADDRESS = 256;
/** The close code of a socket that did not register in time (4000-4999: the application's own). */
export const REGISTER_TIMEOUT_CLOSE = 4408;

/** The largest frame accepted; the protocol's messages are far smaller. */
export const MAX_FRAME_BYTES = 1 << 20;
/**
 * The largest frame ws reads at all. Frames between the two are read and answered `too_large`;
 * past this one ws closes the socket (1009), so a client cannot make the server buffer more.
 */
export const MAX_SOCKET_PAYLOAD = 2 << 20;

async function readableIds(db: Kysely<Database>, user: AuthUser, now: number): Promise<number[]> {
  const rows = await readableBy(db, user, now).select('id').execute();
  return rows.map((r) => r.id);
}

function frameText(data: RawData): string | null {
  const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
  return buffer.length > MAX_FRAME_BYTES ? null : buffer.toString('utf8');
}

export interface LiveChannel {
  /** Registers /ws (and the WebSocket support) on the app. */
  readonly plugin: FastifyPluginAsync;
  /** Re-reads who these users' sessions are and what they may read. */
  readonly accessChanged: (userIds: readonly number[]) => Promise<void>;
}

export function createLiveChannel(options: LiveSocketOptions): LiveChannel {
  const { db, hub, now } = options;
  const registerTimeoutMs = options.registerTimeoutMs ?? DEFAULT_REGISTER_TIMEOUT_MS;
  const maxPerAddress = options.maxPerAddress ?? DEFAULT_MAX_SOCKETS_PER_ADDRESS;
  const users = new Map<LiveSession, SignedInUser>();
  /** The deadline of each socket that is not registered. */
  const deadlines = new Map<LiveSession, NodeJS.Timeout>();
  /** Open sockets (upgrades under way included) per client address. */
  const perAddress = new Map<string, number>();
  let log: Pick<FastifyInstance['log'], 'warn' | 'error'> | null = null;

  function error(session: LiveSession, code: LiveErrorCode, message: string, infotype?: string): void {
    hub.send(session, {
      infotype: 'error',
      info: infotype === undefined ? { code, message } : { code, message, infotype },
    });
  }

  /** Closes the session's socket unless it is registered within the time allowed from now. */
  function awaitRegister(session: LiveSession): void {
    clearTimeout(deadlines.get(session));
    const timer = setTimeout(() => {
      deadlines.delete(session);
      if (session.closed || session.userId !== null) return;
      session.socket.close(REGISTER_TIMEOUT_CLOSE, 'register within the time allowed');
    }, registerTimeoutMs);
    timer.unref();
    deadlines.set(session, timer);
  }

  function registered(session: LiveSession): void {
    clearTimeout(deadlines.get(session));
    deadlines.delete(session);
  }

  async function register(session: LiveSession, token: string): Promise<void> {
    const user = await userOfAccessToken({ db, jwtKey: options.jwtKey, now }, token);
    if (!user) {
      hub.send(session, {
        infotype: 'untoken',
        info: { reason: 'invalid', message: 'access token invalid, expired or signed out' },
      });
      return;
    }
    const ids = await readableIds(db, user, now());
    if (session.closed) return;
    session.userId = user.id;
    session.familyId = user.familyId;
    users.set(session, user);
    registered(session);
    hub.setReadable(session, ids);
    hub.send(session, { infotype: 'register', info: { ok: true, userId: String(user.id) } });
  }

  function unregister(session: LiveSession): void {
    session.userId = null;
    session.familyId = null;
    users.delete(session);
    hub.setReadable(session, []);
    session.pending.clear();
    hub.send(session, { infotype: 'unregister', info: { reason: 'requested' } });
    awaitRegister(session);
  }

  async function handle(session: LiveSession, text: string | null): Promise<void> {
    if (text === null) {
      error(session, 'too_large', `message: at most ${MAX_FRAME_BYTES} bytes`);
      return;
    }
    const parsed = parseClientMessage(text);
    if (!parsed.ok) {
      const e = parsed.error;
      error(session, e.code, e.message, e.infotype);
      return;
    }
    const message = parsed.message;
    if (message.infotype === 'register') return register(session, message.info.token);
    if (message.infotype === 'unregister') return unregister(session);
    const user = users.get(session);
    if (!user) {
      error(session, 'unauthorized', 'send register with your access token first', message.infotype);
      return;
    }
    if (!options.onRequest) {
      error(session, 'offline', 'the device link is not running on this server', message.infotype);
      return;
    }
    await options.onRequest(session, user, message);
  }

  /** Re-reads who each registered session is and what it may read. */
  /**
   * Reads each session's user and equipment set anew. `announce`: access changed (a share, a
   * grant, a deletion), so the console is told even when the set is the same (rights may differ);
   * otherwise (the minute's check) only when the set changed.
   */
  async function revalidate(sessions: readonly LiveSession[], announce = false): Promise<void> {
    const t = now();
    for (const session of sessions) {
      const { userId, familyId } = session;
      if (userId === null || familyId === null) continue;
      const user = await signedInUser(db, userId, familyId);
      if (session.closed) continue;
      if (!user) {
        hub.send(session, { infotype: 'untoken', info: { reason: 'revoked', message: 'signed out' } });
        users.delete(session);
        session.userId = null;
        session.familyId = null;
        hub.setReadable(session, []);
        awaitRegister(session);
        continue;
      }
      users.set(session, user);
      const before = session.readable;
      const ids = await readableIds(db, user, t);
      hub.setReadable(session, ids);
      // The console reads its tree anew when the set it may see changed.
      if (announce || ids.length !== before.size || ids.some((id) => !before.has(id))) {
        hub.send(session, { infotype: 'EquipChanged', info: { reason: 'access' } });
      }
    }
  }

  const plugin: FastifyPluginAsync = async (app) => {
    log = app.log;
    await app.register(websocket, { options: { maxPayload: MAX_SOCKET_PAYLOAD } });

    const timer = setInterval(() => {
      revalidate(hub.registered()).catch((e: unknown) =>
        log?.warn({ err: e }, 'live channel revalidation failed'),
      );
    }, options.revalidateMs ?? 60_000);
    timer.unref();

    app.addHook('onClose', async () => {
      clearInterval(timer);
      hub.closeAll();
    });

    // Counted from the upgrade request until its TCP connection closes, whatever becomes of it.
    const admit = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      if (!request.ws) return;
      const address = request.ip;
      const open = perAddress.get(address) ?? 0;
      if (open >= maxPerAddress) {
        return reply
          .status(429)
          .send(
            errorBody(
              'rate_limited',
              `too many live channel sockets from your address (at most ${maxPerAddress})`,
            ),
          );
      }
      perAddress.set(address, open + 1);
      request.raw.socket.once('close', () => {
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
      });
    };

    app.get('/ws', { websocket: true, schema: { hide: true }, onRequest: admit }, (socket, request) => {
      const session = hub.attach(corkable(socket));
      awaitRegister(session);
      // One message at a time per socket, in order.
      let chain = Promise.resolve();
      socket.on('message', (data: RawData, isBinary: boolean) => {
        chain = chain
          .then(() =>
            isBinary
              ? error(session, 'bad_message', 'message: a text frame of JSON')
              : handle(session, frameText(data)),
          )
          .catch((e: unknown) => {
            request.log.error({ err: e }, 'live channel message failed');
            error(session, 'internal', 'internal error');
          });
      });
      socket.on('close', () => {
        users.delete(session);
        registered(session);
        hub.detach(session);
      });
      socket.on('error', () => socket.terminate());
    });
  };

  return { plugin, accessChanged: (userIds) => revalidate(hub.sessionsOf(userIds), true) };
}

/**
 * The console's WebSocket as the hub sends on it, with cork and uncork of its TCP socket: ws
 * writes every frame to that socket at once, so a batch of pushes would be one system call per
 * frame. ws keeps the socket as `_socket`, which its typings do not declare; without it the
 * frames simply go one by one.
 */
function corkable(ws: WebSocket): LiveSocket {
  const tcp = (ws as unknown as { _socket?: { cork?(): void; uncork?(): void } | null })._socket;
  if (typeof tcp?.cork !== 'function' || typeof tcp.uncork !== 'function') return ws;
  return {
    send: (text) => ws.send(text),
    get bufferedAmount() {
      return ws.bufferedAmount;
    },
    close: (code, reason) => ws.close(code, reason),
    cork: () => tcp.cork?.(),
    uncork: () => tcp.uncork?.(),
  };
}
