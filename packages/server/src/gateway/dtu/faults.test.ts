/**
 * The device link under faults, over real sockets with the store: a device that never answers,
 * answers with a bad CRC, sends garbage, hangs up mid-request or connects three times in a row,
 * and a browser that goes away in the middle of a cyclic read. Nothing crashes, the online state
 * in the store is right afterwards, and no request or background work is left behind.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveHub } from '../../live/hub.js';
import { storageCases, useStorage } from '../../storage/test-support.js';
import { OperationError } from '../devices/device-service.js';
import type { DeviceService } from '../devices/device-service.js';
import { linkStatus, operation, startLinkService, until } from '../test-support.js';
import type { LinkService } from '../test-support.js';
import type { DtuListener } from './dtu-listener.js';

const op = operation;

const sqlite = storageCases()[0]!;

describe('device link faults', () => {
  const storage = useStorage(sqlite);
  let link: LinkService;
  let dtu: DtuListener;
  let devices: DeviceService;
  let hub: LiveHub;

  beforeEach(async () => {
    link = await startLinkService(storage(), 80);
    ({ dtu, devices, hub } = link);
  });

  afterEach(async () => {
    await link.close();
  });

  const device = (sn: string) => link.record(sn);
  const dial = (sn: string) => link.dial(sn);

  const onlineFlag = async (id: number): Promise<number> =>
    (
      await storage()
        .db.selectFrom('equipment')
        .select('online')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).online;

  const status = (id: number) => linkStatus(storage(), id);

  /** Nothing pending on any link, no background work, and the link state settled. */
  async function settled(): Promise<void> {
    await dtu.registry.settled();
    await until(() => devices.busy === 0, 5000);
  }

  it('closes a device that stops answering as dead and marks it offline; its operation fails', async () => {
    const { id, equipment } = await device('FLT00001');
    const d = await dial('FLT00001');
    await until(() => devices.isOnline(id));
    await settled();
    d.answer = () => [];
    const failed = devices.operate(equipment, op({ opr: 'openone', io: 1 }), null);
    await expect(failed).rejects.toBeInstanceOf(OperationError);
    // Two timeouts (the attempt and its retry); the poll's is the third in a row.
    expect(await devices.poll(id, 'user')).toBeNull();
    await until(() => dtu.registry.get('FLT00001') === undefined, 5000);
    await settled();
    expect(await onlineFlag(id)).toBe(0);
    expect(devices.isOnline(id)).toBe(false);
    await expect(devices.operate(equipment, op({ opr: 'openone', io: 1 }), null)).rejects.toMatchObject({
      code: 'offline',
    });
  });

  it('treats replies with a bad CRC as no reply', async () => {
    const { id, equipment } = await device('FLT00002');
    const d = await dial('FLT00002');
    d.answer = (reply) => {
      const bad = Uint8Array.from(reply);
      bad[bad.length - 1]! ^= 0xff;
      return [bad];
    };
    await until(() => devices.isOnline(id));
    await expect(
      devices.operate(equipment, op({ opr: 'rdo', regstart: 0, regnum: 8 }), null),
    ).rejects.toBeInstanceOf(OperationError);
    await settled();
    // Never a good reply: the device is silent at its address, its DTU link stays.
    expect(await devices.poll(id, 'user')).toBeNull();
    expect(dtu.registry.get('FLT00002')?.closed).toBe(false);
    expect(await status(id)).toEqual({ online: 1, unanswered_address: 254 });
    expect(d.memory.coils[0]).toBe(false);
  });

  it('finds the replies of a device that sends garbage around them and stays online', async () => {
    const { id, equipment } = await device('FLT00003');
    const d = await dial('FLT00003');
    d.answer = (reply, i) => [randomBytes(7 + (i % 5)), reply, 'ping', randomBytes(3)];
    await until(() => devices.isOnline(id));
    for (let io = 1; io <= 4; io++) {
      const outcome = await devices.operate(equipment, op({ opr: 'openone', io }), null);
      expect(outcome.status).toBe('done');
    }
    expect(d.memory.coils.slice(0, 4)).toEqual([true, true, true, true]);
    const link = dtu.registry.get('FLT00003')!;
    expect(link.stats.skippedBytes).toBeGreaterThan(0);
    await settled();
    expect(link.pending).toBe(0);
    expect(await onlineFlag(id)).toBe(1);
  });

  it('fails an operation at once when the device hangs up mid-request, and marks it offline', async () => {
    const { id, equipment } = await device('FLT00004');
    const d = await dial('FLT00004');
    await until(() => devices.isOnline(id));
    await settled();
    d.answer = () => {
      d.destroy();
      return [];
    };
    const started = Date.now();
    await expect(devices.operate(equipment, op({ opr: 'openone', io: 2 }), null)).rejects.toMatchObject({
      code: 'offline',
    });
    expect(Date.now() - started).toBeLessThan(1000);
    await settled();
    expect(dtu.registry.get('FLT00004')).toBeUndefined();
    expect(await onlineFlag(id)).toBe(0);
  });

  it('keeps the connection that answers against two more of one serial, online, and operates through it', async () => {
    const { id, equipment } = await device('FLT00005');
    const first = await dial('FLT00005');
    await until(() => dtu.registry.get('FLT00005') !== undefined);
    const link = dtu.registry.get('FLT00005');
    // Two devices dialling as one serial would take the link from each other in turn: the live
    // link answers, so the newcomers are refused (docs/protocol.md § Contested links).
    const second = await dial('FLT00005');
    const third = await dial('FLT00005');
    await until(() => second.isClosed && third.isClosed, 3000);
    await settled();
    expect(first.isClosed).toBe(false);
    expect(dtu.registry.get('FLT00005')).toBe(link);
    expect(devices.isOnline(id)).toBe(true);
    expect(await onlineFlag(id)).toBe(1);
    await devices.operate(equipment, op({ opr: 'openone', io: 3 }), null);
    expect(first.memory.coils[2]).toBe(true);
    expect(third.memory.coils[2]).toBe(false);
    expect(second.requests + third.requests).toBe(0);
    expect(dtu.registry.size).toBe(1);
  });

  it('goes on reading after the browser that asked for a cyclic read has gone, then stops', async () => {
    const { id, equipment } = await device('FLT00006');
    const d = await dial('FLT00006');
    await until(() => devices.isOnline(id));
    await settled();
    const sent: string[] = [];
    const session = hub.attach({ send: (text) => sent.push(text), bufferedAmount: 0, close: () => {} });
    hub.setReadable(session, [id]);
    const before = d.requests;
    await devices.operate(equipment, op({ opr: 'read', cnt: 3, cycletime: 1000 }), null);
    await until(() => sent.length > 0);
    hub.detach(session);
    const heard = sent.length;
    await settled();
    // Three reads of DO, DI and AI went to the device; nothing reached the departed browser.
    expect(d.requests - before).toBeGreaterThanOrEqual(3 * 3);
    expect(sent.length).toBe(heard);
    expect(hub.size).toBe(0);
    expect(dtu.registry.get('FLT00006')!.pending).toBe(0);
  }, 10_000);
});
