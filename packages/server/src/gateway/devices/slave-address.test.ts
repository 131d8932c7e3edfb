/**
 * A device's own slave address over a real DTU link with the store: a board answering at 1 (most
 * third-party boards) behind an equipment at its type's 254 stays linked and is shown as not
 * answering at 254, pushed to consoles, instead of going offline and online again; set to 1, it is
 * read there at once, and the state clears. Going offline clears it too.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveHub } from '../../live/hub.js';
import { storageCases, useStorage } from '../../storage/test-support.js';
import { linkStatus, listenTo, operation, startLinkService, until } from '../test-support.js';
import type { LinkService } from '../test-support.js';
import type { DeviceService } from './device-service.js';

describe('slave address per equipment', () => {
  const storage = useStorage(storageCases()[0]!);
  let link: LinkService;
  let devices: DeviceService;
  let hub: LiveHub;

  beforeEach(async () => {
    link = await startLinkService(storage(), 60, { pollMs: 3_600_000, settingsCheckMs: 30 });
    ({ devices, hub } = link);
  });

  afterEach(async () => {
    await link.close();
  });

  const status = (id: number) => linkStatus(storage(), id);

  const listen = (id: number) => listenTo(hub, id);

  it('keeps a board silent at the type address linked and says so, and reads it at the address set', async () => {
    const { id, equipment } = await link.record('ADR00001');
    const sent = listen(id);
    const board = await link.dial('ADR00001', 1);
    board.memory.coils[2] = true;
    await until(() => devices.isOnline(id));
    await until(async () => (await status(id)).unanswered_address === 254);
    expect(await status(id)).toEqual({ online: 1, unanswered_address: 254 });
    await until(() =>
      sent.some(
        (m) => m.infotype === 'EquipInfoNow' && m.info.Unanswered === 254 && m.info.IsOnline === true,
      ),
    );

    // Polls keep failing, however many: the link stays, nothing goes offline.
    for (let i = 0; i < 4; i++) expect(await devices.poll(id, 'user')).toBeNull();
    expect(link.dtu.registry.get('ADR00001')?.closed).toBe(false);
    expect(sent.some((m) => m.info.IsOnline === false)).toBe(false);
    await expect(
      devices.operate(equipment, operation({ opr: 'openone', io: 1 }), null),
    ).rejects.toMatchObject({
      code: 'offline',
      message: 'the device did not answer at address 254',
    });
    expect(board.memory.coils[0]).toBe(false);

    // The owner sets address 1 (what PATCH /equipment/:id stores): read there within a check.
    await storage()
      .db.updateTable('equipment')
      .set({ slave_address: 1, unanswered_address: null, updated_at: Date.now() })
      .where('id', '=', id)
      .execute();
    await until(() =>
      sent.some((m) => m.infotype === 'PushInfo' && Array.isArray(m.info.regdo) && m.info.regdo[0] === 0b100),
    );
    await until(() => sent.some((m) => m.infotype === 'EquipInfoNow' && m.info.Unanswered === null));
    expect(await status(id)).toEqual({ online: 1, unanswered_address: null });
    const moved = { ...equipment, slave_address: 1 };
    await devices.operate(moved, operation({ opr: 'openone', io: 1 }), null);
    expect(board.memory.coils[0]).toBe(true);
  });

  it('clears the state when the device goes offline, and finds it again when it comes back', async () => {
    const { id } = await link.record('ADR00002');
    const board = await link.dial('ADR00002', 7);
    await until(async () => (await status(id)).unanswered_address === 254);
    board.destroy();
    await until(() => !devices.isOnline(id));
    await until(async () => (await status(id)).online === 0);
    expect(await status(id)).toEqual({ online: 0, unanswered_address: null });
    await link.dial('ADR00002', 254);
    await until(() => devices.isOnline(id));
    await until(() => devices.busy === 0);
    expect(await status(id)).toEqual({ online: 1, unanswered_address: null });
  });
});
