/**
 * The MQTT gateway's reports and its nodes, over the real broker: reports checked and handed to
 * the device service (keys it does not know ignored), bad ones logged and dropped; two nodes on one broker, each linking the
 * device, each operating it over its own topics, each report taken by exactly one of them; a node
 * that leaves, and the other marking the device online again.
 */
import { randomBytes } from 'node:crypto';
import { encodeMqttStatus, mqttDeviceTopics } from '@fieldlink/protocol';
import { clearRetained, MqttDeviceClient, testBroker, testRoot, VirtualDevice } from '@fieldlink/simulator';
import { connectAsync } from 'mqtt';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storageCases, useStorage } from '../../storage/test-support.js';
import type { DeviceState } from '../devices/device-service.js';
import { LinkRegistry } from '../link/registry.js';
import { addLinkedDevices, delay, RecordingLog, until } from '../test-support.js';
import type { ReportSink } from './mqtt-gateway.js';
import { MqttGateway } from './mqtt-gateway.js';

const broker = testBroker();
const root = testRoot('gateway');
const sqlite = storageCases().find((c) => c.name === 'sqlite')!;

/** The device service's side of reports: what arrived, by equipment id. */
class RecordingSink implements ReportSink {
  readonly reports: { equipmentId: number; state: DeviceState }[] = [];
  report(equipmentId: number, state: DeviceState): Promise<void> {
    this.reports.push({ equipmentId, state });
    return Promise.resolve();
  }
}

interface Node {
  readonly gateway: MqttGateway;
  readonly registry: LinkRegistry;
  readonly sink: RecordingSink;
  readonly log: RecordingLog;
}

