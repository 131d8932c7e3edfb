/**
 * A read operation's result is pushed like a poll's (docs/protocol.md § Device operations): a whole
 * block as it was read, a part of one by reading the state again; reads of other registers push
 * no state.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveHub } from '../../live/hub.js';
import { storageCases, useStorage } from '../../storage/test-support.js';
import { listenTo, operation, startLinkService, until } from '../test-support.js';
import type { LinkService, SentMessage } from '../test-support.js';
import type { DeviceService } from './device-service.js';

describe('read operations publish what they read', () => {
  const storage = useStorage(storageCases()[0]!);
  let link: LinkService;
  let devices: DeviceService;
  let hub: LiveHub;

  beforeEach(async () => {
    link = await startLinkService(storage(), 200, { pollMs: 3_600_000 });
    ({ devices, hub } = link);
  });
  afterEach(async () => {
    await link.close();
  });

  const listen = (id: number) => listenTo(hub, id);
  const pushes = (sent: SentMessage[]) => sent.filter((m) => m.infotype === 'PushInfo').map((m) => m.info);

  it('pushes a whole block at once, without reading again', async () => {
    const { id, equipment } = await link.record('RDP00001');
    const board = await link.dial('RDP00001');
    await until(() => devices.isOnline(id));
    await until(() => devices.busy === 0);
    const sent = listen(id);
    board.memory.coils[5] = true;
    const before = board.requests;
    await devices.operate(equipment, operation({ opr: 'rdo', regstart: 0, regnum: 8 }), null);
    await until(() => pushes(sent).some((p) => Array.isArray(p.regdo)));
    await until(() => devices.busy === 0);
    expect(pushes(sent).find((p) => Array.isArray(p.regdo))).toMatchObject({ regdo: [0b100000], donum: 8 });
    expect(pushes(sent).every((p) => p.regdi === undefined)).toBe(true);
    expect(board.requests - before).toBe(1);
  });

  it('reads the state again for part of a block, and pushes it whole', async () => {
    const { id, equipment } = await link.record('RDP00002');
    const board = await link.dial('RDP00002');
    await until(() => devices.isOnline(id));
    await until(() => devices.busy === 0);
    const sent = listen(id);
    board.memory.inputs[6] = true;
    await devices.operate(equipment, operation({ opr: 'rdi', regstart: 4, regnum: 4 }), null);
    await until(() => pushes(sent).some((p) => Array.isArray(p.regdi)));
    expect(pushes(sent).find((p) => Array.isArray(p.regdi))).toMatchObject({ regdi: [0b1000000], dinum: 8 });
  });
});
