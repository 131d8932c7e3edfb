/**
 * The MQTT link over the real broker, against a device played by a plain MQTT client (the
 * simulator's memory and RTU slave behind it, with hooks to stay silent, mangle replies or answer
 * to another node): a device whose status says online is linked and answers like any master link;
 * timeouts, dead links and their relinking; garbage, wrong CRCs and split replies dropped; a reply
 * for another node never taken; offline statuses, last wills and a lost broker connection closing
 * links; unknown serials; serials spelt in lower case.
 */
import { randomBytes } from 'node:crypto';
import { appendCrc, encodeMqttStatus, mqttDeviceTopics, parseMqttTopic } from '@fieldlink/protocol';
import {
  BrokerProxy,
  clearRetained,
  EquipmentMemory,
  RtuSlave,
  testBroker,
  testRoot,
} from '@fieldlink/simulator';
import { connectAsync } from 'mqtt';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storageCases, useStorage } from '../../storage/test-support.js';
import { LinkClosedError, LinkTimeoutError } from '../link/device-link.js';
import type { DeviceLink, LinkCloseReason } from '../link/device-link.js';
import { LinkRegistry } from '../link/registry.js';
import { addLinkedDevices, BOARD, delay, expectBoardAnswers, RecordingLog, until } from '../test-support.js';
import { MqttGateway } from './mqtt-gateway.js';

const broker = testBroker();
const root = testRoot('link');
const NODE = 'node-a';
const sqlite = storageCases().find((c) => c.name === 'sqlite')!;

/** A device on the broker: answers RTU requests from its memory, each reply through `answer`. */
class FakeDevice {
  readonly memory = new EquipmentMemory(BOARD);
  readonly slave = new RtuSlave(this.memory, { address: 254 });
  /** The messages a reply becomes; [] stays silent. */
  answer: (reply: Uint8Array) => Uint8Array[] = (reply) => [reply];
  /** The node a reply is sent to, given the asking one. */
  replyTo: (nodeId: string) => string = (nodeId) => nodeId;
  requests = 0;
  readonly topics: ReturnType<typeof mqttDeviceTopics>;

  private constructor(
    readonly client: MqttClient,
    readonly serial: string,
  ) {
    this.topics = mqttDeviceTopics(serial, root);
    client.on('message', (topic, payload) => {
      const parsed = parseMqttTopic(topic, root);
      if (parsed?.kind !== 'down') return;
      this.requests++;
      this.slave.reset();
      for (const reply of this.slave.push(payload)) {
        for (const message of this.answer(reply)) {
          void client.publishAsync(this.topics.up(this.replyTo(parsed.nodeId)), Buffer.from(message));
        }
      }
    });
  }

  static async connect(serial: string): Promise<FakeDevice> {
    const topics = mqttDeviceTopics(serial, root);
    const client = await connectAsync(broker.url, {
      clientId: `${serial}-${randomBytes(3).toString('hex')}`,
      reconnectPeriod: 0,
      will: { topic: topics.status, payload: Buffer.from(encodeMqttStatus(false)), qos: 1, retain: true },
    });
    const device = new FakeDevice(client, serial);
    await client.subscribeAsync(topics.downFilter, { qos: 0 });
    await device.status(true);
    return device;
  }

  async status(online: boolean): Promise<void> {
    await this.client.publishAsync(this.topics.status, Buffer.from(encodeMqttStatus(online)), {
      qos: 1,
      retain: true,
    });
  }

  /** Hang up without a word: the broker publishes the last will. */
  kill(): Promise<void> {
    return this.client.endAsync(true);
  }

  async close(): Promise<void> {
    if (!this.client.disconnected) await this.status(false);
    await this.client.endAsync();
  }
}

/** The frame with its CRC's first byte flipped. */
const badCrc = (frame: Uint8Array): Uint8Array => {
  const copy = Uint8Array.from(frame);
  copy[copy.length - 2]! ^= 0xff;
  return copy;
};

const poll = { priority: 'poll' } as const;
const readAi = { fn: 4, address: 1, count: 3 } as const;

