// docs/protocol.md § MQTT topics, § MQTT status, § MQTT report, § MQTT server nodes and § MQTT device messages.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  encodeMqttRadioFrame,
  encodeMqttReport,
  encodeMqttStatus,
  MAX_MQTT_PAYLOAD_BYTES,
  mqttDeviceTopics,
  mqttNodeTopic,
  mqttServerFilters,
  parseMqttJson,
  parseMqttRadioFrame,
  parseMqttReport,
  parseMqttStatus,
  parseMqttTopic,
} from '../index.js';
import type { MqttReport } from '../index.js';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const text = (payload: Uint8Array): string => new TextDecoder().decode(payload);

const serialArb = fc.stringMatching(/^[A-Za-z0-9.-]{4,32}$/);
const nodeIdArb = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);
const bitsArb = fc.array(fc.boolean(), { maxLength: 32 });
const registersArb = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 32 });
const reportArb: fc.Arbitrary<MqttReport> = fc.record(
  { do: bitsArb, di: bitsArb, ai: registersArb, ao: registersArb, soc: fc.integer({ min: 0, max: 100 }) },
  { requiredKeys: [] },
);

describe('MQTT topics', () => {
  it('names the topics of a device under fieldlink/v1, keeping the serial as spelt', () => {
    const t = mqttDeviceTopics('Fl0012ab');
    expect(t.status).toBe('fieldlink/v1/Fl0012ab/status');
    expect(t.report).toBe('fieldlink/v1/Fl0012ab/report');
    expect(t.json).toBe('fieldlink/v1/Fl0012ab/json');
    expect(t.rf).toBe('fieldlink/v1/Fl0012ab/rf');
    expect(t.downFilter).toBe('fieldlink/v1/Fl0012ab/down/+');
    expect(t.down('node-1')).toBe('fieldlink/v1/Fl0012ab/down/node-1');
    expect(t.up('node_2')).toBe('fieldlink/v1/Fl0012ab/up/node_2');
    expect(mqttDeviceTopics('SIM000001', 'test/abc/v1').status).toBe('test/abc/v1/SIM000001/status');
  });

  it('names what a server node subscribes to', () => {
    expect(mqttServerFilters('web-1-8080')).toEqual({
      status: 'fieldlink/v1/+/status',
      report: '$share/fieldlink/fieldlink/v1/+/report',
      json: '$share/fieldlink/fieldlink/v1/+/json',
      rf: '$share/fieldlink/fieldlink/v1/+/rf',
      up: 'fieldlink/v1/+/up/web-1-8080',
      nodes: 'fieldlink/v1/_nodes/+/status',
    });
    expect(mqttServerFilters('a', 'r/v1', 'g').report).toBe('$share/g/r/v1/+/report');
    expect(mqttNodeTopic('web-1-8080')).toBe('fieldlink/v1/_nodes/web-1-8080/status');
  });

  it('refuses serials, node ids and roots of the wrong form', () => {
    for (const serial of ['abc', 'x'.repeat(33), 'a/bcd', 'ab+cd', 'ab#cd', 'ab_cd', '']) {
      expect(() => mqttDeviceTopics(serial), serial).toThrow(RangeError);
    }
    const t = mqttDeviceTopics('SIM000001');
    for (const node of ['', 'x'.repeat(65), 'a/b', 'a+', '#', 'a.b']) {
      expect(() => t.down(node), node).toThrow(RangeError);
      expect(() => mqttNodeTopic(node), node).toThrow(RangeError);
      expect(() => mqttServerFilters(node), node).toThrow(RangeError);
    }
    for (const root of ['', '/x', 'x/', 'a//b', 'a/+/b', '#', '$SYS', 'x'.repeat(101)]) {
      expect(() => mqttDeviceTopics('SIM000001', root), root).toThrow(RangeError);
    }
    expect(() => mqttServerFilters('a', 'fieldlink/v1', 'a/b')).toThrow(RangeError);
  });

  it('parses every topic of the scheme and nothing else', () => {
    expect(parseMqttTopic('fieldlink/v1/sim1/status')).toEqual({ kind: 'status', serial: 'sim1' });
    expect(parseMqttTopic('fieldlink/v1/SIM1/report')).toEqual({ kind: 'report', serial: 'SIM1' });
    expect(parseMqttTopic('fieldlink/v1/SIM1/json')).toEqual({ kind: 'json', serial: 'SIM1' });
    expect(parseMqttTopic('fieldlink/v1/SIM1/rf')).toEqual({ kind: 'rf', serial: 'SIM1' });
    expect(parseMqttTopic('fieldlink/v1/SIM1/down/n1')).toEqual({
      kind: 'down',
      serial: 'SIM1',
      nodeId: 'n1',
    });
    expect(parseMqttTopic('fieldlink/v1/SIM1/up/n-1')).toEqual({ kind: 'up', serial: 'SIM1', nodeId: 'n-1' });
    expect(parseMqttTopic('fieldlink/v1/_nodes/n_1/status')).toEqual({ kind: 'node', nodeId: 'n_1' });
    expect(parseMqttTopic('t/v1/SIM1/status', 't/v1')).toEqual({ kind: 'status', serial: 'SIM1' });
    for (const topic of [
      'fieldlink/v1',
      'fieldlink/v1/',
      'fieldlink/v1/SIM1',
      'fieldlink/v2/SIM1/status',
      'fieldlink/v1x/SIM1/status',
      'fieldlink/v1/SIM/status',
      'fieldlink/v1/SIM_1/status',
      'fieldlink/v1/SIM1/state',
      'fieldlink/v1/SIM1/status/x',
      'fieldlink/v1/SIM1/down',
      'fieldlink/v1/SIM1/down/',
      'fieldlink/v1/SIM1/down/a.b',
      'fieldlink/v1/SIM1/sideways/n1',
      'fieldlink/v1/SIM1/up/n1/x',
      'fieldlink/v1/_nodes/n1',
      'fieldlink/v1/_nodes/n1/report',
      'fieldlink/v1/_nodes/a.b/status',
      'fieldlink/v1/_nodes/status',
      '$share/fieldlink/fieldlink/v1/SIM1/report',
    ]) {
      expect(parseMqttTopic(topic), topic).toBeNull();
    }
  });

  it('parses back every topic it builds', () => {
    fc.assert(
      fc.property(serialArb, nodeIdArb, (serial, nodeId) => {
        const t = mqttDeviceTopics(serial);
        expect(parseMqttTopic(t.status)).toEqual({ kind: 'status', serial });
        expect(parseMqttTopic(t.report)).toEqual({ kind: 'report', serial });
        expect(parseMqttTopic(t.down(nodeId))).toEqual({ kind: 'down', serial, nodeId });
        expect(parseMqttTopic(t.up(nodeId))).toEqual({ kind: 'up', serial, nodeId });
        expect(parseMqttTopic(mqttNodeTopic(nodeId))).toEqual({ kind: 'node', nodeId });
      }),
    );
  });

  it('never throws on any topic', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.string({ maxLength: 10 }), (tail, root) => {
        parseMqttTopic(`fieldlink/v1/${tail}`);
        parseMqttTopic(tail, root);
      }),
    );
  });
});

