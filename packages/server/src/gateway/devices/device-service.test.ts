/**
 * The device service over a real DTU link with the store: cyclic reads shared between consoles,
 * and what a device reports of its own accord.
 */
import { equipmentType } from '@fieldlink/protocol';
import { afterEach, beforeEach, describe, expect, it, it as baseIt } from 'vitest';
import { normaliseSettings } from '../../equipment/settings.js';
import { HistoryRecorder } from '../../history/recorder.js';
import { HistoryWriter } from '../../history/writer.js';
import type { HistoryWriterOptions } from '../../history/writer.js';
import { LiveHub } from '../../live/hub.js';
import { storageCases, useStorage } from '../../storage/test-support.js';
import { DtuListener } from '../dtu/dtu-listener.js';
import { LinkRegistry } from '../link/registry.js';
import { DeviceService, OperationError } from './device-service.js';
import {
  addLinkedDevices,
  delay,
  operation,
  R8,
  startLinkService,
  until,
  VirtualDtu,
} from '../test-support.js';
import type { LinkService } from '../test-support.js';

const op = operation;

describe('device service', () => {
  const storage = useStorage(storageCases()[0]!);
  let link: LinkService;
  let devices: DeviceService;
  let hub: LiveHub;

  beforeEach(async () => {
    // The baseline poll of the first device in a schedule falls on whole periods of the clock. The
    // tests count requests: with an hour it lands in one of them about once in a thousand runs,
    // with a minute (the default here) once in fifteen.
    link = await startLinkService(storage(), 200, { pollMs: 3_600_000, settingsCheckMs: 50 });
    ({ devices, hub } = link);
  });

  afterEach(async () => {
    await link.close();
  });

  it('runs one cyclic read per device: a second console extends it instead of doubling it', async () => {
    const { id, equipment } = await link.record('CYC00001');
    const d = await link.dial('CYC00001');
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
    const { id } = await link.record('REP00001');
    await link.dial('REP00001');
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

  it('records an online device with the settings edited since it came up, and shares equal ones', async () => {
    const a = await link.record('SET00001');
    const b = await link.record('SET00002');
    const dials = [await link.dial('SET00001'), await link.dial('SET00002')];
    await until(() => devices.isOnline(a.id) && devices.isOnline(b.id));
    // Stored alike: one parsed copy for both.
    expect(devices.settingsOf(a.id)).toBe(devices.settingsOf(b.id));
    expect(devices.sharedSettings).toBe(1);
    const before = devices.settingsOf(a.id)!;
    expect(Object.isFrozen(before.ai.alarmHigh)).toBe(true);

    // An edit as the equipment route stores it (on this node or another: only the store is read).
    const type = equipmentType(a.equipment.type)!;
    const edited = normaliseSettings(type.counts, { ai: { alarmHigh: [900] } }, before, {
      image: type.image,
    });
    await storage()
      .db.updateTable('equipment')
      .set({ settings: JSON.stringify(edited), updated_at: Date.now() })
      .where('id', '=', a.id)
      .execute();
    await until(() => devices.settingsOf(a.id)?.ai.alarmHigh[0] === 900);
    expect(devices.settingsOf(b.id)).toBe(before);
    expect(devices.sharedSettings).toBe(2);

    // The same text again: shared once more, and the copy nobody holds is gone.
    await storage()
      .db.updateTable('equipment')
      .set({ settings: JSON.stringify(edited), updated_at: Date.now() })
      .where('id', '=', b.id)
      .execute();
    await until(() => devices.settingsOf(b.id) === devices.settingsOf(a.id));
    expect(devices.sharedSettings).toBe(1);

    // Offline, they give their settings back.
    for (const d of dials) d.destroy();
    await until(() => !devices.isOnline(a.id) && !devices.isOnline(b.id));
    expect(devices.sharedSettings).toBe(0);
  });
});

describe.each(storageCases())('operation records on %s', (store) => {
  const it = baseIt.skipIf(store.skip !== null);
  const storage = useStorage(store);
  const stops: (() => Promise<void>)[] = [];

  afterEach(async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  });

  /** A device online on a service whose history writer has these options (a minute's flush). */
  async function online(sn: string, options: HistoryWriterOptions) {
    const db = storage().db;
    const writer = new HistoryWriter(db, { flushMs: 60_000, ...options });
    const registry = new LinkRegistry({ db });
    const dtu = new DtuListener({ db, registry, heartbeat: 'ping', link: { idleMs: 30_000 } });
    const devices = new DeviceService({
      db,
      registry,
      hub: new LiveHub({ batchMs: 10 }),
      recorder: new HistoryRecorder({ writer }),
      pollMs: 3_600_000,
      timeoutMs: 1000,
    });
    const port = await dtu.listen(0, '127.0.0.1');
    const id = (await addLinkedDevices(storage(), [sn])).get(sn)!;
    const device = await VirtualDtu.dial(port, sn, R8);
    stops.push(async () => {
      device.destroy();
      await writer.close();
      await dtu.close();
      await devices.stop();
    });
    await until(() => devices.isOnline(id));
    const equipment = await db
      .selectFrom('equipment')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const operations = async (): Promise<string[]> =>
      (
        await db
          .selectFrom('events')
          .select('message')
          .where('equipment_id', '=', id)
          .where('kind', '=', 'operation')
          .execute()
      ).map((e) => e.message);
    return { devices, device, equipment, operations, writer };
  }

  it('has stored an operation’s event when the operation resolves', async () => {
    const { devices, equipment, operations } = await online('REC10001', {});
    await devices.operate(equipment, op({ opr: 'openone', io: 1 }), null);
    expect(await operations()).toEqual(['openone DO1: ok']);
    // A refused operation is on record when its refusal arrives, too.
    await expect(devices.operate(equipment, op({ opr: 'openone', io: 20 }), null)).rejects.toThrow(/refused/);
    expect(await operations()).toHaveLength(2);
  });

  it('stores the event of an operation while the writer sheds samples as backlog', async () => {
    const { devices, equipment, operations, writer } = await online('REC10002', { maxQueuedRows: 1 });
    const full = writer.record([
      { equipmentId: equipment.id, kind: 'do', channel: 7, value: 1, at: Date.now() },
    ]);
    full.catch(() => undefined);
    await devices.operate(equipment, op({ opr: 'openone', io: 2 }), null);
    expect(await operations()).toEqual(['openone DO2: ok']);
  });

  it('says so when an operation was carried out but its record could not be stored', async () => {
    const { devices, device, equipment } = await online('REC10003', {
      store: { write: () => Promise.reject(new Error('disk full')) },
    });
    const failure = await devices
      .operate(equipment, op({ opr: 'openone', io: 3 }), null)
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(OperationError);
    expect(failure).toMatchObject({
      code: 'unrecorded',
      message: 'the operation was carried out, but its record could not be stored',
    });
    expect(device.memory.coils[2]).toBe(true);
  });
});
