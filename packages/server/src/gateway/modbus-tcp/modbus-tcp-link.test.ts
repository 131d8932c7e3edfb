/** The Modbus TCP client over one dialled connection, against a device on a real socket. */
import { encodeTcpResponse } from '@fieldlink/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { LinkClosedError, LinkTimeoutError } from '../link/device-link.js';
import { expectBoardAnswers, delay, tcpLinkPair, until } from '../test-support.js';
import type { ModbusTcpLinkOptions } from './modbus-tcp-link.js';

const open: (() => Promise<void>)[] = [];

async function pair(options: ModbusTcpLinkOptions = {}, firstTransaction?: number) {
  const made = await tcpLinkPair(options, firstTransaction);
  open.push(made.close);
  return made;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

const user = { priority: 'user' } as const;
const poll = { priority: 'poll' } as const;

describe('ModbusTcpLink', () => {
  it('reads and writes with the slave as unit id and a new transaction id per request', async () => {
    const { link, device } = await pair({}, 65534);
    device.memory.coils[1] = true;
    device.memory.inputRegisters.splice(0, 4, 10, 20, 30, 40);
    expect(await link.request(254, { fn: 1, address: 0, count: 8 }, poll)).toEqual({
      fn: 1,
      values: [false, true, false, false, false, false, false, false],
    });
    await expectBoardAnswers(link, device.memory);
    expect(await link.request(254, { fn: 1, address: 1, count: 2 }, poll)).toEqual({
      fn: 1,
      values: [true, false],
    });
    // Transaction ids wrap at 65535.
    expect(device.received.map((r) => r.transaction)).toEqual([65534, 65535, 0, 1, 2, 3]);
    expect(device.received.every((r) => r.unit === 254)).toBe(true);
    expect(link.stats).toMatchObject({ sent: 6, replies: 6, timeouts: 0, unmatched: 0, skippedBytes: 0 });
    expect(link.pending).toBe(0);
    expect(link.remoteAddress).toMatch(/^127\.0\.0\.1:\d+$/);
  });

  it('takes a reply split anywhere, skipping garbage before it', async () => {
    const { link, device } = await pair();
    device.memory.inputRegisters.splice(0, 2, 0x1234, 0x5678);
    device.answer = (reply) => [new Uint8Array([0xde, 0xad]), reply.subarray(0, 3), reply.subarray(3)];
    expect(await link.request(254, { fn: 4, address: 0, count: 2 }, poll)).toEqual({
      fn: 4,
      values: [0x1234, 0x5678],
    });
    expect(link.stats.skippedBytes).toBe(2);
  });

  it('sends user requests before waiting polls', async () => {
    const { link, device } = await pair();
    const order: string[] = [];
    const track = (name: string, p: Promise<unknown>) => p.then(() => order.push(name));
    const first = track('poll1', link.request(254, { fn: 1, address: 0, count: 1 }, poll));
    const second = track('poll2', link.request(254, { fn: 2, address: 0, count: 1 }, poll));
    const third = track('user', link.request(254, { fn: 5, address: 0, value: true }, user));
    await Promise.all([first, second, third]);
    expect(order).toEqual(['poll1', 'user', 'poll2']);
    expect(device.memory.coils[0]).toBe(true);
  });

  it('times out, retries with a new transaction id, and takes a late reply to an earlier attempt', async () => {
    const { link, device } = await pair({}, 100);
    const held: Uint8Array[] = [];
    device.answer = (reply) => {
      held.push(reply);
      return [];
    };
    const answer = link.request(254, { fn: 1, address: 0, count: 1 }, { ...poll, timeoutMs: 60, retries: 2 });
    await until(() => held.length === 2);
    // The first attempt's reply arrives during the second attempt: it answers the request.
    await device.send([held[0]!]);
    expect(await answer).toEqual({ fn: 1, values: [false] });
    expect(device.received.map((r) => r.transaction)).toEqual([100, 101]);
    expect(link.stats).toMatchObject({ sent: 2, replies: 1, timeouts: 1 });
  });

  it('never takes a late reply to a timed-out request for the next one', async () => {
    const { link, device } = await pair();
    const held: Uint8Array[] = [];
    device.answer = (reply, index) => {
      if (index === 0) {
        held.push(reply);
        return [];
      }
      return [reply];
    };
    device.memory.coils[0] = true;
    await expect(
      link.request(254, { fn: 1, address: 0, count: 1 }, { ...poll, timeoutMs: 50, retries: 0 }),
    ).rejects.toBeInstanceOf(LinkTimeoutError);
    device.memory.coils[0] = false;
    // The next request, same shape: the late reply (coil on) comes first and is refused.
    device.answer = (reply) => [held[0]!, reply];
    expect(await link.request(254, { fn: 1, address: 0, count: 1 }, poll)).toEqual({
      fn: 1,
      values: [false],
    });
    expect(link.stats).toMatchObject({ sent: 2, replies: 1, timeouts: 1, unmatched: 1 });
    // A reply for another unit with the right transaction id is refused too.
    device.answer = (reply) => {
      const other = encodeTcpResponse(
        { transaction: (reply[0]! << 8) | reply[1]!, unit: 9 },
        { fn: 2, values: [true] },
      );
      return [other, reply];
    };
    expect(await link.request(254, { fn: 2, address: 0, count: 1 }, poll)).toEqual({
      fn: 2,
      values: [false],
    });
    expect(link.stats.unmatched).toBe(2);
  });

  it('closes as dead after timeouts in a row once it has answered, and rejects what waits', async () => {
    const { link, device } = await pair({ maxConsecutiveTimeouts: 2 });
    await link.request(254, { fn: 1, address: 0, count: 1 }, poll);
    device.answer = () => [];
    const closed = new Promise((resolve) => link.once('close', resolve));
    const first = link.request(254, { fn: 1, address: 0, count: 1 }, { ...poll, timeoutMs: 30, retries: 0 });
    const second = link.request(254, { fn: 1, address: 0, count: 1 }, { ...poll, timeoutMs: 30, retries: 3 });
    await expect(first).rejects.toBeInstanceOf(LinkTimeoutError);
    await expect(second).rejects.toBeInstanceOf(LinkClosedError);
    expect(await closed).toBe('dead');
    expect(link.closed).toBe(true);
    await expect(link.request(254, { fn: 1, address: 0, count: 1 }, poll)).rejects.toMatchObject({
      reason: 'dead',
    });
  });

  it('closes when the device hangs up or stays silent for the idle time', async () => {
    const a = await pair();
    const closed = new Promise((resolve) => a.link.once('close', resolve));
    a.device.answer = () => [];
    const waiting = a.link.request(254, { fn: 1, address: 0, count: 1 }, poll);
    await until(() => a.device.requests === 1);
    a.device.disconnectAll();
    await expect(waiting).rejects.toMatchObject({ reason: 'disconnected' });
    expect(await closed).toBe('disconnected');

    const b = await pair({ idleMs: 80 });
    await b.link.request(254, { fn: 1, address: 0, count: 1 }, poll);
    await delay(40);
    expect(b.link.closed).toBe(false);
    await until(() => b.link.closed, 1000);
    expect(b.link.closeReason).toBe('idle');
  });

  it('refuses what cannot be sent', async () => {
    const { link } = await pair();
    await expect(link.request(0, { fn: 1, address: 0, count: 1 }, poll)).rejects.toBeInstanceOf(RangeError);
    await expect(link.request(254, { fn: 1, address: 0, count: 5000 }, poll)).rejects.toBeInstanceOf(
      RangeError,
    );
    expect(link.stats.sent).toBe(0);
  });
});
