/**
 * Clock sync against a third-party slave: a board whose holding registers 1100-1106 are settings
 * keeps them when its owner switches clock sync off (before and while it is linked); with it on
 * (the catalogue types' default) the server writes the clock there on link-up.
 */
import type { EquipmentReply } from '@fieldlink/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, post, register } from '../../accounts/test-support.js';
import { storageCases, useStorage } from '../../storage/test-support.js';
import { startDeviceStack, until, WAIT_MS } from '../test-support.js';
import type { DeviceStack } from '../test-support.js';
import { DtuBridge } from './dtu-bridge.js';
import { PeerBoard } from './peer-board.js';

/** What a third-party board might keep at 1100-1106: its own settings. */
const SETTINGS = [9600, 8, 1, 0, 5, 100, 7];

describe('clock sync with a third-party slave', () => {
  const storage = useStorage(storageCases()[0]!);
  let stack: DeviceStack;
  let token = '';
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    stack = await startDeviceStack(storage(), { timeoutMs: 400, settingsCheckMs: 50 });
    await register(stack.accounts, 'peer-clock-owner');
    token = (await login(stack.accounts, 'peer-clock-owner')).accessToken;
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(async () => {
    await stack?.close();
  });

  const patch = (id: number, payload: Record<string, unknown>) =>
    stack.app.inject({ method: 'PATCH', url: `/api/v1/equipment/${id}`, headers: bearer(token), payload });

  /** An FL-R8 of the owner's behind a DTU, with a peer board holding SETTINGS at 1100. */
  async function linked(sn: string, before?: Record<string, unknown>) {
    const peer = await PeerBoard.start({
      unitId: 254,
      coils: Array<boolean>(8).fill(false),
      discreteInputs: Array<boolean>(8).fill(false),
      inputRegisters: [0, 0],
      holdingRegisters: { 1100: SETTINGS },
    });
    cleanups.push(() => peer.close());
    const made = await post(stack.app, '/equipment', { sn, type: 'FL-R8', name: sn }, bearer(token));
    const { id, linkSecret } = made.json() as { id: number; linkSecret: string };
    if (before) expect((await patch(id, before)).statusCode).toBe(200);
    const dtu = await DtuBridge.connect({
      host: '127.0.0.1',
      port: stack.dtuPort,
      serial: sn,
      secret: linkSecret,
      slave: peer,
    });
    cleanups.push(() => dtu.close());
    await until(() => stack.devices.isOnline(id), WAIT_MS);
    await until(() => stack.devices.busy === 0, WAIT_MS);
    return { id, peer };
  }

  it('writes nothing to 1100-1106 of a board whose owner switched clock sync off', async () => {
    const { id, peer } = await linked('PEERCLK1', { clockSync: false });
    expect(peer.readHolding(1100, 7)).toEqual(SETTINGS);
    const record = (await patch(id, {})).json() as EquipmentReply;
    expect(record.clockSync).toBe(false);
  });

  it('sets the clock at 1100 by default; its owner switches it off, and back to the type’s', async () => {
    const { id, peer } = await linked('PEERCLK2');
    // The clock write (year, month, day …) in place of the board's settings.
    await until(() => peer.readHolding(1100, 1)[0] !== SETTINGS[0], WAIT_MS);
    expect(peer.readHolding(1100, 7)).not.toEqual(SETTINGS);
    expect((await patch(id, { clockSync: false })).json()).toMatchObject({ clockSync: false });
    expect((await patch(id, { clockSync: null })).json()).toMatchObject({ clockSync: null });
  });
});
