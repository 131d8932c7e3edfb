/**
 * The demo plant against the real device link: every demo host dials in and is polled, its
 * sub-devices are read through it, the team host's battery reaches its slaves, the demo rules are
 * in the devices, and what a device holds survives a restart of the plant. The devices register
 * with the link secrets the seed gave them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkSecretKey } from '../gateway/dtu/secrets.js';
import { startDeviceStack, until } from '../gateway/test-support.js';
import type { DeviceStack } from '../gateway/test-support.js';
import { storageCases, useStorage } from '../storage/test-support.js';
import { startDemoPlant } from './plant.js';
import type { DemoPlant } from './plant.js';
import { seedDemo } from './seed.js';

describe('demo plant', () => {
  const storage = useStorage(storageCases()[0]!);
  let stack: DeviceStack;
  let dataDir = '';

  beforeAll(async () => {
    stack = await startDeviceStack(storage(), { timeoutMs: 500 });
    dataDir = await mkdtemp(join(tmpdir(), 'fieldlink-demo-'));
  });
  afterAll(async () => {
    await stack?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const start = (): Promise<DemoPlant> =>
    startDemoPlant({
      db: storage().db,
      host: '127.0.0.1',
      port: stack.dtuPort,
      dataDir,
      heartbeat: 'ping',
      linkSecretKey: linkSecretKey(stack.accounts.jwtKey),
    });

  const row = (unid: string) =>
    storage().db.selectFrom('equipment').selectAll().where('unid', '=', unid).executeTakeFirstOrThrow();

  it('brings every demo device online, reads its sub-devices, and keeps what a device holds', async () => {
    await seedDemo(storage().db, Date.now(), linkSecretKey(stack.accounts.jwtKey));
    // The demo devices' links are closed: they come online only by sending their secrets.
    const open = await storage().db.selectFrom('equipment').select('sn').where('link_open', '=', 1).execute();
    expect(open).toEqual([]);
    let plant = await start();
    try {
      expect(plant.serials).toEqual(['DEMO0001', 'DEMO0002', 'DEMO0003', 'DEMO0004', 'DEMO0005']);
      const ids = await Promise.all(plant.serials.map(async (sn) => (await row(sn)).id));
      await until(() => ids.every((id) => stack.devices.isOnline(id)), 10_000);

      // The team host's battery, read at link up, is stored and its slaves show it.
      await until(async () => (await row('DEMO0004')).soc !== null, 10_000);
      const team = await row('DEMO0004');
      expect(team.soc).toBeGreaterThanOrEqual(55);

      // A slave and a meter answer through their host: a read of each gives its values.
      const slave = await row('DEMO0004_1');
      const read = await stack.devices.operate(slave, { opr: 'rdi', regstart: 0, regnum: 4 }, null);
      expect(read.response).toMatchObject({ fn: 2 });
      const meter = await row('DEMO0005_2');
      const volts = await stack.devices.operate(meter, { opr: 'rai', regstart: 0, regnum: 3 }, null);
      const response = volts.response;
      if (!response || !('values' in response)) throw new Error('no values read');
      for (const v of response.values) expect(v).toBeGreaterThanOrEqual(2200);

      // The analog outputs start inside their 400-2000 range (a fresh register would read 0).
      const outputs = await stack.devices.readRegisters(await row('DEMO0003'), 400, 4);
      expect(outputs).toEqual([1600, 1200, 800, 400]);

      // The demo rules are in the relay board: the light timer and the horn on a high tank.
      const board = await row('DEMO0001');
      const timers = await stack.devices.readRegisters(board, 12000, 7);
      expect(timers.some((w) => w !== 0)).toBe(true);
      const rtcBefore = await stack.devices.readRegisters(board, 12000, 70);

      // A page the user writes is kept across a restart of the plant; the demo rule is not rewritten.
      await stack.devices.operate(board, { opr: 'waohex', aoinfos: '12000_' + '00'.repeat(140) }, null);
      await plant.stop();
      await until(() => !stack.devices.isOnline(board.id), 5000);
      plant = await start();
      await until(() => stack.devices.isOnline(board.id), 10_000);
      expect(await stack.devices.readRegisters(board, 12000, 70)).toEqual(new Array(70).fill(0));
      expect(rtcBefore).not.toEqual(new Array(70).fill(0));
    } finally {
      await plant.stop();
    }
  }, 40_000);

  it('simulates only the demo records the demo account still owns', async () => {
    const board = await row('DEMO0002');
    await storage().db.deleteFrom('equipment').where('id', '=', board.id).execute();
    const plant = await start();
    try {
      expect(plant.serials).not.toContain('DEMO0002');
      expect(plant.serials).toContain('DEMO0001');
    } finally {
      await plant.stop();
    }
  });
});
