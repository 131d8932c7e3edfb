/**
 * The device service over a real DTU link with the store: cyclic reads shared between consoles,
 * and what a device reports of its own accord.
 */
import { equipmentType } from '@fieldlink/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { normaliseSettings } from '../equipment/settings.js';
import type { LiveHub } from '../live/hub.js';
import { storageCases, useStorage } from '../storage/test-support.js';
import type { DeviceService } from './device-service.js';
import { delay, operation, startLinkService, until } from './test-support.js';
import type { LinkService } from './test-support.js';

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
