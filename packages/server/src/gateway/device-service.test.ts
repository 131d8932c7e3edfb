/**
 * The device service over a real DTU link with the store: cyclic reads shared between consoles,
 * and what a device reports of its own accord.
 */
import type { Operation } from '@fieldlink/protocol';
import { parseOperation } from '@fieldlink/protocol';
import type { EquipmentShape } from '@fieldlink/simulator';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LiveHub } from '../live/hub.js';
import { storageCases, useStorage } from '../storage/test-support.js';
import { DeviceService } from './device-service.js';
import { DtuListener } from './dtu-listener.js';
import { addLinkedDevices, delay, until, VirtualDtu } from './test-support.js';

const R8: EquipmentShape = { doCount: 8, diCount: 8, aiCount: 2, aoCount: 0 };

const op = (body: Record<string, unknown>): Operation => {
  const r = parseOperation(body);
  if (!r.ok) throw new Error(r.error);
  return r.operation;
};

describe('device service', () => {
  const storage = useStorage(storageCases()[0]!);
  let dtu: DtuListener;
  let devices: DeviceService;
  let hub: LiveHub;
  let port = 0;
  const dialled: VirtualDtu[] = [];

  beforeEach(async () => {
    const db = storage().db;
    dtu = new DtuListener({ db, heartbeat: 'ping', link: { idleMs: 30_000 } });
    hub = new LiveHub({ batchMs: 10 });
    devices = new DeviceService({
      db,
      registry: dtu.registry,
      hub,
      pollMs: 60_000,
      timeoutMs: 200,
    });
    port = await dtu.listen(0, '127.0.0.1');
  });

  afterEach(async () => {
    for (const d of dialled.splice(0)) d.destroy();
    await dtu.close();
    await devices.stop();
  });

  it('runs one cyclic read per device: a second console extends it instead of doubling it', async () => {
    const id = (await addLinkedDevices(storage(), ['CYC00001'])).get('CYC00001')!;
    const equipment = await storage()
      .db.selectFrom('equipment')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const d = await VirtualDtu.dial(port, 'CYC00001', R8);
    dialled.push(d);
    await until(() => devices.isOnline(id));
    await until(() => devices.busy === 0);
    const before = d.requests;
    // Each state read of an FL-R8 is three requests: DO, DI, AI.
    await devices.operate(equipment, op({ opr: 'read', cnt: 3, cycletime: 1000 }), null);
    await delay(100);
    await devices.operate(equipment, op({ opr: 'read', cnt: 4, cycletime: 1000 }), null);
    await until(() => devices.busy === 0, 8000);
    // The first read was done when the second console asked for 4: 1 + 4 reads, not 3 + 4.
    expect(d.requests - before).toBe(5 * 3);
  }, 12_000);

  it('stores, pushes and records a battery level a device reports, and its channels apart', async () => {
    const id = (await addLinkedDevices(storage(), ['REP00001'])).get('REP00001')!;
    const d = await VirtualDtu.dial(port, 'REP00001', R8);
    dialled.push(d);
    await until(() => devices.isOnline(id));
    await until(() => devices.busy === 0);
    const sent: string[] = [];
    const session = hub.attach({ send: (text) => sent.push(text), bufferedAmount: 0, close: () => {} });
    hub.setReadable(session, [id]);
    await devices.report(id, { soc: 55, ai: [100, 200] });
    const row = await storage()
      .db.selectFrom('equipment')
      .select('soc')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.soc).toBe(55);
    await until(() => sent.length >= 2);
    const messages = sent.map((t) => JSON.parse(t) as { infotype: string; info: Record<string, unknown> });
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          infotype: 'EquipInfoNow',
          info: { SN: 'REP00001', IsOnline: true, SOC: 55 },
        }),
        expect.objectContaining({
          infotype: 'PushInfo',
          info: expect.objectContaining({ regai: [100, 200] }),
        }),
      ]),
    );
    hub.detach(session);
  });
});
