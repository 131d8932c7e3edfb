/** The Modbus RTU master over one link, against a virtual device on a real socket. */
import { encodeRtuResponse } from '@fieldlink/protocol';
import type { ModbusResponse } from '@fieldlink/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { answerPlainly, expectBoardAnswers, ascii, delay, linkPair, until } from '../test-support.js';
import { LinkClosedError, LinkQueueFullError, LinkTimeoutError } from './rtu-link.js';
import type { LinkOptions } from './rtu-link.js';

const open: (() => Promise<void>)[] = [];

async function pair(options: LinkOptions = {}) {
  const made = await linkPair(options);
  open.push(made.close);
  return made;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

const user = { priority: 'user' } as const;
const poll = { priority: 'poll' } as const;

describe('ModbusRtuLink', () => {
  it('reads coils, inputs and registers and writes a coil and registers the device takes', async () => {
    const { link, device } = await pair();
    device.memory.coils[1] = true;
    device.memory.inputs[7] = true;
    device.memory.inputRegisters.splice(0, 4, 10, 20, 30, 40);

    expect(await link.request(254, { fn: 1, address: 0, count: 8 }, poll)).toEqual({
      fn: 1,
      values: [false, true, false, false, false, false, false, false],
    });
    expect(await link.request(254, { fn: 2, address: 6, count: 2 }, poll)).toEqual({
      fn: 2,
      values: [false, true],
    });
    await expectBoardAnswers(link, device.memory);
    expect(link.stats).toMatchObject({ sent: 6, replies: 6, timeouts: 0, unmatched: 0, skippedBytes: 0 });
    expect(link.pending).toBe(0);
  });

  it('skips heartbeats between frames and inside a reply', async () => {
    const { link, device } = await pair({ initial: ascii('pingpi') });
    device.socket.write('ngping');
    device.memory.inputRegisters.splice(0, 4, 0x7069, 0x6e67, 3, 4);
    // The reply's data holds the bytes of `ping`: the filter breaks it, the framed parser keeps it.
    expect(await link.request(254, { fn: 4, address: 0, count: 4 }, poll)).toEqual({
      fn: 4,
      values: [0x7069, 0x6e67, 3, 4],
    });
    device.answer = (reply) => [
      'ping',
      reply.subarray(0, 3),
      'ping',
      reply.subarray(3, 7),
      'pi',
      'ng',
      reply.subarray(7),
      'ping',
    ];
    expect(await link.request(254, { fn: 4, address: 2, count: 2 }, poll)).toEqual({ fn: 4, values: [3, 4] });
    device.answer = (reply) => [
      new Uint8Array([...ascii('ping'), ...reply.subarray(0, 4), ...ascii('ping'), ...reply.subarray(4)]),
    ];
    expect(await link.request(254, { fn: 1, address: 0, count: 3 }, poll)).toMatchObject({ fn: 1 });
    await until(() => link.stats.heartbeats >= 9);
    expect(link.stats).toMatchObject({ replies: 3, timeouts: 0, unmatched: 0, skippedBytes: 0 });
  });

  it('sends user operations before waiting polls, first come first served within each', async () => {
    const { link, device } = await pair();
    const order: number[] = [];
    const ask = (address: number, priority: 'user' | 'poll') =>
      link.request(254, { fn: 3, address, count: 1 }, { priority }).then(() => order.push(address));
    device.answer = (reply) => [reply];
    const all = [
      ask(400, 'poll'),
      ask(401, 'poll'),
      ask(402, 'poll'),
      ask(10_000, 'user'),
      ask(403, 'poll'),
      ask(10_001, 'user'),
    ];
    await Promise.all(all);
    // The first poll was already in flight when the others were queued.
    expect(order).toEqual([400, 10_000, 10_001, 401, 402, 403]);
  });

  it('retries after a timeout and takes the answer to the retry', async () => {
    const { link, device } = await pair();
    device.answer = (reply, index) => (index === 0 ? [] : [reply]);
    const reply = await link.request(
      254,
      { fn: 1, address: 0, count: 2 },
      { priority: 'poll', timeoutMs: 40 },
    );
    expect(reply).toEqual({ fn: 1, values: [false, false] });
    expect(link.stats).toMatchObject({ sent: 2, timeouts: 1, replies: 1 });
    expect(link.closed).toBe(false);
  });

  it('keeps a link whose device never answered however many requests time out: the DTU is there', async () => {
    const { link, device } = await pair({ maxConsecutiveTimeouts: 2 });
    device.answer = () => [];
    for (let i = 0; i < 4; i++) {
      await expect(
        link.request(254, { fn: 1, address: 0, count: 1 }, { priority: 'poll', timeoutMs: 20, retries: 0 }),
      ).rejects.toBeInstanceOf(LinkTimeoutError);
    }
    expect(link.closed).toBe(false);
    expect(link.stats).toMatchObject({ sent: 4, timeouts: 4, replies: 0 });
    // Once it answers, the link counts as one that can die.
    device.answer = answerPlainly;
    await link.request(254, { fn: 1, address: 0, count: 1 }, poll);
    device.answer = () => [];
    const closed = new Promise((resolve) => link.once('close', resolve));
    await expect(
      link.request(254, { fn: 1, address: 0, count: 1 }, { priority: 'poll', timeoutMs: 20, retries: 1 }),
    ).rejects.toBeInstanceOf(LinkTimeoutError);
    expect(await closed).toBe('dead');
  });

  it('rejects with LinkTimeoutError when a device stops answering, and closes the link after N timeouts', async () => {
    const { link, device } = await pair({ maxConsecutiveTimeouts: 3 });
    await link.request(254, { fn: 1, address: 0, count: 1 }, poll);
    device.answer = () => [];
    const closed = new Promise((resolve) => link.once('close', resolve));
    const first = link.request(254, { fn: 4, address: 0, count: 1 }, { priority: 'poll', timeoutMs: 20 });
    await expect(first).rejects.toBeInstanceOf(LinkTimeoutError);
    await expect(first).rejects.toMatchObject({ slave: 254, fn: 4, attempts: 2, timeoutMs: 20 });
    expect(link.closed).toBe(false);
    const second = link.request(
      254,
      { fn: 4, address: 0, count: 1 },
      { priority: 'poll', timeoutMs: 20, retries: 0 },
    );
    const third = link.request(254, { fn: 1, address: 0, count: 1 }, { priority: 'poll', timeoutMs: 20 });
    await expect(second).rejects.toBeInstanceOf(LinkTimeoutError);
    await expect(third).rejects.toEqual(new LinkClosedError('dead'));
    expect(await closed).toBe('dead');
    expect(link.pending).toBe(0);
    await device.closed;
    await expect(link.request(254, { fn: 1, address: 0, count: 1 }, poll)).rejects.toBeInstanceOf(
      LinkClosedError,
    );
  });

  it('does not count the silence of units behind the device toward closing the link', async () => {
    const { link } = await pair({ maxConsecutiveTimeouts: 2 });
    // The device answers unit 254 only: unit 7 (a slave out of radio range) stays silent.
    for (let i = 0; i < 4; i++) {
      const behind = link.request(
        7,
        { fn: 1, address: 0, count: 1 },
        { priority: 'poll', timeoutMs: 20, probesLink: false },
      );
      await expect(behind).rejects.toBeInstanceOf(LinkTimeoutError);
    }
    expect(link.closed).toBe(false);
    expect(link.stats.timeouts).toBe(8);
    expect(await link.request(254, { fn: 1, address: 0, count: 1 }, poll)).toMatchObject({ fn: 1 });
  });

  it('an answer resets the count of timeouts in a row', async () => {
    const { link, device } = await pair({ maxConsecutiveTimeouts: 2 });
    device.answer = (reply, index) => (index % 2 === 0 ? [] : [reply]);
    for (let i = 0; i < 4; i++) {
      await link.request(254, { fn: 1, address: 0, count: 1 }, { priority: 'poll', timeoutMs: 150 });
    }
    expect(link.stats.timeouts).toBe(4);
    expect(link.closed).toBe(false);
  });

  it('skips a reply with a wrong CRC, then times out', async () => {
    const { link, device } = await pair();
    device.answer = (reply) => {
      const bad = reply.slice();
      bad[bad.length - 1]! ^= 0xff;
      return [bad];
    };
    const asked = link.request(
      254,
      { fn: 4, address: 0, count: 2 },
      { priority: 'poll', timeoutMs: 30, retries: 0 },
    );
    await expect(asked).rejects.toBeInstanceOf(LinkTimeoutError);
    expect(link.stats.skippedBytes).toBeGreaterThan(0);
    expect(link.stats.replies).toBe(0);
  });

  it('finds replies among garbage, even garbage that looks like the start of a long frame', async () => {
    const { link, device } = await pair();
    const garbage = new Uint8Array([0x00, 0x7f, 0x01, 0x03, 0xfa, 0x00, 0x55]);
    device.answer = (reply) => [garbage, reply, garbage];
    device.memory.inputRegisters[0] = 1234;
    expect(await link.request(254, { fn: 4, address: 0, count: 1 }, poll)).toEqual({ fn: 4, values: [1234] });
    device.answer = (reply) => [new Uint8Array([0, 0, 0x7f, ...reply])];
    expect(await link.request(254, { fn: 4, address: 0, count: 1 }, poll)).toEqual({ fn: 4, values: [1234] });
    expect(link.stats.skippedBytes).toBeGreaterThan(0);
    expect(link.stats.replies).toBe(2);
  });

  it('drops and counts frames that do not answer the request in flight', async () => {
    const { link, device } = await pair();
    const other: ModbusResponse = { fn: 4, values: [9] };
    device.answer = (reply) => [
      encodeRtuResponse(7, other),
      encodeRtuResponse(254, { fn: 4, values: [1, 2, 3] }),
      encodeRtuResponse(254, { fn: 3, values: [1] }),
      reply,
    ];
    expect(await link.request(254, { fn: 4, address: 0, count: 1 }, poll)).toEqual({ fn: 4, values: [0] });
    expect(link.stats.unmatched).toBe(3);
    device.socket.write(encodeRtuResponse(254, { fn: 4, values: [5] }));
    await until(() => link.stats.unmatched === 4);
  });

  it('rejects everything waiting when the device hangs up mid-request', async () => {
    const { link, device } = await pair();
    device.answer = () => {
      device.destroy();
      return [];
    };
    const asked = [
      link.request(254, { fn: 5, address: 0, value: true }, user),
      link.request(254, { fn: 1, address: 0, count: 8 }, poll),
      link.request(254, { fn: 1, address: 0, count: 8 }, poll),
    ];
    for (const request of asked) await expect(request).rejects.toEqual(new LinkClosedError('disconnected'));
    expect(link.closeReason).toBe('disconnected');
    expect(link.pending).toBe(0);
  });

  it('closes a link that stays silent for the idle time; heartbeats keep it open', async () => {
    const { link, device } = await pair({ idleMs: 200 });
    const beats = setInterval(() => device.socket.write('ping'), 20);
    await delay(450);
    clearInterval(beats);
    expect(link.closed).toBe(false);
    const closed = await new Promise((resolve) => link.once('close', resolve));
    expect(closed).toBe('idle');
    await device.closed;
  });

  it('bounds the queue, and refuses requests it cannot send', async () => {
    const { link, device } = await pair({ maxQueue: 2 });
    device.answer = () => [];
    const quick = { priority: 'poll', timeoutMs: 5000, retries: 0 } as const;
    const kept = [0, 1, 2].map(() => link.request(254, { fn: 1, address: 0, count: 1 }, quick));
    await expect(link.request(254, { fn: 1, address: 0, count: 1 }, quick)).rejects.toBeInstanceOf(
      LinkQueueFullError,
    );
    expect(link.pending).toBe(3);
    await expect(link.request(0, { fn: 1, address: 0, count: 1 }, quick)).rejects.toThrow(RangeError);
    await expect(link.request(254, { fn: 1, address: 0, count: 0 }, quick)).rejects.toThrow(RangeError);
    await expect(
      link.request(254, { fn: 1, address: 0, count: 1 }, { priority: 'poll', timeoutMs: 0 }),
    ).rejects.toThrow(RangeError);
    link.close('shutdown');
    for (const request of kept) await expect(request).rejects.toEqual(new LinkClosedError('shutdown'));
  });
});
