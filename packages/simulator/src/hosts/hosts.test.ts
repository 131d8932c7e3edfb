/**
 * Hosts with the devices behind them, through the host's own RTU link: team slaves at unit
 * id + 1 (only while in the slave table), Modbus meters at their addresses with the gateway's
 * mb list, DL645 meters read by the gateway's dl645 list.
 */
import {
  decodeDl645Values,
  decodeRtuResponse,
  DL645_VALUE_REGISTER,
  encodeDl645Value,
  encodeRtuRequest,
  LORA_COMMANDS,
  subDeviceRoute,
} from '@fieldlink/protocol';
import type { ModbusRequest, ModbusResponse } from '@fieldlink/protocol';
import { describe, expect, it } from 'vitest';
import { VirtualDevice } from '../virtual-device.js';
import type { VirtualDeviceOptions } from '../virtual-device.js';
import {
  defaultDl645List,
  defaultModbusList,
  prefillLists,
  writeDl645List,
  writeModbusList,
} from './lists.js';
import { DL645_ITEMS, ENERGY_EPOCH } from './meters.js';
import { SlaveBoard } from './sub-devices.js';
import type { Dl645Meter } from './sub-devices.js';
import type { SubDeviceSpec } from './sub-devices.js';

const T0 = Date.UTC(2026, 2, 2, 8);

function rig(type: string, subDevices: SubDeviceSpec[], options: VirtualDeviceOptions = {}) {
  let now = T0;
  const d = new VirtualDevice(type, 'HOST0001', { clock: () => now, subDevices, ...options });
  /** One request over the RTU link: the reply, or null when nothing answers. */
  const rtu = (unit: number, request: ModbusRequest): ModbusResponse | null => {
    const replies = d.receive(encodeRtuRequest(unit, request));
    if (replies.length === 0) return null;
    expect(replies).toHaveLength(1);
    const decoded = decodeRtuResponse(replies[0]!, request);
    if (!decoded.ok) throw new Error(decoded.error);
    expect(decoded.slave).toBe(unit);
    return decoded.pdu;
  };
  const advance = (ms: number): void => {
    now += ms;
    d.tick();
  };
  return { d, rtu, advance, now: () => now };
}

const values = (reply: ModbusResponse | null): number[] => [
  ...(reply as { values: readonly number[] }).values,
];

