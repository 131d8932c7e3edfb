/** Device state on disk: the round trip, corrupt files, and the parser on any input. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeSlaveTable, pageWrite } from '@fieldlink/protocol';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { Timers } from './dtu-client.js';
import { prefillLists } from './hosts/lists.js';
import { formatDeviceState, parseDeviceState, STATE_WRITE_MS } from './state-store.js';
import { DeviceStateStore } from './state-store.js';
import { VirtualDevice } from './virtual-device.js';
import type { DeviceState } from './virtual-device.js';

const T0 = Date.UTC(2026, 2, 2, 8);
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fieldlink-state-'));
  dirs.push(dir);
  return dir;
}

/** Interval timers run by hand. */
function manualTimers(): Timers & { fire(): void; active: number } {
  const intervals = new Map<number, () => void>();
  let next = 1;
  return {
    setTimeout: () => 0,
    clearTimeout: () => {},
    setInterval: (fn) => {
      intervals.set(next, fn);
      return next++;
    },
    clearInterval: (h) => void intervals.delete(h as number),
    fire: () => intervals.forEach((fn) => fn()),
    get active() {
      return intervals.size;
    },
  };
}

const team = (serial = 'KEEP0001') =>
  new VirtualDevice('FL-JYTeam001', serial, {
    clock: () => T0,
    subDevices: [
      { type: 'FL-LR4', address: 1 },
      { type: 'FL-LR4', address: 2 },
    ],
  });

