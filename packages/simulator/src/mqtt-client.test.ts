/**
 * A virtual device on the real broker: its retained status and last will, RTU requests from any
 * node answered to that node, reports of what changed, reconnection, and a fleet of them.
 */
import {
  decodeRtuResponse,
  encodeRtuRequest,
  parseMqttRadioFrame,
  parseMqttReport,
} from '@fieldlink/protocol';
import type { ModbusRequest, ModbusResponse, MqttReport } from '@fieldlink/protocol';
import { connectAsync } from 'mqtt';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MqttFleet } from './fleet.js';
import { MqttDeviceClient } from './mqtt-client.js';
import type { MqttDeviceClientOptions } from './mqtt-client.js';
import { SlaveBoard } from './hosts/sub-devices.js';
import { clearRetained, testBroker, testRoot } from './test-broker.js';
import { sleep, waitUntil } from './test-gateway.js';
import { VirtualDevice } from './virtual-device.js';

const broker = testBroker();
const root = testRoot('sim-client');

/** A plain client that records what arrives on the topics it subscribes to. */
class Observer {
  readonly messages: { topic: string; payload: Buffer; retain: boolean }[] = [];

  private constructor(readonly client: MqttClient) {
    client.on('message', (topic, payload, packet) =>
      this.messages.push({ topic, payload, retain: packet.retain }),
    );
  }

  static async open(...filters: string[]): Promise<Observer> {
    const client = await connectAsync(broker.url, { reconnectPeriod: 0 });
    const observer = new Observer(client);
    if (filters.length > 0) await client.subscribeAsync(filters, { qos: 1 });
    return observer;
  }

  on(topic: string): { payload: Buffer; retain: boolean }[] {
    return this.messages.filter((m) => m.topic === topic);
  }

  texts(topic: string): string[] {
    return this.on(topic).map((m) => m.payload.toString());
  }

  reports(topic: string): MqttReport[] {
    return this.on(topic).map((m) => {
      const parsed = parseMqttReport(m.payload);
      if (!parsed.ok) throw new Error(parsed.error);
      return parsed.value;
    });
  }

  close(): Promise<void> {
    return this.client.endAsync();
  }
}