describe.skipIf(broker.skip !== null)(`MQTT gateway (${broker})`, () => {
  const storage = useStorage(sqlite);
  const nodes: Node[] = [];
  const closers: (() => Promise<unknown>)[] = [];
  let ids: Map<string, number>;

  beforeAll(async () => {
    if (!broker.reachable) return;
    ids = await addLinkedDevices(storage(), ['MQR00001', 'MQ2N0001']);
  });

  afterAll(async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    for (const node of nodes) await node.gateway.close();
    if (broker.reachable) await clearRetained(broker.url, root);
  });

  beforeEach(() => broker.check());

  async function node(nodeId: string): Promise<Node> {
    const registry = new LinkRegistry({ db: storage().db });
    const sink = new RecordingSink();
    const log = new RecordingLog();
    const gateway = new MqttGateway({
      url: broker.url,
      nodeId,
      db: storage().db,
      registry,
      reports: sink,
      root,
      log,
    });
    gateway.start();
    await gateway.ready();
    const n = { gateway, registry, sink, log };
    nodes.push(n);
    return n;
  }

  async function rawDevice(serial: string): Promise<MqttClient> {
    const topics = mqttDeviceTopics(serial, root);
    const client = await connectAsync(broker.url, {
      clientId: `${serial}-${randomBytes(3).toString('hex')}`,
      reconnectPeriod: 0,
      will: { topic: topics.status, payload: Buffer.from(encodeMqttStatus(false)), qos: 1, retain: true },
    });
    closers.push(() => client.endAsync());
    await client.publishAsync(topics.status, Buffer.from(encodeMqttStatus(true)), { qos: 1, retain: true });
    return client;
  }

  const online = async (serial: string): Promise<number> =>
    (
      await storage()
        .db.selectFrom('equipment')
        .select('online')
        .where('id', '=', ids.get(serial)!)
        .executeTakeFirstOrThrow()
    ).online;

  it('hands checked reports to the device service, and logs and drops the others', async () => {
    const a = await node('reports-a');
    const device = await rawDevice('MQR00001');
    const report = mqttDeviceTopics('MQR00001', root).report;
    const id = ids.get('MQR00001')!;
    await until(() => a.registry.get('MQR00001') !== undefined);
    const send = (payload: string) => device.publishAsync(report, Buffer.from(payload));

    await send('{"do":[0,1,0,0,0,0,0,0],"ai":[5,65535],"soc":42}');
    await until(() => a.sink.reports.length === 1);
    expect(a.sink.reports[0]).toEqual({
      equipmentId: id,
      state: { do: [false, true, false, false, false, false, false, false], ai: [5, 65535], soc: 42 },
    });

    // An FL-R8 has 8 DO, 8 DI, 2 AI and no AO: a report must carry whole kinds of it.
    for (const bad of [
      '{"do":[0,1]}',
      '{"ai":[1,2,3]}',
      '{"ao":[1]}',
      '{"di":[0,0,0,0,0,0,0,2]}',
      '{"ai":[1,"2"],"x":1}',
      '{"ts":1}',
      'not json',
      '\u00ff\u00fe',
    ]) {
      await send(bad);
    }
    await send('{"di":[1,1,1,1,0,0,0,0],"ts":1712345678}');
    await until(() => a.sink.reports.length === 2);
    expect(a.sink.reports[1]!.state).toEqual({ di: [true, true, true, true, false, false, false, false] });
    // One line per device and kind per minute, whatever the number of bad reports.
    const refused = a.log.warnings().filter((e) => e.message === 'MQTT report refused');
    expect(refused).toHaveLength(1);
    expect(refused[0]!.details).toEqual({
      serial: 'MQR00001',
      topic: report,
      reason: 'do: 2 channels, the type has 8',
    });

    // A report of a device not linked here is not taken.
    const stranger = mqttDeviceTopics('MQR99999', root).report;
    await device.publishAsync(stranger, Buffer.from('{"ai":[1,2]}'));
    await send('{}');
    await send('{"ai":[7,8]}');
    await until(() => a.sink.reports.length === 3);
    expect(a.sink.reports.map((r) => r.equipmentId)).toEqual([id, id, id]);

    await a.gateway.close();
    nodes.splice(nodes.indexOf(a), 1);
  });

  it('with two nodes: both link the device, both operate it, each report reaches exactly one', async () => {
    const a = await node('two-a');
    const b = await node('two-b');
    const device = new VirtualDevice('FL-R8', 'MQ2N0001', {
      waveforms: [
        { kind: 'constant', value: 10 },
        { kind: 'constant', value: 20 },
      ],
    });
    // The inputs stay as the test sets them.
    device.tick = () => {};
    const client = new MqttDeviceClient(device, { url: broker.url, root, reportMs: 100 });
    closers.push(() => client.stop());
    client.start();
    await until(() => a.registry.get('MQ2N0001') !== undefined && b.registry.get('MQ2N0001') !== undefined);
    await until(async () => (await online('MQ2N0001')) === 1);

    const user = { priority: 'user' } as const;
    expect(await a.registry.get('MQ2N0001')!.request(254, { fn: 5, address: 0, value: true }, user)).toEqual({
      fn: 5,
      address: 0,
      value: true,
    });
    expect(await b.registry.get('MQ2N0001')!.request(254, { fn: 5, address: 1, value: true }, user)).toEqual({
      fn: 5,
      address: 1,
      value: true,
    });
    expect(device.memory.coils.slice(0, 3)).toEqual([true, true, false]);
    expect(
      await b.registry.get('MQ2N0001')!.request(254, { fn: 1, address: 0, count: 8 }, { priority: 'poll' }),
    ).toEqual({ fn: 1, values: [true, true, false, false, false, false, false, false] });

    // Let the report of the relays go by, then count.
    await delay(300);
    const before = a.sink.reports.length + b.sink.reports.length;
    const published = client.reports;
    const values = Array.from({ length: 12 }, (_, i) => 1000 + i);
    for (const value of values) {
      device.memory.inputRegisters[0] = value;
      await until(() => client.reports > published + values.indexOf(value));
    }
    const sent = client.reports - published;
    expect(sent).toBe(values.length);
    await until(() => a.sink.reports.length + b.sink.reports.length === before + sent);
    await delay(200);
    const taken = [...a.sink.reports, ...b.sink.reports]
      .map((r) => r.state.ai?.[0])
      .filter((v): v is number => v !== undefined && v >= 1000)
      .sort((x, y) => x - y);
    expect(taken).toEqual(values);
    // The broker shares them out between the nodes.
    const onA = a.sink.reports.filter((r) => (r.state.ai?.[0] ?? 0) >= 1000).length;
    expect(onA).toBeGreaterThan(0);
    expect(onA).toBeLessThan(values.length);
  });

  it('when a node leaves, the other marks its devices online again', async () => {
    const [a, b] = [
      nodes.find((n) => n.gateway.nodeId === 'two-a')!,
      nodes.find((n) => n.gateway.nodeId === 'two-b')!,
    ];
    const before = b.registry.get('MQ2N0001')!;
    await a.gateway.close();
    nodes.splice(nodes.indexOf(a), 1);
    // a marked it offline on leaving; b, told, registers its link afresh.
    await until(() => b.registry.get('MQ2N0001') !== before);
    await until(async () => (await online('MQ2N0001')) === 1);
    await delay(100);
    expect(await online('MQ2N0001')).toBe(1);
    expect(b.log.entries.map((e) => e.message)).toContain('MQTT node left: links registered again');
    expect(before.closeReason).toBe('replaced');
    const link = b.registry.get('MQ2N0001')!;
    expect(await link.request(254, { fn: 1, address: 0, count: 2 }, { priority: 'user' })).toEqual({
      fn: 1,
      values: [true, true],
    });
  });
});