describe('DeviceStateStore', () => {
  it('keeps rule pages, AO, clock offset and the team table across a restart', () => {
    const dir = tempDir();
    const timers = manualTimers();
    const store = new DeviceStateStore(dir, { timers });
    const a = team();
    expect(store.attach(a)).toBe('fresh');
    store.start();
    const page = pageWrite('rtc', 2, [
      {
        dev: 0,
        mode: 1,
        more: false,
        at: { year: null, month: null, day: null, hour: 7, minute: 0, second: 0 },
        output: { mode: 1, channel: 0, value: 0, addr: 0 },
      },
    ]);
    a.request(254, { fn: 16, address: page.start, values: page.registers });
    a.request(254, { fn: 16, address: 1100, values: [27, 1, 1, 0, 0, 0, 5] });
    a.request(254, { fn: 16, address: 1210, values: [7, 8, 1, 2, 3600] });
    a.request(254, { fn: 16, address: 1220, values: encodeSlaveTable([2]) });
    // Nothing is written until the timer says so, and then once.
    const file = store.fileOf('KEEP0001');
    expect(() => readFileSync(file)).toThrow();
    timers.fire();
    const first = readFileSync(file, 'utf8');
    expect(JSON.parse(first)).toMatchObject({ format: 1, serial: 'KEEP0001', type: 'FL-JYTeam001' });
    // The device has not changed since: the next rounds write nothing, closing neither.
    writeFileSync(file, 'marker');
    timers.fire();
    store.close();
    expect(readFileSync(file, 'utf8')).toBe('marker');
    writeFileSync(file, first);
    expect(timers.active).toBe(0);

    const b = team();
    const loaded = new DeviceStateStore(dir);
    expect(loaded.attach(b)).toBe('loaded');
    expect(b.exportState()).toEqual(a.exportState());
    expect(b.request(254, { fn: 3, address: page.start, count: 70 })).toEqual({
      fn: 3,
      values: page.registers,
    });
    expect(b.request(254, { fn: 3, address: 1100, count: 7 })).toEqual({
      fn: 3,
      values: [27, 1, 1, 0, 0, 0, 5],
    });
    expect(b.request(254, { fn: 3, address: 1210, count: 5 })).toEqual({ fn: 3, values: [7, 8, 1, 2, 3600] });
    expect(b.team!.slaves).toEqual([2]);
    expect(b.request(2, { fn: 1, address: 0, count: 1 })).toBeNull();
  });

  it('writes on close what changed since the last write, and nothing for an unchanged device', () => {
    const dir = tempDir();
    const store = new DeviceStateStore(dir, { timers: manualTimers() });
    const d = new VirtualDevice('FL-AO4', 'KEEP0002', { clock: () => T0 });
    store.attach(d);
    store.close();
    expect(() => readFileSync(store.fileOf('KEEP0002'))).toThrow();
    d.request(254, { fn: 6, address: 401, value: 1234 });
    store.close();
    const again = new VirtualDevice('FL-AO4', 'KEEP0002', { clock: () => T0 });
    new DeviceStateStore(dir).attach(again);
    expect(again.snapshot().ao).toEqual([0, 1234, 0, 0]);
  });

  it('a saved meter list replaces the default one; polled values are not state', () => {
    const dir = tempDir();
    const store = new DeviceStateStore(dir);
    let now = T0;
    const gw = new VirtualDevice('FL-MBGW', 'KEEP0003', {
      clock: () => now,
      subDevices: [{ type: 'FL-MBMETER', address: 3 }],
    });
    prefillLists(gw);
    store.attach(gw);
    const version = gw.stateVersion;
    now += 5000;
    gw.tick();
    expect(gw.stateVersion).toBe(version);
    gw.request(254, { fn: 16, address: 17000, values: new Array(40).fill(0) });
    expect(gw.stateVersion).toBeGreaterThan(version);
    store.flush();
    const fresh = new VirtualDevice('FL-MBGW', 'KEEP0003', {
      subDevices: [{ type: 'FL-MBMETER', address: 3 }],
    });
    prefillLists(fresh);
    expect(new DeviceStateStore(dir).attach(fresh)).toBe('loaded');
    expect(fresh.request(254, { fn: 3, address: 17000, count: 4 })).toEqual({ fn: 3, values: [0, 0, 0, 0] });
  });

  it('a corrupt file or one that does not fit is reported and ignored: the device starts fresh', () => {
    const dir = tempDir();
    const reports: string[] = [];
    const store = new DeviceStateStore(dir, { report: (m) => reports.push(m) });
    const cases: [string, RegExp][] = [
      ['{"format": 1, "serial": "KEEP0004", "type": "FL-R8", "clock', /not JSON/],
      ['[]', /not a JSON object/],
      ['{"format": 2, "serial": "KEEP0004"}', /format must be 1/],
      ['{"format": 1, "serial": "OTHER001", "type": "FL-R8", "clockOffsetMs": 0, "holding": {}}', /OTHER001/],
      ['{"format": 1, "serial": "KEEP0004", "type": "FL-R4", "clockOffsetMs": 0, "holding": {}}', /FL-R4/],
      [
        '{"format": 1, "serial": "KEEP0004", "type": "FL-R8", "clockOffsetMs": "x", "holding": {}}',
        /clockOffset/,
      ],
      [
        '{"format": 1, "serial": "KEEP0004", "type": "FL-R8", "clockOffsetMs": 0, "holding": {"12000": 65536}}',
        /0-65535/,
      ],
      [
        '{"format": 1, "serial": "KEEP0004", "type": "FL-R8", "clockOffsetMs": 0, "holding": {"99": 1}}',
        /no holding register 99/,
      ],
      [
        '{"format": 1, "serial": "KEEP0004", "type": "FL-R8", "clockOffsetMs": 0, "holding": {"x": 1}}',
        /not a register/,
      ],
      [
        '{"format": 1, "serial": "KEEP0004", "type": "FL-R8", "clockOffsetMs": 0, "holding": {}, "subDevices": {"1": {}}}',
        /no sub-device/,
      ],
    ];
    for (const [text, reason] of cases) {
      writeFileSync(store.fileOf('KEEP0004'), text);
      const d = new VirtualDevice('FL-R8', 'KEEP0004', { clock: () => T0 });
      d.request(254, { fn: 6, address: 12000, value: 9 });
      const before = d.exportState();
      expect(store.attach(d)).toBe('ignored');
      expect(d.exportState()).toEqual(before);
      expect(reports.at(-1)).toMatch(reason);
      expect(reports.at(-1)).toMatch(/KEEP0004 starts fresh/);
    }
    // A team host whose saved slave table holds an id past 249 keeps nothing of the file.
    const t = team('KEEP0005');
    const good = formatDeviceState('KEEP0005', { ...t.exportState(), holding: [[12000, 5]] });
    writeFileSync(store.fileOf('KEEP0005'), good.replace('"12000": 5', '"12000": 5, "1235": 1024'));
    expect(store.attach(t)).toBe('ignored');
    expect(t.memory.readHolding(12000)).toBe(0);
    expect(t.team!.slaves).toEqual([1, 2]);
  });

  it('a file that cannot be written is reported, and the simulator goes on', () => {
    const dir = tempDir();
    const reports: string[] = [];
    const store = new DeviceStateStore(dir, { report: (m) => reports.push(m) });
    const d = new VirtualDevice('FL-R8', 'KEEP0006', { clock: () => T0 });
    store.attach(d);
    // A directory where the file's temporary copy would go.
    rmSync(dir, { recursive: true });
    d.request(254, { fn: 6, address: 12000, value: 1 });
    expect(() => store.flush()).not.toThrow();
    expect(reports[0]).toMatch(/cannot write/);
    expect(STATE_WRITE_MS).toBe(1000);
  });
});

