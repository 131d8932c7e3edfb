/**
 * An account's abilities (spec §6) bound what its rights allow, on both databases: adding and
 * changing equipment need WRITE, deleting it DELETE, operating outputs OPR (over REST and the live
 * channel) and writing device settings WRITE. Administrators pass whatever they hold; every account
 * holds all four until an administrator narrows them.
 */
import type { Ability, Operation } from '@fieldlink/protocol';
import { afterAll, beforeAll, describe, expect, it as baseIt } from 'vitest';
import { expectError, login, register, sendAs, useAccountsApp } from '../accounts/test-support.js';
import type { DeviceOperator } from '../gateway/devices/operations.js';
import { Browser } from '../live/test-support.js';
import { storageCases } from '../storage/test-support.js';

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

describe.each(storageCases())('abilities on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const devices = recordingDevices();
  const h = useAccountsApp(store, { devices });
  let serial = 0;
  let browser: Browser | undefined;

  afterAll(() => browser?.close());

  beforeAll(async () => {
    if (store.skip !== null) return;
    await h.app.listen({ port: 0, host: '127.0.0.1' });
  });

  /** A user owning a relay board (made while it held every ability), then held to `abilities`. */
  async function holder(
    name: string,
    abilities: readonly Ability[],
    authority = 4,
    type = 'FL-R8',
  ): Promise<{ token: string; id: number; sn: string }> {
    const { id: userId } = await register(h, name);
    const token = (await login(h, name)).accessToken;
    serial += 1;
    const sn = `ABIL${String(serial).padStart(4, '0')}`;
    const made = await sendAs(h.app, 'POST', '/equipment', token, { sn, type, name: sn });
    expect(made.statusCode, made.body).toBe(201);
    await h.storage.db
      .updateTable('users')
      .set({ abilities: JSON.stringify(abilities), authority })
      .where('id', '=', userId)
      .execute();
    return { token, id: (made.json() as { id: number }).id, sn };
  }

  const addEquipment = (token: string) => {
    serial += 1;
    return sendAs(h.app, 'POST', '/equipment', token, {
      sn: `ABNEW${String(serial).padStart(4, '0')}`,
      type: 'FL-JYTeam001',
      name: 'new',
    });
  };

  it('needs WRITE to add equipment or sub-devices and to change equipment', async () => {
    const reader = await holder('abil-reader', ['READ', 'OPR', 'DELETE']);
    const message = expectError(await addEquipment(reader.token), 403, 'forbidden');
    expect(message).toBe(
      'your account may not add equipment: it lacks the WRITE ability (ask an administrator)',
    );
    expect(
      expectError(
        await sendAs(h.app, 'PATCH', `/equipment/${reader.id}`, reader.token, { name: 'x' }),
        403,
        'forbidden',
      ),
    ).toContain('WRITE');
    const writer = await holder('abil-writer', ['READ', 'WRITE']);
    const host = await addEquipment(writer.token);
    expect(host.statusCode, host.body).toBe(201);
    const hostId = (host.json() as { id: number }).id;
    const sub = await sendAs(h.app, 'POST', `/equipment/${hostId}/sub-devices`, writer.token, {
      address: 1,
      type: 'FL-LR4',
      name: 'slave',
    });
    expect(sub.statusCode, sub.body).toBe(201);
    expect(
      (await sendAs(h.app, 'PATCH', `/equipment/${writer.id}`, writer.token, { name: 'renamed' })).statusCode,
    ).toBe(200);
    // A sub-device is equipment too.
    await h.storage.db
      .updateTable('users')
      .set({ abilities: '["READ"]' })
      .where('user_name', '=', 'abil-writer')
      .execute();
    const refused = await sendAs(h.app, 'POST', `/equipment/${hostId}/sub-devices`, writer.token, {
      address: 2,
      type: 'FL-LR4',
      name: 'slave 2',
    });
    expect(expectError(refused, 403, 'forbidden')).toContain('lacks the WRITE ability');
  });

  it('needs DELETE to delete equipment', async () => {
    const keeper = await holder('abil-keeper', ['READ', 'WRITE', 'OPR']);
    const refused = await sendAs(h.app, 'DELETE', `/equipment/${keeper.id}`, keeper.token);
    expect(expectError(refused, 403, 'forbidden')).toBe(
      'your account may not delete equipment: it lacks the DELETE ability (ask an administrator)',
    );
    expect((await sendAs(h.app, 'GET', `/equipment/${keeper.id}`, keeper.token)).statusCode).toBe(200);
    const deleter = await holder('abil-deleter', ['DELETE']);
    expect((await sendAs(h.app, 'DELETE', `/equipment/${deleter.id}`, deleter.token)).statusCode).toBe(204);
  });

  it('needs OPR to operate outputs and WRITE to write device settings, over REST', async () => {
    const viewer = await holder('abil-viewer', ['READ', 'WRITE']);
    const before = devices.ops.length;
    const open = await sendAs(h.app, 'POST', `/equipment/${viewer.id}/operations`, viewer.token, {
      opr: 'openone',
      io: 1,
    });
    expect(expectError(open, 403, 'forbidden')).toBe(
      'your account may not operate equipment: it lacks the OPR ability (ask an administrator)',
    );
    // The analog outputs are operated too; the clock registers are settings.
    const aoModule = await holder('abil-viewer-ao', ['READ', 'WRITE'], 4, 'FL-AO4');
    const ao = await sendAs(h.app, 'POST', `/equipment/${aoModule.id}/operations`, aoModule.token, {
      opr: 'waohex',
      aoinfos: '400_0190',
    });
    expect(expectError(ao, 403, 'forbidden')).toContain('OPR');
    const settings = await sendAs(h.app, 'POST', `/equipment/${viewer.id}/operations`, viewer.token, {
      opr: 'waohex',
      aoinfos: '1100_0001',
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(devices.ops.length).toBe(before + 1);

    const operator = await holder('abil-operator', ['READ', 'OPR']);
    const ok = await sendAs(h.app, 'POST', `/equipment/${operator.id}/operations`, operator.token, {
      opr: 'openone',
      io: 1,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const refused = await sendAs(h.app, 'POST', `/equipment/${operator.id}/operations`, operator.token, {
      opr: 'waohex',
      aoinfos: '1100_0001',
    });
    expect(expectError(refused, 403, 'forbidden')).toBe(
      'your account may not change device settings: it lacks the WRITE ability (ask an administrator)',
    );
    // Reading needs no ability beyond what the account may see.
    const read = await sendAs(h.app, 'POST', `/equipment/${operator.id}/operations`, operator.token, {
      opr: 'rdo',
      regstart: 0,
      regnum: 8,
    });
    expect(read.statusCode, read.body).toBe(200);
  });

  it('needs OPR to operate over the live channel', async () => {
    const viewer = await holder('abil-live', ['READ']);
    const address = h.app.server.address();
    browser = await Browser.open(
      `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws`,
    );
    browser.send({ infotype: 'register', info: { token: viewer.token } });
    await browser.next('register');
    browser.send({ infotype: 'damopr', info: { unid: viewer.sn, opr: 'openone', io: 1 } });
    expect(await browser.next('error')).toEqual({
      infotype: 'error',
      info: {
        code: 'forbidden',
        message: 'your account may not operate equipment: it lacks the OPR ability (ask an administrator)',
        infotype: 'damopr',
      },
    });
    browser.send({
      infotype: 'ModbusReg',
      info: { unid: viewer.sn, fn: 16, regstart: 1100, hexdata: '0001' },
    });
    expect((await browser.next('error')).info).toMatchObject({ code: 'forbidden', infotype: 'ModbusReg' });
    // Abilities given back by an administrator hold on the open socket at once.
    const admin = await holder('abil-live-admin', [], 1000);
    const given = await sendAs(
      h.app,
      'PATCH',
      '/admin/users/' + String(await userId('abil-live')),
      admin.token,
      {
        abilities: ['READ', 'OPR'],
      },
    );
    expect(given.statusCode, given.body).toBe(200);
    browser.send({ infotype: 'damopr', info: { unid: viewer.sn, opr: 'openone', io: 1 } });
    expect(await browser.next('DAMOpr')).toMatchObject({ info: { SN: viewer.sn, opr: 'openone', ok: true } });
  });

  it('lets administrators do everything whatever abilities they hold', async () => {
    const admin = await holder('abil-admin', [], 1000);
    const owner = await holder('abil-admin-owner', ['READ']);
    expect((await addEquipment(admin.token)).statusCode).toBe(201);
    const open = await sendAs(h.app, 'POST', `/equipment/${owner.id}/operations`, admin.token, {
      opr: 'openone',
      io: 1,
    });
    expect(open.statusCode, open.body).toBe(200);
    expect(
      (await sendAs(h.app, 'PATCH', `/equipment/${owner.id}`, admin.token, { name: 'by admin' })).statusCode,
    ).toBe(200);
    expect((await sendAs(h.app, 'DELETE', `/equipment/${owner.id}`, admin.token)).statusCode).toBe(204);
  });

  async function userId(name: string): Promise<number> {
    const row = await h.storage.db
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', name)
      .executeTakeFirstOrThrow();
    return row.id;
  }
});
