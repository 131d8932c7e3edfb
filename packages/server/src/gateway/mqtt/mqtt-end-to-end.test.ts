/**
 * A device over MQTT end to end, on both databases: a simulated device on the real broker comes
 * online through the MQTT gateway, the server polls it and pushes its state to a browser on /ws, a
 * REST operation closes a relay in the device's memory and the new state is pushed, a value the
 * device reports of its own accord is pushed without a poll, and an unclean drop (the last will)
 * is pushed as offline; a device's own JSON and a team host's radio frames reach the console.
 */
import { randomBytes } from 'node:crypto';
import type { PushInfo } from '@fieldlink/protocol';
import { unpackChannels } from '@fieldlink/protocol';
import { clearRetained, MqttDeviceClient, testBroker, testRoot, VirtualDevice } from '@fieldlink/simulator';
import type { SlaveBoard } from '@fieldlink/simulator';
import { connectAsync } from 'mqtt';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it as baseIt } from 'vitest';
import {
  RecordingCodeSender,
  TestClock,
  bearer,
  login,
  post,
  register,
} from '../../accounts/test-support.js';
import type { AccountsHarness } from '../../accounts/test-support.js';
import { buildApp } from '../../app.js';
import { HistoryRecorder } from '../../history/recorder.js';
import { HistoryWriter } from '../../history/writer.js';
import { LiveHub } from '../../live/hub.js';
import { Browser } from '../../live/test-support.js';
import { storageCases, useStorage } from '../../storage/test-support.js';
import { DeviceService } from '../devices/device-service.js';
import { LinkRegistry } from '../link/registry.js';
import { delay, until, WAIT_MS } from '../test-support.js';
import { MqttGateway } from './mqtt-gateway.js';

const broker = testBroker();

