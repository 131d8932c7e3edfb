/**
 * What real MQTT devices send, over the real broker, the device played by a client that is not
 * ours: `mosquitto_pub` when it is installed, else the `mqtt` package's client. Statuses as a bare
 * `online` / `OFFLINE` and as `{"online":true,"rssi":-60}`, and a report with booleans and extra
 * keys (`ts`, `rssi`), reach the store and the consoles like the plain forms; a malformed status
 * or report is refused, logged once with the serial, topic and reason, and changes nothing.
 */
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { mqttDeviceTopics, unpackChannels } from '@fieldlink/protocol';
import type { PushInfo } from '@fieldlink/protocol';
import { clearRetained, testBroker, testRoot } from '@fieldlink/simulator';
import { connectAsync } from 'mqtt';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HistoryRecorder } from '../../history/recorder.js';
import { HistoryWriter } from '../../history/writer.js';
import { LiveHub } from '../../live/hub.js';
import type { LiveSession } from '../../live/hub.js';
import { storageCases, useStorage } from '../../storage/test-support.js';
import { DeviceService } from '../devices/device-service.js';
import { LinkRegistry } from '../link/registry.js';
import { addLinkedDevices, RecordingLog, until, WAIT_MS } from '../test-support.js';
import { MqttGateway } from './mqtt-gateway.js';

const broker = testBroker();
const root = testRoot('payloads');
const sqlite = storageCases().find((c) => c.name === 'sqlite')!;
const SERIAL = 'MQP00001';

/** The device's side: publishes as a third-party MQTT client would. */
interface DevicePublisher {
  readonly name: string;
  publish(topic: string, payload: string, options: { readonly retain: boolean }): Promise<void>;
  close(): Promise<void>;
}

const run = promisify(execFile);

/** `mosquitto_pub`, one connection per message, when it is installed and the broker is plain MQTT. */
function mosquittoPub(url: string): DevicePublisher | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'mqtt:') return null;
  if (spawnSync('mosquitto_pub', ['--help'], { stdio: 'ignore' }).error) return null;
  const args = ['-h', parsed.hostname.replace(/^\[|\]$/g, ''), '-p', parsed.port || '1883'];
  if (parsed.username) args.push('-u', decodeURIComponent(parsed.username));
  if (parsed.password) args.push('-P', decodeURIComponent(parsed.password));
  return {
    name: 'mosquitto_pub',
    async publish(topic, payload, { retain }) {
      const message = ['-i', `mqp-${randomBytes(4).toString('hex')}`, '-q', '1', '-t', topic, '-m', payload];
      await run('mosquitto_pub', [...args, ...message, ...(retain ? ['-r'] : [])]);
    },
    close: () => Promise.resolve(),
  };
}

/** The `mqtt` package's client, one connection for every message. */
function mqttJs(url: string): DevicePublisher {
  let client: Promise<MqttClient> | undefined;
  const connected = () =>
    (client ??= connectAsync(url, { clientId: `mqp-${randomBytes(4).toString('hex')}`, reconnectPeriod: 0 }));
  return {
    name: 'the mqtt package',
    async publish(topic, payload, { retain }) {
      await (await connected()).publishAsync(topic, payload, { qos: 1, retain });
    },
    async close() {
      if (client) await (await client).endAsync();
    },
  };
}

const device: DevicePublisher = mosquittoPub(broker.url) ?? mqttJs(broker.url);

