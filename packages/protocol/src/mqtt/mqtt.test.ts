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

/** Keys a device may add that mean nothing to the server, `except` those the format knows. */
const extraKeyArb = (except: readonly string[]): fc.Arbitrary<string> =>
  fc
    .oneof(
      fc.constantFrom('ts', 'rssi', 'fw', 'DO', 'Online', '__proto__', 'constructor', 'toString'),
      fc.string({ maxLength: 8 }),
    )
    .filter((key) => !except.includes(key));

/** Some extra keys, each with any JSON value. */
const extrasArb = (except: readonly string[]): fc.Arbitrary<[string, unknown][]> =>
  fc.uniqueArray(fc.tuple(extraKeyArb(except), fc.jsonValue({ maxDepth: 2 })), {
    maxLength: 6,
    selector: ([key]) => key,
  });

/** A JSON object of `entries` in a random order (`__proto__` an own key, as JSON.parse makes it). */
const objectTextArb = (entries: [string, unknown][]): fc.Arbitrary<string> =>
  fc
    .shuffledSubarray(entries, { minLength: entries.length, maxLength: entries.length })
    .map((shuffled) => JSON.stringify(Object.fromEntries(shuffled)));

/** `text` with JSON whitespace around it. */
const spacedArb = (text: string): fc.Arbitrary<string> =>
  fc
    .tuple(fc.stringMatching(/^[ \t\r\n]{0,4}$/), fc.stringMatching(/^[ \t\r\n]{0,4}$/))
    .map(([before, after]) => `${before}${text}${after}`);

/** `word` with each letter in upper or lower case at random. */
const anyCaseArb = (word: string): fc.Arbitrary<string> =>
  fc
    .array(fc.boolean(), { minLength: word.length, maxLength: word.length })
    .map((upper) => [...word].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''));

const REPORT_KEYS = ['do', 'di', 'ai', 'ao', 'soc'];