describe('MQTT status', () => {
  it('is {"online":true} or {"online":false}', () => {
    expect(text(encodeMqttStatus(true))).toBe('{"online":true}');
    expect(text(encodeMqttStatus(false))).toBe('{"online":false}');
    expect(parseMqttStatus(bytes('{"online":true}'))).toEqual({ ok: true, value: true });
    expect(parseMqttStatus(bytes(' { "online" : false }\r\n'))).toEqual({ ok: true, value: false });
  });

  it('takes an empty payload (a cleared retained status) as offline', () => {
    expect(parseMqttStatus(new Uint8Array(0))).toEqual({ ok: true, value: false });
  });

  it('refuses anything else', () => {
    for (const payload of [
      '{"online":1}',
      '{"online":"true"}',
      '{"online":true,"since":1}',
      '{}',
      'true',
      'online',
      '{"online":true',
      '[{"online":true}]',
      'null',
      '{"online":true}\u0000',
      '{"online":tr\u00fce}',
    ]) {
      expect(parseMqttStatus(bytes(payload)).ok, payload).toBe(false);
    }
  });
});

describe('MQTT report', () => {
  it('carries any subset of DO, DI, AI, AO and SOC, DO and DI as 0/1', () => {
    const report: MqttReport = { do: [false, true], di: [true], ai: [0, 65535], ao: [7], soc: 55 };
    const json = '{"do":[0,1],"di":[1],"ai":[0,65535],"ao":[7],"soc":55}';
    expect(text(encodeMqttReport(report))).toBe(json);
    expect(parseMqttReport(bytes(json))).toEqual({ ok: true, value: report });
    expect(parseMqttReport(bytes('{"ai":[512]}'))).toEqual({ ok: true, value: { ai: [512] } });
    expect(parseMqttReport(bytes('{"do":[]}'))).toEqual({ ok: true, value: { do: [] } });
    expect(parseMqttReport(bytes('{}'))).toEqual({ ok: true, value: {} });
    expect(parseMqttReport(bytes('{"soc":0}'))).toEqual({ ok: true, value: { soc: 0 } });
  });

  it('takes 32 channels of a kind, not 33', () => {
    const ones = (n: number): string => JSON.stringify(new Array<number>(n).fill(1));
    expect(parseMqttReport(bytes(`{"di":${ones(32)},"ai":${ones(32)}}`)).ok).toBe(true);
    expect(parseMqttReport(bytes(`{"di":${ones(33)}}`)).ok).toBe(false);
    expect(parseMqttReport(bytes(`{"ao":${ones(33)}}`)).ok).toBe(false);
  });

  it('refuses wrong types, values out of range, unknown keys and what is not ASCII JSON', () => {
    for (const payload of [
      '{"do":[2]}',
      '{"do":[true]}',
      '{"di":[-1]}',
      '{"ai":[65536]}',
      '{"ai":[-1]}',
      '{"ai":[1.5]}',
      '{"ao":["7"]}',
      '{"ao":7}',
      '{"ai":[[1]]}',
      '{"soc":101}',
      '{"soc":-1}',
      '{"soc":5.5}',
      '{"soc":"5"}',
      '{"temp":20}',
      '{"ai":[1],"extra":null}',
      '[]',
      'null',
      '7',
      '"ai"',
      '{"ai":[1]',
      '',
      '{"ai":[1]}\u00a0',
    ]) {
      const result = parseMqttReport(bytes(payload));
      expect(result.ok, payload).toBe(false);
      if (!result.ok) expect(result.error.length, payload).toBeGreaterThan(0);
    }
  });

  it(`refuses payloads over ${MAX_MQTT_PAYLOAD_BYTES} bytes`, () => {
    const padded = `{"ai":[1]${' '.repeat(MAX_MQTT_PAYLOAD_BYTES)}}`;
    expect(parseMqttReport(bytes(padded))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/bytes/),
    });
  });

  it('round-trips every valid report', () => {
    fc.assert(
      fc.property(reportArb, (report) => {
        expect(parseMqttReport(encodeMqttReport(report))).toEqual({ ok: true, value: report });
      }),
    );
  });

  it('never throws on random JSON or random bytes, and what it takes encodes back to itself', () => {
    fc.assert(
      fc.property(fc.oneof(fc.json().map(bytes), fc.uint8Array({ maxLength: 200 })), (payload) => {
        const report = parseMqttReport(payload);
        parseMqttStatus(payload);
        if (report.ok) expect(parseMqttReport(encodeMqttReport(report.value))).toEqual(report);
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on report-like JSON, and takes exactly the valid ones', () => {
    const anyValue = fc.oneof(
      fc.integer({ min: -2, max: 70_000 }),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.string({ maxLength: 3 }),
    );
    const objectArb = fc.dictionary(
      fc.constantFrom('do', 'di', 'ai', 'ao', 'soc', 'x'),
      fc.oneof(anyValue, fc.array(anyValue, { maxLength: 34 })),
    );
    fc.assert(
      fc.property(objectArb, (object) => {
        const result = parseMqttReport(bytes(JSON.stringify(object)));
        const valid = Object.entries(object).every(([key, value]) => {
          if (key === 'soc')
            return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 100;
          if (!Array.isArray(value) || value.length > 32) return false;
          if (key === 'do' || key === 'di') return value.every((v) => v === 0 || v === 1);
          if (key === 'ai' || key === 'ao') {
            return value.every((v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 0xffff);
          }
          return false;
        });
        expect(result.ok).toBe(valid);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('MQTT device messages', () => {
  it('takes any JSON value in UTF-8, Chinese text included', () => {
    expect(parseMqttJson(bytes('{"泵":"开","n":[1,2]}'))).toEqual({
      ok: true,
      value: { 泵: '开', n: [1, 2] },
    });
    expect(parseMqttJson(bytes('42'))).toEqual({ ok: true, value: 42 });
  });

  it('refuses what is not UTF-8 JSON, too large, or past the caps', () => {
    expect(parseMqttJson(bytes('{'))).toMatchObject({ ok: false, error: 'payload is not UTF-8 JSON' });
    expect(parseMqttJson(Uint8Array.from([0x22, 0xff, 0x22]))).toMatchObject({ ok: false });
    expect(parseMqttJson(bytes(`"${'x'.repeat(MAX_MQTT_PAYLOAD_BYTES)}"`))).toMatchObject({ ok: false });
    expect(parseMqttJson(bytes('['.repeat(20) + ']'.repeat(20)))).toMatchObject({
      ok: false,
      error: 'JSON past the live channel caps',
    });
  });

  it('never throws on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (payload) => {
        parseMqttJson(payload);
        parseMqttRadioFrame(payload);
      }),
    );
  });

  it('carries a radio frame after the slave address byte, 0-256 bytes', () => {
    const payload = encodeMqttRadioFrame({ addr: 3, frame: Uint8Array.from([0x0f, 0x02]) });
    expect([...payload]).toEqual([
      3, // slave address
      0x0f,
      0x02, // the frame
    ]);
    expect(parseMqttRadioFrame(payload)).toEqual({
      ok: true,
      value: { addr: 3, frame: Uint8Array.from([0x0f, 0x02]) },
    });
    expect(parseMqttRadioFrame(new Uint8Array(0))).toMatchObject({ ok: false });
    expect(parseMqttRadioFrame(new Uint8Array(258))).toMatchObject({ ok: false });
    expect(parseMqttRadioFrame(new Uint8Array(257)).ok).toBe(true);
    expect(() => encodeMqttRadioFrame({ addr: 256, frame: new Uint8Array(0) })).toThrow(RangeError);
    expect(() => encodeMqttRadioFrame({ addr: 1, frame: new Uint8Array(257) })).toThrow(RangeError);
  });

  it('round-trips any radio frame', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 255 }), fc.uint8Array({ maxLength: 256 }), (addr, frame) => {
        expect(parseMqttRadioFrame(encodeMqttRadioFrame({ addr, frame }))).toEqual({
          ok: true,
          value: { addr, frame },
        });
      }),
    );
  });
});
