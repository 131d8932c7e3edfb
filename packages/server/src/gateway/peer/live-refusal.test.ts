/**
 * A third-party slave's refusal on the live channel: a console's `ModbusReg` read or write that the
 * board answers with a Modbus exception is reported as the device's refusal (`refused`, with the
 * exception code), not as `offline`, while the device stays online.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, post, register } from '../../accounts/test-support.js';
import { Browser } from '../../live/test-support.js';
import { storageCases, useStorage } from '../../storage/test-support.js';
import { startDeviceStack, until, WAIT_MS } from '../test-support.js';
import type { DeviceStack } from '../test-support.js';
import { DtuBridge } from './dtu-bridge.js';
import { PeerBoard } from './peer-board.js';

describe('a third-party slave refusing a live-channel register request', () => {
  const storage = useStorage(storageCases()[0]!);
  let stack: DeviceStack;

  beforeAll(async () => {
    stack = await startDeviceStack(storage(), { timeoutMs: 400 });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('answers refused with the exception code, not offline, and the device stays online', async () => {
    await register(stack.accounts, 'peer-live-owner');
    const token = (await login(stack.accounts, 'peer-live-owner')).accessToken;
    // An FL-AO4 board holding only its four AO registers at 400: rule pages at 14000 are not there.
    const peer = await PeerBoard.start({
      unitId: 254,
      discreteInputs: [false, false],
      inputRegisters: [0, 0, 0, 0],
      holdingRegisters: { 400: [1, 2, 3, 4] },
    });
    const made = await post(
      stack.app,
      '/equipment',
      { sn: 'PEERLIV1', type: 'FL-AO4', name: 'AO board' },
      bearer(token),
    );
    const { id, linkSecret } = made.json() as { id: number; linkSecret: string };
    const dtu = await DtuBridge.connect({
      host: '127.0.0.1',
      port: stack.dtuPort,
      serial: 'PEERLIV1',
      secret: linkSecret,
      slave: peer,
    });
    const browser = await Browser.open(stack.wsUrl);
    try {
      browser.send({ infotype: 'register', info: { token } });
      await browser.next('register');
      await until(() => stack.devices.isOnline(id), WAIT_MS);

      browser.send({ infotype: 'ModbusReg', info: { fn: 3, unid: 'PEERLIV1', regstart: 14000, regnum: 10 } });
      expect(await browser.next('error', WAIT_MS)).toMatchObject({
        info: {
          code: 'refused',
          exception: 2,
          infotype: 'ModbusReg',
          message: expect.stringContaining('exception 2'),
        },
      });
      // The AO registers it has are read as ever.
      browser.send({ infotype: 'ModbusReg', info: { fn: 3, unid: 'PEERLIV1', regstart: 400, regnum: 4 } });
      expect(await browser.next('ModbusReg', WAIT_MS)).toMatchObject({
        info: { fn: 3, regstart: 400, regnum: 4, hexdata: '0001000200030004' },
      });
      expect(stack.devices.isOnline(id)).toBe(true);
    } finally {
      browser.close();
      await dtu.close();
      await peer.close();
    }
  });
});
