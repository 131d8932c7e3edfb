/**
 * The DTU listener with the store on both databases: registration and refusal, the server reading
 * and writing a virtual device through its link, online/offline in the equipment rows, replacement,
 * idle drop, and many devices at once.
 */
import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it as baseIt } from 'vitest';
import type { Storage } from '../../storage/open.js';
import { storageCases, useStorage } from '../../storage/test-support.js';
import { LinkRegistry } from '../link/registry.js';
import { addLinkedDevices, RecordingLog, until, VirtualDtu } from '../test-support.js';
import { DtuListener } from './dtu-listener.js';
import type { DtuListenerOptions } from './dtu-listener.js';
import { LinkClosedError } from './rtu-link.js';
import type { LinkCloseReason } from './rtu-link.js';

/** Adds devices with these serials (and optionally a link secret); returns their ids by serial. */
const addDevices = (storage: Storage, serials: string[], secret?: string): Promise<Map<string, number>> =>
  addLinkedDevices(storage, serials, secret === undefined ? {} : { secret });

async function statusOf(storage: Storage, sn: string) {
  return storage.db
    .selectFrom('equipment')
    .select(['online', 'status_at'])
    .where('sn', '=', sn)
    .executeTakeFirstOrThrow();
}

describe.each(storageCases())('DTU listener on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const storage = useStorage(store);
  const running: { listener: DtuListener; devices: VirtualDtu[] }[] = [];

  async function start(options: Partial<DtuListenerOptions> = {}) {
    const log = new RecordingLog();
    const db = storage().db;
    const now = () => 1_700_000_000_000;
    const listener = new DtuListener({
      db,
      registry: new LinkRegistry({ db, log, now }),
      log,
      now,
      ...options,
    });
    const port = await listener.listen(0, '127.0.0.1');
    const devices: VirtualDtu[] = [];
    running.push({ listener, devices });
    const dial = async (registration: string | Uint8Array | null) => {
      const device = await VirtualDtu.dial(port, registration);
      devices.push(device);
      return device;
    };
    const online = (sn: string) => until(() => listener.registry.get(sn) !== undefined);
    return { listener, registry: listener.registry, log, port, dial, online };
  }

  afterEach(async () => {
    for (const { listener, devices } of running.splice(0)) {
      for (const device of devices) device.destroy();
      await listener.close();
    }
  });

  it('takes a registration split across segments, after heartbeats, with a prefix, and reads the device', async () => {
    await addDevices(storage(), ['IOPDTU02', 'REG00003']);
    const { registry, dial, online } = await start({ heartbeat: 'ping' });
    // `IOPD`, then `TU02` and CR a moment later: separate TCP segments, as a real DTU sends them.
    const split = await dial('ping');
    await split.send(['IOPD', 'TU02', '\r']);
    await online('IOPDTU02');
    split.memory.coils[3] = true;
    expect(
      await registry.get('IOPDTU02')!.request(254, { fn: 1, address: 0, count: 4 }, { priority: 'poll' }),
    ).toMatchObject({ values: [false, false, false, true] });

    const prefixed = await start({ registration: { prefix: 'REG:' } });
    await prefixed.dial('reg:REG00003\0');
    await prefixed.online('REG00003');
  });

  it('registers a DTU that sends its identity as binary bytes, by their hex', async () => {
    await addDevices(storage(), ['0A1B2C3D']);
    const { dial, online } = await start({ registration: { hex: true } });
    await dial(new Uint8Array([0x0a, 0x1b, 0x2c, 0x3d]));
    await online('0A1B2C3D');
  });

  it('registers a device and reads and writes it through the link', async () => {
    const ids = await addDevices(storage(), ['GW000001']);
    const { registry, dial, online, log } = await start();
    const events: unknown[] = [];
    registry.on('online', (...args) => events.push(['online', ...args]));
    const device = await dial('gw000001\r\n');
    await online('GW000001');
    await until(() => events.length === 1);
    expect(events).toEqual([['online', 'GW000001', ids.get('GW000001')]]);
    expect(await statusOf(storage(), 'GW000001')).toEqual({ online: 1, status_at: 1_700_000_000_000 });
    expect(log.entries.at(-1)).toMatchObject({ level: 'info', message: 'DTU link up' });

    const link = registry.get('GW000001')!;
    device.memory.coils[0] = true;
    device.memory.inputRegisters[1] = 321;
    expect(await link.request(254, { fn: 1, address: 0, count: 8 }, { priority: 'poll' })).toMatchObject({
      values: [true, false, false, false, false, false, false, false],
    });
    expect(await link.request(254, { fn: 4, address: 0, count: 2 }, { priority: 'poll' })).toEqual({
      fn: 4,
      values: [0, 321],
    });
    await link.request(254, { fn: 5, address: 6, value: true }, { priority: 'user' });
    expect(device.memory.coils[6]).toBe(true);
  });

  it('hands bytes sent with the registration to the link, heartbeats included', async () => {
    await addDevices(storage(), ['GW000002']);
    const { registry, dial, online } = await start();
    const device = await dial('GW000002\npingping');
    await online('GW000002');
    device.socket.write('pi');
    await new Promise((resolve) => setTimeout(resolve, 5));
    device.socket.write('ng');
    const link = registry.get('GW000002')!;
    device.memory.inputs[2] = true;
    expect(await link.request(254, { fn: 2, address: 0, count: 3 }, { priority: 'poll' })).toEqual({
      fn: 2,
      values: [false, false, true],
    });
    expect(link.stats.heartbeats).toBe(3);
  });

  it('on a hang-up mid-request, rejects what was pending and marks the device offline', async () => {
    const ids = await addDevices(storage(), ['GW000003']);
    const { registry, dial, online } = await start();
    const device = await dial('GW000003');
    await online('GW000003');
    await until(async () => (await statusOf(storage(), 'GW000003')).online === 1);
    const offline = once(registry, 'offline');
    device.answer = () => {
      device.destroy();
      return [];
    };
    const link = registry.get('GW000003')!;
    const asked = link.request(254, { fn: 1, address: 0, count: 1 }, { priority: 'user' });
    const waiting = link.request(254, { fn: 1, address: 0, count: 1 }, { priority: 'poll' });
    await expect(asked).rejects.toEqual(new LinkClosedError('disconnected'));
    await expect(waiting).rejects.toEqual(new LinkClosedError('disconnected'));
    expect(await offline).toEqual(['GW000003', ids.get('GW000003'), 'disconnected']);
    expect((await statusOf(storage(), 'GW000003')).online).toBe(0);
    expect(registry.size).toBe(0);
    expect(registry.get('GW000003')).toBeUndefined();
  });

  it('lets a second connection with the same serial replace a first that no longer answers; the device stays online', async () => {
    await addDevices(storage(), ['GW000004']);
    const { registry, dial, online } = await start({ probeTimeoutMs: 100 });
    const offline: LinkCloseReason[] = [];
    registry.on('offline', (_sn, _id, reason) => offline.push(reason));
    const first = await dial('GW000004');
    await online('GW000004');
    const firstLink = registry.get('GW000004')!;
    // A DTU redialling after its NAT dropped the first connection: nothing answers there any more.
    first.answer = () => [];
    const second = await dial('GW000004');
    await until(() => registry.get('GW000004') !== firstLink);
    await first.closed;
    expect(firstLink.closeReason).toBe('replaced');
    await registry.settled();
    expect(offline).toEqual([]);
    expect(registry.size).toBe(1);
    expect((await statusOf(storage(), 'GW000004')).online).toBe(1);
    second.memory.coils[2] = true;
    expect(
      await registry.get('GW000004')!.request(254, { fn: 1, address: 2, count: 1 }, { priority: 'user' }),
    ).toEqual({ fn: 1, values: [true] });
  });

  it('refuses unknown serials, bad registrations, and wrong or missing secrets, and logs them', async () => {
    await addDevices(storage(), ['GW000005'], 'open sesame');
    await addDevices(storage(), ['GW000006']);
    const { registry, dial, log, online } = await start();
    for (const registration of ['GW999999', 'GW000005', 'GW000005:wrong', 'x', 'GW000005:open sesame!']) {
      const device = await dial(registration);
      await device.closed;
    }
    expect(registry.size).toBe(0);
    const warnings = log.warnings();
    expect(warnings.map((w) => [w.details.serial, w.message])).toEqual([
      ['GW999999', 'DTU registration refused: unknown serial number'],
      ['GW000005', 'DTU registration refused: secret missing'],
      ['GW000005', 'DTU registration refused: wrong secret'],
      ['x', 'DTU registration refused: serial number must be 4-32 letters, digits, - or .'],
      ['GW000005', 'DTU registration refused: wrong secret'],
      // The third refusal of one serial within a minute is a contest.
      ['GW000005', 'DTU link contested'],
    ]);
    for (const warning of warnings) expect(warning.details.remote).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(JSON.stringify(log.entries)).not.toContain('sesame');

    await dial('GW000005:open sesame');
    await online('GW000005');
    // Without a secret set, on an open link, a registration with or without one is taken.
    await dial('GW000006:anything');
    await online('GW000006');
  });

  it('drops a connection that does not register in time', async () => {
    const { dial, log } = await start({ registrationTimeoutMs: 30 });
    const device = await dial(null);
    await device.closed;
    // The listener's thread dropped it and tells the main thread, which logs it.
    await until(() => log.warnings().length > 0);
    expect(log.warnings()[0]?.message).toBe('DTU registration refused: nothing sent in time');
  });

  it('listens again with a new thread when its thread is lost, and the devices redial it', async () => {
    await addDevices(storage(), ['GW000010']);
    const { listener, registry, dial, online, log } = await start();
    const first = await dial('GW000010');
    await online('GW000010');
    const offline = once(registry, 'offline');
    // The thread stopping on its own, as a crash in it would.
    const thread = (listener as unknown as { thread: Worker }).thread;
    await thread.terminate();
    expect((await offline)[2]).toBe('error');
    await first.closed;
    expect(log.entries.filter((e) => e.level === 'error').map((e) => e.message)).toContain(
      'DTU listener thread lost: every DTU link is down; listening again',
    );
    expect((await statusOf(storage(), 'GW000010')).online).toBe(0);

    // The new thread takes the same port: the device redials and is read as before.
    await until(async () => {
      try {
        const again = await dial('GW000010');
        await until(() => registry.get('GW000010') !== undefined, 500);
        return !again.isClosed;
      } catch {
        return false;
      }
    }, 5000);
    const link = registry.get('GW000010')!;
    expect(await link.request(254, { fn: 1, address: 0, count: 1 }, { priority: 'user' })).toEqual({
      fn: 1,
      values: [false],
    });
    expect((await statusOf(storage(), 'GW000010')).online).toBe(1);
  });

  it('fails to listen on a port in use, with the reason, and still closes', async () => {
    const { port } = await start();
    const second = new DtuListener({ db: storage().db, registry: new LinkRegistry({ db: storage().db }) });
    await expect(second.listen(port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await second.close();
  });

  it('drops an idle link and marks the device offline', async () => {
    await addDevices(storage(), ['GW000007']);
    const { registry, dial } = await start({ link: { idleMs: 40 } });
    const offline = once(registry, 'offline');
    const device = await dial('GW000007');
    expect((await offline)[2]).toBe('idle');
    await device.closed;
    expect((await statusOf(storage(), 'GW000007')).online).toBe(0);
  });

  it('takes 500 devices at once, then marks them all offline when they drop, with nothing left pending', async () => {
    const serials = Array.from({ length: 500 }, (_, i) => `MASS${String(i).padStart(4, '0')}`);
    await addDevices(storage(), serials);
    const { listener, registry, dial } = await start();
    const devices = await Promise.all(serials.map((sn) => dial(sn)));
    await until(() => registry.size === 500, 15_000);
    await registry.settled();
    const counts = async (online: 0 | 1) =>
      Number(
        (
          await storage()
            .db.selectFrom('equipment')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('sn', 'like', 'MASS%')
            .where('online', '=', online)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await counts(1)).toBe(500);

    // Every device takes a request and never answers it; then they all hang up.
    const links = serials.map((sn) => registry.get(sn)!);
    for (const device of devices) device.answer = () => [];
    const asked = links.map((link) =>
      link.request(254, { fn: 1, address: 0, count: 8 }, { priority: 'poll', timeoutMs: 60_000 }),
    );
    for (const device of devices) device.destroy();
    const results = await Promise.allSettled(asked);
    expect(results.every((r) => r.status === 'rejected' && r.reason instanceof LinkClosedError)).toBe(true);
    await until(() => registry.size === 0, 15_000);
    await registry.settled();
    expect(await counts(0)).toBe(500);
    expect(links.every((link) => link.closed && link.pending === 0)).toBe(true);
    expect(listener.registry.size).toBe(0);
  });

  it('takes 5,000 devices reconnecting at once, twice, with the online state right each time', async () => {
    const n = 5000;
    const serials = Array.from({ length: n }, (_, i) => `FLOOD${String(i).padStart(5, '0')}`);
    await addDevices(storage(), serials);
    const { registry, dial } = await start();
    const online = async () =>
      Number(
        (
          await storage()
            .db.selectFrom('equipment')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('sn', 'like', 'FLOOD%')
            .where('online', '=', 1)
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (let round = 0; round < 2; round++) {
      const devices = await Promise.all(serials.map((sn) => dial(sn)));
      await until(() => registry.size === n, 60_000);
      await registry.settled();
      expect(await online()).toBe(n);
      const links = serials.map((sn) => registry.get(sn)!);
      for (const device of devices) device.destroy();
      await until(() => registry.size === 0, 60_000);
      await registry.settled();
      expect(await online()).toBe(0);
      expect(links.every((link) => link.closed && link.pending === 0)).toBe(true);
    }
  }, 120_000);
});
