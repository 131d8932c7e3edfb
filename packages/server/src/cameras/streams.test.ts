/**
 * The stream proxy on both databases over real sockets: the simulated cloud's MJPEG, a tiny local
 * MJPEG camera and a local HLS server, tickets, the dial policy and the per-user cap.
 */
import { createServer, get as httpGet } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { EquipmentCameraReply } from '@fieldlink/protocol';
import { MJPEG_BOUNDARY, MJPEG_CONTENT_TYPE, MjpegReader } from '@fieldlink/simulator';
import { afterAll, beforeAll, describe, expect, it as baseIt, vi } from 'vitest';
import { expectError, sendAs, useAccountsApp } from '../accounts/test-support.js';
import type { ExtraAppOptions } from '../accounts/test-support.js';
import { DialPolicy, parseCidrList } from '../gateway/modbus-tcp/dial-policy.js';
import { storageCases } from '../storage/test-support.js';
import { HLS_IDLE_MS } from './stream-sessions.js';
import {
  ACCOUNT_A,
  addUrlCamera,
  device,
  link,
  ok,
  setCameraAccount,
  share,
  user,
  useVideoCloud,
} from './test-support.js';
import type { TestUser } from './test-support.js';
import { TICKET_LIFETIME_MS } from './ticket.js';

/** The default policy, or with loopback opened as CAMERA_STREAM_ALLOW=127.0.0.1/32 would. */
class SwitchablePolicy extends DialPolicy {
  open = false;
  private readonly opened = new DialPolicy({ allow: parseCidrList('127.0.0.1/32') });
  override refusal(ip: string): string | null {
    return this.open ? this.opened.refusal(ip) : super.refusal(ip);
  }
}

const jpeg = (n: number) => Buffer.from([0xff, 0xd8, n, 0xff, 0xd9]);

interface LocalServer {
  readonly url: string;
  /** Connections open now. */
  readonly connections: () => number;
  readonly requests: string[];
}

/** A local camera: MJPEG (three frames, then the connection held open), HLS files, an HTML page. */
function useLocalCamera(): () => LocalServer {
  let server: Server;
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  let url = '';
  const files: Record<string, [string, string | Buffer]> = {
    '/live/index.m3u8': [
      'application/vnd.apple.mpegurl',
      '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:2,\nseg1.ts\n#EXTINF:2,\nsub/seg2.ts\n#EXTINF:2,\nhttps://elsewhere.example/seg3.ts\n',
    ],
    '/live/master.m3u8': ['application/x-mpegURL', '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000\nindex.m3u8\n'],
    '/live/init.mp4': ['video/mp4', Buffer.from('INIT')],
    '/live/seg1.ts': ['video/mp2t', Buffer.from('SEG1')],
    '/live/sub/seg2.ts': ['video/mp2t', Buffer.from('SEG2')],
    '/live/page.html': ['text/html', '<p>not video</p>'],
    '/page.html': ['text/html', '<p>not video</p>'],
  };
  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(req.url ?? '');
      const file = files[req.url ?? ''];
      if (file) {
        res.writeHead(200, { 'content-type': file[0] }).end(file[1]);
        return;
      }
      if (req.url !== '/cam.mjpg') {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': MJPEG_CONTENT_TYPE });
      for (let i = 0; i < 3; i++) {
        const frame = jpeg(i);
        res.write(
          `--${MJPEG_BOUNDARY}\r\nContent-Type: image/jpeg\r\nContent-Length: ${frame.length}\r\n\r\n`,
        );
        res.write(frame);
        res.write('\r\n');
      }
    });
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return () => ({ url, connections: () => sockets.size, requests });
}

/**
 * Opens a stream and reads `count` frames; the stream stays open until `close`. Over a connection
 * of its own (node:http, no pool), as an <img> holds one, closed with it.
 */
