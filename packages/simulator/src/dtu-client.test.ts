import { encodeRtuRequest, RtuStreamParser } from '@fieldlink/protocol';
import type { ModbusRequest, ModbusResponse } from '@fieldlink/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backoffDelay, DtuClient } from './dtu-client.js';
import type { DisconnectInfo, DtuClientOptions } from './dtu-client.js';
import { sleep, TestGateway, waitUntil } from './test-gateway.js';
import type { GatewayLink } from './test-gateway.js';
import { VirtualDevice } from './virtual-device.js';

let gateway: TestGateway;
const clients: DtuClient[] = [];

beforeEach(async () => {
  gateway = await TestGateway.start();
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.stop()));
  await gateway.close();
});

function client(device: VirtualDevice, options: Partial<DtuClientOptions> = {}): DtuClient {
  const c = new DtuClient(device, {
    host: '127.0.0.1',
    port: gateway.port,
    backoff: { initialMs: 10, maxMs: 50 },
    ...options,
  });
  clients.push(c);
  return c;
}

async function registeredLink(index = 0): Promise<GatewayLink> {
  await waitUntil(() => gateway.links[index]?.registration !== undefined, 5000, `link ${index} to register`);
  return gateway.links[index]!;
}

/** Send a request on the link and wait for the reply to it, skipping anything else on the link. */
async function request(link: GatewayLink, slave: number, req: ModbusRequest): Promise<ModbusResponse> {
  const parser = new RtuStreamParser({ direction: 'response', expected: { slave, request: req } });
  const start = link.after.length;
  link.socket.write(encodeRtuRequest(slave, req));
  let reply: ModbusResponse | undefined;
  let seen = start;
  await waitUntil(
    () => {
      const fresh = link.after.subarray(seen);
      seen = link.after.length;
      for (const frame of parser.push(fresh)) if (frame.ok) reply = frame.pdu;
      return reply !== undefined;
    },
    5000,
    `reply to FC${req.fn}`,
  );
  return reply!;
}

