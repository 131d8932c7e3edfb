/**
 * Secured operation with the password (the user's `confirmOperations` with `operationPassword`),
 * on SQLite and PostgreSQL: writes through the operations call need the user's password (none → 403
 * password_required, wrong → 403 wrong_password, counted by the sign-in limits → 429), reads never
 * do, other users are unaffected, and the live channel refuses such users' writes.
 */
import type { Operation } from '@fieldlink/protocol';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it as baseIt } from 'vitest';
import { bearer, expectError, login, post, register, useAccountsApp } from '../../accounts/test-support.js';
import type { AccountsHarness } from '../../accounts/test-support.js';
import { Browser } from '../../live/test-support.js';
import { storageCases } from '../../storage/test-support.js';
import { LIVE_PASSWORD_REQUIRED, PASSWORD_REQUIRED, WRONG_PASSWORD } from './operation-password.js';
import type { DeviceOperator } from './operations.js';

const MINUTE = 60_000;
const PASSWORD = 'secret123';

/** A device link that does every operation at once and remembers what it was given. */
function recordingDevices(): DeviceOperator & { readonly ops: Operation[] } {
  const ops: Operation[] = [];
  return {
    ops,
    operate: (_equipment, op) => {
      ops.push(op);
      return Promise.resolve({ status: 'done', response: null, responses: [] });
    },
    readRegisters: (_equipment, _start, count) => Promise.resolve(new Array<number>(count).fill(0)),
  };
}

let addressCounter = 0;
/** A client address no other request of the file came from (the limits count per address). */
function freshAddress(): string {
  addressCounter += 1;
  return `10.77.${addressCounter >> 8}.${addressCounter & 255}`;
}

interface Account {
  readonly userName: string;
  token: string;
  /** The equipment the account owns. */
  equipmentId: number;
}

