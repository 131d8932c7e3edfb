/**
 * SVG work off the event loop. jsdom and DOMPurify are synchronous and take tens of
 * microseconds an element: a 1.6 MB drawing of 20 000 paths holds a thread for seconds, which on
 * the main thread would stall every request and device of the server. So they run in one worker
 * thread (svg-worker.ts), started on the first SVG (a server that never sees one never loads
 * jsdom at all), requests queued in order, each given a time limit after which the thread is
 * stopped and started afresh on the next SVG. The thread does not keep the process alive when
 * idle.
 */
import { createHash } from 'node:crypto';
import type { Worker } from 'node:worker_threads';
import { startThread } from '../../threads.js';
import { ImageRejected } from './errors.js';
import type { ImageRejectedReason } from './errors.js';
import type { SanitisedSvg, SvgLimits } from './svg-sanitise.js';
import type { SvgBox, SvgMarkup } from './svg-size.js';

export type SvgThreadRequest =
  | {
      readonly type: 'sanitise';
      readonly id: number;
      readonly input: Uint8Array | string;
      readonly limits: SvgLimits;
    }
  | {
      readonly type: 'markup';
      readonly id: number;
      readonly input: Uint8Array | string;
      readonly box: SvgBox | null;
      readonly limits: SvgLimits;
    };

export type SvgThreadReply =
  | { readonly type: 'done'; readonly id: number; readonly value: SanitisedSvg | SvgMarkup }
  | {
      readonly type: 'rejected';
      readonly id: number;
      readonly reason: ImageRejectedReason;
      readonly message: string;
    }
  | { readonly type: 'failed'; readonly id: number; readonly message: string };

interface Pending {
  readonly resolve: (value: SanitisedSvg | SvgMarkup) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

/** How long one SVG may take in the thread before it is given up on. */
let timeLimitMs = 30_000;
let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

/** Changes the time limit (tests). */
export function setSvgTimeLimit(ms: number): void {
  timeLimitMs = ms;
}

function lose(lost: Worker, error: Error): void {
  if (worker !== lost) return;
  worker = null;
  for (const { reject, timer } of pending.values()) {
    clearTimeout(timer);
    reject(error);
  }
  pending.clear();
}

function settle(reply: SvgThreadReply): void {
  const waiting = pending.get(reply.id);
  if (!waiting) return;
  pending.delete(reply.id);
  clearTimeout(waiting.timer);
  if (pending.size === 0) worker?.unref();
  if (reply.type === 'done') waiting.resolve(reply.value);
  else if (reply.type === 'rejected') waiting.reject(new ImageRejected(reply.reason, reply.message));
  else waiting.reject(new Error(reply.message));
}

function thread(): Worker {
  if (worker) return worker;
  const started = startThread(import.meta.url, 'svg-worker', null);
  started.on('message', settle);
  started.once('error', (error) => lose(started, error));
  started.once('exit', (code) => lose(started, new Error(`the svg thread stopped (exit code ${code})`)));
  worker = started;
  return started;
}

/** A request before it is numbered (Omit of each member of the union). */
type Unnumbered = SvgThreadRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

function run(request: Unnumbered): Promise<SanitisedSvg | SvgMarkup> {
  const id = nextId++;
  const target = thread();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new ImageRejected('too_large', `the svg took longer than ${timeLimitMs / 1000} s to read`));
      // The thread is stuck on it: it is stopped, the SVGs queued behind are refused (try again),
      // and the next SVG starts a new thread.
      lose(target, new Error('the svg thread was restarted after an svg took too long; try again'));
      void target.terminate();
    }, timeLimitMs);
    timer.unref();
    pending.set(id, { resolve, reject, timer });
    target.ref();
    target.postMessage({ ...request, id } as SvgThreadRequest);
  });
}

/**
 * `input` without anything a browser could run or fetch from it (see svg-sanitise.ts), worked out
 * in the SVG thread. Throws ImageRejected as the sanitiser does, or when it takes too long.
 */
export async function sanitiseSvg(input: Uint8Array | string, limits: SvgLimits = {}): Promise<SanitisedSvg> {
  const { svg, removed } = await run({ type: 'sanitise', input, limits });
  remember(svg);
  return { svg, removed };
}

/**
 * Digests of the latest sanitiser outputs. An upload is sanitised, stored, then drawn as a
 * thumbnail: the drawing need not sanitise again the very bytes the sanitiser just wrote (seconds
 * for a large drawing). Only exact outputs of this process are known; anything else goes through.
 */
const recent: string[] = [];
const RECENT = 32;

function digest(svg: Uint8Array | string): string {
  return createHash('sha256').update(svg).digest('base64');
}

function remember(svg: string): void {
  recent.push(digest(svg));
  if (recent.length > RECENT) recent.shift();
}

/** The sanitised markup of `input`: `input` itself when it is a recent sanitiser output. */
export async function sanitisedMarkup(input: Uint8Array | string, limits: SvgLimits = {}): Promise<string> {
  if (!recent.includes(digest(input))) return (await sanitiseSvg(input, limits)).svg;
  return typeof input === 'string' ? input : new TextDecoder().decode(input);
}

/** The sanitised SVG with its size, resized into `box` when given (see svg-size.ts), in the SVG thread. */
export async function svgMarkup(
  input: Uint8Array | string,
  box: SvgBox | null,
  limits: SvgLimits = {},
): Promise<SvgMarkup> {
  const markup = (await run({ type: 'markup', input, box, limits })) as SvgMarkup;
  remember(markup.svg);
  return markup;
}

/** Stops the SVG thread (tests, shutdown); the next SVG starts a new one. */
export async function closeSvgThread(): Promise<void> {
  const stopping = worker;
  if (stopping) await stopping.terminate();
}
