/**
 * One node polls each MQTT device, over the real broker: two nodes with their device services link
 * every device, but each device's requests come from its owner only (counted at the device's
 * `down` topics) and its link events are recorded once; a node's stale presence is dropped after
 * three presence periods; an operation from either node reaches the device; and when a node
 * closes, the survivor owns and polls its devices at once.
 */
import { randomBytes } from 'node:crypto';
import { encodeMqttStatus, mqttNodeTopic, parseMqttTopic, parseOperation } from '@fieldlink/protocol';
import { clearRetained, MqttDeviceClient, testBroker, testRoot, VirtualDevice } from '@fieldlink/simulator';
import { connectAsync } from 'mqtt';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HistoryRecorder } from '../../history/recorder.js';
import { HistoryWriter } from '../../history/writer.js';
import { LiveHub } from '../../live/hub.js';
import { storageCases, useStorage } from '../../storage/test-support.js';
import { DeviceService } from '../devices/device-service.js';
import { LinkRegistry } from '../link/registry.js';
import { addLinkedDevices, delay, until } from '../test-support.js';
import { MqttGateway } from './mqtt-gateway.js';
import { MqttNodes } from './mqtt-nodes.js';

const broker = testBroker();
const root = testRoot('owner');
const sqlite = storageCases().find((c) => c.name === 'sqlite')!;
const PRESENCE_MS = 500;

interface Node {
  readonly gateway: MqttGateway;
  readonly registry: LinkRegistry;
  readonly devices: DeviceService;
  readonly history: HistoryWriter;
  closed: boolean;
}

/** Two serials each node owns while both are alive. */
function serialsFor(a: string, b: string): string[] {
  const nodes = new MqttNodes(a, 60_000);
  nodes.heard(b);
  const owned: Record<string, string[]> = { [a]: [], [b]: [] };
  for (let i = 1; owned[a]!.length < 2 || owned[b]!.length < 2; i++) {
    const sn = `MQO${String(i).padStart(5, '0')}`;
    const list = owned[nodes.owner(sn)!]!;
    if (list.length < 2) list.push(sn);
  }
  return [...owned[a]!, ...owned[b]!];
}

