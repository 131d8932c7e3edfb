/**
 * A board of another maker added without code: an administrator describes it as data (its channels
 * start at coil 16, discrete input 32 and input register 100, it answers at address 1, it has no
 * clock), an owner adds one, and the server reads and switches the third-party slave at those
 * registers, writing nothing to its clock registers.
 */
import { setCustomEquipmentTypes } from '@fieldlink/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, post, register } from '../../accounts/test-support.js';
import { storageCases, useStorage } from '../../storage/test-support.js';
import { startDeviceStack, until, WAIT_MS } from '../test-support.js';
import type { DeviceStack } from '../test-support.js';
import { DtuBridge } from './dtu-bridge.js';
import { PeerBoard } from './peer-board.js';

const F = false;
const T = true;
const pad = <V>(n: number, fill: V, values: readonly V[]): V[] => [...Array<V>(n).fill(fill), ...values];

describe('a board of another maker described as data', () => {
  const storage = useStorage(storageCases()[0]!);
  let stack: DeviceStack;

  beforeAll(async () => {
    stack = await startDeviceStack(storage(), { timeoutMs: 400 });
  });
  afterAll(async () => {
    setCustomEquipmentTypes([]);
    await stack?.close();
  });

  it('reads and switches it at the registers its type names, at address 1, without a clock write', async () => {
    const admin = await register(stack.accounts, 'peer-types-admin');
    await storage().db.updateTable('users').set({ authority: 1000 }).where('id', '=', admin.id).execute();
    const adminToken = (await login(stack.accounts, 'peer-types-admin')).accessToken;
    await register(stack.accounts, 'peer-types-owner');
    const token = (await login(stack.accounts, 'peer-types-owner')).accessToken;

    const type = await post(
      stack.app,
      '/equipment-types',
      {
        type: 'ACME-R4',
        names: { en: 'Acme 4-relay board', zh: 'Acme 4路继电器', tc: 'Acme 4路繼電器' },
        counts: { do: 4, di: 4, ai: 2, ao: 0 },
        starts: { do: 16, di: 32, ai: 100 },
      },
      bearer(adminToken),
    );
    expect(type.statusCode, type.body).toBe(201);

    const peer = await PeerBoard.start({
      unitId: 1,
      coils: pad(16, F, [F, T, F, F]),
      discreteInputs: pad(32, F, [T, F, F, T]),
      inputRegisters: pad(100, 0, [321, 654]),
      holdingRegisters: { 1100: [1, 2, 3, 4, 5, 6, 7] },
    });
    const made = await post(
      stack.app,
      '/equipment',
      { sn: 'ACMER401', type: 'ACME-R4', name: 'Acme' },
      bearer(token),
    );
    expect(made.statusCode, made.body).toBe(201);
    const { id, linkSecret } = made.json() as { id: number; linkSecret: string };
    const dtu = await DtuBridge.connect({
      host: '127.0.0.1',
      port: stack.dtuPort,
      serial: 'ACMER401',
      secret: linkSecret,
      slave: peer,
    });
    try {
      await until(() => stack.devices.isOnline(id), WAIT_MS);
      await until(() => stack.devices.busy === 0, WAIT_MS);
      expect(await stack.devices.poll(id, 'user')).toEqual({
        do: [F, T, F, F],
        di: [T, F, F, T],
        ai: [321, 654],
      });
      const opened = await post(
        stack.app,
        `/equipment/${id}/operations`,
        { opr: 'openone', io: 3 },
        bearer(token),
      );
      expect(opened.statusCode, opened.body).toBe(200);
      expect(peer.coils.slice(16, 20)).toEqual([F, T, T, F]);
      const read = await post(
        stack.app,
        `/equipment/${id}/operations`,
        { opr: 'rdi', regstart: 2, regnum: 2 },
        bearer(token),
      );
      expect(read.json()).toMatchObject({ response: { fn: 2, values: [F, T] } });
      expect(peer.readHolding(1100, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect([...peer.unitsSeen]).toEqual([1]);
    } finally {
      await dtu.close();
      await peer.close();
    }
  });
});
