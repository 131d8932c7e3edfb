import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Timers } from '../dtu-client.js';
import { VIDEO_CLOUD_PATHS } from './cloud-api.js';
import { MJPEG_BOUNDARY, MjpegReader } from './mjpeg.js';
import { FRAME_HEIGHT, FRAME_WIDTH } from './panorama.js';
import { startVideoCloud } from './server.js';
import type { VideoCloud } from './server.js';

/** Timers a test fires by hand: tick() runs every interval once. */
function manualTimers(): { timers: Timers; tick: () => void; running: () => number } {
  const intervals = new Set<() => void>();
  return {
    timers: {
      setTimeout: () => undefined,
      clearTimeout: () => undefined,
      setInterval: (fn) => (intervals.add(fn), fn),
      clearInterval: (handle) => intervals.delete(handle as () => void),
    },
    tick: () => intervals.forEach((fn) => fn()),
    running: () => intervals.size,
  };
}

/** Centres of the red posts along a row of the ground: the picture's landmarks. */
async function postColumns(jpeg: Buffer, row = 200): Promise<number[]> {
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const columns: number[] = [];
  let runStart = -1;
  for (let x = 0; x <= info.width; x++) {
    const at = (row * info.width + x) * info.channels;
    const red = x < info.width && (data[at] ?? 0) > 150 && (data[at + 1] ?? 255) < 100;
    if (red && runStart < 0) runStart = x;
    if (!red && runStart >= 0) {
      columns.push((runStart + x - 1) / 2);
      runStart = -1;
    }
  }
  return columns;
}

/** JPEG blurs a post's edges by a pixel or so. */
function expectColumns(actual: number[], expected: number[]): void {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((column, i) =>
    expect(Math.abs(column - (expected[i] ?? Number.NaN))).toBeLessThanOrEqual(2),
  );
}

type StreamReader = ReadableStreamDefaultReader<Uint8Array>;

async function nextFrame(reader: StreamReader, parts: MjpegReader, queue: Buffer[]): Promise<Buffer> {
  while (queue.length === 0) {
    const { value, done } = await reader.read();
    if (done) throw new Error('stream ended');
    queue.push(...parts.push(value));
  }
  return queue.shift() as Buffer;
}

describe('camera pictures', () => {
  let clock = 1_700_000_000_000;
  let manual: ReturnType<typeof manualTimers>;
  let cloud: VideoCloud;

  beforeEach(async () => {
    clock = 1_700_000_000_000;
    manual = manualTimers();
    cloud = await startVideoCloud({
      now: () => clock,
      timers: manual.timers,
      accounts: [{ appKey: 'k', appSecret: 's', cameras: [{ deviceSerial: 'PTZ001' }] }],
    });
  });
  afterEach(() => cloud.stop());

  it('streams 320×240 JPEG frames as multipart, and the picture follows PTZ right', async () => {
    const res = await fetch(cloud.liveUrl('PTZ001', 1, 'mjpeg'));
    expect(res.headers.get('content-type')).toBe(`multipart/x-mixed-replace; boundary=${MJPEG_BOUNDARY}`);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const parts = new MjpegReader();
    const queue: Buffer[] = [];
    const first = await nextFrame(reader, parts, queue);
    expect(await sharp(first).metadata()).toMatchObject({
      format: 'jpeg',
      width: FRAME_WIDTH,
      height: FRAME_HEIGHT,
    });
    // Pan 0 shows headings -40…40 at 4 px per degree: posts at 330°, 0° and 30°.
    expectColumns(await postColumns(first), [40, 160, 280]);

    const token = (await (
      await postForm(cloud, VIDEO_CLOUD_PATHS.token, { appKey: 'k', appSecret: 's' })
    ).json()) as {
      data: { accessToken: string };
    };
    const ptz = {
      accessToken: token.data.accessToken,
      deviceSerial: 'PTZ001',
      channelNo: '1',
      direction: '3',
    };
    await postForm(cloud, VIDEO_CLOUD_PATHS.ptzStart, { ...ptz, speed: '1' });
    clock += 2000;
    await postForm(cloud, VIDEO_CLOUD_PATHS.ptzStop, ptz);
    manual.tick();
    const second = await nextFrame(reader, parts, queue);
    // 40° to the right: every post 160 px further left (0° at the left edge, half of it shown) and
    // the one at 60° comes in.
    expectColumns(await postColumns(second), [1.5, 120, 240]);
    expect(cloud.counts).toMatchObject({ streams: 1, frames: 2 });
    await reader.cancel();
  });

  it('ends a stream after ?frames=N frames, and stops its timer when the client goes', async () => {
    const res = await fetch(`${cloud.liveUrl('PTZ001', 1, 'mjpeg')}&frames=2`);
    const body = res.body as ReadableStream<Uint8Array>;
    const reader = body.getReader();
    const parts = new MjpegReader();
    const queue: Buffer[] = [];
    await nextFrame(reader, parts, queue);
    manual.tick();
    await nextFrame(reader, parts, queue);
    expect((await reader.read()).done).toBe(true);
    expect(manual.running()).toBe(0);
  });

  it('serves one frame as a .jpg picture', async () => {
    const res = await fetch(cloud.liveUrl('PTZ001', 1, 'jpg'));
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const jpeg = Buffer.from(await res.arrayBuffer());
    expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
    expect(cloud.counts.snapshots).toBe(1);
  });
});

function postForm(cloud: VideoCloud, path: string, params: Record<string, string>): Promise<Response> {
  return fetch(cloud.url + path, { method: 'POST', body: new URLSearchParams(params) });
}

describe('MjpegReader', () => {
  const part = (bytes: number[]): Buffer =>
    Buffer.concat([
      Buffer.from(
        `--${MJPEG_BOUNDARY}\r\nContent-Type: image/jpeg\r\nContent-Length: ${bytes.length}\r\n\r\n`,
      ),
      Buffer.from(bytes),
      Buffer.from('\r\n'),
    ]);

  it('finds the same frames however the body is cut', () => {
    const body = Buffer.concat([
      part([0xff, 0xd8, 1, 2, 0xff, 0xd9]),
      part([0xff, 0xd8, 13, 10, 13, 10, 0xff, 0xd9]),
    ]);
    for (const cut of [1, 7, body.length]) {
      const reader = new MjpegReader();
      const frames: Buffer[] = [];
      for (let at = 0; at < body.length; at += cut) frames.push(...reader.push(body.subarray(at, at + cut)));
      expect(frames.map((frame) => [...frame])).toEqual([
        [0xff, 0xd8, 1, 2, 0xff, 0xd9],
        [0xff, 0xd8, 13, 10, 13, 10, 0xff, 0xd9],
      ]);
    }
  });

  it('refuses a body that is not MJPEG parts', () => {
    expect(() => new MjpegReader().push(Buffer.from('HTTP/1.1 200 OK\r\n\r\n'))).toThrow(
      /not an MJPEG part header/,
    );
  });
});