describe.each(storageCases())(`MQTT device end to end on %s (${broker})`, (store) => {
  const it = baseIt.skipIf(store.skip !== null || broker.skip !== null);
  const storage = useStorage(store);
  const root = testRoot(`e2e-${store.name}`);
  let app: FastifyInstance;
  let registry: LinkRegistry;
  let gateway: MqttGateway;
  let devices: DeviceService;
  let history: HistoryWriter;
  let wsUrl = '';
  let h: AccountsHarness;

  beforeAll(async () => {
    if (store.skip !== null || !broker.reachable) return;
    const clock = new TestClock(Date.now());
    const sender = new RecordingCodeSender();
    const jwtKey = new Uint8Array(randomBytes(32));
    const db = storage().db;
    const hub = new LiveHub({ batchMs: 20 });
    history = new HistoryWriter(db, { flushMs: 10 });
    const recorder = new HistoryRecorder({ writer: history, publish: (id, m) => hub.publish(id, m) });
    registry = new LinkRegistry({ db });
    devices = new DeviceService({ db, registry, hub, recorder, pollMs: 60_000, timeoutMs: 1000 });
    gateway = new MqttGateway({ url: broker.url, nodeId: 'e2e', db, registry, reports: devices, root });
    app = await buildApp({
      storage: storage(),
      secrets: { jwtKey },
      codeSender: sender,
      now: clock.now,
      logLevel: false,
      liveHub: hub,
      devices,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    wsUrl = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws`;
    gateway.start();
    await gateway.ready();
    h = { app, clock, sender, jwtKey, storage: storage() };
  });

  beforeEach(() => broker.check());

  afterAll(async () => {
    await gateway?.close();
    await devices?.stop();
    await app?.close();
    await history?.close();
    if (store.skip === null && broker.reachable) await clearRetained(broker.url, root);
  });

  const info = (m: unknown): PushInfo['info'] => (m as PushInfo).info;
  const regdo = (m: unknown): boolean[] | null => {
    const regdo = info(m).regdo;
    return regdo ? unpackChannels(Uint8Array.from(regdo), 8) : null;
  };

  it('comes online, is operated, reports a change without a poll, and goes offline on its last will', async () => {
    await register(h, 'mqtt-owner');
    const token = (await login(h, 'mqtt-owner')).accessToken;
    const made = await post(
      app,
      '/equipment',
      { sn: 'MQE00001', type: 'FL-R8', name: 'MQTT board' },
      bearer(token),
    );
    expect(made.statusCode, made.body).toBe(201);
    const id = (made.json() as { id: number }).id;

    const browser = await Browser.open(wsUrl);
    browser.send({ infotype: 'register', info: { token } });
    await browser.next('register');

    const device = new VirtualDevice('FL-R8', 'MQE00001', {
      waveforms: [
        { kind: 'constant', value: 100 },
        { kind: 'constant', value: 200 },
      ],
    });
    // The analog inputs stay as the test sets them.
    device.tick = () => {};
    const client = new MqttDeviceClient(device, { url: broker.url, root, reportMs: 100 });
    client.start();
    try {
      expect(await browser.next('EquipInfoNow', WAIT_MS)).toMatchObject({
        info: { SN: 'MQE00001', IsOnline: true },
      });
      const first = await browser.next('PushInfo', 3000, (m) => info(m).regai !== undefined);
      expect(info(first).regai).toEqual([100, 200]);

      const res = await post(
        app,
        `/equipment/${id}/operations`,
        { opr: 'openone', io: 1, dly: 0 },
        bearer(token),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'done', response: { fn: 5, address: 0, value: true } });
      expect(device.memory.coils[0]).toBe(true);
      const after = await browser.next('PushInfo', 3000, (m) => regdo(m)?.[0] === true);
      expect(regdo(after)).toEqual([true, false, false, false, false, false, false, false]);

      // The device reports an AI change of its own accord: pushed, and nothing was read for it.
      const link = registry.get('MQE00001')!;
      await until(() => link.pending === 0);
      await delay(250);
      const sent = link.stats.sent;
      device.memory.inputRegisters[0] = 1234;
      const reported = await browser.next('PushInfo', 3000, (m) => info(m).regai?.[0] === 1234);
      expect(info(reported)).toMatchObject({ SN: 'MQE00001', regai: [1234, 200], ainum: 2, IsOnline: true });
      expect(info(reported).regdo).toBeUndefined();
      expect(link.stats.sent).toBe(sent);
      await history.flush();
      const stored = await storage()
        .db.selectFrom('telemetry')
        .select(['kind', 'channel'])
        .where('equipment_id', '=', id)
        .where('kind', '=', 'ai')
        .execute();
      expect(stored.filter((r) => r.channel === 0).length).toBeGreaterThanOrEqual(2);

      // Gone without a word: the broker publishes the last will.
      await client.kill();
      expect(
        await browser.next(
          'EquipInfoNow',
          WAIT_MS,
          (m) => (m as { info: { IsOnline: boolean } }).info.IsOnline === false,
        ),
      ).toMatchObject({ info: { SN: 'MQE00001', IsOnline: false } });
      await until(async () => {
        const row = await storage()
          .db.selectFrom('equipment')
          .select('online')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        return row.online === 0;
      });
      expect(link.closeReason).toBe('disconnected');
    } finally {
      await client.stop();
      browser.close();
    }
  });

  it('passes a device’s own JSON and a team host’s radio frames to the console', async () => {
    await register(h, 'mqtt-team-owner');
    const token = (await login(h, 'mqtt-team-owner')).accessToken;
    const made = await post(
      app,
      '/equipment',
      { sn: 'MQT00001', type: 'FL-JYTeam001', name: 'Team' },
      bearer(token),
    );
    expect(made.statusCode, made.body).toBe(201);
    const browser = await Browser.open(wsUrl);
    browser.send({ infotype: 'register', info: { token } });
    await browser.next('register');
    const device = new VirtualDevice('FL-JYTeam001', 'MQT00001', {
      subDevices: [{ type: 'FL-LR4', address: 3 }],
    });
    const client = new MqttDeviceClient(device, { url: broker.url, root, reportMs: 100 });
    client.start();
    const raw = await connectAsync(broker.url, { reconnectPeriod: 0 });
    try {
      await browser.next('EquipInfoNow', 3000, (m) => (m as { info: { IsOnline: boolean } }).info.IsOnline);
      await until(() => registry.get('MQT00001') !== undefined);
      // Frames sent before the link is up are not taken; DI1 of the slave coming on is.
      await delay(200);
      const slave = device.subDevices[0] as SlaveBoard;
      slave.memory.inputs[0] = true;
      expect(
        await browser.next(
          'RFMsg',
          WAIT_MS,
          (m) => (m as { info: { hexdata: string } }).info.hexdata === '0001',
        ),
      ).toMatchObject({
        info: { SN: 'MQT00001', addr: 3, hexdata: '0001' },
      });

      await raw.publishAsync(client.topics.json, '{"firmware":"2.1","泵":"开"}');
      const json = await browser.next('JsonMsg', WAIT_MS);
      expect(json).toMatchObject({ info: { SN: 'MQT00001', data: { firmware: '2.1', 泵: '开' } } });
      expect((json as { info: { Time?: string } }).info.Time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      // A message that breaks a rule never reaches the console.
      await raw.publishAsync(client.topics.json, '{not json');
      await raw.publishAsync(client.topics.json, '{"ok":true}');
      expect(await browser.next('JsonMsg', WAIT_MS)).toMatchObject({ info: { data: { ok: true } } });
    } finally {
      await raw.endAsync();
      await client.stop();
      browser.close();
    }
  });
});