describe.each(storageCases())('secured operation with the password on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const devices = recordingDevices();
  const h: AccountsHarness = useAccountsApp(store, { devices });
  const secured: Account = { userName: 'secured-op', token: '', equipmentId: 0 };
  const plain: Account = { userName: 'plain-op', token: '', equipmentId: 0 };
  let browser: Browser | undefined;

  const signIn = async (account: Account): Promise<void> => {
    account.token = (await login(h, account.userName)).accessToken;
  };

  const setParam = async (account: Account, param: Record<string, boolean>): Promise<void> => {
    const res = await h.app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      payload: { param },
      headers: bearer(account.token),
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  const operate = (
    account: Account,
    body: Record<string, unknown>,
    remoteAddress = '10.76.0.1',
  ): Promise<LightMyRequestResponse> =>
    h.app.inject({
      method: 'POST',
      url: `/api/v1/equipment/${account.equipmentId}/operations`,
      payload: body,
      headers: bearer(account.token),
      remoteAddress,
    });

  beforeAll(async () => {
    if (store.skip !== null) return;
    for (const [account, sn] of [
      [secured, 'SECOP001'],
      [plain, 'PLAIN001'],
    ] as const) {
      await register(h, account.userName, PASSWORD);
      await signIn(account);
      const made = await post(h.app, '/equipment', { sn, type: 'FL-R8', name: sn }, bearer(account.token));
      expect(made.statusCode, made.body).toBe(201);
      account.equipmentId = (made.json() as { id: number }).id;
    }
    await setParam(secured, { confirmOperations: true, operationPassword: true });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(() => browser?.close());

  beforeEach(() => {
    devices.ops.length = 0;
  });

  it('refuses a write without the password, and one with a wrong password, sending nothing', async () => {
    expect(expectError(await operate(secured, { opr: 'openone', io: 1 }), 403, 'password_required')).toBe(
      PASSWORD_REQUIRED,
    );
    const wrong = await operate(secured, { opr: 'openone', io: 1, password: 'not-it' }, freshAddress());
    expect(expectError(wrong, 403, 'wrong_password')).toBe(WRONG_PASSWORD);
    // Every kind of write: all outputs, several outputs, registers, cycles.
    for (const body of [
      { opr: 'aopen' },
      { opr: 'close' },
      { opr: 'wdo', doinfo: [1, 0] },
      { opr: 'waohex', aoinfos: '400_03E8' },
      { opr: 'openmore', io: 2, cnt: 1, timer1: 10, timer2: 10 },
    ]) {
      expectError(await operate(secured, body), 403, 'password_required');
    }
    expect(devices.ops).toEqual([]);
  });

  it('carries a write out with the right password, which never reaches the device link', async () => {
    const res = await operate(secured, { opr: 'openone', io: 1, password: PASSWORD }, freshAddress());
    expect(res.statusCode, res.body).toBe(200);
    expect(devices.ops).toEqual([{ opr: 'openone', io: 1, dly: 0 }]);
  });

  it('checks the password field like any other: a string of 1-128 characters', async () => {
    for (const password of ['', 12345678, 'p'.repeat(129)]) {
      const res = await operate(secured, { opr: 'openone', io: 1, password });
      expect(expectError(res, 400, 'bad_request')).toBe('password: a string of 1-128 characters');
    }
    expect(devices.ops).toEqual([]);
  });

  it('never asks for it on reads, and ignores one sent with them', async () => {
    for (const body of [
      { opr: 'rdo', regstart: 0, regnum: 8 },
      { opr: 'readall' },
      { opr: 'read', password: 'not-it' },
    ]) {
      const res = await operate(secured, body);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(devices.ops.map((op) => op.opr)).toEqual(['rdo', 'readall', 'read']);
  });

  it('leaves users without the setting, or with only half of it, unaffected', async () => {
    const open = { opr: 'openone', io: 3 };
    expect((await operate(plain, open)).statusCode).toBe(200);
    await setParam(plain, { confirmOperations: true, operationPassword: false });
    expect((await operate(plain, open)).statusCode).toBe(200);
    // The password question means nothing without secured operation.
    await setParam(plain, { confirmOperations: false, operationPassword: true });
    expect((await operate(plain, open)).statusCode).toBe(200);
    // A password sent though not asked for is not checked.
    expect((await operate(plain, { ...open, password: 'not-it' })).statusCode).toBe(200);
    expect(devices.ops).toHaveLength(4);
    await setParam(plain, { confirmOperations: false, operationPassword: false });
  });

  it('counts wrong passwords as failed sign-ins: 429 with Retry-After past the limit', async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i++) {
      const res = await operate(secured, { opr: 'close', password: `wrong-${i}` }, address);
      expectError(res, 403, 'wrong_password');
    }
    // The sixth try from that address waits, even with the right password …
    const held = await operate(secured, { opr: 'close', password: PASSWORD }, address);
    expect(expectError(held, 429, 'rate_limited')).toContain('too many failed sign-ins');
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // … and so does a sign-in from there: both are the same counters.
    const signInThere = await h.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { userName: secured.userName, password: PASSWORD },
      remoteAddress: address,
    });
    expectError(signInThere, 429, 'rate_limited');
    expect(devices.ops).toEqual([]);
    // Once the window is over, the right password goes through.
    h.clock.advance(15 * MINUTE);
    await signIn(secured);
    const later = await operate(secured, { opr: 'close', password: PASSWORD }, address);
    expect(later.statusCode, later.body).toBe(200);
    expect(devices.ops).toEqual([{ opr: 'close' }]);
  });

  it('refuses such users’ writes on the live channel, and still answers their reads', async () => {
    const address = h.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    browser = await Browser.open(`ws://127.0.0.1:${port}/ws`);
    browser.send({ infotype: 'register', info: { token: secured.token } });
    await browser.next('register');
    browser.send({ infotype: 'damopr', info: { unid: 'SECOP001', opr: 'openone', io: 1 } });
    expect(await browser.next('error')).toEqual({
      infotype: 'error',
      info: { code: 'forbidden', message: LIVE_PASSWORD_REQUIRED, infotype: 'damopr' },
    });
    browser.send({
      infotype: 'ModbusReg',
      info: { unid: 'SECOP001', fn: 16, regstart: 400, hexdata: '0001' },
    });
    expect(await browser.next('error')).toEqual({
      infotype: 'error',
      info: {
        code: 'forbidden',
        message: LIVE_PASSWORD_REQUIRED,
        infotype: 'ModbusReg',
        SN: 'SECOP001',
        fn: 16,
        regstart: 400,
      },
    });
    browser.send({ infotype: 'damopr', info: { unid: 'SECOP001', opr: 'rdo', regstart: 0, regnum: 8 } });
    expect(await browser.next('DAMOpr')).toEqual({
      infotype: 'DAMOpr',
      info: { SN: 'SECOP001', opr: 'rdo', ok: true },
    });
    browser.send({ infotype: 'ModbusReg', info: { unid: 'SECOP001', fn: 3, regstart: 400, regnum: 2 } });
    expect(await browser.next('ModbusReg')).toMatchObject({ info: { SN: 'SECOP001', fn: 3 } });
    expect(devices.ops).toEqual([{ opr: 'rdo', regstart: 0, regnum: 8 }]);
  });

  it('lets other users write on the live channel as before', async () => {
    const address = h.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const other = await Browser.open(`ws://127.0.0.1:${port}/ws`);
    try {
      await signIn(plain);
      other.send({ infotype: 'register', info: { token: plain.token } });
      await other.next('register');
      other.send({ infotype: 'damopr', info: { unid: 'PLAIN001', opr: 'openone', io: 1 } });
      expect(await other.next('DAMOpr')).toEqual({
        infotype: 'DAMOpr',
        info: { SN: 'PLAIN001', opr: 'openone', ok: true },
      });
    } finally {
      other.close();
    }
  });
});
