/**
 * The Modbus TCP dialer with the store on both databases: a simulated device served as a Modbus
 * TCP server, its equipment row with a Modbus TCP address, the dialer connecting and the registry
 * marking it online, DeviceService polling and operating it, redialling after the device goes
 * away and comes back, a device that never answers, and refresh after the address changes.
 */
import { ModbusTcpServer, VirtualDevice } from '@fieldlink/simulator';
import { afterEach, describe, expect, it as baseIt } from 'vitest';
import { LiveHub } from '../../live/hub.js';
import type { Storage } from '../../storage/open.js';
import type { Equipment } from '../../storage/schema.js';
import { sqlitePlan, storageCases, useStorage } from '../../storage/test-support.js';
import { DeviceService } from '../devices/device-service.js';
import type { LinkCloseReason } from '../link/device-link.js';
import { LinkRegistry } from '../link/registry.js';
import { DialPolicy, parseCidrList } from './dial-policy.js';
import { dialAddress, dialTargetsQuery, ModbusTcpDialer } from './modbus-tcp-dialer.js';
import type { ModbusTcpDialerOptions } from './modbus-tcp-dialer.js';
import {
  addLinkedDevices,
  delay,
  loopbackDialPolicy,
  RecordingLog,
  TcpTestDevice,
  until,
} from '../test-support.js';

async function addDevice(storage: Storage, sn: string, port: number | null): Promise<number> {
  return (await addLinkedDevices(storage, [sn], { modbusTcpPort: port })).get(sn)!;
}