describe('team host', () => {
  const slaves: SubDeviceSpec[] = [
    { type: 'FL-LR4', address: 0 },
    { type: 'FL-LR4', address: 1, soc: 37 },
    { type: 'FL-LAI4', address: 249, waveforms: [{ kind: 'constant', value: 1234 }] },
    { type: 'FL-LR4', address: 9, joined: false },
  ];

  it('relays unit id + 1 to the slave: its own channels and its own SOC', () => {
    const { d, rtu } = rig('FL-JYTeam001', slaves);
    expect(subDeviceRoute('team', 1)).toEqual({ kind: 'unit', unit: 2 });
    expect(rtu(2, { fn: 5, address: 3, value: true })).toEqual({ fn: 5, address: 3, value: true });
    expect(rtu(2, { fn: 1, address: 0, count: 4 })).toEqual({ fn: 1, values: [false, false, false, true] });
    expect((d.subDevice(1) as SlaveBoard).snapshot()).toMatchObject({
      coils: [false, false, false, true],
      soc: 37,
    });
    // The host's own relays and the other slave's are untouched.
    expect(d.snapshot().coils).toEqual([false, false, false, false]);
    expect(rtu(1, { fn: 1, address: 0, count: 4 })).toEqual({ fn: 1, values: [false, false, false, false] });
    expect(values(rtu(1, { fn: 4, address: 1000, count: 1 }))).toEqual([100]);
    expect(values(rtu(2, { fn: 4, address: 1000, count: 1 }))).toEqual([37]);
    // Slave id 249 at unit 250; its base map has no clock.
    expect(values(rtu(250, { fn: 4, address: 0, count: 4 }))[0]).toBe(1234);
    expect(rtu(250, { fn: 3, address: 1100, count: 7 })).toEqual({ fn: 3, exception: 2 });
    expect(rtu(250, { fn: 1, address: 0, count: 1 })).toEqual({ fn: 1, exception: 2 });
    // The host itself still answers at 254.
    expect(rtu(254, { fn: 1, address: 0, count: 4 })).toEqual({
      fn: 1,
      values: [false, false, false, false],
    });
  });

  it('a slave not in the table, a slave that does not exist and unit 251 do not answer', () => {
    const { d, rtu } = rig('FL-JYTeam001', slaves);
    expect(d.team!.slaves).toEqual([0, 1, 249]);
    expect(rtu(10, { fn: 1, address: 0, count: 4 })).toBeNull();
    expect(rtu(4, { fn: 1, address: 0, count: 4 })).toBeNull();
    expect(rtu(251, { fn: 1, address: 0, count: 4 })).toBeNull();
    expect(d.request(10, { fn: 1, address: 0, count: 4 })).toBeNull();
    // Once in the table (written by the server), slave 9 answers; cleared, nobody does.
    expect(rtu(254, { fn: 6, address: 1220, value: 1 << 9 })).toEqual({ fn: 6, address: 1220, value: 512 });
    expect(rtu(10, { fn: 1, address: 0, count: 4 })).toEqual({ fn: 1, values: [false, false, false, false] });
    expect(rtu(1, { fn: 1, address: 0, count: 1 })).toBeNull();
    rtu(254, { fn: 6, address: 1200, value: LORA_COMMANDS.clearSlaves });
    expect(rtu(10, { fn: 1, address: 0, count: 4 })).toBeNull();
  });

  it('auto-configuration finds every slave in the simulation and they answer', () => {
    const { rtu, advance } = rig('FL-JYTeam001', slaves);
    rtu(254, { fn: 6, address: 1200, value: LORA_COMMANDS.autoConfig });
    advance(3000);
    expect(values(rtu(254, { fn: 3, address: 1202, count: 1 }))).toEqual([2]);
    expect(rtu(10, { fn: 1, address: 0, count: 4 })).not.toBeNull();
  });

  it('a broadcast reaches the host only and is not answered', () => {
    const { d, rtu } = rig('FL-JYTeam001', slaves);
    expect(rtu(0, { fn: 5, address: 0, value: true })).toBeNull();
    expect(d.snapshot().coils[0]).toBe(true);
    expect((d.subDevice(0) as SlaveBoard).snapshot().coils[0]).toBe(false);
  });
});

