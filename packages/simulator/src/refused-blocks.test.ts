/**
 * A virtual board told to refuse channel blocks answers every request touching them with the
 * exception given, over RTU and as `request()` (what Modbus TCP answers), and the rest as before:
 * the other blocks, the status block, the clock and the rule pages.
 */
import {
  decodeRtuResponse,
  encodeRtuRequest,
  EXCEPTION,
  isException,
  STATUS_REGISTER,
} from '@fieldlink/protocol';
import type { ModbusRequest, ModbusResponse } from '@fieldlink/protocol';
import { describe, expect, it } from 'vitest';
import { checkRefused } from './refused-blocks.js';
import { VirtualDevice } from './virtual-device.js';

function ask(device: VirtualDevice, request: ModbusRequest): ModbusResponse {
  const replies = device.receive(encodeRtuRequest(device.slave.address, request));
  expect(replies).toHaveLength(1);
  const decoded = decodeRtuResponse(replies[0]!, request);
  if (!decoded.ok) throw new Error(decoded.error);
  return decoded.pdu;
}

/** The exception code of the reply, or null when it is an answer. */
const refusedWith = (reply: ModbusResponse | null): number | null =>
  reply !== null && isException(reply) ? reply.exception : null;

describe('a board refusing blocks', () => {
  it('refuses its analog inputs with illegal data address, and answers the rest', () => {
    const device = new VirtualDevice('FL-R8', 'SN10001', { clock: () => 0, refuse: { ai: 2 } });
    expect(refusedWith(ask(device, { fn: 4, address: 0, count: 2 }))).toBe(EXCEPTION.illegalDataAddress);
    expect(refusedWith(ask(device, { fn: 4, address: 1, count: 1 }))).toBe(EXCEPTION.illegalDataAddress);
    expect(ask(device, { fn: 1, address: 0, count: 8 })).toMatchObject({ fn: 1 });
    expect(ask(device, { fn: 2, address: 0, count: 8 })).toMatchObject({ fn: 2 });
    // The status block is input registers too, but not the analog inputs'.
    expect(ask(device, { fn: 4, address: STATUS_REGISTER, count: 1 })).toMatchObject({ fn: 4 });
    expect(ask(device, { fn: 3, address: 1100, count: 7 })).toMatchObject({ fn: 3 });
    // Through Modbus TCP (which asks the device as `request` does), the same.
    expect(refusedWith(device.request(255, { fn: 4, address: 0, count: 2 }))).toBe(2);
    // Its memory still moves: its own rules see the inputs.
    expect(device.snapshot().inputRegisters).toHaveLength(2);
  });

  it('refuses every coil request when it has no relays', () => {
    const device = new VirtualDevice('FL-R8', 'SN10002', { clock: () => 0, refuse: { do: 1, di: 1 } });
    for (const request of [
      { fn: 1, address: 0, count: 8 },
      { fn: 5, address: 0, value: true },
      { fn: 15, address: 0, values: [true, false] },
      { fn: 2, address: 0, count: 8 },
    ] as const satisfies readonly ModbusRequest[]) {
      expect(refusedWith(ask(device, request))).toBe(EXCEPTION.illegalFunction);
    }
    expect(device.memory.coils[0]).toBe(false);
    expect(ask(device, { fn: 4, address: 0, count: 2 })).toMatchObject({ fn: 4 });
  });

  it('refuses its analog output registers, not its other holding registers', () => {
    const device = new VirtualDevice('FL-AO4', 'SN10003', { clock: () => 0, refuse: { ao: 2 } });
    const ao = device.memory.aoRegister;
    expect(refusedWith(ask(device, { fn: 3, address: ao, count: 4 }))).toBe(2);
    expect(refusedWith(ask(device, { fn: 3, address: ao - 1, count: 2 }))).toBe(2);
    expect(refusedWith(ask(device, { fn: 6, address: ao + 3, value: 1 }))).toBe(2);
    expect(refusedWith(ask(device, { fn: 16, address: ao, values: [1, 2] }))).toBe(2);
    expect(device.memory.analogOutputs).toEqual([0, 0, 0, 0]);
    expect(ask(device, { fn: 3, address: 1100, count: 7 })).toMatchObject({ fn: 3 });
    expect(ask(device, { fn: 4, address: 0, count: 4 })).toMatchObject({ fn: 4 });
  });

  it('answers everything without the option, or with it empty', () => {
    for (const refuse of [undefined, {}]) {
      const device = new VirtualDevice('FL-R8', 'SN10004', { clock: () => 0, ...(refuse ? { refuse } : {}) });
      expect(ask(device, { fn: 4, address: 0, count: 2 })).toMatchObject({ fn: 4 });
    }
  });

  it('takes only blocks it knows, with standard exception codes', () => {
    expect(() => checkRefused({ ai: 2, do: 1, di: 4, ao: 11 })).not.toThrow();
    expect(() => checkRefused({ xx: 1 } as never)).toThrow(/no register block "xx"/);
    expect(() => checkRefused({ ai: 7 })).toThrow(/7 is not a Modbus exception code/);
    expect(() => checkRefused({ ai: 0 })).toThrow(RangeError);
    expect(() => new VirtualDevice('FL-R8', 'SN10005', { refuse: { ai: 99 } })).toThrow(RangeError);
  });
});