describe.each(storageCases())('Modbus TCP dialer on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const storage = useStorage(store);
  const cleanup: (() => Promise<void>)[] = [];

  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
    // Each test dials its own devices only.
    if (store.skip === null) {
      await storage().db.updateTable('equipment').set({ link_host: null, link_port: null }).execute();
    }
  });

  // The plan is SQLite's; PostgreSQL plans with statistics of its own.
  if (store.name === 'sqlite') {
    it('lists the equipment to dial by the partial index of addresses, not by walking the hosts', async () => {
      const details = await sqlitePlan(storage().db, dialTargetsQuery(storage().db).compile());
      expect(details).toEqual([
        expect.stringMatching(/^SEARCH equipment USING INDEX equipment_link_host_idx/),
      ]);
    });
  }

  async function start(options: Partial<ModbusTcpDialerOptions> = {}, pollMs = 60_000) {
    const db = storage().db;
    const log = new RecordingLog();
    const registry = new LinkRegistry({ db, log });
    const events: string[] = [];
    registry.on('online', (sn) => events.push(`online ${sn}`));
    registry.on('offline', (sn, _id, reason: LinkCloseReason) => events.push(`offline ${sn} ${reason}`));
    const devices = new DeviceService({ db, registry, hub: new LiveHub(), pollMs, timeoutMs: 200 });
    const dialer = new ModbusTcpDialer({
      db,
      registry,
      log,
      backoff: { initialMs: 20, maxMs: 80, resetAfterMs: 10_000 },
      policy: loopbackDialPolicy(),
      reconnectGraceMs: 300,
      ...options,
    });
    cleanup.push(async () => {
      await dialer.close();
      await registry.close();
      await devices.stop();
    });
    return { db, registry, devices, dialer, events, log };
  }

  async function serve(device: VirtualDevice, port = 0) {
    const server = new ModbusTcpServer(device);
    const bound = await server.listen(port, '127.0.0.1');
    cleanup.push(() => server.close());
    return { server, port: bound };
  }

  const onlineFlag = async (id: number) =>
    (
      await storage()
        .db.selectFrom('equipment')
        .select('online')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).online;

  const row = async (id: number): Promise<Equipment> =>
    storage().db.selectFrom('equipment').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('refuses loopback, as an address or a name resolving to it, unless MODBUS_TCP_ALLOW opens it', async () => {
    const { server, port } = await serve(new VirtualDevice('FL-R8', 'MBTSSRF1'));
    const literal = await addDevice(storage(), 'MBTSSRF1', port);
    const named = (await addLinkedDevices(storage(), ['MBTSSRF2'], { modbusTcpPort: port })).get('MBTSSRF2')!;
    await storage()
      .db.updateTable('equipment')
      .set({ link_host: 'localhost' })
      .where('id', '=', named)
      .execute();
    const resolved: string[] = [];
    const closed = await start({
      policy: new DialPolicy(),
      backoff: { initialMs: 20, maxMs: 60_000 },
      resolve: async (host) => {
        resolved.push(host);
        return ['127.0.0.1', '::1'];
      },
    });
    await closed.dialer.refresh();
    await until(() => closed.log.warnings().length === 2);
    expect(
      closed.log
        .warnings()
        .map((w) => [w.message, w.details.serial, w.details.reason])
        .sort(),
    ).toEqual([
      [
        'Modbus TCP address refused',
        'MBTSSRF1',
        'the server does not dial 127.0.0.1: a loopback address (an operator may allow it with MODBUS_TCP_ALLOW)',
      ],
      [
        'Modbus TCP address refused',
        'MBTSSRF2',
        'the server does not dial localhost (127.0.0.1): a loopback address (an operator may allow it with MODBUS_TCP_ALLOW)',
      ],
    ]);
    // Not retried hot: the next try waits the longest back-off.
    await delay(200);
    expect(closed.log.warnings()).toHaveLength(2);
    expect(resolved).toEqual(['localhost']);
    expect(server.connections).toBe(0);
    expect(closed.registry.size).toBe(0);
    expect(await onlineFlag(literal)).toBe(0);
    await closed.dialer.close();

    // Allowed by the operator: the name is resolved once per dial and the address is dialled.
    const open = await start({
      policy: new DialPolicy({ allow: parseCidrList('127.0.0.0/8') }),
      resolve: async (host) => {
        resolved.push(host);
        return ['::1', '127.0.0.1'];
      },
    });
    await open.dialer.refresh();
    await until(
      () => open.registry.get('MBTSSRF1') !== undefined && open.registry.get('MBTSSRF2') !== undefined,
    );
    expect(resolved).toEqual(['localhost', 'localhost']);
    // ::1 came first but is not allowed: the first allowed address is the one dialled.
    expect(open.registry.get('MBTSSRF2')!.remoteAddress).toMatch(/^127\.0\.0\.1:/);
  });

  it('dials the real resolver’s answer for localhost only when loopback is allowed', async () => {
    const device = new VirtualDevice('FL-R8', 'MBTSSRF3');
    const { port } = await serve(device);
    const id = await addDevice(storage(), 'MBTSSRF3', port);
    await storage()
      .db.updateTable('equipment')
      .set({ link_host: 'localhost' })
      .where('id', '=', id)
      .execute();
    expect(await dialAddress('localhost', new DialPolicy())).toEqual({
      refused: expect.stringMatching(
        /^the server does not dial localhost \((127\.0\.0\.1|::1)\): a loopback address/,
      ) as string,
    });
    const { registry, dialer } = await start({ policy: loopbackDialPolicy() });
    await dialer.refresh();
    await until(() => registry.get('MBTSSRF3') !== undefined);
  });

  it('dials the device, marks it online, polls and operates it, and redials when it comes back', async () => {
    const device = new VirtualDevice('FL-R8', 'MBT00001');
    device.memory.inputs[2] = true;
    const { server, port } = await serve(device);
    const id = await addDevice(storage(), 'MBT00001', port);
    const { registry, devices, dialer, events, log } = await start({}, 40);

    await dialer.refresh();
    await until(() => registry.get('MBT00001') !== undefined);
    await until(async () => (await onlineFlag(id)) === 1);
    expect(dialer.size).toBe(1);
    expect(dialer.connected).toBe(1);
    await until(() => devices.isOnline(id));

    // Polled every 40 ms: the baseline poll reads DO, DI, AI and AO again and again.
    const link = registry.get('MBT00001')!;
    await until(() => link.stats.replies >= 8);
    expect(link.stats).toMatchObject({ timeouts: 0, unmatched: 0 });
    expect((await devices.poll(id, 'user'))?.di?.[2]).toBe(true);

    const outcome = await devices.operate(await row(id), { opr: 'openone', io: 3, dly: 0 }, null);
    expect(outcome.status).toBe('done');
    expect(device.memory.coils[2]).toBe(true);

    // The device goes away: offline, redial attempts fail, it comes back on the same port: online.
    await server.close();
    await until(async () => (await onlineFlag(id)) === 0);
    expect(registry.get('MBT00001')).toBeUndefined();
    expect(devices.isOnline(id)).toBe(false);
    await delay(60);
    const back = await serve(device, port);
    await until(async () => (await onlineFlag(id)) === 1);
    await until(() => devices.isOnline(id));
    // A hang-up during a poll may be a reset ('error') rather than an orderly close.
    const plain = () => events.map((e) => e.replace(/ (disconnected|error)$/, ''));
    expect(plain()).toEqual(['online MBT00001', 'offline MBT00001', 'online MBT00001']);
    expect((await devices.poll(id, 'user'))?.do?.[2]).toBe(true);

    // A hang-up with the port still open (a device closing idle connections): dialled back within
    // the grace, it never goes offline.
    const before = registry.get('MBT00001');
    back.server.disconnectAll();
    await until(() => registry.get('MBT00001') !== undefined && registry.get('MBT00001') !== before);
    await delay(400);
    expect(plain()).toEqual(['online MBT00001', 'offline MBT00001', 'online MBT00001']);
    expect(await onlineFlag(id)).toBe(1);
    expect(devices.isOnline(id)).toBe(true);
    expect((await devices.poll(id, 'user'))?.do?.[2]).toBe(true);
    expect(log.entries.some((e) => e.message === 'link back within its grace: no offline recorded')).toBe(
      true,
    );
  });

  it('closes a device that stops answering as dead, marks it offline and keeps redialling', async () => {
    const silent = await TcpTestDevice.start();
    cleanup.push(() => silent.close());
    const id = await addDevice(storage(), 'MBT00002', silent.port);
    const { registry, devices, dialer, events, log } = await start({ link: { maxConsecutiveTimeouts: 2 } });

    await dialer.refresh();
    await until(() => devices.isOnline(id));
    const link = registry.get('MBT00002')!;
    await until(() => link.stats.replies > 0);
    silent.answer = () => [];
    void devices.poll(id, 'user');
    await until(() => link.closed, 3000);
    expect(link.closeReason).toBe('dead');
    expect(link.stats.timeouts).toBe(2);
    await until(() => events.includes('offline MBT00002 dead'));
    // Redialled: the connection comes up again (and will time out again).
    await until(() => events.filter((e) => e === 'online MBT00002').length === 2);
    expect(log.entries.some((e) => e.message === 'Modbus TCP link down' && e.details.reason === 'dead')).toBe(
      true,
    );
  });

  it('retries a refused connection with back-off and logs it', async () => {
    // A port nothing listens on: take one and free it.
    const probe = await TcpTestDevice.start();
    const port = probe.port;
    await probe.close();
    const id = await addDevice(storage(), 'MBT00003', port);
    const { dialer, log } = await start();
    await dialer.refresh();
    await until(() => log.warnings().filter((w) => w.message === 'Modbus TCP connect failed').length >= 3);
    expect(log.warnings()[0]?.details).toMatchObject({ serial: 'MBT00003', host: '127.0.0.1', port });
    expect(await onlineFlag(id)).toBe(0);
    expect(dialer.connected).toBe(0);
  });

  it('follows address changes on refresh and hangs up on close', async () => {
    const a = await serve(new VirtualDevice('FL-R8', 'MBT00004'));
    const b = await serve(new VirtualDevice('FL-R8', 'MBT00004'));
    const id = await addDevice(storage(), 'MBT00004', a.port);
    const other = await addDevice(storage(), 'MBT00005', null);
    const { registry, dialer, events } = await start();

    await dialer.refresh();
    await until(() => a.server.connections === 1);
    await until(() => events.length === 1);
    expect(dialer.size).toBe(1);

    // Moved to another port: the old connection is hung up, the new address dialled.
    await storage().db.updateTable('equipment').set({ link_port: b.port }).where('id', '=', id).execute();
    await dialer.refresh();
    await until(() => b.server.connections === 1);
    await until(() => a.server.connections === 0);
    await until(() => events.length === 3);
    expect(events).toEqual(['online MBT00004', 'offline MBT00004 shutdown', 'online MBT00004']);

    // Unchanged rows are left alone; a cleared address is hung up.
    await dialer.refresh();
    expect(b.server.connections).toBe(1);
    await storage()
      .db.updateTable('equipment')
      .set({ link_host: null, link_port: null })
      .where('id', '=', id)
      .execute();
    await dialer.refresh();
    await until(() => b.server.connections === 0);
    expect(dialer.size).toBe(0);
    await until(async () => (await onlineFlag(id)) === 0);
    expect(registry.get('MBT00004')).toBeUndefined();
    expect(await onlineFlag(other)).toBe(0);

    // Close hangs up and dials no more, even when refreshed.
    await storage()
      .db.updateTable('equipment')
      .set({ link_host: '127.0.0.1', link_port: a.port })
      .where('id', '=', id)
      .execute();
    await dialer.refresh();
    await until(async () => (await onlineFlag(id)) === 1);
    await dialer.close();
    expect(await onlineFlag(id)).toBe(0);
    await dialer.refresh();
    await delay(50);
    expect(a.server.connections).toBe(0);
    expect(dialer.size).toBe(0);
  });
});