describe('Modbus gateway', () => {
  const meters: SubDeviceSpec[] = [
    { type: 'FL-MBMETER', address: 1 },
    { type: 'FL-MBMETER', address: 247 },
  ];

  it('passes units 1-247 to the meters at those addresses; others stay silent', () => {
    const { d, rtu } = rig('FL-MBGW', meters);
    const at1 = values(rtu(1, { fn: 4, address: 0, count: 8 }));
    expect(at1).toEqual((d.subDevice(1) as SlaveBoard).snapshot().inputRegisters);
    expect(at1.slice(0, 3).every((v) => v >= 2200 && v <= 2400)).toBe(true);
    expect(values(rtu(247, { fn: 4, address: 0, count: 8 }))).toHaveLength(8);
    expect(rtu(2, { fn: 4, address: 0, count: 8 })).toBeNull();
    expect(rtu(248, { fn: 4, address: 0, count: 1 })).toBeNull();
    // A meter's own exceptions come back through the gateway.
    expect(rtu(1, { fn: 4, address: 8, count: 1 })).toEqual({ fn: 4, exception: 2 });
    expect(rtu(1, { fn: 16, address: 30, values: [1, 2] })).toEqual({ fn: 16, address: 30, count: 2 });
    expect(rtu(1, { fn: 16, address: 31, values: [1, 2] })).toEqual({ fn: 16, exception: 2 });
  });

  it('the energy register grows over time', () => {
    const { d, advance } = rig('FL-MBGW', meters);
    const energy = (): number => (d.subDevice(1) as SlaveBoard).snapshot().inputRegisters[7]!;
    const first = energy();
    advance(360_000);
    expect(energy() - first).toBe(10);
  });

  it('its default mb list keeps every meter at 8k of the master area, at each poll', () => {
    const { d, rtu, advance } = rig('FL-MBGW', meters);
    prefillLists(d);
    expect(defaultModbusList(d)).toEqual([
      { slave: 1, regType: 4, valueType: 0, pollDelay: 2, count: 8, slaveStart: 0, masterStart: 0 },
      { slave: 247, regType: 4, valueType: 0, pollDelay: 2, count: 8, slaveStart: 0, masterStart: 8 },
    ]);
    advance(0);
    const meter = (a: number): number[] => (d.subDevice(a) as SlaveBoard).snapshot().inputRegisters;
    expect(values(rtu(254, { fn: 3, address: 0, count: 16 }))).toEqual([...meter(1), ...meter(247)]);
    expect(d.modbusList!.result(0)).toBe('ok');
    // Within the poll delay the copy keeps the values of the last poll; after it, the new ones.
    const polled = meter(1);
    advance(400);
    expect(values(rtu(254, { fn: 3, address: 0, count: 8 }))).toEqual(polled);
    advance(60_000);
    expect(values(rtu(254, { fn: 3, address: 0, count: 8 }))).toEqual(meter(1));
    expect(meter(1)).not.toEqual(polled);
    // The master area ends at 999.
    expect(rtu(254, { fn: 3, address: 999, count: 1 })).toEqual({ fn: 3, values: [0] });
    expect(rtu(254, { fn: 3, address: 999, count: 2 })).toEqual({ fn: 3, exception: 2 });
  });

  it('write entries send master registers to the meter; failures are told per entry', () => {
    const { d, rtu, advance } = rig('FL-MBGW', meters);
    rtu(254, { fn: 16, address: 500, values: [11, 22, 33] });
    writeModbusList(d, [
      { slave: 1, regType: 7, valueType: 0, pollDelay: 0, count: 3, slaveStart: 4, masterStart: 500 },
      { slave: 247, regType: 5, valueType: 0, pollDelay: 0, count: 0, slaveStart: 31, masterStart: 502 },
      { slave: 5, regType: 4, valueType: 0, pollDelay: 0, count: 1, slaveStart: 0, masterStart: 10 },
      { slave: 1, regType: 4, valueType: 0, pollDelay: 0, count: 9, slaveStart: 0, masterStart: 10 },
      { slave: 1, regType: 4, valueType: 0, pollDelay: 0, count: 2, slaveStart: 0, masterStart: 999 },
      { slave: 1, regType: 3, valueType: 0, pollDelay: 0, count: 126, slaveStart: 0, masterStart: 0 },
      // Rule pages are not for meter values.
      { slave: 1, regType: 4, valueType: 0, pollDelay: 0, count: 1, slaveStart: 0, masterStart: 12000 },
      { slave: 0, regType: 5, valueType: 0, pollDelay: 0, count: 1, slaveStart: 0, masterStart: 501 },
    ]);
    advance(0);
    expect(values(rtu(1, { fn: 3, address: 4, count: 3 }))).toEqual([11, 22, 33]);
    expect(values(rtu(247, { fn: 3, address: 31, count: 1 }))).toEqual([33]);
    expect([2, 3, 4, 5, 6].map((i) => d.modbusList!.result(i))).toEqual([
      'no answer',
      'exception 2',
      'no room',
      'too many',
      'no room',
    ]);
    expect(d.memory.readHolding(12000)).toBe(0);
    // Slave 0 is a broadcast: every meter takes the write.
    expect(values(rtu(1, { fn: 3, address: 0, count: 1 }))).toEqual([22]);
    expect(values(rtu(247, { fn: 3, address: 0, count: 1 }))).toEqual([22]);
  });

  it('an mb list written over Modbus is picked up at the next tick', () => {
    const { d, rtu, advance } = rig('FL-MBGW', meters);
    writeModbusList(d, [
      { slave: 247, regType: 4, valueType: 0, pollDelay: 0, count: 2, slaveStart: 6, masterStart: 20 },
    ]);
    advance(0);
    const meter = (d.subDevice(247) as SlaveBoard).snapshot().inputRegisters;
    expect(values(rtu(254, { fn: 3, address: 20, count: 2 }))).toEqual(meter.slice(6, 8));
    writeModbusList(d, [null]);
    rtu(254, { fn: 16, address: 20, values: [0, 0] });
    advance(5000);
    expect(values(rtu(254, { fn: 3, address: 20, count: 2 }))).toEqual([0, 0]);
  });
});

