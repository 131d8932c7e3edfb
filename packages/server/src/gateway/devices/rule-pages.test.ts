/**
 * Rule pages end to end: a console writes a page over the live channel, reads it back, and the
 * simulated device runs the rule it now holds, as the server then reads from it.
 */
import { pageWrite, toHex } from '@fieldlink/protocol';
import type { RuleOf } from '@fieldlink/protocol';
import { DtuClient, VirtualDevice } from '@fieldlink/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, post, register } from '../../accounts/test-support.js';
import { Browser } from '../../live/test-support.js';
import { storageCases, useStorage } from '../../storage/test-support.js';
import { startDeviceStack, until, WAIT_MS } from '../test-support.js';
import type { DeviceStack } from '../test-support.js';

/** DI1 held active for 0.2 s closes relay DO3. */
const trigger: RuleOf<'trigger'> = {
  dev: 0,
  source: 1,
  more: false,
  forced: false,
  repeat: false,
  channel: 0,
  level: 'active',
  holdTime: 2,
  unholdTime: 1,
  output: { mode: 1, channel: 2, value: 0, addr: 0 },
};

describe('rule pages end to end', () => {
  const storage = useStorage(storageCases()[0]!);
  let stack: DeviceStack;

  beforeAll(async () => {
    stack = await startDeviceStack(storage());
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('writes a switch-trigger page, reads it back, and the device closes the relay when DI1 holds', async () => {
    const { app, accounts: h } = stack;
    await register(h, 'rules-owner');
    const token = (await login(h, 'rules-owner')).accessToken;
    const made = await post(
      app,
      '/equipment',
      { sn: 'RULE0001', type: 'FL-R8', name: 'Rules' },
      bearer(token),
    );
    const { id, linkSecret } = made.json() as { id: number; linkSecret: string };
    const device = new VirtualDevice('FL-R8', 'RULE0001', { secret: linkSecret });
    const client = new DtuClient(device, {
      host: '127.0.0.1',
      port: stack.dtuPort,
      heartbeatMs: 0,
      tickMs: 50,
    });
    client.start();
    const browser = await Browser.open(stack.wsUrl);
    // The same user in a second console: the register results go to the asker alone.
    const other = await Browser.open(stack.wsUrl);
    try {
      browser.send({ infotype: 'register', info: { token } });
      await browser.next('register');
      other.send({ infotype: 'register', info: { token } });
      await other.next('register');
      await until(() => stack.devices.isOnline(id), WAIT_MS);

      const page = pageWrite('di', 0, [trigger]);
      const hexdata = toHex(Uint8Array.from(page.registers.flatMap((r) => [r >> 8, r & 0xff])));
      browser.send({
        infotype: 'ModbusReg',
        info: { fn: 16, unid: 'RULE0001', regstart: page.start, hexdata },
      });
      expect(await browser.next('ModbusReg', WAIT_MS)).toMatchObject({
        info: { fn: 16, regstart: 14000, regnum: 70 },
      });
      browser.send({ infotype: 'ModbusReg', info: { fn: 3, unid: 'RULE0001', regstart: 14000, regnum: 70 } });
      expect(await browser.next('ModbusReg', WAIT_MS)).toMatchObject({
        info: { SN: 'RULE0001', fn: 3, regstart: 14000, regnum: 70, hexdata },
      });
      // The other console's own read: its answer comes after anything sent to it before.
      other.send({ infotype: 'ModbusReg', info: { fn: 3, unid: 'RULE0001', regstart: 14000, regnum: 1 } });
      await other.next('ModbusReg', WAIT_MS, (m) => m.infotype === 'ModbusReg' && m.info.regnum === 1);
      expect(other.received.filter((m) => m.infotype === 'ModbusReg')).toEqual([]);

      // Not yet: the input is off.
      await new Promise((r) => setTimeout(r, 300));
      expect(device.memory.coils[2]).toBe(false);
      device.memory.inputs[0] = true;
      await until(() => device.memory.coils[2] === true, WAIT_MS);
      const read = await post(
        app,
        `/equipment/${id}/operations`,
        { opr: 'rdo', regstart: 0, regnum: 8 },
        bearer(token),
      );
      expect(read.json()).toMatchObject({
        response: { fn: 1, values: [false, false, true, false, false, false, false, false] },
      });

      // A read-only grantee reads the rules and cannot write them; the refusal names the request.
      await register(h, 'rules-reader');
      const reader = (await login(h, 'rules-reader')).accessToken;
      const code = (
        await post(app, `/equipment/${id}/share-codes`, { level: 'read', validity: '1w' }, bearer(token))
      ).json() as { code: string };
      expect((await post(app, '/share-codes/redeem', { code: code.code }, bearer(reader))).statusCode).toBe(
        200,
      );
      const guest = await Browser.open(stack.wsUrl);
      try {
        guest.send({ infotype: 'register', info: { token: reader } });
        await guest.next('register');
        guest.send({ infotype: 'ModbusReg', info: { fn: 3, unid: 'rule0001', regstart: 14000, regnum: 70 } });
        expect(await guest.next('ModbusReg', WAIT_MS)).toMatchObject({
          info: { SN: 'RULE0001', fn: 3, regstart: 14000, hexdata },
        });
        guest.send({ infotype: 'ModbusReg', info: { fn: 16, unid: 'RULE0001', regstart: 14000, hexdata } });
        expect(await guest.next('error', WAIT_MS)).toMatchObject({
          info: { code: 'forbidden', infotype: 'ModbusReg', SN: 'RULE0001', fn: 16, regstart: 14000 },
        });
      } finally {
        guest.close();
      }
    } finally {
      browser.close();
      other.close();
      await client.stop();
    }
  });
});