describe.skipIf(broker.skip !== null)(`MQTT link (${broker})`, () => {
  const storage = useStorage(sqlite);
  const log = new RecordingLog();
  const devices: FakeDevice[] = [];
  const closers: (() => Promise<unknown>)[] = [];
  let proxy: BrokerProxy;
  let registry: LinkRegistry;
  let gateway: MqttGateway;
  let ids: Map<string, number>;
  const closes: { serial: string; reason: LinkCloseReason }[] = [];

  beforeAll(async () => {
    if (!broker.reachable) return;
    proxy = await BrokerProxy.start(broker.url);
    ids = await addLinkedDevices(storage(), [
      'MQL00001',
      'MQL00002',
      'MQL00003',
      'MQL00004',
      'MQL00005',
      'MQL00006',
      'MQL0000C',
    ]);
    registry = new LinkRegistry({ db: storage().db });
    registry.on('offline', (serial, _id, reason) => closes.push({ serial, reason }));
    gateway = new MqttGateway({
      url: proxy.url,
      nodeId: NODE,
      db: storage().db,
      registry,
      root,
      log,
      backoff: { initialMs: 40, maxMs: 80 },
      retryUnknownMs: 100,
      client: { reconnectPeriod: 100 },
    });
    gateway.start();
    await gateway.ready();
  });

  afterAll(async () => {
    await Promise.all(devices.map((d) => d.close().catch(() => undefined)));
    await Promise.all(closers.map((close) => close().catch(() => undefined)));
    await gateway?.close();
    await proxy?.close();
    if (broker.reachable) await clearRetained(broker.url, root);
  });

  beforeEach(() => broker.check());

  async function device(serial: string): Promise<FakeDevice> {
    const d = await FakeDevice.connect(serial);
    devices.push(d);
    return d;
  }

  async function linked(serial: string, not?: DeviceLink): Promise<DeviceLink> {
    await until(() => {
      const link = registry.get(serial);
      return link !== undefined && link !== not && !link.closed;
    }, 5000);
    return registry.get(serial)!;
  }

  const online = async (serial: string): Promise<number> => {
    const row = await storage()
      .db.selectFrom('equipment')
      .select('online')
      .where('id', '=', ids.get(serial)!)
      .executeTakeFirstOrThrow();
    return row.online;
  };

  it('links a device whose status says online, and it answers like any master link', async () => {
    const d = await device('MQL00001');
    d.memory.inputRegisters.splice(1, 3, 20, 30, 40);
    const link = await linked('MQL00001');
    expect(link.remoteAddress).toBe('mqtt:MQL00001');
    await expectBoardAnswers(link, d.memory);
    expect(link.stats).toMatchObject({ sent: 4, replies: 4, timeouts: 0, unmatched: 0, skippedBytes: 0 });
    await until(async () => (await online('MQL00001')) === 1);
    expect(log.entries).toContainEqual(
      expect.objectContaining({
        level: 'info',
        message: 'MQTT link up',
        details: expect.objectContaining({ serial: 'MQL00001', equipmentId: ids.get('MQL00001') }),
      }),
    );
    expect(gateway.linked).toBeGreaterThanOrEqual(1);
  });

  it('times out, retries, closes a dead link, and links the device again while it says online', async () => {
    const d = await device('MQL00002');
    const link = await linked('MQL00002');
    expect(await link.request(254, readAi, poll)).toEqual({ fn: 4, values: [0, 0, 0] });
    d.answer = () => [];
    const failed = link.request(254, readAi, { ...poll, timeoutMs: 80, retries: 1 });
    await expect(failed).rejects.toBeInstanceOf(LinkTimeoutError);
    await expect(failed).rejects.toMatchObject({ attempts: 2, timeoutMs: 80 });
    expect(d.requests).toBe(3);
    // The third timeout in a row: dead.
    await expect(link.request(254, readAi, { ...poll, timeoutMs: 80, retries: 0 })).rejects.toBeInstanceOf(
      LinkTimeoutError,
    );
    expect(link.closeReason).toBe('dead');
    await until(() => closes.some((c) => c.serial === 'MQL00002' && c.reason === 'dead'));
    await until(async () => (await online('MQL00002')) === 0);

    d.answer = (reply) => [reply];
    const again = await linked('MQL00002', link);
    expect(await again.request(254, readAi, poll)).toEqual({ fn: 4, values: [0, 0, 0] });
    await until(async () => (await online('MQL00002')) === 1);
  });

  it('drops garbage and frames with a wrong CRC, and takes the good reply after them', async () => {
    const d = await device('MQL00003');
    const link = await linked('MQL00003');
    const garbage = Uint8Array.from([0xfe, 0x04, 0x06, 1, 2, 3]);
    let replyLength = 0;
    d.answer = (reply) => {
      replyLength = reply.length;
      return [garbage, badCrc(reply), reply];
    };
    expect(await link.request(254, readAi, poll)).toEqual({ fn: 4, values: [0, 0, 0] });
    expect(link.stats).toMatchObject({
      replies: 1,
      unmatched: 0,
      skippedBytes: garbage.length + replyLength,
    });

    // A wrong CRC alone is no answer.
    d.answer = (reply) => [badCrc(reply)];
    await expect(link.request(254, readAi, { ...poll, timeoutMs: 100, retries: 0 })).rejects.toBeInstanceOf(
      LinkTimeoutError,
    );
    // Nor is a reply split over two messages: each message is one whole frame.
    d.answer = (reply) => [reply.subarray(0, 3), reply.subarray(3)];
    await expect(link.request(254, readAi, { ...poll, timeoutMs: 100, retries: 0 })).rejects.toBeInstanceOf(
      LinkTimeoutError,
    );
    expect(link.stats).toMatchObject({ replies: 1, timeouts: 2, unmatched: 0 });
    expect(link.stats.skippedBytes).toBe(garbage.length + 3 * replyLength);

    // A sound frame from another slave or of another function answers nothing, and is counted.
    d.answer = (reply) => {
      const other = Uint8Array.from(reply.subarray(0, reply.length - 2));
      other[0] = 7;
      return [appendCrc(other), reply];
    };
    expect(await link.request(254, readAi, poll)).toEqual({ fn: 4, values: [0, 0, 0] });
    expect(link.stats).toMatchObject({ replies: 2, unmatched: 1 });
    expect(link.closed).toBe(false);
  });

  it('never takes a reply sent to another node', async () => {
    const d = await device('MQL00004');
    const link = await linked('MQL00004');
    const other = await connectAsync(broker.url, { reconnectPeriod: 0 });
    const seen: string[] = [];
    other.on('message', (topic) => seen.push(topic));
    await other.subscribeAsync(`${root}/+/up/node-b`, { qos: 0 });
    try {
      d.replyTo = () => 'node-b';
      await expect(link.request(254, readAi, { ...poll, timeoutMs: 150, retries: 0 })).rejects.toBeInstanceOf(
        LinkTimeoutError,
      );
      // The device did answer, to node-b.
      await until(() => seen.length === 1);
      expect(seen).toEqual([d.topics.up('node-b')]);
      expect(link.stats).toMatchObject({ replies: 0, unmatched: 0, bytesIn: 0 });
      d.replyTo = (nodeId) => nodeId;
      expect(await link.request(254, readAi, poll)).toEqual({ fn: 4, values: [0, 0, 0] });
    } finally {
      await other.endAsync();
    }
  });

  it('closes the link on an offline status and on the last will, and links it again when online', async () => {
    const d = await device('MQL00005');
    const link = await linked('MQL00005');
    const pending = link.request(254, readAi, { ...poll, timeoutMs: 5000 });
    d.answer = () => [];
    // The request went out before the status: it fails as the link closes.
    await until(() => d.requests === 1);
    // Awaited after the status: the link may close before the broker acknowledges it.
    const failed = expect(pending).rejects.toBeInstanceOf(LinkClosedError);
    await d.status(false);
    await failed;
    expect(link.closeReason).toBe('disconnected');
    await until(async () => (await online('MQL00005')) === 0);

    d.answer = (reply) => [reply];
    await d.status(true);
    const again = await linked('MQL00005', link);
    expect(await again.request(254, readAi, poll)).toEqual({ fn: 4, values: [0, 0, 0] });

    await d.kill();
    await until(() => again.closed);
    expect(again.closeReason).toBe('disconnected');
    await until(async () => (await online('MQL00005')) === 0);
  });

  it('closes every link when the broker connection is lost; the retained statuses bring them back', async () => {
    const d = await device('MQL00006');
    const first = await linked('MQL00006');
    const firstOther = await linked('MQL00001');
    const nodes = await connectAsync(broker.url, { reconnectPeriod: 0 });
    const said: string[] = [];
    nodes.on('message', (topic, payload) => said.push(`${topic} ${payload.toString()}`));
    await nodes.subscribeAsync(`${root}/_nodes/+/status`, { qos: 1 });
    closers.push(() => nodes.endAsync());
    proxy.drop();
    await until(() => first.closed && firstOther.closed);
    expect(first.closeReason).toBe('disconnected');
    expect(log.warnings().map((e) => e.message)).toContain('MQTT broker connection lost');
    await until(async () => (await online('MQL00006')) === 0);
    // Reconnected every 100 ms: the retained statuses arrive again.
    const second = await linked('MQL00006', first);
    await linked('MQL00001', firstOther);
    await gateway.ready();
    expect(await second.request(254, readAi, poll)).toEqual({ fn: 4, values: [0, 0, 0] });
    await until(async () => (await online('MQL00006')) === 1);
    expect(d.requests).toBeGreaterThanOrEqual(1);
    // Back, the node tells the others that it had marked its devices offline.
    await until(() => said.includes(`${root}/_nodes/${NODE}/status {"online":false}`));
  });

  it('logs an unknown serial once, and links it once its equipment exists', async () => {
    await device('MQLNEW01');
    await delay(400);
    expect(registry.get('MQLNEW01')).toBeUndefined();
    const refused = log
      .warnings()
      .filter(
        (e) => e.message === 'MQTT device refused: unknown serial number' && e.details.serial === 'MQLNEW01',
      );
    expect(refused).toHaveLength(1);
    const added = await addLinkedDevices(storage(), ['MQLNEW01']);
    await linked('MQLNEW01');
    expect(registry.equipmentId('MQLNEW01')).toBe(added.get('MQLNEW01'));
  });

  it('refuses a status that is not the scheme, and the link stays', async () => {
    const d = await device('MQL0000C'.toLowerCase());
    // A serial spelt in lower case is the equipment's, and is answered on its own topics.
    const link = await linked('MQL0000C');
    expect(link.remoteAddress).toBe('mqtt:mql0000c');
    expect(await link.request(254, readAi, poll)).toEqual({ fn: 4, values: [0, 0, 0] });
    await d.client.publishAsync(d.topics.status, Buffer.from('{"online":"yes"}'), { qos: 1, retain: true });
    await until(() =>
      log.warnings().some((e) => e.message === 'MQTT status refused' && e.details.serial === 'MQL0000C'),
    );
    expect(link.closed).toBe(false);
    await d.status(true);
  });
});