/** Deterministic pseudo-random bytes. */
function garbage(seed: number, length: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

describe('DtuClient', () => {
  it('registers, then answers RTU requests from the device memory', async () => {
    const device = new VirtualDevice('FL-AI8', 'SIM000001', {
      secret: 'k3y',
      waveforms: [{ kind: 'constant', value: 1234 }],
    });
    const c = client(device);
    const connected = new Promise<void>((resolve) => c.once('connected', resolve));
    c.start();
    await connected;
    expect(c.connected).toBe(true);
    const link = await registeredLink();
    expect(link.registration).toBe('SIM000001:k3y');

    const ai = await request(link, 254, { fn: 4, address: 0, count: 8 });
    expect(ai).toEqual({ fn: 4, values: device.snapshot().inputRegisters });
    expect(device.snapshot().inputRegisters[0]).toBe(1234);

    expect(await request(link, 254, { fn: 5, address: 1, value: true })).toEqual({
      fn: 5,
      address: 1,
      value: true,
    });
    expect(device.snapshot().coils).toEqual([false, true]);
    expect(await request(link, 254, { fn: 1, address: 0, count: 2 })).toEqual({
      fn: 1,
      values: [false, true],
    });
    expect(await request(link, 254, { fn: 2, address: 0, count: 2 })).toEqual({
      fn: 2,
      values: [false, false],
    });
    expect(await request(link, 254, { fn: 3, address: 400, count: 1 })).toEqual({ fn: 3, exception: 2 });
    expect(c.replies).toBe(5);
  });

  it('sends the heartbeat on schedule', async () => {
    const c = client(new VirtualDevice('FL-R4', 'HB10001'), { heartbeatMs: 30, heartbeat: 'beat' });
    c.start();
    const link = await registeredLink();
    expect(link.registration).toBe('HB10001');
    await waitUntil(() => link.after.toString('latin1').startsWith('beatbeat'), 5000, 'two heartbeats');
    expect(link.after.toString('latin1')).toMatch(/^(beat)+$/);
  });

  it('sends `ping` every minute by default', async () => {
    const intervals: number[] = [];
    const c = client(new VirtualDevice('FL-R4', 'HB20001'), {
      timers: {
        setTimeout: (fn, ms) => setTimeout(fn, ms),
        clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
        setInterval: (fn, ms) => {
          intervals.push(ms);
          return setInterval(fn, ms === 60_000 ? 20 : ms);
        },
        clearInterval: (h) => clearInterval(h as NodeJS.Timeout),
      },
    });
    c.start();
    const link = await registeredLink();
    await waitUntil(() => link.after.length >= 4, 5000, 'a heartbeat');
    expect(link.after.subarray(0, 4).toString('latin1')).toBe('ping');
    expect(intervals).toEqual([1000, 60_000]); // device tick, heartbeat
  });

  it('reconnects and registers again after the gateway drops the link', async () => {
    const c = client(new VirtualDevice('FL-R8', 'RC10001'));
    const events: string[] = [];
    c.on('connected', () => events.push('connected'));
    c.on('disconnected', (info) => events.push(`disconnected ${info.wasConnected}`));
    c.start();
    (await registeredLink(0)).socket.destroy();
    expect((await registeredLink(1)).registration).toBe('RC10001');
    (await registeredLink(1)).socket.end();
    expect((await registeredLink(2)).registration).toBe('RC10001');
    await waitUntil(() => c.connected);
    expect(events).toEqual(['connected', 'disconnected true', 'connected', 'disconnected true', 'connected']);
    expect(c.connections).toBe(3);
  });

  it('backs off exponentially while the gateway is down, and stop() ends the retries', async () => {
    const down = await TestGateway.start();
    const port = down.port;
    await down.close();
    const infos: DisconnectInfo[] = [];
    const c = client(new VirtualDevice('FL-R8', 'DOWN1'), {
      port,
      backoff: { initialMs: 5, maxMs: 40 },
      random: () => 0.999999,
    });
    c.on('disconnected', (info) => infos.push(info));
    c.start();
    await waitUntil(() => infos.length >= 6, 5000, 'six failed dials');
    expect(infos.slice(0, 6).map((i) => i.retryInMs)).toEqual([5, 10, 20, 40, 40, 40]);
    expect(infos.every((i) => !i.wasConnected && i.error !== undefined)).toBe(true);
    await c.stop();
    expect(c.state).toBe('stopped');
    const after = infos.length;
    await sleep(150);
    expect(infos.length).toBe(after);
  });

  it('restarts the back-off after a link that stayed up 10 s', async () => {
    let now = 0;
    const retries: (number | undefined)[] = [];
    const c = client(new VirtualDevice('FL-R8', 'RS10001'), {
      clock: () => now,
      backoff: { initialMs: 4, maxMs: 1000 },
      random: () => 0.999999,
    });
    c.on('disconnected', (info) => retries.push(info.retryInMs));
    c.start();
    // Two short links: the delay doubles.
    (await registeredLink(0)).socket.destroy();
    (await registeredLink(1)).socket.destroy();
    const third = await registeredLink(2);
    expect(retries).toEqual([4, 8]);
    // The third stays up 10 s (by the client's clock): the next delay is the first again.
    now += 10_000;
    third.socket.destroy();
    await registeredLink(3);
    expect(retries).toEqual([4, 8, 4]);
  });

  it('survives garbage from the gateway and still answers afterwards', async () => {
    const device = new VirtualDevice('FL-R32', 'GB10001');
    const c = client(device);
    c.start();
    const link = await registeredLink();
    const nasty: Uint8Array[] = [
      garbage(1, 4096),
      new TextEncoder().encode('ping\r\n\0AT+CSQ\r\n'),
      Uint8Array.of(254, 3, 0, 0, 0, 0), // cut short
      Uint8Array.of(254, 16, 0, 0, 0, 200, 255), // announces more than arrives
      encodeRtuRequest(254, { fn: 3, address: 0, count: 1 }).map((b, i) => (i === 7 ? b ^ 1 : b)), // bad CRC
      Uint8Array.of(254, 0x2b, 0x0e, 0x01, 0x00), // unsupported function
      garbage(2, 20_000),
    ];
    for (const chunk of nasty) {
      for (let i = 0; i < chunk.length; i += 97) link.socket.write(chunk.subarray(i, i + 97));
    }
    // Zeros are never a frame start: they flush any frame the garbage left half-announced.
    link.socket.write(new Uint8Array(300));
    expect(await request(link, 254, { fn: 5, address: 31, value: true })).toEqual({
      fn: 5,
      address: 31,
      value: true,
    });
    expect(device.snapshot().coils[31]).toBe(true);
    expect(c.connected).toBe(true);
    expect(c.connections).toBe(1);
  });

  it('stop() closes the link and does not redial', async () => {
    const c = client(new VirtualDevice('FL-R8', 'ST10001'), { backoff: { initialMs: 5, maxMs: 5 } });
    c.start();
    const link = await registeredLink();
    await c.stop();
    await waitUntil(() => link.closed, 5000, 'the gateway to see the close');
    await sleep(100);
    expect(gateway.links).toHaveLength(1);
    expect(c.state).toBe('stopped');
    // It can be started again.
    c.start();
    expect((await registeredLink(1)).registration).toBe('ST10001');
  });

  it('start() right after stop() keeps exactly one link', async () => {
    const c = client(new VirtualDevice('FL-R8', 'ST20001'), { backoff: { initialMs: 5, maxMs: 5 } });
    const events: string[] = [];
    c.on('connected', () => events.push('up'));
    c.on('disconnected', (info) => events.push(info.retryInMs === undefined ? 'closed' : 'dropped'));
    c.start();
    await registeredLink(0);
    void c.stop();
    c.start();
    await registeredLink(1);
    await sleep(100);
    expect(gateway.links).toHaveLength(2);
    expect(gateway.links[0]!.closed).toBe(true);
    expect(c.connected).toBe(true);
    expect([...events].sort()).toEqual(['closed', 'up', 'up']);
  });

  it('checks its settings', () => {
    const device = new VirtualDevice('FL-R8', 'XBBB');
    expect(() => new DtuClient(device, { host: 'h', port: 0 })).toThrow(RangeError);
    expect(() => new DtuClient(device, { host: 'h', heartbeatMs: -1 })).toThrow(RangeError);
    expect(() => new DtuClient(device, { host: 'h', backoff: { initialMs: 0 } })).toThrow(RangeError);
  });
});

describe('backoffDelay', () => {
  it('doubles from 1 s up to 30 s, keeping half to all of it', () => {
    const high = (n: number) => backoffDelay(n, {}, () => 0.999999);
    const low = (n: number) => backoffDelay(n, {}, () => 0);
    expect([0, 1, 2, 3, 4, 5, 6, 100].map(high)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect([0, 1, 5].map(low)).toEqual([500, 1000, 15_000]);
    for (let i = 0; i < 100; i++) {
      const d = backoffDelay(i % 8);
      expect(d).toBeGreaterThanOrEqual(500);
      expect(d).toBeLessThanOrEqual(30_000);
    }
  });
});