describe('parseDeviceState', () => {
  const registers = fc.dictionary(
    fc.integer({ min: 0, max: 0xffff }).map(String),
    fc.integer({ min: 0, max: 0xffff }),
    { maxKeys: 20 },
  );
  const states = fc.record({
    type: fc.string({ maxLength: 20 }),
    clockOffsetMs: fc.integer({ min: -1e12, max: 1e12 }),
    holding: registers,
    subDevices: fc.dictionary(fc.integer({ min: 0, max: 999 }).map(String), registers, { maxKeys: 3 }),
  });
  const entries = (r: Record<string, number>): [number, number][] =>
    Object.entries(r)
      .map(([k, v]) => [Number(k), v] as [number, number])
      .sort((a, b) => a[0] - b[0]);

  it('reads back whatever formatDeviceState writes', () => {
    fc.assert(
      fc.property(states, (s) => {
        const state: DeviceState = {
          type: s.type,
          clockOffsetMs: s.clockOffsetMs,
          holding: entries(s.holding),
          subDevices: Object.entries(s.subDevices)
            .map(([a, r]) => ({ address: Number(a), holding: entries(r) }))
            .sort((a, b) => a.address - b.address),
        };
        const parsed = parseDeviceState(formatDeviceState('SN0001', state), 'SN0001');
        expect(parsed).toEqual({ ok: true, state });
      }),
    );
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.anything().map((v) => JSON.stringify(v) ?? ''),
        ),
        (text) => {
          const parsed = parseDeviceState(text, 'SN0001');
          expect(typeof parsed.ok).toBe('boolean');
        },
      ),
    );
  });

  it('any single field broken in a good file is refused with a reason', () => {
    const good = JSON.parse(
      formatDeviceState('SN0001', { type: 'FL-R8', clockOffsetMs: 5, holding: [[12000, 1]], subDevices: [] }),
    ) as Record<string, unknown>;
    const broken = fc.constantFrom<[string, unknown]>(
      ['format', '1'],
      ['serial', 'SN0002'],
      ['type', 8],
      ['clockOffsetMs', Infinity],
      ['clockOffsetMs', null],
      ['holding', []],
      ['holding', { '12000': -1 }],
      ['holding', { '65536': 1 }],
      ['holding', { '12000': 1.5 }],
      ['subDevices', []],
      ['subDevices', { abc: {} }],
      ['subDevices', { '1': { '1': 'x' } }],
    );
    fc.assert(
      fc.property(broken, ([key, value]) => {
        const parsed = parseDeviceState(JSON.stringify({ ...good, [key]: value }), 'SN0001');
        expect(parsed.ok).toBe(false);
        if (!parsed.ok) expect(parsed.error.length).toBeGreaterThan(0);
      }),
    );
  });
});
