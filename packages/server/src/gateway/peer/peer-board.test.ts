/**
 * The device link against a Modbus slave that is not ours: modbus-serial's ServerTCP (peer-board.ts)
 * behind a DTU (dtu-bridge.ts) that dials our DTU listener, and the same slave dialled directly
 * over Modbus TCP. The server reads its DO, DI, AI and AO, switches its relays and writes its AO
 * (through the REST API and the device service), passes its exceptions through, and gets nothing
 * from a slave at another address. UNIT is the types' default slave address; a peer board at
 * another address is `board({ unitId })`.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, post, register } from '../../accounts/test-support.js';
import type { EquipmentReply } from '@fieldlink/protocol';
import { storageCases, useStorage } from '../../storage/test-support.js';
import { ModbusTcpDialer } from '../modbus-tcp/modbus-tcp-dialer.js';
import {
  addLinkedDevices,
  loopbackDialPolicy,
  operation,
  startDeviceStack,
  until,
  WAIT_MS,
} from '../test-support.js';
import type { DeviceStack } from '../test-support.js';
import { DtuBridge } from './dtu-bridge.js';
import { PeerBoard } from './peer-board.js';
import type { PeerBoardOptions } from './peer-board.js';

/** The slave address of FL-R8 and FL-AO4 (catalogue.ts). */
const UNIT = 254;

const F = false;
const T = true;

