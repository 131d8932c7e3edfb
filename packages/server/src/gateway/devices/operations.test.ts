/**
 * An operation the device carried out but whose record could not be stored is not acknowledged:
 * REST answers 503, the live channel `DAMOpr` with ok false (or an `error` for a register write).
 */
import { afterAll, beforeAll, describe, expect, it as baseIt } from 'vitest';
import { bearer, expectError, login, post, register, useAccountsApp } from '../../accounts/test-support.js';
import { Browser } from '../../live/test-support.js';
import { storageCases } from '../../storage/test-support.js';
import { OperationError } from './device-service.js';
import type { DeviceOperator } from './operations.js';

const UNRECORDED = 'the operation was carried out, but its record could not be stored';

const unrecorded: DeviceOperator = {
  operate: () => Promise.reject(new OperationError('unrecorded', UNRECORDED)),
  readRegisters: () => Promise.resolve([]),
};

describe.each(storageCases())('operations not on record on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const h = useAccountsApp(store, { devices: unrecorded });
  let token = '';
  let id = 0;
  let browser: Browser | undefined;

  beforeAll(async () => {
    if (store.skip !== null) return;
    await register(h, 'unrecorded');
    token = (await login(h, 'unrecorded')).accessToken;
    const made = await post(h.app, '/equipment', { sn: 'UNREC001', type: 'FL-R8', name: 'u' }, bearer(token));
    expect(made.statusCode, made.body).toBe(201);
    id = (made.json() as { id: number }).id;
    await h.app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(() => browser?.close());

  it('answers REST with 503 and says the operation was carried out', async () => {
    const res = await post(h.app, `/equipment/${id}/operations`, { opr: 'openone', io: 1 }, bearer(token));
    expect(expectError(res, 503, 'unavailable')).toBe(UNRECORDED);
  });

  it('answers the live channel with DAMOpr not ok, and a register write with an error', async () => {
    const address = h.app.server.address();
    browser = await Browser.open(
      `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws`,
    );
    browser.send({ infotype: 'register', info: { token } });
    await browser.next('register');
    browser.send({ infotype: 'damopr', info: { unid: 'UNREC001', opr: 'openone', io: 1 } });
    expect(await browser.next('DAMOpr')).toEqual({
      infotype: 'DAMOpr',
      info: { SN: 'UNREC001', opr: 'openone', ok: false, message: UNRECORDED },
    });
    browser.send({
      infotype: 'ModbusReg',
      info: { unid: 'UNREC001', fn: 16, regstart: 400, hexdata: '0001' },
    });
    expect(await browser.next('error')).toEqual({
      infotype: 'error',
      info: {
        code: 'internal',
        message: UNRECORDED,
        infotype: 'ModbusReg',
        SN: 'UNREC001',
        fn: 16,
        regstart: 400,
      },
    });
  });
});
