import {
  decodeRtuResponse,
  encodeRtuRequest,
  EQUIPMENT_TYPES,
  SERIES_2000_OFFSET,
} from '@fieldlink/protocol';
import type { ModbusRequest, ModbusResponse } from '@fieldlink/protocol';
import { describe, expect, it } from 'vitest';
import { VirtualDevice } from './virtual-device.js';
import { defaultWaveform, waveValue } from './waveforms.js';

function ask(
  device: VirtualDevice,
  request: ModbusRequest,
  slave = device.type.slaveAddress,
): ModbusResponse {
  const replies = device.receive(encodeRtuRequest(slave, request));
  expect(replies).toHaveLength(1);
  const decoded = decodeRtuResponse(replies[0]!, request);
  if (!decoded.ok) throw new Error(decoded.error);
  expect(decoded.slave).toBe(slave);
  return decoded.pdu;
}

const standalone = EQUIPMENT_TYPES.filter((t) => t.attachesTo === null);
const attached = EQUIPMENT_TYPES.filter((t) => t.attachesTo !== null);

describe('VirtualDevice', () => {
  it.each(standalone.map((t) => [t.type, t] as const))('%s: memory sized by the catalogue', (_, type) => {
    const device = new VirtualDevice(type.type, 'SN10001', { clock: () => 0 });
    const snap = device.snapshot();
    expect(snap.coils).toHaveLength(type.counts.do);
    expect(snap.inputs).toHaveLength(type.counts.di);
    expect(snap.inputRegisters).toHaveLength(type.counts.ai);
    expect(snap.ao).toHaveLength(type.counts.ao);
    expect(device.memory.aoRegister).toBe(type.aoRegister);
    expect(device.slave.address).toBe(type.slaveAddress);
  });

  it('2000-series boards hold their rule pages 10000 registers lower', () => {
    const std = new VirtualDevice('FL-R8', 'AAAA');
    const s2000 = new VirtualDevice('FL-R8-2000', 'BBBB');
    const rtc = 12000; // first RTC rule page register on a standard board
    expect(() => std.memory.writeHolding(rtc, 1)).not.toThrow();
    expect(() => s2000.memory.writeHolding(rtc + SERIES_2000_OFFSET, 1)).not.toThrow();
    expect(() => s2000.memory.writeHolding(rtc, 1)).toThrow(RangeError);
  });

  it('refuses unknown types, sub-device types, bad serials, secrets and waveforms', () => {
    expect(() => new VirtualDevice('FL-NOPE', 'AAAA')).toThrow(/unknown equipment type/);
    for (const t of attached) {
      expect(() => new VirtualDevice(t.type, 'AAAA')).toThrow(/only behind a .* host/);
    }
    for (const serial of ['', 'ABC', 'AB:CD', 'AB CD', 'ABCD\n', 'ABCDé', 'AB_CD', 'A'.repeat(33)]) {
      expect(() => new VirtualDevice('FL-R8', serial)).toThrow(RangeError);
    }
    expect(() => new VirtualDevice('FL-R8', 'AAAA', { secret: 'x\ny' })).toThrow(RangeError);
    expect(
      () => new VirtualDevice('FL-R8', 'AAAA', { waveforms: [{ kind: 'constant', value: -1 }] }),
    ).toThrow(RangeError);
    // FL-R8 has two AI channels.
    const c = { kind: 'constant', value: 1 } as const;
    expect(() => new VirtualDevice('FL-R8', 'AAAA', { waveforms: [c, c, c] })).toThrow(/2 AI channels/);
    expect(() => new VirtualDevice('FL-R8', 'AAAA', { diPattern: { periodMs: 0 } })).toThrow(RangeError);
  });

  it('registers as SN or SN:secret and a newline', () => {
    const text = (d: VirtualDevice) => new TextDecoder().decode(d.registration());
    expect(text(new VirtualDevice('FL-R8', 'SIM000001'))).toBe('SIM000001\n');
    expect(text(new VirtualDevice('FL-R8', 'SIM000001', { secret: 's3:cret' }))).toBe('SIM000001:s3:cret\n');
  });

  it('AI input registers follow their waveforms at the times given', () => {
    let now = 0;
    const ramp = { kind: 'ramp', min: 0, max: 1000, periodMs: 10_000 } as const;
    const device = new VirtualDevice('FL-AI8', 'AAAA', {
      clock: () => now,
      waveforms: [ramp, { kind: 'constant', value: 4242 }],
    });
    // The first tick happens on construction, at the clock's time.
    expect(device.snapshot().inputRegisters.slice(0, 2)).toEqual([0, 4242]);
    now = 2500;
    device.tick();
    expect(device.snapshot().inputRegisters[0]).toBe(250);
    device.tick(7500);
    const regs = device.snapshot().inputRegisters;
    expect(regs[0]).toBe(750);
    expect(regs[1]).toBe(4242);
    // Channels without a waveform get the default sine, each with its own phase.
    for (let i = 2; i < 8; i++) expect(regs[i]).toBe(waveValue(defaultWaveform(i, 8), 7500));
    expect(new Set(regs.slice(2)).size).toBeGreaterThan(1);
  });

  it('toggles digital inputs on a DI pattern, channels offset', () => {
    const device = new VirtualDevice('FL-R4', 'AAAA', { diPattern: { periodMs: 1000 }, clock: () => 0 });
    expect(device.snapshot().inputs).toEqual([false, false, false, false]);
    device.tick(250);
    expect(device.snapshot().inputs).toEqual([false, false, false, true]);
    device.tick(1000);
    expect(device.snapshot().inputs).toEqual([true, true, true, true]);
    device.tick(2600);
    expect(device.snapshot().inputs).toEqual([false, false, true, true]);
    expect(new VirtualDevice('FL-R4', 'BBBB').snapshot().inputs).toEqual([false, false, false, false]);
  });

  it('answers RTU reads of coils, inputs, input registers and AO', () => {
    const device = new VirtualDevice('FL-AO4', 'AAAA', {
      clock: () => 0,
      waveforms: [1, 2, 3, 4].map((value) => ({ kind: 'constant', value: value * 100 })),
      diPattern: { periodMs: 1000 },
    });
    device.tick(500); // DI2 on, DI1 off
    expect(ask(device, { fn: 2, address: 0, count: 2 })).toEqual({ fn: 2, values: [false, true] });
    expect(ask(device, { fn: 4, address: 0, count: 4 })).toEqual({ fn: 4, values: [100, 200, 300, 400] });
    expect(ask(device, { fn: 16, address: 400, values: [5, 6, 7, 8] })).toEqual({
      fn: 16,
      address: 400,
      count: 4,
    });
    expect(ask(device, { fn: 3, address: 400, count: 4 })).toEqual({ fn: 3, values: [5, 6, 7, 8] });
    expect(device.snapshot().ao).toEqual([5, 6, 7, 8]);
    // No relays on this module: coil reads are out of range.
    expect(ask(device, { fn: 1, address: 0, count: 1 })).toEqual({ fn: 1, exception: 2 });

    const board = new VirtualDevice('FL-R16', 'BBBB');
    expect(ask(board, { fn: 15, address: 3, values: [true, true] })).toEqual({
      fn: 15,
      address: 3,
      count: 2,
    });
    expect(ask(board, { fn: 1, address: 0, count: 16 })).toEqual({
      fn: 1,
      values: Array.from({ length: 16 }, (_, i) => i === 3 || i === 4),
    });
    expect(board.snapshot().coils.filter(Boolean)).toHaveLength(2);
  });

  it('answers at slave address 254 and ignores other addresses', () => {
    const device = new VirtualDevice('FL-R8', 'AAAA');
    expect(device.slave.address).toBe(254);
    expect(device.receive(encodeRtuRequest(1, { fn: 1, address: 0, count: 8 }))).toEqual([]);
    expect(ask(device, { fn: 1, address: 0, count: 8 }, 254)).toEqual({
      fn: 1,
      values: new Array(8).fill(false),
    });
  });
});