async function readFrames(
  url: string,
  count: number,
): Promise<{ frames: Buffer[]; contentType: string; close: () => void }> {
  const res = await new Promise<IncomingMessage>((resolve, reject) =>
    httpGet(url, { agent: false }, resolve).on('error', reject),
  );
  const close = () => res.destroy();
  if (res.statusCode !== 200) {
    close();
    throw new Error(`HTTP ${res.statusCode ?? 0}`);
  }
  const mjpeg = new MjpegReader();
  const frames: Buffer[] = [];
  // Not `for await`: leaving it would destroy the stream, and it stays open until `close`.
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      frames.push(...mjpeg.push(chunk));
      if (frames.length < count) return;
      res.off('data', onData);
      res.pause();
      resolve();
    };
    res.on('data', onData);
    res.once('end', () => reject(new Error(`the stream ended after ${frames.length} frames`)));
  });
  return { frames, contentType: res.headers['content-type'] ?? '', close };
}

describe.each(storageCases())('camera streams on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const cloud = useVideoCloud();
  const local = useLocalCamera();
  const policy = new SwitchablePolicy();
  const extra: ExtraAppOptions = {
    get cameras() {
      return { videoCloudUrl: cloud().url, streamPolicy: policy, maxStreamsPerUser: 2 };
    },
  };
  const h = useAccountsApp(store, extra);
  let base = '';
  beforeAll(async () => {
    if (store.skip !== null) return;
    base = await h.app.listen({ port: 0, host: '127.0.0.1' });
  });

  const cameraOf = async (who: TestUser, id: number) =>
    ok<EquipmentCameraReply>(await sendAs(h.app, 'GET', `/equipment/${id}/camera`, who.token));
  const streamUrl = async (who: TestUser, id: number): Promise<string> => {
    const reply = await cameraOf(who, id);
    expect(reply.stream, reply.error ?? '').not.toBeNull();
    return reply.stream?.url ?? '';
  };
  const get = (url: string) => h.app.inject({ method: 'GET', url });
  /** An equipment of a new owner showing one of the owner's stream addresses. */
  async function urlCamera(path: string, kind: 'mjpeg' | 'hls' = 'mjpeg') {
    const owner = await user(h, 'urlowner');
    const id = await device(h, owner);
    policy.open = true;
    try {
      const camera = await addUrlCamera(h, owner, `${local().url}${path}`, kind);
      ok(await link(h, owner, id, { cameraId: camera }));
    } finally {
      policy.open = false;
    }
    return { owner, id };
  }
  async function withLoopback<T>(run: () => Promise<T>): Promise<T> {
    policy.open = true;
    try {
      return await run();
    } finally {
      policy.open = false;
    }
  }

  it('plays a cloud camera through its ticket, for the owner and for a viewer with the camera right', async () => {
    const owner = await user(h, 'owner');
    const viewer = await user(h, 'viewer');
    await setCameraAccount(h, owner, { appKey: ACCOUNT_A.appKey, appSecret: ACCOUNT_A.appSecret });
    const id = await device(h, owner);
    ok(await link(h, owner, id, { deviceSerial: 'PTZ001', channelNo: 1 }));
    await share(h, owner, id, viewer, 'read', true);
    const streams = cloud().counts.streams;
    for (const who of [owner, viewer]) {
      const played = await readFrames(base + (await streamUrl(who, id)), 2);
      played.close();
      expect(played.contentType).toMatch(/^multipart\/x-mixed-replace; boundary=/);
      expect(played.frames).toHaveLength(2);
      for (const frame of played.frames) expect([...frame.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    }
    expect(cloud().counts.streams).toBe(streams + 2);
  });

  it('refuses a forged (403) or expired (401) ticket, a right taken away and an ended sign-in', async () => {
    const owner = await user(h, 'guard');
    const viewer = await user(h, 'guest');
    await setCameraAccount(h, owner, { appKey: ACCOUNT_A.appKey, appSecret: ACCOUNT_A.appSecret });
    const id = await device(h, owner);
    ok(await link(h, owner, id, { deviceSerial: 'PTZ001', channelNo: 1 }));
    const grant = await share(h, owner, id, viewer, 'read', true);

    const url = await streamUrl(viewer, id);
    const [payload = '', signature = ''] = url.split('/').at(-1)?.split('.') ?? [];
    const claims = Buffer.from(payload, 'base64url');
    claims.writeBigUInt64BE(BigInt(owner.id), 8);
    const forged = claims.toString('base64url');
    expect(expectError(await get(`/api/v1/camera-streams/${forged}.${signature}`), 403, 'forbidden')).toBe(
      'the stream ticket is not valid',
    );
    expectError(await get('/api/v1/camera-streams/not-a-ticket'), 400, 'bad_request');
    h.clock.advance(TICKET_LIFETIME_MS);
    expect(expectError(await get(url), 401, 'unauthorized')).toBe(
      'the stream ticket has expired: ask for the camera again',
    );

    const fresh = await streamUrl(viewer, id);
    ok(await sendAs(h.app, 'PATCH', `/equipment/${id}/grants/${grant}`, owner.token, { camera: false }));
    expect(expectError(await get(fresh), 403, 'forbidden')).toBe(
      'you do not have the camera right on this equipment',
    );
    ok(await sendAs(h.app, 'DELETE', `/equipment/${id}/grants/${grant}`, owner.token), 204);
    expectError(await get(fresh), 404, 'not_found');

    const own = await streamUrl(owner, id);
    ok(await sendAs(h.app, 'POST', '/auth/logout', owner.token), 204);
    expect(expectError(await get(own), 401, 'unauthorized')).toBe(
      'the sign-in this stream ticket came with has ended',
    );
  });

  it('refuses a stream address on loopback unless CAMERA_STREAM_ALLOW opens it, and closes the upstream when the client goes', async () => {
    const { owner, id } = await urlCamera('/cam.mjpg');
    const refusal = `the server does not fetch camera streams from 127.0.0.1: a loopback address (an operator may allow it with CAMERA_STREAM_ALLOW)`;
    expect(await cameraOf(owner, id)).toMatchObject({ stream: null, error: refusal, ptz: false });
    // Checked again when the stream opens: a ticket from while it was allowed gains nothing.
    const url = await withLoopback(() => streamUrl(owner, id));
    expect(expectError(await get(url), 403, 'forbidden')).toBe(refusal);
    expect(local().requests.filter((r) => r === '/cam.mjpg')).toHaveLength(0);

    const played = await withLoopback(() => readFrames(base + url, 2));
    expect(played.contentType).toBe(MJPEG_CONTENT_TYPE);
    expect(played.frames.slice(0, 2)).toEqual([jpeg(0), jpeg(1)]);
    expect(local().connections()).toBe(1);
    played.close();
    await vi.waitFor(() => expect(local().connections()).toBe(0));
  });

  it('refuses what is not a camera stream, and a camera played at the other kind of address', async () => {
    const html = await urlCamera('/page.html');
    const page = await withLoopback(() => streamUrl(html.owner, html.id));
    await withLoopback(async () => {
      expect(expectError(await get(page), 503, 'unavailable')).toBe(
        'the camera sent text/html, not an MJPEG stream',
      );
      expect(expectError(await get(`${page}/index.m3u8`), 400, 'bad_request')).toMatch(
        /^this camera streams MJPEG/,
      );
    });
    const hls = await urlCamera('/page.html', 'hls');
    const playlist = await withLoopback(() => streamUrl(hls.owner, hls.id));
    expect(playlist).toMatch(/\/index\.m3u8$/);
    await withLoopback(async () => {
      expect(expectError(await get(playlist), 503, 'unavailable')).toBe(
        'the camera sent text/html, not an HLS playlist',
      );
      expect(expectError(await get(playlist.replace(/\/index\.m3u8$/, '')), 400, 'bad_request')).toMatch(
        /^this camera streams HLS: play \/api\/v1\/camera-streams\/.+\/index\.m3u8$/,
      );
    });
  });

  it('proxies HLS: every address rewritten, fetched through the proxy, another origin refused', async () => {
    const { owner, id } = await urlCamera('/live/master.m3u8', 'hls');
    await withLoopback(async () => {
      const reply = await cameraOf(owner, id);
      expect(reply.stream?.kind).toBe('hls');
      const master = await get(reply.stream?.url ?? '');
      expect(master.statusCode, master.body).toBe(200);
      expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      const ticketPath = (reply.stream?.url ?? '').replace(/\/index\.m3u8$/, '');
      const proxied = (absolute: string) => `${ticketPath}/s/${Buffer.from(absolute).toString('base64url')}`;
      expect(master.body).toBe(
        `#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000\n${proxied(`${local().url}/live/index.m3u8`)}\n`,
      );
      const media = await get(proxied(`${local().url}/live/index.m3u8`));
      expect(media.statusCode).toBe(200);
      expect(media.body.split('\n')).toEqual([
        '#EXTM3U',
        '#EXT-X-TARGETDURATION:2',
        `#EXT-X-MAP:URI="${proxied(`${local().url}/live/init.mp4`)}"`,
        '#EXTINF:2,',
        proxied(`${local().url}/live/seg1.ts`),
        '#EXTINF:2,',
        proxied(`${local().url}/live/sub/seg2.ts`),
        '#EXTINF:2,',
        proxied('https://elsewhere.example/seg3.ts'),
        '',
      ]);
      for (const [path, type, body] of [
        ['/live/init.mp4', 'video/mp4', 'INIT'],
        ['/live/seg1.ts', 'video/mp2t', 'SEG1'],
        ['/live/sub/seg2.ts', 'video/mp2t', 'SEG2'],
      ]) {
        const segment = await get(proxied(`${local().url}${path}`));
        expect(segment.statusCode, segment.body).toBe(200);
        expect(segment.headers['content-type']).toBe(type);
        expect(segment.body).toBe(body);
      }
      const requests = local().requests.length;
      for (const elsewhere of [
        'https://elsewhere.example/seg3.ts',
        `${local().url.replace(/:\d+$/, ':1')}/live/seg1.ts`,
        `http://localhost:${local().url.split(':').at(-1)}/live/seg1.ts`,
      ]) {
        expect(expectError(await get(proxied(elsewhere)), 403, 'forbidden')).toBe(
          "the proxy fetches only addresses on the camera stream's own origin",
        );
      }
      expect(local().requests).toHaveLength(requests);
      expect(expectError(await get(proxied(`${local().url}/live/page.html`)), 503, 'unavailable')).toBe(
        'the camera sent text/html, not HLS media',
      );
    });
  });

  it('keeps an HLS session going past its ticket while the player fetches, and ends it when idle', async () => {
    const { owner, id } = await urlCamera('/live/index.m3u8', 'hls');
    await withLoopback(async () => {
      const url = await streamUrl(owner, id);
      for (let elapsed = 0; elapsed <= TICKET_LIFETIME_MS + 60_000; elapsed += 20_000) {
        expect((await get(url)).statusCode).toBe(200);
        h.clock.advance(20_000);
      }
      h.clock.advance(HLS_IDLE_MS);
      expectError(await get(url), 401, 'unauthorized');
    });
  });

  it('caps the streams one user has open at once, MJPEG and HLS together', async () => {
    const { owner, id } = await urlCamera('/cam.mjpg');
    const hls = await device(h, owner);
    await withLoopback(async () => {
      const camera = await addUrlCamera(h, owner, `${local().url}/live/index.m3u8`, 'hls');
      ok(await link(h, owner, hls, { cameraId: camera }));
      const first = await readFrames(base + (await streamUrl(owner, id)), 1);
      const second = await readFrames(base + (await streamUrl(owner, id)), 1);
      const third = await get(await streamUrl(owner, id));
      expect(expectError(third, 429, 'rate_limited')).toBe(
        'at most 2 camera streams may play at once for one user',
      );
      expectError(await get(await streamUrl(owner, hls)), 429, 'rate_limited');
      first.close();
      await vi.waitFor(async () => expect((await get(await streamUrl(owner, hls))).statusCode).toBe(200));
      // The HLS session now holds the place the first stream left.
      expectError(await get(await streamUrl(owner, id)), 429, 'rate_limited');
      // `second` is left playing: closing the app ends it, or the suite's close would wait for it.
      expect(second.frames).toHaveLength(1);
    });
  });
});