describe('DL645 gateway', () => {
  const meters: SubDeviceSpec[] = [
    { type: 'FL-DL645METER', address: 1, loadKw: 3 },
    { type: 'FL-DL645METER', address: 7, meterAddress: '210987654321' },
  ];

  it('its dl645 list lands at 3000 + 2e and at the masterStart of each entry', () => {
    const { d, rtu, advance, now } = rig('FL-DLGW', meters);
    prefillLists(d);
    const entries = defaultDl645List(d);
    expect(entries.filter(Boolean)).toHaveLength(8);
    expect(entries[60]).toMatchObject({
      mode: 1,
      address: '210987654321',
      dataId: 0x00010000,
      masterStart: 120,
    });
    advance(0);
    const meter1 = d.subDevice(1) as Dl645Meter;
    // Page 0: energy, voltage A, current A, power of the meter with slave id 1.
    const page0 = decodeDl645Values(values(rtu(254, { fn: 4, address: DL645_VALUE_REGISTER, count: 8 })), 4);
    expect(page0).toEqual(
      [0x00010000, 0x02010100, 0x02020100, 0x02030000].map((id) => meter1.read(id, 2007, now())),
    );
    expect(page0[0]).toBeCloseTo(((now() - ENERGY_EPOCH) / 3_600_000) * 3, 1);
    expect(page0[1]).toBeGreaterThanOrEqual(222);
    expect(page0[1]).toBeLessThanOrEqual(238);
    expect(values(rtu(254, { fn: 3, address: 0, count: 8 }))).toEqual(
      values(rtu(254, { fn: 4, address: 3000, count: 8 })),
    );
    // Page 6: the meter with slave id 7, entries 60-63 at 3120.
    const page6 = values(rtu(254, { fn: 4, address: 3120, count: 8 }));
    expect(page6.slice(0, 2)).toEqual(
      encodeDl645Value((d.subDevice(7) as Dl645Meter).read(0x00010000, 2007)!),
    );
    expect(values(rtu(254, { fn: 3, address: 120, count: 8 }))).toEqual(page6);
    // The energy grows as time goes by.
    advance(3_600_000);
    const later = decodeDl645Values(values(rtu(254, { fn: 4, address: 3000, count: 2 })), 1);
    expect(later[0]! - page0[0]!).toBeCloseTo(3, 1);
  });

  it('3000-3139 is the value block; 2999 and 3140 are outside; DL645 meters answer no Modbus unit', () => {
    const { rtu } = rig('FL-DLGW', meters);
    expect(values(rtu(254, { fn: 4, address: 3000, count: 125 }))).toHaveLength(125);
    expect(values(rtu(254, { fn: 4, address: 3139, count: 1 }))).toEqual([0]);
    expect(rtu(254, { fn: 4, address: 2999, count: 1 })).toEqual({ fn: 4, exception: 2 });
    expect(rtu(254, { fn: 4, address: 3139, count: 2 })).toEqual({ fn: 4, exception: 2 });
    expect(rtu(254, { fn: 4, address: 3140, count: 1 })).toEqual({ fn: 4, exception: 2 });
    expect(rtu(1, { fn: 4, address: 0, count: 1 })).toBeNull();
    expect(rtu(2, { fn: 4, address: 0, count: 1 })).toBeNull();
  });

  it('1997 identifiers, AA wildcards, unknown meters and items', () => {
    const { d, rtu, advance } = rig('FL-DLGW', meters);
    writeDl645List(d, [
      { mode: 2, address: '000000000001', dataId: 0xb611, masterStart: 900, pollDelay: 0 },
      { mode: 1, address: 'AAAAAAAAAA21', dataId: 0x02030000, masterStart: 902, pollDelay: 0 },
      { mode: 1, address: '999999999999', dataId: 0x00010000, masterStart: 904, pollDelay: 0 },
      { mode: 1, address: '000000000001', dataId: 0x04000101, masterStart: 906, pollDelay: 0 },
      { mode: 1, address: '000000000001', dataId: 0x00010000, masterStart: 999, pollDelay: 0 },
      { mode: 0, address: '000000000001', dataId: 0x00010000, masterStart: 910, pollDelay: 0 },
      { mode: 1, address: '000000000001', dataId: 0x00010000, masterStart: 12000, pollDelay: 0 },
    ]);
    advance(0);
    const [volts, kw, none] = decodeDl645Values(values(rtu(254, { fn: 4, address: 3000, count: 6 })), 3);
    expect(volts).toBe((d.subDevice(1) as Dl645Meter).read(0x02010100, 2007));
    expect(kw).toBe((d.subDevice(7) as Dl645Meter).read(0x02030000, 2007));
    expect(none).toBe(0);
    expect([0, 1, 2, 3, 4, 5, 6].map((i) => d.dl645List!.result(i))).toEqual([
      'ok',
      'ok',
      'no meter',
      'no such item',
      'no room',
      null,
      'no room',
    ]);
    expect(d.memory.readHolding(12000)).toBe(0);
    expect(values(rtu(254, { fn: 3, address: 900, count: 4 }))).toEqual(
      values(rtu(254, { fn: 4, address: 3000, count: 4 })),
    );
  });

  it("a meter's snapshot shows every data item", () => {
    const { d } = rig('FL-DLGW', meters);
    const snap = (d.subDevice(7) as Dl645Meter).snapshot();
    expect(snap.meterAddress).toBe('210987654321');
    expect(snap).toMatchObject({ coils: [], inputs: [], inputRegisters: [], ao: [], soc: null });
    expect(Object.keys(snap.values)).toHaveLength(DL645_ITEMS.length);
    expect(snap.values['02-01-01-00']).toBeGreaterThan(200);
  });
});

