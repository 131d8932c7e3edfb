import {
  appendCrc,
  decodePage,
  decodeRtuResponse,
  encodeRtuRequest,
  pageWrite,
  registersToBytes,
  toHex,
} from '@fieldlink/protocol';
import type { ModbusResponse } from '@fieldlink/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EquipmentMemory } from './memory.js';
import { RtuSlave } from './rtu-slave.js';

const board = () => new EquipmentMemory({ doCount: 8, diCount: 8, aiCount: 4, aoCount: 2 });

function ask(slave: RtuSlave, bytes: Uint8Array): ModbusResponse {
  const replies = slave.push(bytes);
  expect(replies).toHaveLength(1);
  const decoded = decodeRtuResponse(replies[0]!);
  if (!decoded.ok) throw new Error(decoded.error);
  return decoded.pdu;
}

describe('RTU slave over device memory', () => {
  it('stays silent, and keeps going, after a framed request with function code 0 or random bytes', () => {
    const slave = new RtuSlave(board());
    // FE 00 with a valid CRC: well framed, but no reply can carry function code 0.
    const body = Uint8Array.of(0xfe, 0x00, 0x00, 0x00);
    expect(() => slave.push(appendCrc(body))).not.toThrow();
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect(() => slave.push(bytes)).not.toThrow();
      }),
    );
    // Resynchronised: a read still gets its answer.
    slave.push(Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 0));
    expect(ask(new RtuSlave(board()), encodeRtuRequest(254, { fn: 1, address: 0, count: 8 }))).toMatchObject({
      fn: 1,
    });
  });

  it('switches a relay and reads it back', () => {
    const memory = board();
    const slave = new RtuSlave(memory);
    expect(ask(slave, encodeRtuRequest(254, { fn: 5, address: 2, value: true }))).toEqual({
      fn: 5,
      address: 2,
      value: true,
    });
    expect(memory.coils[2]).toBe(true);
    expect(ask(slave, encodeRtuRequest(254, { fn: 1, address: 0, count: 8 }))).toEqual({
      fn: 1,
      values: [false, false, true, false, false, false, false, false],
    });
  });

  it('reads inputs and analog values, writes analog outputs at fAOReg', () => {
    const memory = board();
    memory.inputs[7] = true;
    memory.inputRegisters[1] = 12000;
    const slave = new RtuSlave(memory);
    // Read without its request, a bit reply holds a whole byte of values: the first is DI8.
    const di = ask(slave, encodeRtuRequest(254, { fn: 2, address: 7, count: 1 }));
    expect('values' in di && di.values[0]).toBe(true);
    expect(ask(slave, encodeRtuRequest(254, { fn: 4, address: 0, count: 2 }))).toEqual({
      fn: 4,
      values: [0, 12000],
    });
    ask(slave, encodeRtuRequest(254, { fn: 16, address: 400, values: [800, 1600] }));
    expect(memory.analogOutputs).toEqual([800, 1600]);
  });

  it('stores a written rule page and returns it on read', () => {
    const memory = board();
    const slave = new RtuSlave(memory);
    const page = new Uint8Array(80);
    page[0] = 17; // Modbus entry 0: slave 17
    page[1] = 3; // read holding registers
    const write = pageWrite('mb', 1, decodePage('mb', page));
    expect(
      ask(slave, encodeRtuRequest(254, { fn: 16, address: write.start, values: write.registers })),
    ).toEqual({
      fn: 16,
      address: 17040,
      count: 40,
    });
    const read = ask(slave, encodeRtuRequest(254, { fn: 3, address: 17040, count: 40 }));
    expect('values' in read && toHex(registersToBytes(read.values as number[]))).toBe(toHex(page));
  });

  it('answers addresses outside the device with exception 2', () => {
    const slave = new RtuSlave(board());
    expect(ask(slave, encodeRtuRequest(254, { fn: 1, address: 8, count: 1 }))).toEqual({
      fn: 1,
      exception: 2,
    });
    expect(ask(slave, encodeRtuRequest(254, { fn: 3, address: 402, count: 1 }))).toEqual({
      fn: 3,
      exception: 2,
    });
    expect(ask(slave, encodeRtuRequest(254, { fn: 6, address: 11999, value: 1 }))).toEqual({
      fn: 6,
      exception: 2,
    });
  });

  it('finds requests split anywhere, among heartbeats, and ignores other slaves', () => {
    const memory = board();
    const slave = new RtuSlave(memory, { heartbeat: new TextEncoder().encode('ping') });
    const other = encodeRtuRequest(7, { fn: 5, address: 0, value: true });
    const mine = encodeRtuRequest(254, { fn: 5, address: 1, value: true });
    const stream = Uint8Array.from([...new TextEncoder().encode('ping'), ...other, ...mine]);
    const replies: Uint8Array[] = [];
    for (let i = 0; i < stream.length; i += 3) replies.push(...slave.push(stream.subarray(i, i + 3)));
    expect(replies).toHaveLength(1);
    expect(memory.coils.slice(0, 2)).toEqual([false, true]);
  });

  it('refuses impossible shapes', () => {
    expect(() => new EquipmentMemory({ doCount: 33, diCount: 0, aiCount: 0, aoCount: 0 })).toThrow(
      RangeError,
    );
  });
});

describe('RTU slave answering several units', () => {
  it('answers its own address from its memory and other units from the router; silent elsewhere', () => {
    const own = board();
    const behind = board();
    behind.coils[0] = true;
    const asked: number[] = [];
    const slave = new RtuSlave(own, {
      units: (unit) => {
        asked.push(unit);
        return unit === 7 ? behind : null;
      },
    });
    const read = { fn: 1, address: 0, count: 1 } as const;
    const reply = slave.push(encodeRtuRequest(7, read));
    expect(reply).toHaveLength(1);
    expect(decodeRtuResponse(reply[0]!, read)).toEqual({
      ok: true,
      slave: 7,
      pdu: { fn: 1, values: [true] },
    });
    // Parsed without its request, an FC01 reply holds a whole byte of coils.
    expect(ask(slave, encodeRtuRequest(254, read))).toEqual({ fn: 1, values: new Array(8).fill(false) });
    expect(slave.push(encodeRtuRequest(8, read))).toEqual([]);
    expect(asked).toEqual([7, 8]);
    // A unit behind gets the exception its request earns, in its own name.
    const bad = slave.push(encodeRtuRequest(7, { fn: 1, address: 8, count: 1 }));
    expect(decodeRtuResponse(bad[0]!)).toMatchObject({ ok: true, slave: 7, pdu: { fn: 1, exception: 2 } });
  });
});
