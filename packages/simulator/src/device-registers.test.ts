/** The status block and the clock of every virtual device, at their bounds and one past. */
import { decodeClock, decodeDeviceStatus, EQUIPMENT_TYPES, NO_BATTERY, pageWrite } from '@fieldlink/protocol';
import type { ModbusRequest, ModbusResponse } from '@fieldlink/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batteryWave } from './device-registers.js';
import { VirtualDevice } from './virtual-device.js';
import type { VirtualDeviceOptions } from './virtual-device.js';

const T0 = Date.UTC(2026, 2, 2, 8, 0, 0); // Monday 08:00:00 UTC

function device(
  options: VirtualDeviceOptions = {},
  type = 'FL-R8',
): { d: VirtualDevice; ask: (r: ModbusRequest) => ModbusResponse } {
  const d = new VirtualDevice(type, 'REG0001', { clock: () => T0, ...options });
  return { d, ask: (r) => d.request(254, r)! };
}

const ex = (fn: number, exception: number): ModbusResponse => ({ fn, exception }) as ModbusResponse;
const clockWords = (
  y: number,
  mo: number,
  d: number,
  h: number,
  mi: number,
  s: number,
  wd: number,
): number[] => [y - 2000, mo, d, h, mi, s, wd];

describe('status block (FC04 1000-1005)', () => {
  it('every standalone type answers it; 999 and 1006 are outside', () => {
    for (const type of EQUIPMENT_TYPES.filter((t) => t.attachesTo === null)) {
      const { ask } = device({}, type.type);
      expect(ask({ fn: 4, address: 1000, count: 6 })).toEqual({ fn: 4, values: [NO_BATTERY, 0, 0, 0, 0, 0] });
      expect(ask({ fn: 4, address: 1005, count: 1 })).toEqual({ fn: 4, values: [0] });
      expect(ask({ fn: 4, address: 999, count: 1 })).toEqual(ex(4, 2));
      expect(ask({ fn: 4, address: 999, count: 2 })).toEqual(ex(4, 2));
      expect(ask({ fn: 4, address: 1000, count: 7 })).toEqual(ex(4, 2));
      expect(ask({ fn: 4, address: 1006, count: 1 })).toEqual(ex(4, 2));
      // Input registers, not holding: FC03 there is out of range.
      expect(ask({ fn: 3, address: 1000, count: 1 })).toEqual(ex(3, 2));
    }
  });

  it('SOC 0 and 100 read as set, null as 0xFFFF; 101, −1 and 50.5 are refused', () => {
    expect(device({ soc: 0 }).ask({ fn: 4, address: 1000, count: 1 })).toEqual({ fn: 4, values: [0] });
    expect(device({ soc: 100 }).ask({ fn: 4, address: 1000, count: 1 })).toEqual({ fn: 4, values: [100] });
    expect(device({ soc: null }).d.snapshot().soc).toBeNull();
    for (const soc of [101, -1, 50.5, NaN]) expect(() => device({ soc })).toThrow(RangeError);
    expect(() => device({ soc: { kind: 'sine', min: 0, max: 101, periodMs: 1000 } })).toThrow(/0-100/);
    expect(() => device({ soc: { kind: 'constant', value: 101 } })).toThrow(/0-100/);
  });

  it('an SOC waveform drains and charges as time goes by', () => {
    const d = new VirtualDevice('FL-R8', 'REG0002', { clock: () => 0, soc: batteryWave({ periodMs: 4000 }) });
    const values = Array.from({ length: 8 }, (_, i) => {
      d.tick(i * 500);
      const reply = d.request(254, { fn: 4, address: 1000, count: 1 }) as { values: readonly number[] };
      expect(reply.values[0]).toBe(d.snapshot().soc);
      return reply.values[0]!;
    });
    expect(Math.max(...values)).toBe(100);
    expect(Math.min(...values)).toBe(20);
    expect(new Set(values).size).toBeGreaterThan(3);
  });

  it('GPS: a position with fix 1, at the edges of the globe; none reads no fix; past the edge is refused', () => {
    const { ask, d } = device({ gps: { latitude: 31.23, longitude: 121.47 } });
    const words = (ask({ fn: 4, address: 1000, count: 6 }) as { values: readonly number[] }).values;
    expect(decodeDeviceStatus(words)).toEqual({ soc: null, gps: { latitude: 31.23, longitude: 121.47 } });
    expect(words[5]).toBe(1);
    for (const gps of [
      { latitude: -90, longitude: -180 },
      { latitude: 90, longitude: 180 },
    ]) {
      d.registers.gps = gps;
      const read = (ask({ fn: 4, address: 1001, count: 5 }) as { values: readonly number[] }).values;
      expect(decodeDeviceStatus([0, ...read])?.gps).toEqual(gps);
    }
    d.registers.gps = null;
    expect(ask({ fn: 4, address: 1001, count: 5 })).toEqual({ fn: 4, values: [0, 0, 0, 0, 0] });
    expect(() => (d.registers.gps = { latitude: 90.000001, longitude: 0 })).toThrow(RangeError);
    expect(() => (d.registers.gps = { latitude: 0, longitude: -180.5 })).toThrow(RangeError);
    expect(() => device({ gps: { latitude: NaN, longitude: 0 } })).toThrow(RangeError);
  });
});