describe('sub-device specs', () => {
  it('refuses what a host cannot carry', () => {
    const make = (type: string, subDevices: SubDeviceSpec[]) => () =>
      new VirtualDevice(type, 'HOST0002', { subDevices });
    expect(make('FL-R8', [{ type: 'FL-LR4', address: 1 }])).toThrow(/not a host/);
    expect(make('FL-JYTeam001', [{ type: 'FL-MBMETER', address: 1 }])).toThrow(/does not hang under/);
    expect(make('FL-JYTeam001', [{ type: 'FL-NOPE', address: 1 }])).toThrow(/unknown equipment type/);
    expect(make('FL-JYTeam001', [{ type: 'FL-LR4', address: 250 }])).toThrow(/0-249/);
    expect(make('FL-JYTeam001', [{ type: 'FL-LR4', address: -1 }])).toThrow(/0-249/);
    expect(make('FL-JYTeam001', [{ type: 'FL-LR4', address: 249 }])).not.toThrow();
    expect(make('FL-JYTeam001', [{ type: 'FL-LR4', address: 0 }])).not.toThrow();
    expect(
      make('FL-JYTeam001', [
        { type: 'FL-LR4', address: 3 },
        { type: 'FL-LAI4', address: 3 },
      ]),
    ).toThrow(/two sub-devices at address 3/);
    expect(make('FL-JYTeam001', [{ type: 'FL-LR4', address: 1, soc: 101 }])).toThrow(RangeError);
    expect(make('FL-MBGW', [{ type: 'FL-MBMETER', address: 0 }])).toThrow(/1-247/);
    expect(make('FL-MBGW', [{ type: 'FL-MBMETER', address: 248 }])).toThrow(/1-247/);
    expect(make('FL-MBGW', [{ type: 'FL-MBMETER', address: 247 }])).not.toThrow();
    expect(make('FL-MBGW', [{ type: 'FL-MBMETER', address: 1, joined: false }])).toThrow(/slave table/);
    expect(make('FL-MBGW', [{ type: 'FL-MBMETER', address: 1, soc: 50 }])).toThrow(/no status block/);
    expect(
      make('FL-MBGW', [{ type: 'FL-MBMETER', address: 1, waveforms: new Array(9).fill(undefined) }]),
    ).toThrow(/8 AI channels/);
    expect(make('FL-DLGW', [{ type: 'FL-DL645METER', address: 0 }])).toThrow(/1-7/);
    expect(make('FL-DLGW', [{ type: 'FL-DL645METER', address: 8 }])).toThrow(/1-7/);
    expect(make('FL-DLGW', [{ type: 'FL-DL645METER', address: 7 }])).not.toThrow();
    expect(make('FL-DLGW', [{ type: 'FL-DL645METER', address: 1, meterAddress: '12345' }])).toThrow(/12 BCD/);
    expect(make('FL-DLGW', [{ type: 'FL-DL645METER', address: 1, meterAddress: 'AA0000000001' }])).toThrow(
      /12 BCD/,
    );
    expect(
      make('FL-DLGW', [
        { type: 'FL-DL645METER', address: 1, meterAddress: '000000000009' },
        { type: 'FL-DL645METER', address: 9 - 2, meterAddress: '000000000009' },
      ]),
    ).toThrow(/two DL645 meters/);
    expect(make('FL-DLGW', [{ type: 'FL-DL645METER', address: 1, loadKw: -1 }])).toThrow(/load/);
    expect(make('FL-DLGW', [{ type: 'FL-DL645METER', address: 1, soc: 3 }])).toThrow(/takes no soc/);
  });

  it('lists go to the gateway that has them only', () => {
    const team = new VirtualDevice('FL-JYTeam001', 'HOST0003');
    expect(() => writeModbusList(team, [])).toThrow(/no mb list/);
    expect(() => writeDl645List(team, [])).toThrow(/no dl645 list/);
    const gw = new VirtualDevice('FL-MBGW', 'HOST0004');
    expect(() => writeModbusList(gw, new Array(251).fill(null))).toThrow(/250 entries/);
    expect(() => prefillLists(team)).not.toThrow();
    expect(defaultModbusList(gw)).toEqual([]);
  });

  it('sub-devices are listed by address and reached by address', () => {
    const d = new VirtualDevice('FL-MBGW', 'HOST0005', {
      subDevices: [
        { type: 'FL-MBMETER', address: 30 },
        { type: 'FL-MBMETER', address: 4 },
      ],
    });
    expect(d.subDevices.map((s) => s.address)).toEqual([4, 30]);
    expect(d.subDevice(30)).toBeInstanceOf(SlaveBoard);
    expect(d.subDevice(5)).toBeUndefined();
    expect(d.unit(30)).toBe(d.subDevice(30));
    expect(d.unit(254)).toBeNull();
  });
});
