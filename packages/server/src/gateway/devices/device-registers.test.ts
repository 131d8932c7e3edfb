/**
 * What the server does with the device registers of a simulated device over a real DTU link
 * (docs/protocol.md § Device registers): the clock it sets runs the device's timer rules at the
 * server's time, the battery and GPS are read, and a team host's radio, interval and slave table
 * are read and written with the LoRa operations, answered with their result messages.
 */
import { pageWrite } from '@fieldlink/protocol';
import { DtuClient, VirtualDevice } from '@fieldlink/simulator';
import type { VirtualDeviceOptions } from '@fieldlink/simulator';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, post, register } from '../../accounts/test-support.js';
import { storageCases, useStorage } from '../../storage/test-support.js';
import { startDeviceStack, until, WAIT_MS } from '../test-support.js';
import type { DeviceStack } from '../test-support.js';

/** 08:29:58 in Asia/Shanghai (UTC+8) on Monday 2026-03-02, as the server's clock starts. */
const SERVER_START = Date.UTC(2026, 2, 2, 0, 29, 58);

describe('device registers over a DTU link', () => {
  const storage = useStorage(storageCases()[0]!);
  let stack: DeviceStack;
  let token = '';
  /** The server's clock: real time shifted to start at SERVER_START. */
  const shift = SERVER_START - Date.now();
  const clients: DtuClient[] = [];

  beforeAll(async () => {
    stack = await startDeviceStack(storage(), { now: () => Date.now() + shift, timeoutMs: 300 });
    await register(stack.accounts, 'registers-owner');
    token = (await login(stack.accounts, 'registers-owner')).accessToken;
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.stop()));
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** The link secret of each device made, by serial. */
  const secrets = new Map<string, string>();

  async function equipment(body: Record<string, unknown>, path = '/equipment'): Promise<number> {
    const made = await post(stack.app, path, body, bearer(token));
    expect(made.statusCode, made.body).toBe(201);
    const reply = made.json() as { id: number; sn: string | null; linkSecret?: string };
    if (reply.sn !== null && reply.linkSecret !== undefined) secrets.set(reply.sn, reply.linkSecret);
    return reply.id;
  }

  async function connect(type: string, sn: string, id: number, options: VirtualDeviceOptions = {}) {
    const device = new VirtualDevice(type, sn, { secret: secrets.get(sn), ...options });
    const client = new DtuClient(device, {
      host: '127.0.0.1',
      port: stack.dtuPort,
      heartbeatMs: 0,
      tickMs: 50,
    });
    clients.push(client);
    client.start();
    await until(() => stack.devices.isOnline(id), WAIT_MS);
    await until(() => stack.devices.busy === 0, 5000);
    return device;
  }

  const operate = (id: number, body: Record<string, unknown>) =>
    post(stack.app, `/equipment/${id}/operations`, body, bearer(token));

  it('sets the clock when the link comes up, and the device runs its timer at the server’s time', async () => {
    const id = await equipment({ sn: 'CLOCK001', type: 'FL-R8', name: 'Clock' });
    const device = await connect('FL-R8', 'CLOCK001', id);
    const page = pageWrite('rtc', 0, [
      {
        dev: 0,
        mode: 1,
        more: false,
        at: { year: null, month: null, day: null, hour: 8, minute: 30, second: 0 },
        output: { mode: 1, channel: 4, value: 0, addr: 0 },
      },
    ]);
    const write = await operate(id, { opr: 'waohex', aoinfos: page.startHexdata });
    expect(write.statusCode, write.body).toBe(200);
    expect(device.memory.coils[4]).toBe(false);
    // 08:30:00 on the device comes about 2 s after the link came up.
    await until(() => device.memory.coils[4] === true, 5000);
  }, 10_000);

  it('reads the battery and the GPS position', async () => {
    const id = await equipment({ sn: 'BATT0001', type: 'FL-R4', name: 'Battery' });
    await connect('FL-R4', 'BATT0001', id, { soc: 64, gps: { latitude: 31.23, longitude: 121.47 } });
    const soc = await operate(id, { opr: 'readsoc' });
    expect(soc.json()).toMatchObject({
      result: { infotype: 'EquipInfoNow', info: { SN: 'BATT0001', IsOnline: true, SOC: 64 } },
    });
    const gps = await operate(id, { opr: 'READGPS' });
    expect(gps.json()).toMatchObject({
      result: { infotype: 'JsonMsg', info: { data: { gps: '121.47, 31.23', fix: true } } },
    });
    const row = await storage()
      .db.selectFrom('equipment')
      .select('soc')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.soc).toBe(64);
  });

  it('reads and writes a team host’s radio, interval and slave table; a slave out of the table is out of reach', async () => {
    const id = await equipment({ sn: 'TEAM0001', type: 'FL-JYTeam001', name: 'Team' });
    const slave = await equipment(
      { type: 'FL-LR4', name: 'Slave 1', address: 1 },
      `/equipment/${id}/sub-devices`,
    );
    const host = await connect('FL-JYTeam001', 'TEAM0001', id, {
      subDevices: [
        { type: 'FL-LR4', address: 1 },
        { type: 'FL-LR4', address: 2 },
      ],
    });
    const radio = await operate(id, { opr: 'LoraWParam', netId: 7, channel: 23, airRate: 2, power: 1 });
    expect(radio.json()).toMatchObject({
      result: { infotype: 'CRFLoraParam', info: { netId: 7, channel: 23, airRate: 2, power: 1 } },
    });
    expect((await operate(id, { opr: 'LoRaWTiming', interval: 600 })).json()).toMatchObject({
      result: { infotype: 'CRFLoraTiming', info: { interval: 600 } },
    });
    expect((await operate(id, { opr: 'lorarconfig' })).json()).toMatchObject({
      result: { infotype: 'CRFConfigRead', info: { slaves: [1, 2] } },
    });

    expect((await operate(slave, { opr: 'openone', io: 2 })).statusCode).toBe(200);
    expect(host.subDevices[0]!.snapshot().coils[1]).toBe(true);

    expect((await operate(id, { opr: 'LoraClearSlave' })).json()).toMatchObject({
      result: { infotype: 'CRFConfigClear', info: { ok: true } },
    });
    const unreachable = await operate(slave, { opr: 'closeone', io: 2 });
    expect(unreachable.statusCode).toBe(409);
    expect((await operate(id, { opr: 'lorawconfig', slaves: [1] })).json()).toMatchObject({
      result: { infotype: 'CRFConfigWrite', info: { ok: true } },
    });
    expect((await operate(slave, { opr: 'closeone', io: 2 })).statusCode).toBe(200);
    expect(host.subDevices[0]!.snapshot().coils[1]).toBe(false);

    // Polls of a host whose slaves are all out of reach leave its link up.
    await operate(id, { opr: 'LoraClearSlave' });
    await equipment({ type: 'FL-LR4', name: 'Slave 2', address: 2 }, `/equipment/${id}/sub-devices`);
    // Two polls' worth of silent slaves; a baseline poll already running makes a poll a no-op.
    const link = stack.dtu.registry.get('TEAM0001')!;
    const silentFrom = link.stats.timeouts;
    await until(async () => {
      await stack.devices.poll(id);
      return link.stats.timeouts >= silentFrom + 4;
    }, WAIT_MS);
    expect(stack.devices.isOnline(id)).toBe(true);

    // A LoRa operation on a board is refused before anything is sent.
    const board = await equipment({ sn: 'NOTEAM01', type: 'FL-R4', name: 'Board' });
    expect((await operate(board, { opr: 'lorarconfig' })).statusCode).toBe(400);
  }, 15_000);
});