describe('clock (FC03/FC16 1100-1106)', () => {
  it('reads the tick time at the device offset; 1099 and 1107 are outside', () => {
    const { ask } = device({ utcOffsetMinutes: 480 });
    expect(ask({ fn: 3, address: 1100, count: 7 })).toEqual({
      fn: 3,
      values: clockWords(2026, 3, 2, 16, 0, 0, 1),
    });
    expect(ask({ fn: 3, address: 1106, count: 1 })).toEqual({ fn: 3, values: [1] });
    expect(ask({ fn: 3, address: 1099, count: 1 })).toEqual(ex(3, 2));
    expect(ask({ fn: 3, address: 1099, count: 2 })).toEqual(ex(3, 2));
    expect(ask({ fn: 3, address: 1100, count: 8 })).toEqual(ex(3, 2));
    expect(ask({ fn: 3, address: 1107, count: 1 })).toEqual(ex(3, 2));
    expect(ask({ fn: 16, address: 1107, values: [0] })).toEqual(ex(16, 2));
    expect(ask({ fn: 16, address: 1099, values: [0, 26] })).toEqual(ex(16, 2));
  });

  it('a write sets the clock, which then runs on with the ticks', () => {
    let now = T0;
    const d = new VirtualDevice('FL-R8', 'REG0003', { clock: () => now });
    const written = clockWords(2030, 12, 31, 23, 59, 58, 2);
    expect(d.request(254, { fn: 16, address: 1100, values: written })).toEqual({
      fn: 16,
      address: 1100,
      count: 7,
    });
    expect(d.request(254, { fn: 3, address: 1100, count: 7 })).toEqual({ fn: 3, values: written });
    now += 3000;
    d.tick();
    expect(
      decodeClock(
        (d.request(254, { fn: 3, address: 1100, count: 7 }) as { values: readonly number[] }).values,
      ),
    ).toEqual({
      year: 2031,
      month: 1,
      day: 1,
      hour: 0,
      minute: 0,
      second: 1,
      weekday: 3,
    });
    expect(d.registers.clockOffsetMs).toBe(Date.UTC(2030, 11, 31, 23, 59, 58) - T0);
  });

  it('takes each field at its bounds and refuses one past', () => {
    const { ask, d } = device();
    const base = clockWords(2026, 7, 15, 12, 30, 30, 3);
    const fields: [number, number, number][] = [
      // register offset, lowest, highest (July has 31 days)
      [0, 0, 255],
      [1, 1, 12],
      [2, 1, 31],
      [3, 0, 23],
      [4, 0, 59],
      [5, 0, 59],
      [6, 0, 6],
    ];
    for (const [i, low, high] of fields) {
      for (const ok of [low, high]) {
        const words = [...base];
        words[i] = ok;
        expect(ask({ fn: 16, address: 1100, values: words })).toEqual({ fn: 16, address: 1100, count: 7 });
      }
      const offset = d.registers.clockOffsetMs;
      // The year register has no value below 0 (a register is unsigned).
      for (const bad of [low - 1, high + 1].filter((v) => v >= 0)) {
        const words = [...base];
        words[i] = bad;
        expect(ask({ fn: 16, address: 1100, values: words })).toEqual(ex(16, 3));
        expect(d.registers.clockOffsetMs).toBe(offset);
      }
    }
    // Days that do not exist are refused; 29 February of a leap year is taken.
    expect(ask({ fn: 16, address: 1100, values: clockWords(2026, 4, 31, 0, 0, 0, 5) })).toEqual(ex(16, 3));
    expect(ask({ fn: 16, address: 1100, values: clockWords(2026, 2, 29, 0, 0, 0, 0) })).toEqual(ex(16, 3));
    expect(ask({ fn: 16, address: 1100, values: clockWords(2028, 2, 29, 0, 0, 0, 2) })).toEqual({
      fn: 16,
      address: 1100,
      count: 7,
    });
  });

  it('one register at a time (FC06) changes that field; the weekday follows the date', () => {
    const { ask } = device();
    expect(ask({ fn: 6, address: 1103, value: 20 })).toEqual({ fn: 6, address: 1103, value: 20 });
    expect(ask({ fn: 3, address: 1100, count: 7 })).toEqual({
      fn: 3,
      values: clockWords(2026, 3, 2, 20, 0, 0, 1),
    });
    expect(ask({ fn: 6, address: 1106, value: 5 })).toEqual({ fn: 6, address: 1106, value: 5 });
    expect(ask({ fn: 3, address: 1106, count: 1 })).toEqual({ fn: 3, values: [1] });
    expect(ask({ fn: 6, address: 1104, value: 60 })).toEqual(ex(6, 3));
  });

  it('a clock write moves the timer rules: a fixed-point timer fires on the device clock', () => {
    let now = T0;
    const d = new VirtualDevice('FL-R8', 'REG0004', { clock: () => now });
    const w = pageWrite('rtc', 0, [
      {
        dev: 0,
        mode: 1,
        more: false,
        at: { year: null, month: null, day: null, hour: 18, minute: 30, second: 0 },
        output: { mode: 1, channel: 2, value: 0, addr: 0 },
      },
    ]);
    expect(d.request(254, { fn: 16, address: w.start, values: w.registers })).toMatchObject({ fn: 16 });
    now += 1000;
    d.tick();
    expect(d.snapshot().coils[2]).toBe(false);
    // The server sets the clock to 18:29:58 (of another day: the clock goes back 14 h and more).
    expect(
      d.request(254, { fn: 16, address: 1100, values: clockWords(2026, 3, 1, 18, 29, 58, 0) }),
    ).toMatchObject({
      fn: 16,
    });
    now += 1000;
    d.tick();
    expect(d.snapshot().coils[2]).toBe(false);
    now += 1000;
    d.tick();
    expect(d.snapshot().coils[2]).toBe(true);
  });

  it('a small correction keeps the rules running without a restart', () => {
    const d = new VirtualDevice('FL-R8', 'REG0005', { clock: () => T0 });
    const engine = d.rules;
    d.request(254, { fn: 16, address: 1100, values: clockWords(2026, 3, 2, 8, 0, 1, 1) });
    expect(d.rules).toBe(engine);
    d.request(254, { fn: 16, address: 1100, values: clockWords(2026, 3, 2, 8, 0, 5, 1) });
    expect(d.rules).not.toBe(engine);
  });

  it('any clock write is taken and read back, or refused with exception 3 changing nothing', () => {
    const { ask, d } = device();
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 70 }), { minLength: 7, maxLength: 7 }), (words) => {
        const offset = d.registers.clockOffsetMs;
        const reply = ask({ fn: 16, address: 1100, values: words });
        if ('exception' in reply) {
          expect(reply.exception).toBe(3);
          expect(d.registers.clockOffsetMs).toBe(offset);
        } else {
          const back = (ask({ fn: 3, address: 1100, count: 7 }) as { values: readonly number[] }).values;
          expect(back.slice(0, 6)).toEqual(words.slice(0, 6));
          expect(decodeClock(back)).not.toBeNull();
        }
      }),
    );
  });

  it('a time line before 2000 (a test clock at 0) reads 2000-01-01 and can still be set', () => {
    const d = new VirtualDevice('FL-R8', 'REG0006', { clock: () => 0 });
    expect(d.request(254, { fn: 3, address: 1100, count: 7 })).toEqual({
      fn: 3,
      values: [0, 1, 1, 0, 0, 0, 6],
    });
    d.request(254, { fn: 6, address: 1100, value: 26 });
    expect(d.registers.clock().year).toBe(2026);
  });
});
