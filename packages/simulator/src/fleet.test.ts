import { afterEach, describe, expect, it } from 'vitest';
import { Fleet, fleetSerial } from './fleet.js';
import { TestGateway, waitUntil } from './test-gateway.js';

let gateway: TestGateway | undefined;
let fleet: Fleet | undefined;

afterEach(async () => {
  await fleet?.stop();
  await gateway?.close();
  fleet = gateway = undefined;
});

describe('Fleet', () => {
  it('names devices by prefix and six-digit index', () => {
    expect(fleetSerial('SIM', 1)).toBe('SIM000001');
    expect(fleetSerial('X', 123456)).toBe('X123456');
  });

  it('connects 200 devices in staggered batches, and all of them register', async () => {
    gateway = await TestGateway.start();
    const g = gateway;
    const f = new Fleet({
      type: 'FL-R8',
      count: 200,
      host: '127.0.0.1',
      port: g.port,
      prefix: 'FLT',
      secret: 's',
      stagger: 50,
      staggerMs: 20,
      link: { backoff: { initialMs: 10 } },
    });
    fleet = f;
    expect(f.status()).toEqual({ total: 200, started: 0, connected: 0, disconnected: 200, drops: 0 });
    f.start();
    expect(f.status().started).toBe(50);
    await waitUntil(() => g.registered().length === 200, 10_000, '200 registrations');
    const expected = Array.from({ length: 200 }, (_, i) => `${fleetSerial('FLT', i + 1)}:s`);
    expect(g.registered().sort()).toEqual(expected);
    await waitUntil(() => f.status().connected === 200, 5000, 'all connected');
    expect(f.status()).toEqual({ total: 200, started: 200, connected: 200, disconnected: 0, drops: 0 });

    // A dropped link counts, and comes back.
    g.links[0]!.socket.destroy();
    await waitUntil(() => f.status().drops === 1, 5000, 'the drop');
    await waitUntil(() => f.status().connected === 200, 5000, 'the redial');

    await f.stop();
    expect(f.status().connected).toBe(0);
    await waitUntil(() => g.links.every((l) => l.closed), 5000, 'every link closed');
  });

  it('stop() before every batch has started starts no more', async () => {
    gateway = await TestGateway.start();
    const f = new Fleet({ type: 'FL-R4', count: 30, host: '127.0.0.1', port: gateway.port, stagger: 10 });
    fleet = f;
    f.start();
    await f.stop();
    expect(f.status().started).toBe(10);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(f.status().started).toBe(10);
    expect(f.clients.filter((c) => c.state !== 'idle' && c.state !== 'stopped')).toHaveLength(0);
  });

  it('refuses bad settings before starting anything', () => {
    const base = { type: 'FL-R8', count: 1, host: 'h' };
    expect(() => new Fleet({ ...base, type: 'FL-LR4' })).toThrow(/only behind/);
    expect(() => new Fleet({ ...base, count: 0 })).toThrow(RangeError);
    expect(() => new Fleet({ ...base, count: 1_000_000 })).toThrow(RangeError);
    expect(() => new Fleet({ ...base, prefix: 'A:' })).toThrow(RangeError);
    expect(() => new Fleet({ ...base, stagger: 0 })).toThrow(RangeError);
  });
});