describe.skipIf(broker.skip !== null)(`MQTT device owners (${broker})`, () => {
  const storage = useStorage(sqlite);
  const nodes: Node[] = [];
  const closers: (() => Promise<unknown>)[] = [];
  const serials = serialsFor('own-a', 'own-b');
  /** Requests seen on the devices' `down` topics, by `SERIAL node`. */
  const requests = new Map<string, number>();
  let ids: Map<string, number>;
  let spy: MqttClient;

  beforeAll(async () => {
    if (!broker.reachable) return;
    ids = await addLinkedDevices(storage(), serials);
    spy = await connectAsync(broker.url, {
      clientId: `spy-${randomBytes(3).toString('hex')}`,
      reconnectPeriod: 0,
    });
    spy.on('message', (topic) => {
      const parsed = parseMqttTopic(topic, root);
      if (parsed?.kind !== 'down') return;
      const key = `${parsed.serial} ${parsed.nodeId}`;
      requests.set(key, (requests.get(key) ?? 0) + 1);
    });
    await spy.subscribeAsync(`${root}/+/down/+`, { qos: 0 });
  });

  afterAll(async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    for (const node of nodes) await stop(node);
    await spy?.endAsync();
    if (broker.reachable) await clearRetained(broker.url, root);
  });

  beforeEach(() => broker.check());

  async function node(nodeId: string): Promise<Node> {
    const db = storage().db;
    const registry = new LinkRegistry({ db });
    const history = new HistoryWriter(db, { flushMs: 10 });
    const hub = new LiveHub({ batchMs: 20 });
    const recorder = new HistoryRecorder({ writer: history, publish: (id, m) => hub.publish(id, m) });
    // No periodic poll within the test: every poll seen is a link's first or an owner's new one.
    const devices = new DeviceService({ db, registry, hub, recorder, pollMs: 60_000, timeoutMs: 1000 });
    const gateway = new MqttGateway({
      url: broker.url,
      nodeId,
      db,
      registry,
      reports: devices,
      root,
      presenceMs: PRESENCE_MS,
    });
    gateway.start();
    await gateway.ready();
    const n = { gateway, registry, devices, history, closed: false };
    nodes.push(n);
    return n;
  }

  async function stop(n: Node): Promise<void> {
    if (n.closed) return;
    n.closed = true;
    await n.gateway.close();
    await n.devices.stop();
    await n.history.close();
  }

  const pollers = (serial: string): string[] =>
    ['own-a', 'own-b'].filter((nodeId) => (requests.get(`${serial} ${nodeId}`) ?? 0) > 0);

  const linkEvents = async (serial: string): Promise<string[]> =>
    (
      await storage()
        .db.selectFrom('events')
        .select('kind')
        .where('equipment_id', '=', ids.get(serial)!)
        .where('kind', 'in', ['online', 'offline'])
        .orderBy('id')
        .execute()
    ).map((e) => e.kind);

  it('each device is polled by its owner only, operated from either node, and moves when a node closes', async () => {
    const a = await node('own-a');
    const b = await node('own-b');
    // Each learns of the other: b from a's retained presence, a when b says it is alive.
    await until(() => a.gateway.liveNodes.length === 2 && b.gateway.liveNodes.length === 2);

    // A node that died without a last will leaves its presence retained: it is dropped after
    // three presence periods, and owns nothing from then on.
    const ghost = mqttNodeTopic('own-ghost', root);
    await spy.publishAsync(ghost, Buffer.from(encodeMqttStatus(true)), { qos: 1, retain: true });
    await until(() => a.gateway.liveNodes.includes('own-ghost') && b.gateway.liveNodes.includes('own-ghost'));
    await until(
      () => a.gateway.liveNodes.length === 2 && b.gateway.liveNodes.length === 2,
      4 * PRESENCE_MS + 1000,
    );
    await spy.publishAsync(ghost, Buffer.alloc(0), { qos: 1, retain: true });

    const virtual = new Map<string, VirtualDevice>();
    for (const sn of serials) {
      const device = new VirtualDevice('FL-R8', sn);
      device.tick = () => {};
      virtual.set(sn, device);
      const client = new MqttDeviceClient(device, { url: broker.url, root, reportMs: 3_600_000 });
      closers.push(() => client.stop());
      client.start();
    }
    await until(() => serials.every((sn) => a.registry.get(sn) && b.registry.get(sn)));
    await until(() => serials.every((sn) => pollers(sn).length > 0));
    await delay(300);
    for (const sn of serials) {
      expect(a.gateway.ownerOf(sn)).toBe(b.gateway.ownerOf(sn));
      expect(pollers(sn), sn).toEqual([a.gateway.ownerOf(sn)]);
    }
    expect(serials.map((sn) => a.gateway.ownerOf(sn))).toEqual(['own-a', 'own-a', 'own-b', 'own-b']);
    await Promise.all([a.history.flush(), b.history.flush()]);
    for (const sn of serials) expect(await linkEvents(sn), sn).toEqual(['online']);

    // An operation from either node reaches a device the other owns.
    const [ofA, , ofB] = serials as [string, string, string, string];
    const equipment = async (sn: string) =>
      storage()
        .db.selectFrom('equipment')
        .selectAll()
        .where('id', '=', ids.get(sn)!)
        .executeTakeFirstOrThrow();
    const open = parseOperation({ opr: 'openone', io: 1 });
    if (!open.ok) throw new Error(open.error);
    await expect(b.devices.operate(await equipment(ofA), open.operation, null)).resolves.toMatchObject({
      status: 'done',
    });
    await expect(a.devices.operate(await equipment(ofB), open.operation, null)).resolves.toMatchObject({
      status: 'done',
    });
    expect(virtual.get(ofA)!.memory.coils[0]).toBe(true);
    expect(virtual.get(ofB)!.memory.coils[0]).toBe(true);

    // a closes: b owns every device, and polls a's at once (its period is a minute).
    await delay(200);
    requests.clear();
    await stop(a);
    await until(() => b.gateway.liveNodes.length === 1);
    await until(() => serials.slice(0, 2).every((sn) => pollers(sn).includes('own-b')));
    for (const sn of serials) expect(b.gateway.ownerOf(sn)).toBe('own-b');
    for (const sn of serials) expect(pollers(sn)).not.toContain('own-a');
    const link = b.registry.get(ofA)!;
    expect(link.polledHere).toBe(true);
    await expect(b.devices.operate(await equipment(ofA), open.operation, null)).resolves.toMatchObject({
      status: 'done',
    });
  });
});
