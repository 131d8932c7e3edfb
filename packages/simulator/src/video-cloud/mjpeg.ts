/**
 * MJPEG over HTTP (multipart/x-mixed-replace), as IP cameras and browsers' <img> speak it: one
 * part per JPEG frame, each with its Content-Length. The writer paces frames by a timer and skips
 * a tick while the last frame is still being drawn or the client has not taken it; the reader
 * splits such a body back into frames, for tests and for anything that relays a stream.
 */
import type { ServerResponse } from 'node:http';
import type { Timers } from '../dtu-client.js';

export const MJPEG_BOUNDARY = 'fieldlinkframe';
export const MJPEG_CONTENT_TYPE = `multipart/x-mixed-replace; boundary=${MJPEG_BOUNDARY}`;

export interface MjpegStreamOptions {
  readonly fps: number;
  readonly timers: Timers;
  /** Frames to send before ending the response (default: until the client goes). */
  readonly maxFrames?: number;
  /** Draws the frame to send now. */
  readonly frame: () => Promise<Buffer>;
  readonly onFrame?: () => void;
}

/** Streams frames into `res` until the client leaves or `maxFrames` were sent. */
export function streamMjpeg(res: ServerResponse, options: MjpegStreamOptions): void {
  res.writeHead(200, {
    'content-type': MJPEG_CONTENT_TYPE,
    'cache-control': 'no-cache, no-store, must-revalidate',
    pragma: 'no-cache',
    connection: 'close',
  });
  let sent = 0;
  let busy = false;
  let closed = false;
  const finish = (): void => {
    if (closed) return;
    closed = true;
    options.timers.clearInterval(timer);
    if (!res.writableEnded) res.end();
  };
  const tick = (): void => {
    if (busy || closed) return;
    busy = true;
    options
      .frame()
      .then((jpeg) => {
        if (closed) return;
        const head = `--${MJPEG_BOUNDARY}\r\nContent-Type: image/jpeg\r\nContent-Length: ${jpeg.length}\r\n\r\n`;
        res.write(head);
        res.write(jpeg);
        const drained = res.write('\r\n');
        sent++;
        options.onFrame?.();
        if (options.maxFrames !== undefined && sent >= options.maxFrames) return finish();
        if (!drained) {
          res.once('drain', () => (busy = false));
          return;
        }
        busy = false;
      })
      .catch(() => finish());
  };
  const timer = options.timers.setInterval(tick, 1000 / options.fps);
  res.on('close', finish);
  tick();
}

/** Splits a multipart MJPEG body into its JPEG frames, whatever the chunking. */
export class MjpegReader {
  private buffer = Buffer.alloc(0);

  /** Bytes received → the frames completed by them, in order. */
  push(chunk: Uint8Array): Buffer[] {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    const frames: Buffer[] = [];
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return frames;
      const header = this.buffer.subarray(0, headerEnd).toString('latin1');
      const length = /content-length:\s*(\d+)/i.exec(header);
      if (!header.includes(`--${MJPEG_BOUNDARY}`) || !length) {
        throw new Error(`not an MJPEG part header: ${JSON.stringify(header.slice(0, 80))}`);
      }
      const start = headerEnd + 4;
      const end = start + Number(length[1]);
      if (this.buffer.length < end) return frames;
      frames.push(Buffer.from(this.buffer.subarray(start, end)));
      // The part ends with CRLF before the next boundary.
      this.buffer = this.buffer.subarray(Math.min(this.buffer.length, end + 2));
    }
  }
}