describe('a third-party Modbus slave behind the device link', () => {
  const storage = useStorage(storageCases()[0]!);
  let stack: DeviceStack;
  let token = '';
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    // Short request timeouts: one test waits for a slave that stays silent.
    stack = await startDeviceStack(storage(), { timeoutMs: 400, settingsCheckMs: 50 });
    await register(stack.accounts, 'peer-owner');
    token = (await login(stack.accounts, 'peer-owner')).accessToken;
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** A peer board at UNIT unless told otherwise, closed after the test. */
  async function board(options: PeerBoardOptions): Promise<PeerBoard> {
    const peer = await PeerBoard.start({ unitId: UNIT, ...options });
    cleanups.push(() => peer.close());
    return peer;
  }

  /** `peer` behind a DTU registering as `sn` (with `secret`), closed after the test. */
  async function bridge(sn: string, peer: PeerBoard, secret?: string): Promise<DtuBridge> {
    const dtu = await DtuBridge.connect({
      host: '127.0.0.1',
      port: stack.dtuPort,
      serial: sn,
      ...(secret === undefined ? {} : { secret }),
      slave: peer,
      heartbeat: { bytes: 'ping', everyMs: 20 },
    });
    cleanups.push(() => dtu.close());
    return dtu;
  }

  /** An equipment row of `type` straight in the store (open link, or a Modbus TCP port); its id. */
  async function record(sn: string, type: string, modbusTcpPort?: number): Promise<number> {
    const id = (await addLinkedDevices(storage(), [sn], { modbusTcpPort: modbusTcpPort ?? null })).get(sn)!;
    await storage().db.updateTable('equipment').set({ type }).where('id', '=', id).execute();
    return id;
  }

  const operate = async (id: number, body: Record<string, unknown>) => {
    const row = await storage()
      .db.selectFrom('equipment')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return stack.devices.operate(row, operation(body), null);
  };

  const operateRest = (id: number, body: Record<string, unknown>) =>
    post(stack.app, `/equipment/${id}/operations`, body, bearer(token));

  it('reads an FL-R8 behind a DTU and switches its relays through the REST API', async () => {
    const peer = await board({
      coils: [F, T, F, F, F, F, F, T],
      discreteInputs: [T, F, F, T, F, F, F, F],
      inputRegisters: [1234, 65535],
    });
    const made = await post(
      stack.app,
      '/equipment',
      { sn: 'PEERDTU1', type: 'FL-R8', name: 'Peer board' },
      bearer(token),
    );
    expect(made.statusCode, made.body).toBe(201);
    const { id, linkSecret } = made.json() as { id: number; linkSecret: string };
    // The registration with the device secret: `SN:secret\n`.
    const dtu = await bridge('PEERDTU1', peer, linkSecret);
    await until(() => stack.devices.isOnline(id), WAIT_MS);

    expect(await stack.devices.poll(id, 'user')).toEqual({
      do: [F, T, F, F, F, F, F, T],
      di: [T, F, F, T, F, F, F, F],
      ai: [1234, 65535],
    });
    // The board's inputs change: the next poll has them.
    peer.discreteInputs[5] = true;
    peer.inputRegisters[0] = 42;
    const next = await stack.devices.poll(id, 'user');
    expect(next?.di?.[5]).toBe(true);
    expect(next?.ai).toEqual([42, 65535]);

    const opened = await operateRest(id, { opr: 'openone', io: 3 });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ status: 'done', response: { fn: 5, address: 2, value: true } });
    expect(peer.coils).toEqual([F, T, T, F, F, F, F, T]);

    const read = await operateRest(id, { opr: 'rdi', regstart: 0, regnum: 8 });
    expect(read.json()).toMatchObject({ response: { fn: 2, values: [T, F, F, T, F, T, F, F] } });

    // All relays off: one FC15 write of eight coils.
    const closed = await operateRest(id, { opr: 'close' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(peer.coils).toEqual(Array(8).fill(F));

    // Heartbeats went out between the frames, and the link took none of them for a frame.
    await until(() => dtu.stats.heartbeats >= 2, WAIT_MS);
    expect((await stack.devices.poll(id, 'user'))?.do).toEqual(Array(8).fill(F));
    expect(dtu.stats.skipped).toBe(0);
    expect(dtu.stats.replies).toBeGreaterThan(0);
    expect(stack.dtu.registry.get('PEERDTU1')?.stats).toMatchObject({ timeouts: 0, unmatched: 0 });
    expect([...peer.unitsSeen]).toEqual([UNIT]);
  });

  it('reads and writes the analog outputs of an FL-AO4 behind a DTU', async () => {
    const peer = await board({
      discreteInputs: [F, T],
      inputRegisters: [10, 20, 30, 40],
      holdingRegisters: { 400: [1, 2, 3, 4] },
    });
    const id = await record('PEERAO01', 'FL-AO4');
    await bridge('PEERAO01', peer);
    await until(() => stack.devices.isOnline(id), WAIT_MS);

    expect(await stack.devices.poll(id, 'user')).toEqual({
      di: [F, T],
      ai: [10, 20, 30, 40],
      ao: [1, 2, 3, 4],
    });
    const written = await operate(id, { opr: 'wao', aoinfo: [500, 600, 700, 800] });
    expect(written.response).toEqual({ fn: 16, address: 400, count: 4 });
    expect(peer.readHolding(400, 4)).toEqual([500, 600, 700, 800]);
    const read = await operate(id, { opr: 'rao', regstart: 401, regnum: 2 });
    expect(read.response).toEqual({ fn: 3, values: [600, 700] });
  });

  it("passes the slave's exceptions through, and a refused write changes nothing", async () => {
    // A board without input registers, refusing FC04 as an illegal function.
    const peer = await board({
      coils: Array<boolean>(8).fill(F),
      discreteInputs: Array<boolean>(8).fill(F),
      refuse: { inputRegisters: 1 },
    });
    const id = await record('PEEREXC1', 'FL-R8');
    const dtu = await bridge('PEEREXC1', peer);
    await until(() => stack.devices.isOnline(id), WAIT_MS);

    // The relays and inputs are read without the refused block; the link stays up, the outputs work.
    expect(await stack.devices.poll(id, 'user')).toEqual({ do: Array(8).fill(F), di: Array(8).fill(F) });
    // What the record's status.unsupported is read from.
    const unsupported = async () =>
      (
        await storage()
          .db.selectFrom('equipment')
          .select('unsupported_blocks')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).unsupported_blocks;
    expect(await unsupported()).toBe('{"ai":1}');
    // Left out of the next polls: coils and discrete inputs are read (functions 1, 2), the input
    // registers (4) no more. (Counted by function: a background read may share the window.)
    const before = dtu.functions.length;
    peer.discreteInputs[1] = true;
    expect((await stack.devices.poll(id, 'user'))?.di?.[1]).toBe(true);
    const since = dtu.functions.slice(before);
    expect(since).toEqual(expect.arrayContaining([1, 2]));
    expect(since).not.toContain(4);
    await expect(operate(id, { opr: 'rai', regstart: 0, regnum: 2 })).rejects.toMatchObject({
      code: 'device',
      message: expect.stringContaining('Modbus exception 1') as string,
    });
    expect(stack.devices.isOnline(id)).toBe(true);
    expect((await operate(id, { opr: 'openone', io: 8 })).status).toBe('done');
    expect(peer.coils[7]).toBe(true);

    // Once it has input registers, its next link reads the state whole again.
    peer.refusals.delete('inputRegisters');
    peer.inputRegisters.push(7, 8);
    await dtu.close();
    await until(() => !stack.devices.isOnline(id), WAIT_MS);
    await bridge('PEEREXC1', peer);
    await until(() => stack.devices.isOnline(id), WAIT_MS);
    expect((await stack.devices.poll(id, 'user'))?.ai).toEqual([7, 8]);
    expect(await unsupported()).toBeNull();

    // An FL-AO4 whose board holds two AO registers, not four: the write is refused (illegal
    // data address) and no register is written.
    const ao = await board({
      discreteInputs: [F, F],
      inputRegisters: [0, 0, 0, 0],
      holdingRegisters: { 400: [5, 6] },
    });
    const aoId = await record('PEEREXC2', 'FL-AO4');
    await bridge('PEEREXC2', ao);
    await until(() => stack.devices.isOnline(aoId), WAIT_MS);
    await expect(operate(aoId, { opr: 'wao', aoinfo: [1, 2, 3, 4] })).rejects.toMatchObject({
      code: 'device',
      message: expect.stringContaining('Modbus exception 2') as string,
    });
    expect(ao.readHolding(400, 4)).toEqual([5, 6, undefined, undefined]);
  });

  it('gets no reply from a slave at another address: the line stays silent', async () => {
    const peer = await board({ unitId: 1, coils: Array<boolean>(8).fill(F) });
    const id = await record('PEERSIL1', 'FL-R8');
    const dtu = await bridge('PEERSIL1', peer);
    await until(() => stack.devices.isOnline(id), WAIT_MS);

    const link = stack.dtu.registry.get('PEERSIL1');
    expect(link).toBeDefined();

    expect(await stack.devices.poll(id, 'user')).toBeNull();
    expect(dtu.stats.requests).toBeGreaterThan(0);
    expect(dtu.stats.replies).toBe(0);
    expect(peer.unitsSeen.size).toBe(0);
    expect(link?.stats.timeouts).toBeGreaterThan(0);
  });

  it('shows a board at address 1 as not answering at 254, and reads it once its owner sets 1', async () => {
    const peer = await board({
      unitId: 1,
      coils: [T, F, F, F, F, F, F, F],
      discreteInputs: Array<boolean>(8).fill(F),
      inputRegisters: [7, 8],
    });
    const made = await post(
      stack.app,
      '/equipment',
      { sn: 'PEERADR1', type: 'FL-R8', name: 'Board at 1' },
      bearer(token),
    );
    const { id, linkSecret } = made.json() as { id: number; linkSecret: string };
    await bridge('PEERADR1', peer, linkSecret);
    const record = async () =>
      (
        await stack.app.inject({ method: 'GET', url: `/api/v1/equipment/${id}`, headers: bearer(token) })
      ).json() as EquipmentReply;
    await until(async () => (await record()).status.unansweredAddress === 254, WAIT_MS);
    expect((await record()).status).toMatchObject({ online: true, unansweredAddress: 254 });
    // Polls keep failing without the link going down.
    expect(await stack.devices.poll(id, 'user')).toBeNull();
    expect(await stack.devices.poll(id, 'user')).toBeNull();
    expect(stack.dtu.registry.get('PEERADR1')?.closed).toBe(false);

    const set = await stack.app.inject({
      method: 'PATCH',
      url: `/api/v1/equipment/${id}`,
      headers: bearer(token),
      payload: { slaveAddress: 1 },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ slaveAddress: 1, status: { unansweredAddress: null } });
    await until(async () => (await stack.devices.poll(id, 'user')) !== null, WAIT_MS);
    expect(await stack.devices.poll(id, 'user')).toEqual({
      do: [T, F, F, F, F, F, F, F],
      di: Array(8).fill(F),
      ai: [7, 8],
    });
    expect((await operateRest(id, { opr: 'openone', io: 2 })).statusCode).toBe(200);
    expect(peer.coils.slice(0, 2)).toEqual([T, T]);
    expect([...peer.unitsSeen]).toEqual([1]);
    expect((await record()).status.unansweredAddress).toBeNull();
  });

  it('reads and operates the same board dialled over Modbus TCP', async () => {
    const peer = await board({
      coils: [T, F, F, F, F, F, F, F],
      discreteInputs: [F, F, T, F, F, F, F, T],
      inputRegisters: [300, 301],
    });
    const id = await record('PEERTCP1', 'FL-R8', peer.port);
    const dialer = new ModbusTcpDialer({
      db: storage().db,
      registry: stack.dtu.registry,
      policy: loopbackDialPolicy(),
    });
    cleanups.push(() => dialer.close());
    await dialer.refresh();
    await until(() => stack.devices.isOnline(id), WAIT_MS);
    expect(peer.connections).toBe(1);

    expect(await stack.devices.poll(id, 'user')).toEqual({
      do: [T, F, F, F, F, F, F, F],
      di: [F, F, T, F, F, F, F, T],
      ai: [300, 301],
    });
    expect((await operate(id, { opr: 'openone', io: 8 })).response).toEqual({
      fn: 5,
      address: 7,
      value: true,
    });
    expect(peer.coils).toEqual([T, F, F, F, F, F, F, T]);
    peer.inputRegisters[1] = 999;
    expect((await stack.devices.poll(id, 'user'))?.ai).toEqual([300, 999]);
    expect([...peer.unitsSeen]).toEqual([UNIT]);
  });
});
