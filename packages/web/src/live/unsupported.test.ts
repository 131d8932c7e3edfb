/**
 * The register blocks a device does not have, over the live channel and the records: a record
 * read hands its `status.unsupported` to the equipment store, EquipInfoNow `Unsupported` moves it
 * ({} clears it), going offline clears it (also within one batch), a tree read keeps it for the
 * devices still online, and a host's blocks are never its sub-devices'.
 */
import type { ServerMessage } from '@fieldlink/protocol';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadRecord, resyncEquipment } from '../equipment/loading';
import { useEquipmentStore } from '../equipment/store';
import { sampleRecord, sampleType, treeDevice, treeReply } from '../equipment/test-support';
import type { Equipment, TreeDevice } from '../api/equipment';
import { BATCH_WINDOW_MS } from './batcher';
import { useLiveChannel } from './channel-harness';
import { FakeSocket } from './test-support';

vi.mock('../session/logout', () => ({ logout: () => undefined }));
vi.mock('../session/notify', () => ({ notify: () => undefined }));
vi.mock('../session/refresh', () => ({ refreshTokens: () => Promise.resolve('expired') }));
vi.mock('../alarms/feedback', () => ({
  notificationApi: () => ({ open: () => undefined, destroy: () => undefined }),
}));

const { startLive, stopLive } = await import('./service');

/** A team host (id 1) with one wireless slave (id 2), and a board (id 3), all online unless said. */
function tree(boardOnline = true): TreeDevice[] {
  const child = treeDevice({ id: 2, unid: 'HOST1_3', name: 'Slave', isOnline: true });
  const host = treeDevice({ id: 1, unid: 'HOST1', name: 'Host', isOnline: true, children: [child] });
  return [host, treeDevice({ id: 3, unid: 'BOARD', name: 'Board', isOnline: boardOnline })];
}

/** The board's record as the server gives it: online with the blocks it refused. */
const board = (unsupported: Equipment['status']['unsupported'], online = true): Equipment =>
  sampleRecord({
    id: 3,
    unid: 'BOARD',
    sn: 'BOARD',
    name: 'Board',
    status: { ...sampleRecord().status, online, unsupported },
  });

let nodes = tree();
let records: Equipment[] = [];
let boardReply = board({});
beforeEach(() => {
  nodes = tree();
  records = [];
  boardReply = board({});
});
const { push } = useLiveChannel({ startLive, stopLive }, () => ({
  'GET /equipment-types': { body: { items: [sampleType()], total: 1 } },
  'GET /equipment/tree': () => ({ body: treeReply([], nodes) }),
  'GET /equipment': () => ({ body: { items: records, total: records.length } }),
  'GET /equipment/3': () => ({ body: boardReply }),
}));

const now = (
  SN: string,
  IsOnline: boolean,
  Unsupported?: Partial<Record<'do' | 'di' | 'ai' | 'ao', number>>,
): ServerMessage => ({
  infotype: 'EquipInfoNow',
  info: { SN, IsOnline, ...(Unsupported === undefined ? {} : { Unsupported }) },
});
const blocks = (id: number) => useEquipmentStore.getState().unsupported[id];

describe('register blocks a device does not have', () => {
  it('are set by the push that names them, and gone with the push of {}', () => {
    expect(useEquipmentStore.getState().unsupported).toEqual({});
    push(now('BOARD', true, { ai: 2 }));
    expect(blocks(3)).toEqual({ ai: 2 });
    push(now('BOARD', true, { ai: 2, di: 1 }));
    expect(blocks(3)).toEqual({ ai: 2, di: 1 });
    // A battery push says nothing about them: they stay.
    push({ infotype: 'EquipInfoNow', info: { SN: 'BOARD', IsOnline: true, SOC: 50 } });
    expect(blocks(3)).toEqual({ ai: 2, di: 1 });
    push(now('BOARD', true, {}));
    expect(blocks(3)).toBeUndefined();
    expect(useEquipmentStore.getState().unsupported).toEqual({});
  });

  it('are the host’s alone, never its sub-devices’', () => {
    push(now('HOST1', true, { ao: 2 }));
    expect(blocks(1)).toEqual({ ao: 2 });
    expect(blocks(2)).toBeUndefined();
  });

  it('are gone once the device is offline, and not back when it returns without being told so', () => {
    push(now('BOARD', true, { ai: 2 }));
    push(now('BOARD', false));
    expect(blocks(3)).toBeUndefined();
    push(now('BOARD', true));
    expect(blocks(3)).toBeUndefined();
  });

  it('are gone after offline and back within one batch, and set again when told after that', () => {
    FakeSocket.last.receive(now('BOARD', true, { ai: 2 }));
    expect(blocks(3)).toEqual({ ai: 2 });
    FakeSocket.last.receive(now('BOARD', false));
    FakeSocket.last.receive(now('BOARD', true));
    vi.advanceTimersByTime(BATCH_WINDOW_MS);
    expect(blocks(3)).toBeUndefined();
    FakeSocket.last.receive(now('BOARD', false));
    FakeSocket.last.receive(now('BOARD', true));
    FakeSocket.last.receive(now('BOARD', true, { do: 1 }));
    vi.advanceTimersByTime(BATCH_WINDOW_MS);
    expect(blocks(3)).toEqual({ do: 1 });
  });

  it('come with the record read, which is the server’s latest word', async () => {
    boardReply = board({ ai: 2 });
    await loadRecord(3);
    expect(blocks(3)).toEqual({ ai: 2 });
    boardReply = board({});
    await loadRecord(3);
    expect(blocks(3)).toBeUndefined();
    // A record of an offline device has none, whatever it says.
    boardReply = board({ ai: 2 }, false);
    await loadRecord(3);
    expect(blocks(3)).toBeUndefined();
  });

  it('come with every record read in the background', async () => {
    records = [board({ di: 1 })];
    stopLive();
    startLive();
    await vi.waitFor(() => expect(blocks(3)).toEqual({ di: 1 }));
  });

  it('stay through a tree read while the device is online, and go when it reads offline', async () => {
    push(now('BOARD', true, { ai: 2 }));
    await resyncEquipment();
    expect(blocks(3)).toEqual({ ai: 2 });
    nodes = tree(false);
    await resyncEquipment();
    expect(blocks(3)).toBeUndefined();
  });
});