/** A report's JSON entries as a device may send them: DO and DI as booleans or 0/1 at random. */
const deviceEntriesArb = (report: MqttReport): fc.Arbitrary<[string, unknown][]> =>
  fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }).map((asBoolean) => {
    const entries: [string, unknown][] = [];
    const bits = (list: readonly boolean[], from: number) =>
      list.map((b, i) => (asBoolean[from + i] ? b : Number(b)));
    if (report.do) entries.push(['do', bits(report.do, 0)]);
    if (report.di) entries.push(['di', bits(report.di, 32)]);
    if (report.ai) entries.push(['ai', report.ai]);
    if (report.ao) entries.push(['ao', report.ao]);
    if (report.soc !== undefined) entries.push(['soc', report.soc]);
    return entries;
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

  it('takes what real devices send: extra keys, a bare true or false, online or offline, 1 or 0', () => {
    for (const [payload, online] of [
      ['{"online":true,"rssi":-60}', true],
      ['{"ts":1712345678,"online":false,"fw":"1.0.3","泵":"开"}', false],
      ['{"online":true,"online2":{"x":[1]}}', true],
      ['true', true],
      [' FALSE\n', false],
      ['online', true],
      ['Online\r\n', true],
      ['OFFLINE', false],
      ['\toffline ', false],
      ['1', true],
      [' 0 ', false],
      ['\ufeff{"online":true}', true],
    ] as const) {
      expect(parseMqttStatus(bytes(payload)), payload).toEqual({ ok: true, value: online });
    }
  });

  it('refuses anything else, with the reason', () => {
    for (const [payload, reason] of [
      ['{"online":1}', 'online: expected true or false'],
      ['{"online":"true"}', 'online: expected true or false'],
      ['{"online":null}', 'online: expected true or false'],
      ['{}', 'online: missing'],
      ['{"rssi":-60}', 'online: missing'],
      ['{"online":true', /^status is not /],
      ['[{"online":true}]', /^status is not /],
      ['"online"', /^status is not /],
      ['null', /^status is not /],
      ['2', /^status is not /],
      ['yes', /^status is not /],
      ['onlinee', /^status is not /],
      [' ', /^status is not /],
      ['{"online":true}\u0000', /^status is not /],
      ['{"online":tr\u00fce}', /^status is not /],
    ] as const) {
      const result = parseMqttStatus(bytes(payload));
      expect(result.ok, payload).toBe(false);
      if (!result.ok) expect(result.error, payload).toMatch(reason);
    }
    expect(parseMqttStatus(Uint8Array.from([0x6f, 0x6e, 0xff]))).toEqual({
      ok: false,
      error: 'payload is not UTF-8 text',
    });
    expect(
      parseMqttStatus(bytes(`{"online":true,"x":"${'x'.repeat(MAX_MQTT_PAYLOAD_BYTES)}"}`)),
    ).toMatchObject({ ok: false, error: expect.stringMatching(/bytes/) });
  });

  it('takes every form of a status alike: any case, whitespace around, extra keys in any order', () => {
    const formArb = fc.boolean().chain((online) =>
      fc
        .oneof(
          fc
            .constantFrom(...(online ? ['online', 'true', '1'] : ['offline', 'false', '0']))
            .chain(anyCaseArb),
          extrasArb(['online']).chain((extras) => objectTextArb([['online', online], ...extras])),
        )
        .chain(spacedArb)
        .map((payload) => ({ online, payload })),
    );
    fc.assert(
      fc.property(formArb, ({ online, payload }) => {
        fc.pre(bytes(payload).length <= MAX_MQTT_PAYLOAD_BYTES);
        expect(parseMqttStatus(bytes(payload))).toEqual({ ok: true, value: online });
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws, and every refusal says why', () => {
    const wrongArb = fc.oneof(
      fc.string({ maxLength: 3 }),
      fc.integer(),
      fc.constant(null),
      fc.array(fc.boolean(), { maxLength: 2 }),
    );
    const payloadArb = fc.oneof(
      fc.uint8Array({ maxLength: 200 }),
      fc.json().map(bytes),
      fc.string({ maxLength: 12 }).map(bytes),
      fc
        .tuple(wrongArb, extrasArb(['online']))
        .chain(([online, extras]) => objectTextArb([['online', online], ...extras]))
        .map(bytes),
    );
    fc.assert(
      fc.property(payloadArb, (payload) => {
        const result = parseMqttStatus(payload);
        if (!result.ok) expect(result.error.length).toBeGreaterThan(0);
      }),
      { numRuns: 2000 },
    );
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

  it('takes DO and DI as booleans, and ignores the keys it does not know', () => {
    expect(
      parseMqttReport(
        bytes(
          '{"di":[true,false,1,0],"do":[false],"ts":1712345678,"rssi":-60,"fw":"1.0.3","meta":{"a":[1]}}',
        ),
      ),
    ).toEqual({ ok: true, value: { di: [true, false, true, false], do: [false] } });
    expect(parseMqttReport(bytes('{"ts":1712345678,"rssi":-60}'))).toEqual({ ok: true, value: {} });
    expect(parseMqttReport(bytes('{"ai":[7],"name":"泵","DI":[2]}'))).toEqual({
      ok: true,
      value: { ai: [7] },
    });
    expect(parseMqttReport(bytes('\ufeff {"ao":[1]}\r\n'))).toEqual({ ok: true, value: { ao: [1] } });
  });

  it('takes 32 channels of a kind, not 33', () => {
    const ones = (n: number): string => JSON.stringify(new Array<number>(n).fill(1));
    expect(parseMqttReport(bytes(`{"di":${ones(32)},"ai":${ones(32)}}`)).ok).toBe(true);
    expect(parseMqttReport(bytes(`{"di":${ones(33)}}`))).toEqual({
      ok: false,
      error: 'di: 33 channels, at most 32',
    });
    expect(parseMqttReport(bytes(`{"ao":${ones(33)}}`)).ok).toBe(false);
  });

  it('refuses wrong types, values out of range and what is not JSON, with the reason', () => {
    for (const [payload, reason] of [
      ['{"do":[2]}', 'do.0: expected true, false, 1 or 0'],
      ['{"do":["1"]}', 'do.0: expected true, false, 1 or 0'],
      ['{"di":[1,-1]}', 'di.1: expected true, false, 1 or 0'],
      ['{"di":null}', 'di: expected an array'],
      ['{"di":{"0":1}}', 'di: expected an array'],
      ['{"ai":[65536]}', 'ai.0: expected a whole number 0-65535'],
      ['{"ai":[-1]}', 'ai.0: expected a whole number 0-65535'],
      ['{"ai":[1.5]}', 'ai.0: expected a whole number 0-65535'],
      ['{"ai":[true]}', 'ai.0: expected a whole number 0-65535'],
      ['{"ao":["7"]}', 'ao.0: expected a whole number 0-65535'],
      ['{"ao":7}', 'ao: expected an array'],
      ['{"ai":[[1]]}', 'ai.0: expected a whole number 0-65535'],
      ['{"soc":101}', 'soc: expected a whole number 0-100'],
      ['{"soc":-1}', 'soc: expected a whole number 0-100'],
      ['{"soc":5.5}', 'soc: expected a whole number 0-100'],
      ['{"soc":"5"}', 'soc: expected a whole number 0-100'],
      ['{"ts":1,"ai":["1"]}', 'ai.0: expected a whole number 0-65535'],
      ['[]', 'expected an object'],
      ['null', 'expected an object'],
      ['7', 'expected an object'],
      ['"ai"', 'expected an object'],
      ['{"ai":[1]', 'payload is not JSON'],
      ['', 'payload is not JSON'],
      ['{"ai":[1]}\u00a0', 'payload is not JSON'],
    ] as const) {
      expect(parseMqttReport(bytes(payload)), payload).toEqual({ ok: false, error: reason });
    }
    expect(parseMqttReport(Uint8Array.from([0x7b, 0xff, 0x7d]))).toEqual({
      ok: false,
      error: 'payload is not UTF-8 JSON',
    });
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

  it('takes any valid report alike with extra keys, booleans or 0/1, any key order and whitespace', () => {
    const payloadArb = reportArb.chain((report) =>
      fc
        .tuple(deviceEntriesArb(report), extrasArb(REPORT_KEYS))
        .chain(([entries, extras]) => objectTextArb([...entries, ...extras]))
        .chain(spacedArb)
        .map((payload) => ({ report, payload })),
    );
    fc.assert(
      fc.property(payloadArb, ({ report, payload }) => {
        fc.pre(bytes(payload).length <= MAX_MQTT_PAYLOAD_BYTES);
        const plain = parseMqttReport(encodeMqttReport(report));
        expect(plain).toEqual({ ok: true, value: report });
        expect(parseMqttReport(bytes(payload))).toEqual(plain);
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses a report with one wrong kind, extra keys or not, naming the kind', () => {
    const wrongBit = fc.oneof(
      fc.constantFrom<unknown>('1', '0', 'true', null, 0.5, -1, [1], {}),
      fc.integer({ min: 2 }),
      fc.string({ maxLength: 3 }),
    );
    const wrongRegister = fc.oneof(
      fc.constantFrom<unknown>('7', true, false, null, 1.5, [1], {}),
      fc.integer({ min: 0x10000 }),
      fc.integer({ max: -1 }),
      fc.string({ maxLength: 3 }),
    );
    const wrongList = (good: fc.Arbitrary<unknown>, wrong: fc.Arbitrary<unknown>) =>
      fc.oneof(
        // One wrong entry among good ones.
        fc
          .tuple(fc.array(good, { maxLength: 31 }), wrong, fc.nat())
          .map(([list, bad, at]) => list.toSpliced(at % (list.length + 1), 0, bad)),
        // Too many channels.
        fc.array(good, { minLength: 33, maxLength: 40 }),
        // Not a list.
        fc.oneof(
          wrong.filter((v) => !Array.isArray(v)),
          fc.boolean(),
          fc.dictionary(fc.string({ maxLength: 2 }), good, { maxKeys: 2 }),
        ),
      );
    const wrongKindArb = fc.oneof(
      fc.tuple(fc.constantFrom('do', 'di'), wrongList(fc.constantFrom(0, 1, true, false), wrongBit)),
      fc.tuple(fc.constantFrom('ai', 'ao'), wrongList(fc.integer({ min: 0, max: 0xffff }), wrongRegister)),
      fc.tuple(
        fc.constant('soc'),
        fc.oneof(
          fc.constantFrom<unknown>('5', true, null, 5.5, [50]),
          fc.integer({ min: 101 }),
          fc.integer({ max: -1 }),
        ),
      ),
    );
    const payloadArb = fc
      .tuple(reportArb, wrongKindArb, extrasArb(REPORT_KEYS))
      .chain(([report, [kind, wrong], extras]) =>
        deviceEntriesArb(report).chain((entries) =>
          objectTextArb([...entries.filter(([key]) => key !== kind), [kind, wrong], ...extras]).map(
            (payload) => ({ kind, payload }),
          ),
        ),
      );
    fc.assert(
      fc.property(payloadArb, ({ kind, payload }) => {
        fc.pre(bytes(payload).length <= MAX_MQTT_PAYLOAD_BYTES);
        const result = parseMqttReport(bytes(payload));
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error).toMatch(new RegExp(`^${kind}[.:]`));
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws on random JSON or random bytes, and what it takes encodes back to itself', () => {
    fc.assert(
      fc.property(fc.oneof(fc.json().map(bytes), fc.uint8Array({ maxLength: 200 })), (payload) => {
        const report = parseMqttReport(payload);
        if (report.ok) expect(parseMqttReport(encodeMqttReport(report.value))).toEqual(report);
        else expect(report.error.length).toBeGreaterThan(0);
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
      fc.constantFrom('do', 'di', 'ai', 'ao', 'soc', 'x', 'ts'),
      fc.oneof(anyValue, fc.array(anyValue, { maxLength: 34 })),
    );
    fc.assert(
      fc.property(objectArb, (object) => {
        const result = parseMqttReport(bytes(JSON.stringify(object)));
        const valid = Object.entries(object).every(([key, value]) => {
          if (key === 'soc')
            return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 100;
          if (!REPORT_KEYS.includes(key)) return true;
          if (!Array.isArray(value) || value.length > 32) return false;
          if (key === 'do' || key === 'di') {
            return value.every((v) => v === 0 || v === 1 || typeof v === 'boolean');
          }
          return value.every((v) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 0xffff);
        });
        expect(result.ok).toBe(valid);
        if (!result.ok) expect(result.error.length).toBeGreaterThan(0);
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
