/**
 * The device link end to end over real sockets, on both databases: a simulated device dials the
 * DTU listener, the server polls it and pushes its state to a browser on /ws, a REST operation
 * switches a relay in the device's memory, the new state is pushed, the operation is in the
 * events, and a dropped link is pushed as offline; and the same for a device the server dials over
 * Modbus TCP.
 */
import { DtuClient, ModbusTcpServer, VirtualDevice } from '@fieldlink/simulator';
import type { PushInfo } from '@fieldlink/protocol';
import { unpackChannels } from '@fieldlink/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it as baseIt } from 'vitest';
import { bearer, login, post, register } from '../accounts/test-support.js';
import type { AccountsHarness } from '../accounts/test-support.js';
import type { HistoryWriter } from '../history/writer.js';
import { Browser } from '../live/test-support.js';
import { storageCases, useStorage } from '../storage/test-support.js';
import { ModbusTcpDialer } from './modbus-tcp/modbus-tcp-dialer.js';
import { loopbackDialPolicy, startDeviceStack, until, WAIT_MS } from './test-support.js';
import type { DeviceStack } from './test-support.js';

describe.each(storageCases())('device link end to end on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const storage = useStorage(store);
  let stack: DeviceStack;
  let app: FastifyInstance;
  let history: HistoryWriter;
  let dtuPort = 0;
  let wsUrl = '';
  let h: AccountsHarness;

  beforeAll(async () => {
    if (store.skip !== null) return;
    stack = await startDeviceStack(storage());
    ({ app, history, dtuPort, wsUrl, accounts: h } = stack);
  });

  afterAll(async () => {
    await stack?.close();
  });

  const regdo = (m: unknown, count: number): boolean[] | null => {
    const info = (m as PushInfo).info;
    return info.regdo ? unpackChannels(Uint8Array.from(info.regdo), count) : null;
  };

  it('polls, pushes, operates and records a simulated relay board', async () => {
    await register(h, 'e2e-owner');
    const token = (await login(h, 'e2e-owner')).accessToken;
    const made = await post(
      app,
      '/equipment',
      { sn: 'E2E00001', type: 'FL-R8', name: 'E2E board' },
      bearer(token),
    );
    expect(made.statusCode, made.body).toBe(201);
    const { id, linkSecret } = made.json() as { id: number; linkSecret: string };

    // Offline: an operation is refused, and nothing is sent.
    const offline = await post(app, `/equipment/${id}/operations`, { opr: 'openone', io: 2 }, bearer(token));
    expect(offline.statusCode, offline.body).toBe(409);

    const browser = await Browser.open(wsUrl);
    browser.send({ infotype: 'register', info: { token } });
    await browser.next('register');

    // The device registers with the secret the owner was given (SN:secret).
    const device = new VirtualDevice('FL-R8', 'E2E00001', { secret: linkSecret });
    const client = new DtuClient(device, { host: '127.0.0.1', port: dtuPort, heartbeatMs: 0, tickMs: 50 });
    client.start();
    try {
      expect(await browser.next('EquipInfoNow', WAIT_MS)).toMatchObject({
        info: { SN: 'E2E00001', IsOnline: true },
      });
      expect(await browser.next('GPRSReg', WAIT_MS)).toMatchObject({
        info: { SN: 'E2E00001', IsOnline: true },
      });
      const first = await browser.next('PushInfo', WAIT_MS);
      expect(regdo(first, 8)).toEqual(Array(8).fill(false));
      expect((first as PushInfo).info.regai).toHaveLength(2);

      const res = await post(app, `/equipment/${id}/operations`, { opr: 'openone', io: 2 }, bearer(token));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'done', response: { fn: 5, address: 1, value: true } });
      expect(device.memory.coils[1]).toBe(true);
      const after = await browser.next('PushInfo', 3000, (m) => regdo(m, 8)?.[1] === true);
      expect(regdo(after, 8)).toEqual([false, true, false, false, false, false, false, false]);

      // A read answers with the device's values.
      const read = await post(
        app,
        `/equipment/${id}/operations`,
        { opr: 'rdo', regstart: 0, regnum: 8 },
        bearer(token),
      );
      expect(read.json()).toMatchObject({
        response: { fn: 1, values: [false, true, false, false, false, false, false, false] },
      });

      // Channels the type lacks, and rights the caller lacks, are refused before the device.
      const past = await post(app, `/equipment/${id}/operations`, { opr: 'openone', io: 9 }, bearer(token));
      expect(past.statusCode).toBe(400);
      await register(h, 'e2e-reader');
      const readerToken = (await login(h, 'e2e-reader')).accessToken;
      const code = await post(
        app,
        `/equipment/${id}/share-codes`,
        { level: 'read', validity: '1d' },
        bearer(token),
      );
      await post(
        app,
        '/share-codes/redeem',
        { code: (code.json() as { code: string }).code },
        bearer(readerToken),
      );
      const denied = await post(
        app,
        `/equipment/${id}/operations`,
        { opr: 'closeone', io: 2 },
        bearer(readerToken),
      );
      expect(denied.statusCode, denied.body).toBe(403);
      expect(device.memory.coils[1]).toBe(true);

      // The live channel carries operations too, answered to the asker.
      browser.send({ infotype: 'damopr', info: { unid: 'E2E00001', opr: 'closeone', io: 2 } });
      expect(await browser.next('DAMOpr', WAIT_MS)).toMatchObject({
        info: { SN: 'E2E00001', opr: 'closeone', ok: true },
      });
      expect(device.memory.coils[1]).toBe(false);

      // Rule-page registers: a write, then a read, answered to the asker.
      browser.send({
        infotype: 'ModbusReg',
        info: { fn: 16, unid: 'E2E00001', regstart: 12000, hexdata: '0001ABCD' },
      });
      expect(await browser.next('ModbusReg', WAIT_MS)).toMatchObject({
        info: { fn: 16, regstart: 12000, regnum: 2 },
      });
      expect([device.memory.readHolding(12000), device.memory.readHolding(12001)]).toEqual([1, 0xabcd]);
      browser.send({ infotype: 'ModbusReg', info: { fn: 3, unid: 'E2E00001', regstart: 12000, regnum: 2 } });
      expect(await browser.next('ModbusReg', WAIT_MS)).toMatchObject({
        info: { SN: 'E2E00001', fn: 3, regstart: 12000, regnum: 2, hexdata: '0001ABCD' },
      });

      const row = await storage()
        .db.selectFrom('equipment')
        .select('online')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.online).toBe(1);
      await history.flush();
      // The app's clock stands still in tests, while the device service stamps events with the
      // real time: the range's end is moved past now.
      h.clock.ms = Date.now() + 1000;
      const events = await app.inject({
        method: 'GET',
        url: `/api/v1/equipment/${id}/events`,
        headers: bearer(token),
      });
      const messages = (events.json() as { items: { kind: string; message: string }[] }).items.map(
        (e) => e.message,
      );
      expect(messages).toEqual(expect.arrayContaining(['openone DO2: ok', 'closeone DO2: ok', 'online']));
    } finally {
      await client.stop();
    }
    expect(
      await browser.next(
        'EquipInfoNow',
        WAIT_MS,
        (m) => (m as { info: { IsOnline: boolean } }).info.IsOnline === false,
      ),
    ).toMatchObject({
      info: { SN: 'E2E00001', IsOnline: false },
    });
    await until(async () => {
      const row = await storage()
        .db.selectFrom('equipment')
        .select('online')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return row.online === 0;
    });
    browser.close();
  });

  it('does the same over Modbus TCP: the server dials, polls, operates and pushes', async () => {
    await register(h, 'mbtcp-owner');
    const token = (await login(h, 'mbtcp-owner')).accessToken;
    const made = await post(
      app,
      '/equipment',
      { sn: 'E2ETCP01', type: 'FL-R8', name: 'TCP board' },
      bearer(token),
    );
    const id = (made.json() as { id: number }).id;
    const device = new VirtualDevice('FL-R8', 'E2ETCP01');
    const server = new ModbusTcpServer(device);
    const port = await server.listen(0, '127.0.0.1');
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/v1/equipment/${id}`,
      headers: bearer(token),
      payload: { modbusTcp: { host: '127.0.0.1', port } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const dialer = new ModbusTcpDialer({
      db: storage().db,
      registry: stack.dtu.registry,
      policy: loopbackDialPolicy(),
    });
    const browser = await Browser.open(wsUrl);
    try {
      browser.send({ infotype: 'register', info: { token } });
      await browser.next('register');
      await dialer.refresh();
      expect(await browser.next('EquipInfoNow', WAIT_MS)).toMatchObject({
        info: { SN: 'E2ETCP01', IsOnline: true },
      });
      await browser.next('PushInfo', WAIT_MS);
      const res = await post(app, `/equipment/${id}/operations`, { opr: 'openone', io: 5 }, bearer(token));
      expect(res.statusCode, res.body).toBe(200);
      expect(device.memory.coils[4]).toBe(true);
      const after = await browser.next('PushInfo', 3000, (m) => regdo(m, 8)?.[4] === true);
      expect(regdo(after, 8)?.[4]).toBe(true);
    } finally {
      browser.close();
      await dialer.close();
      await server.close();
    }
  });
});
