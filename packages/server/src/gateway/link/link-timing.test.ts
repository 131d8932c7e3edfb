/**
 * A link's timing on slow lines (docs/protocol.md § DTU Modbus master): a reply that comes after
 * its request timed out is never taken for the next request's (the line is drained first), and a
 * request that names no timeout waits as long as the link's measured round trips say.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LinkTimeoutError } from '../dtu/rtu-link.js';
import { linkPair } from '../test-support.js';
import type { VirtualDtu } from '../test-support.js';
import { ADAPTIVE_TIMEOUT_MIN_MS, DEFAULT_TIMEOUT_MS } from './master-link.js';

const poll = { priority: 'poll' } as const;
const readCoils = { fn: 1, address: 0, count: 8 } as const;

/** The device answers request `late` only after `ms`, the others at once. */
function answerLate(device: VirtualDtu, late: number, ms: number): void {
  device.answer = (reply, i) => {
    if (i !== late) return [reply];
    const copy = Uint8Array.from(reply);
    setTimeout(() => {
      if (!device.socket.destroyed) device.socket.write(copy);
    }, ms);
    return [];
  };
}

describe('link timing', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  async function pair() {
    const p = await linkPair();
    closers.push(p.close);
    return p;
  }

  it('does not take a late reply for the next request to the same slave and function', async () => {
    const { link, device } = await pair();
    answerLate(device, 0, 90);
    device.memory.coils[0] = true;
    const first = link.request(254, readCoils, { ...poll, timeoutMs: 50, retries: 0 });
    // Queued behind the first: sent only once the line is quiet again.
    const second = link.request(254, readCoils, { ...poll, timeoutMs: 500, retries: 0 });
    await expect(first).rejects.toBeInstanceOf(LinkTimeoutError);
    // The state changes before the second request is read: its reply must show the change.
    device.memory.coils[0] = false;
    device.memory.coils[1] = true;
    expect(await second).toMatchObject({ values: [false, true, false, false, false, false, false, false] });
    // The late reply is dropped as unmatched: during the drain, or (on a loaded machine whose timer
    // fired late) once the second request is answered.
    await expect.poll(() => link.stats.unmatched).toBe(1);
  });

  it('takes its timeout from the measured round trips when a request names none', async () => {
    const { link, device } = await pair();
    expect(link.timeoutMs).toBe(DEFAULT_TIMEOUT_MS);
    await link.request(254, readCoils, poll);
    // A fast line: the least timeout.
    expect(link.timeoutMs).toBe(ADAPTIVE_TIMEOUT_MIN_MS);
    // A slow answer (1.2 s) times the first attempt out; the retry waits twice as long and gets it.
    answerLate(device, device.requests, 1200);
    await link.request(254, readCoils, poll);
    expect(link.stats.timeouts).toBe(1);
    expect(link.timeoutMs).toBe(2 * ADAPTIVE_TIMEOUT_MIN_MS);
    // The next slow answer comes within the longer timeout, and its round trip is learnt.
    answerLate(device, device.requests, 1200);
    await link.request(254, readCoils, poll);
    expect(link.stats.timeouts).toBe(1);
    expect(link.timeoutMs).toBeGreaterThan(1200);
    // A request naming its timeout keeps it.
    answerLate(device, device.requests, 400);
    await expect(link.request(254, readCoils, { ...poll, timeoutMs: 100, retries: 0 })).rejects.toMatchObject(
      {
        timeoutMs: 100,
      },
    );
  });
});
