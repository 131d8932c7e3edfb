/**
 * The SVG thread (see svg-thread.ts): sanitises and sizes SVGs one message at a time.
 */
import { parentPort } from 'node:worker_threads';
import { ImageRejected } from './errors.js';
import { sanitiseSvgHere } from './svg-sanitise.js';
import { svgMarkupHere } from './svg-size.js';
import type { SvgThreadReply, SvgThreadRequest } from './svg-thread.js';

async function answer(request: SvgThreadRequest): Promise<SvgThreadReply> {
  try {
    const value =
      request.type === 'sanitise'
        ? await sanitiseSvgHere(request.input, request.limits)
        : await svgMarkupHere(request.input, request.box, request.limits);
    return { type: 'done', id: request.id, value };
  } catch (e) {
    if (e instanceof ImageRejected)
      return { type: 'rejected', id: request.id, reason: e.reason, message: e.message };
    return { type: 'failed', id: request.id, message: e instanceof Error ? e.message : String(e) };
  }
}

const port = parentPort;
if (!port) throw new Error('svg-worker runs as a worker thread');
port.on('message', (request: SvgThreadRequest) => {
  void answer(request).then((reply) => port.postMessage(reply));
});