describe.skipIf(broker.skip !== null)(
  `MQTT payloads of real devices, sent by ${device.name} (${broker})`,
  () => {
    const storage = useStorage(sqlite);
    const topics = mqttDeviceTopics(SERIAL, root);
    const log = new RecordingLog();
    const pushed: PushInfo['info'][] = [];
    let id: number;
    let registry: LinkRegistry;
    let devices: DeviceService;
    let history: HistoryWriter;
    let gateway: MqttGateway;
    let hub: LiveHub;
    let session: LiveSession;

    beforeAll(async () => {
      if (!broker.reachable) return;
      const db = storage().db;
      id = (await addLinkedDevices(storage(), [SERIAL])).get(SERIAL)!;
      hub = new LiveHub({ batchMs: 10 });
      session = hub.attach({
        send: (text) => {
          const message = JSON.parse(text) as { infotype: string; info: PushInfo['info'] };
          if (message.infotype === 'PushInfo') pushed.push(message.info);
        },
        bufferedAmount: 0,
        close: () => {},
      });
      hub.setReadable(session, [id]);
      history = new HistoryWriter(db, { flushMs: 10 });
      const recorder = new HistoryRecorder({ writer: history, publish: (to, m) => hub.publish(to, m) });
      registry = new LinkRegistry({ db });
      // The device never answers a poll (the publisher does not listen): only its reports bring values.
      devices = new DeviceService({ db, registry, hub, recorder, pollMs: 3_600_000, timeoutMs: 200 });
      gateway = new MqttGateway({
        url: broker.url,
        nodeId: 'payloads',
        db,
        registry,
        reports: devices,
        root,
        log,
      });
      gateway.start();
      await gateway.ready();
    });

    afterAll(async () => {
      await gateway?.close();
      await devices?.stop();
      await history?.close();
      if (session) hub.detach(session);
      await device.close();
      if (broker.reachable) await clearRetained(broker.url, root);
    });

    beforeEach(() => broker.check());

    const online = async (): Promise<number> =>
      (
        await storage()
          .db.selectFrom('equipment')
          .select('online')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).online;
    const status = (payload: string) => device.publish(topics.status, payload, { retain: true });
    const report = (payload: string) => device.publish(topics.report, payload, { retain: false });
    const refusals = (message: string) => log.warnings().filter((e) => e.message === message);
    const bits = (packed: readonly number[] | undefined) => unpackChannels(Uint8Array.from(packed ?? []), 8);

    it('takes a bare online / OFFLINE and {"online":true,"rssi":-60} as the device’s status', async () => {
      await status('online');
      await until(async () => registry.get(SERIAL) !== undefined && (await online()) === 1, WAIT_MS);
      await until(() => devices.isOnline(id));

      await status(' OFFLINE\n');
      await until(async () => registry.get(SERIAL) === undefined && (await online()) === 0, WAIT_MS);

      await status('{"online":true,"rssi":-60}');
      await until(async () => registry.get(SERIAL) !== undefined && (await online()) === 1, WAIT_MS);
      await until(() => devices.isOnline(id));
      expect(refusals('MQTT status refused')).toEqual([]);
    });

    it('pushes and records a report with booleans and extra keys', async () => {
      await report(
        '{"ts":1712345678,"rssi":-60,"di":[true,false,true,false,false,false,false,true],' +
          '"do":[false,true,0,0,0,0,0,0],"ai":[1234,0],"fw":"1.0.3"}',
      );
      await until(() => pushed.some((p) => p.regai?.[0] === 1234), WAIT_MS);
      const push = pushed.find((p) => p.regai?.[0] === 1234)!;
      expect(push).toMatchObject({ SN: SERIAL, regai: [1234, 0] });
      expect(bits(push.regdi)).toEqual([true, false, true, false, false, false, false, true]);
      expect(bits(push.regdo)).toEqual([false, true, false, false, false, false, false, false]);
      await history.flush();
      const rows = await storage()
        .db.selectFrom('telemetry')
        .select(['kind', 'channel', 'value'])
        .where('equipment_id', '=', id)
        .where('kind', 'in', ['di', 'do'])
        .execute();
      const on = (kind: string) =>
        rows
          .filter((r) => r.kind === kind && r.value === 1)
          .map((r) => r.channel)
          .sort((a, b) => a - b);
      expect(on('di')).toEqual([0, 2, 7]);
      expect(on('do')).toEqual([1]);
      expect(refusals('MQTT report refused')).toEqual([]);
    });

    it('refuses a malformed status or report, logs it once with the reason, and changes nothing', async () => {
      const link = registry.get(SERIAL)!;
      await status('{"online":"yes","rssi":-60}');
      await until(() => refusals('MQTT status refused').length > 0, WAIT_MS);
      expect(refusals('MQTT status refused')[0]!.details).toEqual({
        serial: SERIAL,
        topic: topics.status,
        reason: 'online: expected true or false',
      });
      expect(registry.get(SERIAL)).toBe(link);
      expect(link.closed).toBe(false);
      expect(await online()).toBe(1);

      // A string for an AI value: refused whole, its DI (all on) not taken either.
      const before = pushed.length;
      await report('{"di":[1,1,1,1,1,1,1,1],"ai":["5",6],"ts":1712345679}');
      await report('{"ai":[1,2,3]}');
      await status('maybe');
      await report('{"ai":[4321,1],"rssi":-61}');
      await until(() => pushed.some((p) => p.regai?.[0] === 4321), WAIT_MS);
      const since = pushed.slice(before);
      expect(since.some((p) => p.regai?.[0] === 5 || p.regai?.length === 3)).toBe(false);
      expect(since.every((p) => p.regdi === undefined || !bits(p.regdi).every(Boolean))).toBe(true);

      const refused = refusals('MQTT report refused');
      // One line per device and kind per minute, whatever the number refused.
      expect(refused).toHaveLength(1);
      expect(refused[0]!.details).toEqual({
        serial: SERIAL,
        topic: topics.report,
        reason: 'ai.0: expected a whole number 0-65535',
      });
      expect(refusals('MQTT status refused')).toHaveLength(1);
      expect(registry.get(SERIAL)).toBe(link);
      expect(await online()).toBe(1);

      await status('offline');
      await until(async () => (await online()) === 0, WAIT_MS);
    });
  },
);
