/** A virtual device as a Modbus TCP server: framing, unit ids, and a real client on a socket. */
import { once } from 'node:events';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { decodeTcpResponse, encodeTcpRequest, matchResponse, TcpStreamParser } from '@fieldlink/protocol';
import type { ModbusRequest, ModbusResponse } from '@fieldlink/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { EquipmentMemory } from './memory.js';
import { ModbusTcpServer, ModbusTcpSlave } from './modbus-tcp-server.js';
import { VirtualDevice } from './virtual-device.js';

describe('ModbusTcpSlave', () => {
  const memory = () => new EquipmentMemory({ doCount: 8, diCount: 8, aiCount: 4, aoCount: 2 });

  it('answers its own address, 0 and 255, echoing the transaction and unit ids', () => {
    const m = memory();
    m.coils[2] = true;
    const slave = new ModbusTcpSlave(m, 254);
    for (const unit of [254, 0, 255]) {
      const [reply] = slave.push(
        encodeTcpRequest({ transaction: 4660, unit }, { fn: 1, address: 0, count: 3 }),
      );
      expect(decodeTcpResponse(reply!)).toEqual({
        ok: true,
        transaction: 4660,
        unit,
        pdu: { fn: 1, values: [false, false, true, false, false, false, false, false] },
      });
    }
  });

  it('takes frames split anywhere and several in one chunk, and writes the memory', () => {
    const m = memory();
    const slave = new ModbusTcpSlave(m, 254);
    const a = encodeTcpRequest({ transaction: 1, unit: 254 }, { fn: 5, address: 3, value: true });
    const b = encodeTcpRequest({ transaction: 2, unit: 254 }, { fn: 16, address: 400, values: [7, 8] });
    const both = new Uint8Array([...a, ...b]);
    expect(slave.push(both.subarray(0, 5))).toEqual([]);
    const replies = slave.push(both.subarray(5));
    expect(replies.map((r) => decodeTcpResponse(r))).toMatchObject([
      { ok: true, transaction: 1, pdu: { fn: 5, address: 3, value: true } },
      { ok: true, transaction: 2, pdu: { fn: 16, address: 400, count: 2 } },
    ]);
    expect(m.coils[3]).toBe(true);
    expect(m.analogOutputs).toEqual([7, 8]);
  });

  it('answers another unit id with exception 11 and a bad request with the exception it earns', () => {
    const slave = new ModbusTcpSlave(memory(), 254);
    const [other] = slave.push(
      encodeTcpRequest({ transaction: 9, unit: 7 }, { fn: 3, address: 400, count: 1 }),
    );
    expect(decodeTcpResponse(other!)).toEqual({
      ok: true,
      transaction: 9,
      unit: 7,
      pdu: { fn: 3, exception: 11 },
    });
    const [outside] = slave.push(
      encodeTcpRequest({ transaction: 10, unit: 254 }, { fn: 1, address: 7, count: 2 }),
    );
    expect(decodeTcpResponse(outside!)).toMatchObject({ ok: true, pdu: { fn: 1, exception: 2 } });
    // FC3 for 0 registers: well framed, illegal data value.
    const zero = new Uint8Array([0, 11, 0, 0, 0, 6, 254, 3, 1, 144, 0, 0]);
    expect(decodeTcpResponse(slave.push(zero)[0]!)).toMatchObject({ ok: true, pdu: { fn: 3, exception: 3 } });
    // Function code 0 cannot be answered at all.
    expect(slave.push(new Uint8Array([0, 12, 0, 0, 0, 2, 254, 0]))).toEqual([]);
  });
});

describe('ModbusTcpServer', () => {
  const open: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((close) => close()));
  });

  async function serve(device: VirtualDevice) {
    const server = new ModbusTcpServer(device);
    const port = await server.listen(0, '127.0.0.1');
    open.push(() => server.close());
    return { server, port };
  }

  async function client(port: number) {
    const socket = connect({ port, host: '127.0.0.1' });
    await once(socket, 'connect');
    open.push(async () => {
      socket.destroy();
      await Promise.resolve();
    });
    const parser = new TcpStreamParser({ direction: 'response' });
    let transaction = 0;
    const ask = async (request: ModbusRequest): Promise<ModbusResponse> => {
      const id = ++transaction;
      socket.write(encodeTcpRequest({ transaction: id, unit: 255 }, request));
      const [chunk] = (await once(socket, 'data')) as [Buffer];
      const [frame] = parser.push(chunk);
      if (!frame?.ok || frame.transaction !== id) throw new Error('no reply');
      const matched = matchResponse(request, frame.pdu);
      if (!matched.ok) throw new Error(matched.error);
      return matched.value;
    };
    return { socket: socket as Socket, ask };
  }

  it('a host answers the units of its sub-devices; other units get exception 11', async () => {
    const device = new VirtualDevice('FL-JYTeam001', 'TCP00002', {
      clock: () => 0,
      subDevices: [
        { type: 'FL-LR4', address: 1 },
        { type: 'FL-LR4', address: 2, joined: false },
      ],
    });
    const { port } = await serve(device);
    const socket = connect({ port, host: '127.0.0.1' });
    await once(socket, 'connect');
    open.push(async () => {
      socket.destroy();
      await Promise.resolve();
    });
    const parser = new TcpStreamParser({ direction: 'response' });
    const ask = async (unit: number, request: ModbusRequest) => {
      socket.write(encodeTcpRequest({ transaction: unit, unit }, request));
      const [chunk] = (await once(socket, 'data')) as [Buffer];
      return parser.push(chunk)[0];
    };
    expect(await ask(2, { fn: 5, address: 0, value: true })).toMatchObject({
      ok: true,
      unit: 2,
      pdu: { fn: 5, address: 0, value: true },
    });
    const slave = device.subDevice(1);
    expect(slave?.kind === 'board' && slave.snapshot().coils[0]).toBe(true);
    expect(device.snapshot().coils[0]).toBe(false);
    // Slave 2 is not in the slave table, slave 5 does not exist: the gateway's target fails to respond.
    expect(await ask(3, { fn: 1, address: 0, count: 1 })).toMatchObject({
      ok: true,
      pdu: { fn: 1, exception: 11 },
    });
    expect(await ask(6, { fn: 1, address: 0, count: 1 })).toMatchObject({
      ok: true,
      pdu: { fn: 1, exception: 11 },
    });
    expect(await ask(254, { fn: 4, address: 1000, count: 1 })).toMatchObject({
      ok: true,
      pdu: { fn: 4, values: [0xffff] },
    });
  });

  it('serves the device memory to several clients and hangs up on close', async () => {
    const device = new VirtualDevice('FL-R8', 'TCP00001', { clock: () => 0 });
    const { server, port } = await serve(device);
    const a = await client(port);
    const b = await client(port);
    expect(await a.ask({ fn: 5, address: 1, value: true })).toEqual({ fn: 5, address: 1, value: true });
    expect(device.memory.coils[1]).toBe(true);
    expect(await b.ask({ fn: 1, address: 0, count: 2 })).toEqual({ fn: 1, values: [false, true] });
    expect(server.connections).toBe(2);
    const closed = once(a.socket, 'close');
    server.disconnectAll();
    await closed;
    // The port stays open: a client can come back.
    const c = await client(port);
    expect(await c.ask({ fn: 1, address: 1, count: 1 })).toEqual({ fn: 1, values: [true] });
    await server.close();
    expect(server.server.listening).toBe(false);
  });
});
