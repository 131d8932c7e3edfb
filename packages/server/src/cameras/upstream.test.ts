import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DialPolicy, parseCidrList } from '../gateway/modbus-tcp/dial-policy.js';
import { openUpstream, readBody, refusalOf, UpstreamError } from './upstream.js';

const closed = new DialPolicy({ ownAddresses: () => [] });
const loopbackOpen = new DialPolicy({ allow: parseCidrList('127.0.0.1/32'), ownAddresses: () => [] });
/** A resolver that says every host name is 127.0.0.1, as a hostile DNS would. */
const toLoopback = async () => [{ address: '127.0.0.1', family: 4 }];

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

describe('openUpstream', () => {
  let server: Server;
  let port = 0;
  const held = new Set<Socket>();
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/hang') return;
      if (req.url === '/missing') {
        res.writeHead(404).end('no');
        return;
      }
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    });
    server.on('connection', (socket) => {
      held.add(socket);
      socket.on('close', () => held.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('refuses loopback by IP literal and by a host name that resolves there, at the check and at connect', async () => {
    const literal = new URL(`http://127.0.0.1:${port}/x`);
    expect(await refusalOf(literal, closed)).toBe(
      'the server does not fetch camera streams from 127.0.0.1: a loopback address (an operator may allow it with CAMERA_STREAM_ALLOW)',
    );
    expect((await failure(openUpstream(literal, { policy: closed }))).kind).toBe('refused');
    const named = new URL(`http://camera.example:${port}/x`);
    expect(await refusalOf(named, closed, toLoopback)).toMatch(
      /^the server does not fetch camera streams from camera\.example \(127\.0\.0\.1\): a loopback address/,
    );
    // Checked when the connection looks the name up, so a name that resolved elsewhere before gains nothing.
    const refused = await failure(openUpstream(named, { policy: closed, resolve: toLoopback }));
    expect(refused).toMatchObject({ kind: 'refused' });
    expect(refused.message).toMatch(/camera\.example \(127\.0\.0\.1\): a loopback address/);
    expect(await refusalOf(new URL('http://[::ffff:169.254.169.254]/latest'), closed)).toMatch(/link-local/);
  });

  it('fetches from an address the allow list opens, by literal and by name', async () => {
    expect(await refusalOf(new URL(`http://127.0.0.1:${port}/x`), loopbackOpen)).toBeNull();
    const res = await openUpstream(new URL(`http://camera.example:${port}/x`), {
      policy: loopbackOpen,
      resolve: toLoopback,
    });
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(await readBody(res, 100)).toEqual(Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    const trusted = await openUpstream(new URL(`http://127.0.0.1:${port}/x`), { policy: null });
    expect(await readBody(trusted, 2)).toBeNull();
  });

  it('names a status other than 200 and an address that is not http', async () => {
    const missing = await failure(
      openUpstream(new URL(`http://127.0.0.1:${port}/missing`), { policy: null }),
    );
    expect(missing).toMatchObject({ kind: 'status', message: 'the camera stream answered HTTP 404' });
    expect((await failure(openUpstream(new URL('ftp://127.0.0.1/x'), { policy: null }))).kind).toBe(
      'refused',
    );
  });

  it('waits 12 s for the response head by default, and no longer', async () => {
    const hung = new Promise<void>((resolve) => server.once('request', () => resolve()));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const pending = failure(openUpstream(new URL(`http://127.0.0.1:${port}/hang`), { policy: null }));
      let settled = false;
      void pending.finally(() => (settled = true));
      await hung;
      await vi.advanceTimersByTimeAsync(11_999);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toMatchObject({
        kind: 'timeout',
        message: 'the camera stream did not answer in 12 s',
      });
    } finally {
      vi.useRealTimers();
    }
  });
});
