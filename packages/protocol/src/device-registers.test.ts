// docs/protocol.md § Device registers and § Sub-device addressing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clockAt,
  clockToUtcMs,
  decodeClock,
  decodeDeviceStatus,
  decodeDl645Values,
  decodeSlaveTable,
  encodeClock,
  encodeDeviceStatus,
  encodeDl645Value,
  encodeSlaveTable,
  NO_BATTERY,
  subDeviceAddressOfUnit,
  subDeviceRoute,
} from './device-registers.js';

describe('status block', () => {
  it('pins a device at 82 % with a fix', () => {
    const words = encodeDeviceStatus({ soc: 82, gps: { latitude: 31.23, longitude: 121.47 } });
    expect(words).toEqual([
      82, // SOC %
      0x01dc,
      0x8830, // latitude 31 230 000 µ°
      0x073d,
      0x7c30, // longitude 121 470 000 µ°
      1, // fix
    ]);
    expect(decodeDeviceStatus(words)).toEqual({ soc: 82, gps: { latitude: 31.23, longitude: 121.47 } });
  });

  it('reads negative positions, no battery and no fix', () => {
    const words = encodeDeviceStatus({ soc: null, gps: { latitude: -33.8688, longitude: -70.5 } });
    expect(words[0]).toBe(NO_BATTERY);
    expect(decodeDeviceStatus(words)).toEqual({ soc: null, gps: { latitude: -33.8688, longitude: -70.5 } });
    expect(decodeDeviceStatus([50, 1, 2, 3, 4, 0])).toEqual({ soc: 50, gps: null });
    expect(decodeDeviceStatus([101, 0, 0, 0, 0, 0])?.soc).toBeNull();
    expect(decodeDeviceStatus([1, 2, 3])).toBeNull();
  });

  it('refuses positions off the globe even with a fix', () => {
    expect(decodeDeviceStatus([10, 0x7fff, 0xffff, 0, 0, 1])?.gps).toBeNull();
  });

  it('round-trips any status', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 0, max: 100 })),
        fc.option(
          fc.record({
            latitude: fc.integer({ min: -90_000_000, max: 90_000_000 }).map((v) => v / 1e6),
            longitude: fc.integer({ min: -180_000_000, max: 180_000_000 }).map((v) => v / 1e6),
          }),
        ),
        (soc, gps) => {
          expect(decodeDeviceStatus(encodeDeviceStatus({ soc, gps }))).toEqual({ soc, gps });
        },
      ),
    );
  });

  it('never throws on random registers', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 8 }), (words) => {
        decodeDeviceStatus(words);
      }),
    );
  });
});

describe('clock', () => {
  it('pins a time', () => {
    const c = { year: 2026, month: 11, day: 23, hour: 8, minute: 30, second: 5, weekday: 1 };
    expect(encodeClock(c)).toEqual([26, 11, 23, 8, 30, 5, 1]);
    expect(decodeClock([26, 11, 23, 8, 30, 5, 1])).toEqual(c);
  });

  it('refuses fields out of range, at and past each bound', () => {
    const c = { year: 2026, month: 1, day: 1, hour: 0, minute: 0, second: 0, weekday: 0 };
    expect(() => encodeClock({ ...c, year: 1999 })).toThrow(/year must be 2000-2255/);
    expect(encodeClock({ ...c, year: 2255 })[0]).toBe(255);
    expect(() => encodeClock({ ...c, month: 13 })).toThrow(/month/);
    expect(() => encodeClock({ ...c, second: 60 })).toThrow(/second/);
    expect(() => encodeClock({ ...c, weekday: 7 })).toThrow(/weekday/);
    expect(decodeClock([26, 0, 1, 0, 0, 0, 0])).toBeNull();
    expect(decodeClock([26, 1, 1])).toBeNull();
  });

  it('is the local time of an instant, and back', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 2), max: Date.UTC(2200, 0, 1) }),
        fc.integer({ min: -720, max: 840 }),
        (at, offset) => {
          const fields = clockAt(at, offset);
          expect(decodeClock(encodeClock(fields))).toEqual(fields);
          expect(clockToUtcMs(fields)).toBe(Math.floor((at + offset * 60_000) / 1000) * 1000);
        },
      ),
    );
  });
});

describe('slave table', () => {
  it('pins bits', () => {
    const words = encodeSlaveTable([0, 1, 17, 249]);
    expect(words[0]).toBe(0b11);
    expect(words[1]).toBe(0b10);
    expect(words[15]).toBe(1 << 9);
    expect(decodeSlaveTable(words)).toEqual([0, 1, 17, 249]);
  });

  it('refuses ids past 249 and ignores their bits on read', () => {
    expect(() => encodeSlaveTable([250])).toThrow(/0-249/);
    expect(decodeSlaveTable(new Array(16).fill(0xffff))).toHaveLength(250);
  });

  it('round-trips any set', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 249 })), (ids) => {
        expect(decodeSlaveTable(encodeSlaveTable(ids))).toEqual([...ids].sort((a, b) => a - b));
      }),
    );
  });
});

describe('sub-device routes', () => {
  it('team slaves answer at id + 1, at both bounds', () => {
    expect(subDeviceRoute('team', 0)).toEqual({ kind: 'unit', unit: 1 });
    expect(subDeviceRoute('team', 249)).toEqual({ kind: 'unit', unit: 250 });
    expect(subDeviceRoute('team', 250).kind).toBe('unreachable');
    expect(subDeviceAddressOfUnit('team', 1)).toBe(0);
    expect(subDeviceAddressOfUnit('team', 251)).toBeNull();
  });

  it('Modbus meters answer at their address 1-247', () => {
    expect(subDeviceRoute('modbus', 0).kind).toBe('unreachable');
    expect(subDeviceRoute('modbus', 1)).toEqual({ kind: 'unit', unit: 1 });
    expect(subDeviceRoute('modbus', 247)).toEqual({ kind: 'unit', unit: 247 });
    expect(subDeviceRoute('modbus', 248).kind).toBe('unreachable');
  });

  it('DL645 meters read a page of the gateway values', () => {
    expect(subDeviceRoute('dl645', 1)).toEqual({ kind: 'dl645', register: 3000 });
    expect(subDeviceRoute('dl645', 7)).toEqual({ kind: 'dl645', register: 3120 });
    expect(subDeviceRoute('dl645', 0).kind).toBe('unreachable');
    expect(subDeviceRoute('dl645', 8).kind).toBe('unreachable');
    expect(subDeviceRoute('team', 1.5).kind).toBe('unreachable');
  });

  it('DL645 values are u32 hundredths', () => {
    expect(encodeDl645Value(1234.56)).toEqual([0x0001, 0xe240]);
    expect(decodeDl645Values([0x0001, 0xe240, 0, 5], 2)).toEqual([1234.56, 0.05]);
    expect(decodeDl645Values([1], 1)).toEqual([]);
    expect(encodeDl645Value(-1)).toEqual([0, 0]);
  });
});