describe.skipIf(broker.skip !== null)(`MqttDeviceClient (${broker})`, () => {
  const clients: MqttDeviceClient[] = [];
  const observers: Observer[] = [];

  beforeEach(() => broker.check());

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.stop()));
    await Promise.all(observers.splice(0).map((o) => o.close()));
  });

  afterAll(async () => {
    if (broker.reachable) await clearRetained(broker.url, root);
  });

  function client(device: VirtualDevice, options: Partial<MqttDeviceClientOptions> = {}): MqttDeviceClient {
    const c = new MqttDeviceClient(device, {
      url: broker.url,
      root,
      backoff: { initialMs: 20, maxMs: 100 },
      ...options,
    });
    clients.push(c);
    return c;
  }

  async function observe(...filters: string[]): Promise<Observer> {
    const o = await Observer.open(...filters);
    observers.push(o);
    return o;
  }

  async function started(c: MqttDeviceClient): Promise<void> {
    const connected = new Promise<void>((resolve) => c.once('connected', resolve));
    c.start();
    await connected;
  }

  /** Send a request as node `nodeId` and wait for the reply on that node's topic. */
  async function request(
    o: Observer,
    c: MqttDeviceClient,
    nodeId: string,
    req: ModbusRequest,
  ): Promise<ModbusResponse> {
    const up = c.topics.up(nodeId);
    const seen = o.on(up).length;
    await o.client.publishAsync(c.topics.down(nodeId), Buffer.from(encodeRtuRequest(254, req)));
    await waitUntil(() => o.on(up).length > seen, 5000, `reply on ${up}`);
    const decoded = decodeRtuResponse(o.on(up)[seen]!.payload, req);
    if (!decoded.ok) throw new Error(decoded.error);
    return decoded.pdu;
  }

  it('publishes a retained online status, and answers each node on its own topic', async () => {
    const device = new VirtualDevice('FL-AI8', 'MQC00001', {
      waveforms: [{ kind: 'constant', value: 1234 }],
    });
    const c = client(device);
    const o = await observe(`${root}/MQC00001/up/+`);
    await started(c);
    expect(c.state).toBe('connected');

    // A late subscriber gets the status, retained.
    const late = await observe(c.topics.status);
    await waitUntil(() => late.on(c.topics.status).length > 0, 5000, 'the retained status');
    expect(late.on(c.topics.status)[0]).toMatchObject({ retain: true });
    expect(late.texts(c.topics.status)[0]).toBe('{"online":true}');

    const ai = await request(o, c, 'node-a', { fn: 4, address: 0, count: 8 });
    expect(ai).toEqual({ fn: 4, values: device.snapshot().inputRegisters });
    expect(device.snapshot().inputRegisters[0]).toBe(1234);
    expect(await request(o, c, 'node_b', { fn: 5, address: 1, value: true })).toEqual({
      fn: 5,
      address: 1,
      value: true,
    });
    expect(device.snapshot().coils).toEqual([false, true]);
    expect(o.on(c.topics.up('node-a'))).toHaveLength(1);
    expect(o.on(c.topics.up('node_b'))).toHaveLength(1);
    expect(c.replies).toBe(2);
  });

  it('skips what it cannot frame, requests for other slaves and other topics, and stays up', async () => {
    const device = new VirtualDevice('FL-R4', 'MQC00002');
    const c = client(device);
    const o = await observe(`${root}/MQC00002/up/+`);
    await started(c);
    const down = c.topics.down('n1');
    await o.client.publishAsync(down, Buffer.from('not a frame'));
    await o.client.publishAsync(down, Buffer.from(encodeRtuRequest(7, { fn: 1, address: 0, count: 4 })));
    // Half a frame, then the other half: each message is whole, so neither is answered.
    const frame = encodeRtuRequest(254, { fn: 1, address: 0, count: 4 });
    await o.client.publishAsync(down, Buffer.from(frame.subarray(0, 3)));
    await o.client.publishAsync(down, Buffer.from(frame.subarray(3)));
    await o.client.publishAsync(`${root}/MQC00002/down/a.b`, Buffer.from(frame));
    await sleep(150);
    expect(o.messages).toHaveLength(0);
    expect(await request(o, c, 'n1', { fn: 1, address: 0, count: 4 })).toEqual({
      fn: 1,
      values: [false, false, false, false],
    });
    // Two frames in one message: both answered.
    const up = c.topics.up('n1');
    const before = o.on(up).length;
    const two = Buffer.concat([frame, encodeRtuRequest(254, { fn: 2, address: 0, count: 4 })]);
    await o.client.publishAsync(down, two);
    await waitUntil(() => o.on(up).length === before + 2, 5000, 'two replies');
    expect(c.state).toBe('connected');
  });

  it('reports every kind first, then only the kinds that changed', async () => {
    const device = new VirtualDevice('FL-R8', 'MQC00003', {
      waveforms: [
        { kind: 'constant', value: 100 },
        { kind: 'constant', value: 200 },
      ],
    });
    const c = client(device, { reportMs: 100 });
    const o = await observe(c.topics.report, `${root}/MQC00003/up/+`);
    await started(c);
    await waitUntil(() => o.on(c.topics.report).length >= 1, 5000, 'the first report');
    const counts = device.type.counts;
    expect(o.reports(c.topics.report)[0]).toEqual({
      do: new Array<boolean>(counts.do).fill(false),
      di: new Array<boolean>(counts.di).fill(false),
      ai: device.snapshot().inputRegisters,
      ao: device.snapshot().ao,
    });
    await sleep(250);
    expect(o.on(c.topics.report)).toHaveLength(1);

    await request(o, c, 'n1', { fn: 5, address: 2, value: true });
    await waitUntil(() => o.on(c.topics.report).length === 2, 5000, 'the DO report');
    expect(o.reports(c.topics.report)[1]).toEqual({
      do: [false, false, true, false, false, false, false, false],
    });
    expect(c.reports).toBe(2);
  });

  it('forwards a team slave’s radio frame when its outputs or inputs change, for slaves in the table', async () => {
    const device = new VirtualDevice('FL-JYTeam001', 'MQT00001', {
      subDevices: [
        { type: 'FL-LR4', address: 1 },
        { type: 'FL-LR4', address: 2, joined: false },
      ],
    });
    const c = client(device, { reportMs: 100 });
    const o = await observe(c.topics.rf);
    await started(c);
    // The first frames: slave 1 only (slave 2 is not in the table), all off.
    await waitUntil(() => o.on(c.topics.rf).length >= 1, 5000, 'the first radio frame');
    await sleep(250);
    expect(o.on(c.topics.rf).map((m) => [...m.payload])).toEqual([[1, 0x00, 0x00]]);
    // DI2 of slave 1 comes on: one frame, DO byte then DI byte.
    const slave = device.subDevices[0]!;
    if (!(slave instanceof SlaveBoard)) throw new Error('not a slave board');
    slave.memory.inputs[1] = true;
    await waitUntil(() => o.on(c.topics.rf).length === 2, 5000, 'the DI frame');
    const frame = parseMqttRadioFrame(o.on(c.topics.rf)[1]!.payload);
    if (!frame.ok) throw new Error(frame.error);
    expect([frame.value.addr, ...frame.value.frame]).toEqual([1, 0x00, 0x02]);
    expect(c.forwardedFrames).toBe(2);
  });

  it('reports ten changes a second at --report-ms 100', async () => {
    const device = new VirtualDevice('FL-AI8', 'MQC00004', {
      waveforms: [{ kind: 'ramp', min: 0, max: 60_000, periodMs: 60_000, phase: 0 }],
    });
    const c = client(device, { reportMs: 100 });
    const o = await observe(c.topics.report);
    await started(c);
    await waitUntil(() => o.on(c.topics.report).length >= 1, 5000, 'the first report');
    const first = o.on(c.topics.report).length;
    await sleep(1000);
    const reports = o.reports(c.topics.report).slice(first);
    expect(reports.length).toBeGreaterThanOrEqual(8);
    expect(reports.length).toBeLessThanOrEqual(12);
    for (const report of reports) expect(Object.keys(report)).toEqual(['ai']);
  });

  it('says goodbye on stop(), and the broker speaks its last will on kill()', async () => {
    const o = await observe(`${root}/MQC0000S/status`, `${root}/MQC0000K/status`);
    const polite = client(new VirtualDevice('FL-R4', 'MQC0000S'));
    const rude = client(new VirtualDevice('FL-R4', 'MQC0000K'));
    await started(polite);
    await started(rude);
    await waitUntil(() => o.messages.length === 2, 5000, 'both online');
    await polite.stop();
    await rude.kill();
    expect(polite.state).toBe('stopped');
    expect(rude.state).toBe('stopped');
    await waitUntil(() => o.messages.length === 4, 5000, 'both offline');
    expect(o.texts(polite.topics.status)).toEqual(['{"online":true}', '{"online":false}']);
    expect(o.texts(rude.topics.status)).toEqual(['{"online":true}', '{"online":false}']);
    // Both left it retained.
    const late = await observe(polite.topics.status, rude.topics.status);
    await waitUntil(() => late.messages.length === 2, 5000, 'retained offline statuses');
    expect(late.messages.map((m) => [m.retain, m.payload.toString()])).toEqual([
      [true, '{"online":false}'],
      [true, '{"online":false}'],
    ]);
  });

  it('reconnects with back-off after the broker drops it, and says it is online again', async () => {
    const c = client(new VirtualDevice('FL-R4', 'MQC00005'));
    const drops: { retryInMs?: number; wasConnected: boolean }[] = [];
    c.on('disconnected', (info) => drops.push(info));
    await started(c);
    const o = await observe(c.topics.status);
    await waitUntil(() => o.messages.length === 1, 5000, 'the retained status');
    // A second connection with the device's client id makes the broker drop the first.
    const usurper = await connectAsync(broker.url, { clientId: 'MQC00005', reconnectPeriod: 0 });
    usurper.on('error', () => {});
    await waitUntil(() => drops.length === 1, 5000, 'the drop');
    expect(drops[0]).toMatchObject({ wasConnected: true });
    expect(drops[0]!.retryInMs).toBeLessThanOrEqual(20);
    await waitUntil(() => c.connections === 2 && c.connected, 5000, 'the reconnection');
    await waitUntil(() => o.texts(c.topics.status).at(-1) === '{"online":true}', 5000, 'online again');
    await usurper.endAsync(true);
  });

  it('keeps trying a broker that does not answer, and stop() ends that', async () => {
    const c = client(new VirtualDevice('FL-R4', 'MQC00006'), {
      url: 'mqtt://127.0.0.1:9',
      backoff: { initialMs: 10, maxMs: 20 },
    });
    const drops: { wasConnected: boolean; retryInMs?: number }[] = [];
    c.on('disconnected', (info) => drops.push(info));
    c.start();
    await waitUntil(() => c.state === 'waiting', 5000, 'a failed attempt');
    await sleep(100);
    await c.stop();
    expect(c.state).toBe('stopped');
    expect(c.connections).toBe(0);
    // Each failed dial is told, as never connected, with the wait before the next.
    expect(drops.length).toBeGreaterThan(0);
    for (const drop of drops)
      expect(drop).toMatchObject({ wasConnected: false, retryInMs: expect.any(Number) });
  });

  it('refuses periods below 100 ms', () => {
    const device = new VirtualDevice('FL-R4', 'MQC00007');
    expect(() => new MqttDeviceClient(device, { url: broker.url, reportMs: 99 })).toThrow(RangeError);
    expect(() => new MqttDeviceClient(device, { url: broker.url, tickMs: 0 })).toThrow(RangeError);
    expect(() => new MqttDeviceClient(device, { url: broker.url, root: 'a/+' })).toThrow(RangeError);
  });

  it('runs a fleet, one connection per device', async () => {
    const o = await observe(`${root}/+/status`);
    const fleet = new MqttFleet({
      type: 'FL-R8',
      count: 20,
      url: broker.url,
      prefix: 'MQF',
      stagger: 5,
      staggerMs: 10,
      link: { root, reportMs: 1000 },
    });
    try {
      fleet.start();
      await waitUntil(() => fleet.status().connected === 20, 10_000, 'all connected');
      expect(fleet.status()).toEqual({ total: 20, started: 20, connected: 20, disconnected: 0, drops: 0 });
      const online = (): number =>
        fleet.clients.filter((c) => o.texts(c.topics.status).at(-1) === '{"online":true}').length;
      await waitUntil(() => online() === 20, 5000, 'every status online');
    } finally {
      await fleet.stop();
    }
    expect(fleet.status().connected).toBe(0);
    await waitUntil(
      () => fleet.clients.every((c) => o.texts(c.topics.status).at(-1) === '{"online":false}'),
      5000,
      'every status offline',
    );
  });
});
