/**
 * Two nodes on one store and one Redis, acting as one: a console on node B hears the pushes of a
 * simulated DTU device linked to node A (each once), a REST operation and a register read on B are
 * carried out by A, bad bus messages are dropped and logged, and when A dies its device is
 * `offline` for operations on B, its directory entry gone within the entry's life.
 */
import { DtuClient, VirtualDevice } from '@fieldlink/simulator';
import type { PushInfo } from '@fieldlink/protocol';
import { unpackChannels } from '@fieldlink/protocol';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, login, post, register } from '../accounts/test-support.js';
import { RecordingLog, startDeviceStack, until } from '../gateway/test-support.js';
import type { DeviceStack } from '../gateway/test-support.js';
import { Browser } from '../live/test-support.js';
import { storageCases, useStorage } from '../storage/test-support.js';
import { RedisBus } from './redis-bus.js';
import { clearPrefix, testPrefix, testRedis } from './test-support.js';

const redis = testRedis();
const sqlite = storageCases().find((c) => c.name === 'sqlite')!;
const TTL_MS = 1500;
const SN = 'BUS00001';

describe.skipIf(redis.skip !== null)(`two nodes on one Redis (${redis})`, () => {
  const storage = useStorage(sqlite);
  const prefix = testPrefix('nodes');
  const logA = new RecordingLog();
  const logB = new RecordingLog();
  let a: DeviceStack;
  let b: DeviceStack;
  let raw: Redis;
  let browser: Browser;
  let client: DtuClient;
  let device: VirtualDevice;
  let token = '';
  let id = 0;

  beforeAll(async () => {
    if (!redis.reachable) return;
    const jwtKey = new Uint8Array(randomBytes(32));
    const node = (nodeId: string, log: RecordingLog) =>
      startDeviceStack(
        storage(),
        {},
        { bus: new RedisBus({ url: redis.url, nodeId, prefix, log }), jwtKey, linkTtlMs: TTL_MS, log },
      );
    a = await node('node-a', logA);
    b = await node('node-b', logB);
    await Promise.all([a.node!.bus.ready(), b.node!.bus.ready()]);
    raw = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  });

  afterAll(async () => {
    browser?.close();
    await client?.stop();
    await a?.close();
    await b?.close();
    raw?.disconnect();
    if (redis.reachable) await clearPrefix(redis.url, prefix);
  });

  beforeEach(() => redis.check());

  const regdo = (m: unknown): boolean[] | null => {
    const info = (m as PushInfo).info;
    return info.regdo ? unpackChannels(Uint8Array.from(info.regdo), 8) : null;
  };

  it('pushes a device linked to node A to a console on node B, once, and B operates it through A', async () => {
    await register(a.accounts, 'bus-owner');
    token = (await login(a.accounts, 'bus-owner')).accessToken;
    const made = await post(a.app, '/equipment', { sn: SN, type: 'FL-R8', name: 'Bus board' }, bearer(token));
    expect(made.statusCode, made.body).toBe(201);
    const { linkSecret } = made.json() as { linkSecret: string };
    id = (made.json() as { id: number }).id;

    browser = await Browser.open(b.wsUrl);
    browser.send({ infotype: 'register', info: { token } });
    await browser.next('register');

    device = new VirtualDevice('FL-R8', SN, { secret: linkSecret });
    client = new DtuClient(device, { host: '127.0.0.1', port: a.dtuPort, heartbeatMs: 0, tickMs: 50 });
    client.start();
    expect(await browser.next('GPRSReg', 3000)).toMatchObject({ info: { SN, IsOnline: true } });
    expect(await browser.next('EquipInfoNow', 3000)).toMatchObject({ info: { SN, IsOnline: true } });
    expect(regdo(await browser.next('PushInfo', 3000))).toEqual(Array(8).fill(false));
    await until(async () => (await b.node!.bus.holder(SN)) === 'node-a');
    expect(a.devices.isOnline(id)).toBe(true);
    expect(b.devices.isOnline(id)).toBe(false);

    const res = await post(b.app, `/equipment/${id}/operations`, { opr: 'openone', io: 2 }, bearer(token));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'done', response: { fn: 5, address: 1, value: true } });
    expect(device.memory.coils[1]).toBe(true);
    const after = await browser.next('PushInfo', 3000, (m) => regdo(m)?.[1] === true);
    expect(regdo(after)).toEqual([false, true, false, false, false, false, false, false]);

    // What the device read comes back as it is.
    const read = await post(
      b.app,
      `/equipment/${id}/operations`,
      { opr: 'rdo', regstart: 0, regnum: 8 },
      bearer(token),
    );
    expect(read.json()).toMatchObject({
      response: { fn: 1, values: [false, true, false, false, false, false, false, false] },
    });

    // A register read on the live channel of B, carried out by A.
    let address = 0;
    while (!device.memory.isHolding(address) || !device.memory.isHolding(address + 1)) address++;
    device.memory.writeHolding(address, 0x1234, false);
    device.memory.writeHolding(address + 1, 0xabcd, false);
    browser.send({ infotype: 'ModbusReg', info: { unid: SN, fn: 3, regstart: address, regnum: 2 } });
    expect(await browser.next('ModbusReg', 3000)).toMatchObject({ info: { SN, fn: 3, hexdata: '1234ABCD' } });

    // Each message once: nothing more of the link coming up.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(browser.received.filter((m) => m.infotype === 'GPRSReg')).toEqual([]);
    expect(a.node!.pending + b.node!.pending).toBe(0);
  });

  it('drops and logs bad bus messages, and goes on', async () => {
    const live = `${prefix}:live`;
    const direct = `${prefix}:node:node-b`;
    await raw.publish(live, 'not json');
    await raw.publish(live, '{"t":"live","from":"node-x"}');
    await raw.publish(
      live,
      JSON.stringify({ t: 'live', from: 'node-x', m: [[1, id, { infotype: 'PushInfo', info: { SN: 7 } }]] }),
    );
    await raw.publish(
      live,
      JSON.stringify({
        t: 'live',
        from: 'node-x',
        m: [[1, id, { infotype: 'GPRSReg', info: { SN, IsOnline: false } }]],
      }),
    );
    await raw.publish(direct, '{"t":"req","id":"1"}');
    await raw.publish(direct, '\u0000\u00ff');
    // A reply nobody waits for is no trouble either.
    await raw.publish(
      direct,
      JSON.stringify({ t: 'res', id: 'nobody', ok: false, code: 'offline', message: 'x' }),
    );
    // A sound batch from another node reaches the console.
    await raw.publish(
      live,
      JSON.stringify({
        t: 'live',
        from: 'node-x',
        m: [[0, id, { infotype: 'GPRSReg', info: { SN, IsOnline: true } }]],
      }),
    );
    expect(await browser.next('GPRSReg', 3000)).toMatchObject({ info: { SN, IsOnline: true } });
    const dropped = logB.warnings().map((e) => e.message);
    expect(dropped).toContain('bus message dropped: not a live batch');
    expect(dropped).toContain('bus message dropped: not a live message');
    expect(dropped).toContain('bus message dropped: not a request or reply');
    expect(b.node!.hub.relayStats.dropped).toBeGreaterThanOrEqual(4);

    const res = await post(b.app, `/equipment/${id}/operations`, { opr: 'closeone', io: 2 }, bearer(token));
    expect(res.statusCode, res.body).toBe(200);
    expect(device.memory.coils[1]).toBe(false);
  });

  it("makes a device offline for operations when its node dies, its entry gone within the entry's life", async () => {
    // A dies: it neither answers nor renews (its links are still up, as a hung process's would be).
    await a.node!.close();
    const died = Date.now();
    const res = await post(b.app, `/equipment/${id}/operations`, { opr: 'openone', io: 3 }, bearer(token));
    expect(res.statusCode, res.body).toBe(409);
    expect(device.memory.coils[2]).toBe(false);
    await until(async () => (await b.node!.bus.holder(SN)) === null, TTL_MS + 2000);
    expect(Date.now() - died).toBeLessThan(TTL_MS + 1000);
    const again = await post(b.app, `/equipment/${id}/operations`, { opr: 'openone', io: 3 }, bearer(token));
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'conflict', message: 'the equipment is offline' } });
  });
});
