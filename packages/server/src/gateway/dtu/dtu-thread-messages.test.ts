/**
 * What crosses between the DTU listener's thread and the main thread: a request's failure comes
 * back as the same kind of error with the same fields and message, and a link's counters whole,
 * after a structured clone as postMessage makes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LinkClosedError, LinkQueueFullError, LinkTimeoutError } from '../link/device-link.js';
import type { LinkCloseReason, LinkStats } from '../link/device-link.js';
import {
  errorFromWire,
  Outbox,
  STAT_KEYS,
  statsFromWire,
  statsToWire,
  wireError,
} from './dtu-thread-messages.js';

const REASONS: LinkCloseReason[] = ['disconnected', 'error', 'idle', 'dead', 'replaced', 'shutdown'];

const anError = fc.oneof(
  fc
    .tuple(
      fc.integer({ min: 1, max: 255 }),
      fc.integer({ min: 1, max: 16 }),
      fc.nat(11),
      fc.integer({ min: 1, max: 600_000 }),
    )
    .map(([slave, fn, attempts, ms]) => new LinkTimeoutError(slave, fn, attempts, ms)),
  fc.constantFrom(...REASONS).map((reason) => new LinkClosedError(reason)),
  fc.nat(100_000).map((limit) => new LinkQueueFullError(limit)),
  fc.string().map((message) => new RangeError(message)),
  fc.string().map((message) => new Error(message)),
);

describe('DTU thread messages', () => {
  it('rebuild every failure as the same kind, with its fields and message', () => {
    fc.assert(
      fc.property(anError, (error) => {
        const back = errorFromWire(structuredClone(wireError(error)));
        expect(back.constructor).toBe(error.constructor);
        expect(back.message).toBe(error.message);
        if (error instanceof LinkTimeoutError) {
          expect(back).toMatchObject({
            slave: error.slave,
            fn: error.fn,
            attempts: error.attempts,
            timeoutMs: error.timeoutMs,
          });
        }
        if (error instanceof LinkClosedError) expect(back).toMatchObject({ reason: error.reason });
        if (error instanceof LinkQueueFullError) expect(back).toMatchObject({ limit: error.limit });
      }),
    );
  });

  it('carry what is not an Error as its text', () => {
    expect(errorFromWire(wireError('socket gone'))).toEqual(new Error('socket gone'));
  });

  it('carry a link’s counters whole, and leave them as they were when none came', () => {
    const counters = fc.record(
      Object.fromEntries(STAT_KEYS.map((key) => [key, fc.nat()])) as {
        [K in keyof LinkStats]: fc.Arbitrary<number>;
      },
    );
    fc.assert(
      fc.property(counters, counters, (before, sent) => {
        const stats = { ...before };
        statsFromWire(stats, structuredClone(statsToWire(sent)));
        expect(stats).toEqual(sent);
        statsFromWire(stats, []);
        expect(stats).toEqual(sent);
      }),
    );
  });
});

describe('thread outbox', () => {
  const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

  it('sends the messages of one turn of the event loop together, in order, and the next turn apart', async () => {
    const sent: number[][] = [];
    const outbox = new Outbox<number>((batch) => sent.push(batch));
    outbox.push(1);
    outbox.push(2);
    outbox.push(3);
    expect(sent).toEqual([]);
    await turn();
    outbox.push(4);
    await turn();
    expect(sent).toEqual([[1, 2, 3], [4]]);
  });

  it('sends nothing once cleared, and sends again after', async () => {
    const sent: number[][] = [];
    const outbox = new Outbox<number>((batch) => sent.push(batch));
    outbox.push(1);
    outbox.clear();
    await turn();
    expect(sent).toEqual([]);
    outbox.push(2);
    await turn();
    expect(sent).toEqual([[2]]);
  });
});
