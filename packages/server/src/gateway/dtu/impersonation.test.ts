/**
 * Device impersonation and register rights through the whole server, on both databases: an owner
 * adds a device and its DTU registers with the secret from the POST reply; an impostor who knows
 * the serial registers without it (or with a wrong or an old one) and gets nothing: none of the
 * owner's commands, no readings or alarms of its own; the contest is an alarm in the events and
 * on the owner's console, once a window. And an operate grantee may write the analog outputs over
 * the live channel but not the clock, the slave table or the LoRa parameters.
 */
import { DtuClient, VirtualDevice } from '@fieldlink/simulator';
import { afterAll, beforeAll, describe, expect, it as baseIt } from 'vitest';
import { bearer, login, post, register } from '../../accounts/test-support.js';
import { Browser } from '../../live/test-support.js';
import { storageCases, useStorage } from '../../storage/test-support.js';
import { startDeviceStack, until, VirtualDtu, WAIT_MS } from '../test-support.js';
import type { DeviceStack } from '../test-support.js';

describe.each(storageCases())('impersonation and register rights on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const storage = useStorage(store);
  let stack: DeviceStack;

  beforeAll(async () => {
    if (store.skip !== null) return;
    stack = await startDeviceStack(storage());
  });
  afterAll(async () => {
    await stack?.close();
  });

  async function owner(name: string) {
    await register(stack.accounts, name);
    return (await login(stack.accounts, name)).accessToken;
  }

  it('lets the owner’s DTU in with the secret from the POST reply, and an impostor nowhere', async () => {
    const { app } = stack;
    const token = await owner('imp-owner');
    const made = await post(
      app,
      '/equipment',
      { sn: 'IMPS0001', type: 'FL-R8', name: 'Pumps' },
      bearer(token),
    );
    expect(made.statusCode, made.body).toBe(201);
    const { id, linkSecret } = made.json() as { id: number; linkSecret: string };

    const browser = await Browser.open(stack.wsUrl);
    browser.send({ infotype: 'register', info: { token } });
    await browser.next('register');
    const device = new VirtualDevice('FL-R8', 'IMPS0001', { secret: linkSecret });
    const client = new DtuClient(device, {
      host: '127.0.0.1',
      port: stack.dtuPort,
      heartbeatMs: 0,
      tickMs: 50,
    });
    client.start();
    const impostors: VirtualDtu[] = [];
    try {
      await until(() => stack.devices.isOnline(id), WAIT_MS);
      const link = stack.dtu.registry.get('IMPS0001');
      // The impostor knows the serial, tries without the secret and with guesses, and would answer
      // every request with DI alarms raised.
      for (const registration of ['IMPS0001', 'IMPS0001:guess', `IMPS0001:${linkSecret.slice(1)}`]) {
        const impostor = await VirtualDtu.dial(stack.dtuPort, `${registration}\n`);
        impostor.memory.inputs.fill(true);
        impostors.push(impostor);
      }
      await Promise.all(impostors.map((i) => i.closed));
      expect(stack.dtu.registry.get('IMPS0001')).toBe(link);

      let done = 0;
      for (let i = 0; i < 39; i++) {
        const res = await post(
          app,
          `/equipment/${id}/operations`,
          { opr: i % 2 === 0 ? 'openone' : 'closeone', io: (i % 8) + 1 },
          bearer(token),
        );
        if (res.statusCode === 200) done++;
      }
      expect(done).toBe(39);
      expect(impostors.every((i) => i.requests === 0)).toBe(true);

      // The contest is an alarm on the owner's console, and in the events; once in the window.
      const alarm = await browser.next('Notiface', WAIT_MS);
      expect(alarm).toMatchObject({ info: { SN: 'IMPS0001', channel: 'LINK', level: 1, value: 1 } });
      await stack.history.flush();
      stack.accounts.clock.ms = Date.now() + 1000;
      const events = await app.inject({
        method: 'GET',
        url: `/api/v1/equipment/${id}/events`,
        headers: bearer(token),
      });
      const items = (
        events.json() as { items: { kind: string; message: string; detail: Record<string, unknown> }[] }
      ).items;
      const contested = items.filter((e) => e.detail.cause === 'link_contested');
      expect(contested).toHaveLength(1);
      expect(contested[0]).toMatchObject({
        kind: 'alarm',
        detail: { reason: 'secret missing', attempts: 1 },
      });
      expect(contested[0]!.message).toMatch(/^Link contested: 127\.0\.0\.1:\d+ tried to register IMPS0001/);
      // No DI alarm: nothing the impostor holds reached the server.
      expect(items.filter((e) => e.kind === 'alarm' && e.detail.cause === undefined)).toEqual([]);
      // The one alarm pushed was taken above: no other came.
      expect(browser.received.filter((m) => m.infotype === 'Notiface')).toEqual([]);

      // Regenerated: the running link stays; a connection with the old secret is refused, with
      // the new one it takes over.
      const fresh = await post(app, `/equipment/${id}/link-secret`, {}, bearer(token));
      expect(fresh.statusCode, fresh.body).toBe(200);
      const newSecret = (fresh.json() as { linkSecret: string }).linkSecret;
      expect(stack.dtu.registry.get('IMPS0001')).toBe(link);
      const old = await VirtualDtu.dial(stack.dtuPort, `IMPS0001:${linkSecret}\n`);
      impostors.push(old);
      await old.closed;
      expect(stack.dtu.registry.get('IMPS0001')).toBe(link);
      const renewed = await VirtualDtu.dial(stack.dtuPort, `IMPS0001:${newSecret}\n`);
      impostors.push(renewed);
      await until(() => stack.dtu.registry.get('IMPS0001') !== link);
      const res = await post(app, `/equipment/${id}/operations`, { opr: 'openone', io: 3 }, bearer(token));
      expect(res.statusCode, res.body).toBe(200);
      expect(renewed.memory.coils[2]).toBe(true);
    } finally {
      browser.close();
      for (const impostor of impostors) impostor.destroy();
      await client.stop();
    }
  });

  it('lets an operate grantee write the analog outputs over the live channel, and no other register', async () => {
    const { app } = stack;
    const token = await owner('regs-owner');
    const made = await post(
      app,
      '/equipment',
      { sn: 'REGS0001', type: 'FL-AO4', name: 'Valves' },
      bearer(token),
    );
    const { id, linkSecret } = made.json() as { id: number; linkSecret: string };
    const code = await post(
      app,
      `/equipment/${id}/share-codes`,
      { level: 'operate', validity: '1d' },
      bearer(token),
    );
    const operator = await owner('regs-operator');
    await post(
      app,
      '/share-codes/redeem',
      { code: (code.json() as { code: string }).code },
      bearer(operator),
    );

    const device = new VirtualDevice('FL-AO4', 'REGS0001', { secret: linkSecret });
    const client = new DtuClient(device, {
      host: '127.0.0.1',
      port: stack.dtuPort,
      heartbeatMs: 0,
      tickMs: 50,
    });
    client.start();
    const browser = await Browser.open(stack.wsUrl);
    try {
      browser.send({ infotype: 'register', info: { token: operator } });
      await browser.next('register');
      await until(() => stack.devices.isOnline(id), WAIT_MS);

      browser.send({
        infotype: 'ModbusReg',
        info: { fn: 16, unid: 'REGS0001', regstart: 401, hexdata: '0320' },
      });
      expect(await browser.next('ModbusReg', WAIT_MS)).toMatchObject({
        info: { fn: 16, regstart: 401, regnum: 1 },
      });
      expect(device.memory.readHolding(401)).toBe(0x320);

      const before = [1100, 1200, 1210].map((r) => device.memory.readHolding(r));
      for (const regstart of [1100, 1200, 1210]) {
        browser.send({
          infotype: 'ModbusReg',
          info: { fn: 16, unid: 'REGS0001', regstart, hexdata: '0001' },
        });
        expect(await browser.next('error', WAIT_MS)).toMatchObject({
          info: { code: 'forbidden', infotype: 'ModbusReg' },
        });
        browser.send({
          infotype: 'damopr',
          info: { unid: 'REGS0001', opr: 'waohex', aoinfos: `${regstart}_0001` },
        });
        expect(await browser.next('error', WAIT_MS)).toMatchObject({
          info: { code: 'forbidden', infotype: 'damopr' },
        });
      }
      expect([1100, 1200, 1210].map((r) => device.memory.readHolding(r))).toEqual(before);
      const rest = await post(
        app,
        `/equipment/${id}/operations`,
        { opr: 'waohex', aoinfos: '1210_0001' },
        bearer(operator),
      );
      expect(rest.statusCode, rest.body).toBe(403);
    } finally {
      browser.close();
      await client.stop();
    }
  });
});
