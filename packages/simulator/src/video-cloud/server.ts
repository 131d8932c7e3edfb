/**
 * A simulated third-party video cloud on a real HTTP port: the EZVIZ-like API of cloud-api.ts
 * (POST, form-encoded, JSON replies) and the cameras' pictures, `GET /live/{serial}/{channel}.mjpeg`
 * (a multipart JPEG stream) and `.jpg` (one frame), both behind the short-lived token the
 * live-address call or the camera list hands out.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { SYSTEM_TIMERS } from '../dtu-client.js';
import type { Timers } from '../dtu-client.js';
import { CloudApi, DEFAULT_TOKEN_LIFETIME_MS } from './cloud-api.js';
import type { CloudReply, RecordedRequest, VideoCloudAccount, VideoCloudCall } from './cloud-api.js';
import { streamMjpeg } from './mjpeg.js';
import { FrameRenderer } from './panorama.js';
import type { PtzRates, PtzState } from './ptz.js';
import { StreamTokens } from './stream-token.js';

export interface VideoCloudOptions {
  readonly accounts: readonly VideoCloudAccount[];
  /** Default 0: any free port. */
  readonly port?: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** Base of the stream and picture URLs handed out (default the listening URL), e.g. behind a proxy. */
  readonly publicUrl?: string;
  /** Access-token lifetime, default 7 days. */
  readonly tokenLifetimeMs?: number;
  /** Stream-token lifetime, default 10 minutes. */
  readonly streamTokenMs?: number;
  /** The cloud's clock in ms (tokens, PTZ motion, stream tokens); default Date.now. */
  readonly now?: () => number;
  /** Paces the MJPEG frames; default the system's. */
  readonly timers?: Timers;
  /** MJPEG frames per second, default 5. */
  readonly fps?: number;
  readonly ptzRates?: PtzRates;
}

export interface VideoCloudCounts extends Record<VideoCloudCall, number> {
  /** `.jpg` pictures served. */
  readonly snapshots: number;
  /** `.mjpeg` streams opened. */
  readonly streams: number;
  /** Frames sent over all streams. */
  readonly frames: number;
}

export interface VideoCloud {
  /** `http://127.0.0.1:port`, no trailing slash. */
  readonly url: string;
  /** Calls answered and pictures served so far. */
  readonly counts: Readonly<VideoCloudCounts>;
  /** The last 500 API calls with their form parameters, oldest first. */
  readonly requests: readonly RecordedRequest[];
  /** PTZ position and motion of a camera now, or undefined for a camera the cloud lacks. */
  ptzState(serial: string, channel?: number): PtzState | undefined;
  /** The next call to `path` (e.g. VIDEO_CLOUD_PATHS.cameraList) answers `code` whatever it asks. */
  failNext(path: string, code: string, msg?: string): void;
  /** Every access token issued so far stops working (10002). */
  expireTokens(): void;
  /** A signed stream (`mjpeg`) or picture (`jpg`) URL of a camera, as the live-address call gives. */
  liveUrl(serial: string, channel: number, kind: 'mjpeg' | 'jpg'): string;
  stop(): Promise<void>;
}

const MAX_BODY = 64 * 1024;
const LIVE_PATH = /^\/live\/([^/]{1,64})\/(\d{1,3})\.(mjpeg|jpg)$/;

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        resolve(undefined);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: CloudReply): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}

/** Starts a simulated video cloud; resolves once it listens. */
export async function startVideoCloud(options: VideoCloudOptions): Promise<VideoCloud> {
  const now = options.now ?? Date.now;
  const timers = options.timers ?? SYSTEM_TIMERS;
  const fps = options.fps ?? 5;
  const streamTokens = new StreamTokens(options.streamTokenMs ?? 10 * 60 * 1000, now);
  const renderer = new FrameRenderer();
  const media = { snapshots: 0, streams: 0, frames: 0 };
  let url = '';
  const base = (): string => options.publicUrl?.replace(/\/+$/, '') ?? url;
  const api = new CloudApi({
    accounts: options.accounts,
    tokenLifetimeMs: options.tokenLifetimeMs ?? DEFAULT_TOKEN_LIFETIME_MS,
    now,
    streamTokens,
    publicUrl: base,
    ...(options.ptzRates ? { rates: options.ptzRates } : {}),
  });

  const frameOf = (serial: string, channel: number) => (): Promise<Buffer> => {
    const state = api.ptzState(serial, channel);
    if (!state) return Promise.reject(new Error('camera gone'));
    return renderer.jpeg(state);
  };

  const serveLive = (req: IncomingMessage, res: ServerResponse, target: URL): void => {
    const match = LIVE_PATH.exec(target.pathname);
    if (!match || req.method !== 'GET') return sendText(res, 404, 'not found');
    const serial = decodeURIComponent(match[1] ?? '');
    const channel = Number(match[2]);
    const camera = api.camera(serial, channel);
    if (!camera) return sendText(res, 404, 'no such camera');
    if (!streamTokens.check(target.searchParams.get('token'), serial, channel)) {
      return sendText(res, 403, 'stream token missing, wrong or expired');
    }
    if (camera.online === false) return sendText(res, 503, 'camera offline');
    if (match[3] === 'jpg') {
      media.snapshots++;
      frameOf(serial, channel)()
        .then((jpeg) => {
          res.writeHead(200, {
            'content-type': 'image/jpeg',
            'content-length': jpeg.length,
            'cache-control': 'no-store',
          });
          res.end(jpeg);
        })
        .catch(() => sendText(res, 500, 'picture failed'));
      return;
    }
    media.streams++;
    const frames = Number(target.searchParams.get('frames'));
    streamMjpeg(res, {
      fps,
      timers,
      frame: frameOf(serial, channel),
      onFrame: () => media.frames++,
      ...(Number.isInteger(frames) && frames > 0 ? { maxFrames: frames } : {}),
    });
  };

  const serveApi = async (req: IncomingMessage, res: ServerResponse, target: URL): Promise<void> => {
    if (req.method !== 'POST') return sendJson(res, 405, { code: '405', msg: 'POST only' });
    const body = await readBody(req);
    if (body === undefined) return sendJson(res, 413, { code: '413', msg: 'body too large' });
    const params: Record<string, string> = Object.fromEntries(target.searchParams);
    for (const [key, value] of new URLSearchParams(body)) params[key] = value;
    const answer = api.handle(target.pathname, params);
    if (!answer) return sendJson(res, 404, { code: '404', msg: 'no such API' });
    sendJson(res, 200, answer);
  };

  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const target = new URL(req.url ?? '/', 'http://cloud');
    if (target.pathname.startsWith('/live/')) return serveLive(req, res, target);
    serveApi(req, res, target).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { code: '49999', msg: 'data error' });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  url = `http://${host}:${address.port}`;

  return {
    url,
    get counts() {
      return { ...api.counts, ...media };
    },
    requests: api.requests,
    ptzState: (serial, channel = 1) => api.ptzState(serial, channel),
    failNext: (path, code, msg) => api.failNext(path, code, msg),
    expireTokens: () => api.expireTokens(),
    liveUrl: (serial, channel, kind) => {
      const { token } = streamTokens.issue(serial, channel);
      return `${base()}/live/${encodeURIComponent(serial)}/${channel}.${kind}?token=${token}`;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        // Streams never end by themselves: close their sockets, or close() would wait for them.
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
