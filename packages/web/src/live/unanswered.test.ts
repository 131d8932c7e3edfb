/**
 * The silent state over the live channel: a device whose link is up but which does not answer at
 * its slave address (EquipInfoNow `Unanswered`, the tree's `unansweredAddress`) is flagged in the
 * equipment store, its sub-devices with it, and the flag goes when it answers again or goes
 * offline.
 */
import type { ServerMessage } from '@fieldlink/protocol';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resyncEquipment } from '../equipment/loading';
import { useEquipmentStore } from '../equipment/store';
import { sampleType, treeDevice, treeReply } from '../equipment/test-support';
import type { TreeDevice } from '../api/equipment';
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

/**
 * A team host with one wireless slave, both online, and a board; `silent`: the address the host
 * does not answer at, as the tree reply gives it (its sub-device shows its host's).
 */
function hostTree(silent?: number): TreeDevice[] {
  const link = { isOnline: true, soc: 60, ...(silent === undefined ? {} : { unansweredAddress: silent }) };
  const child = treeDevice({ id: 2, unid: 'HOST1_3', name: 'Slave', ...link });
  const host = treeDevice({ id: 1, unid: 'HOST1', name: 'Host', ...link, children: [child] });
  // The board has reported no battery (the tree's default 30): it shows none.
  return [host, treeDevice({ id: 3, unid: 'BOARD', name: 'Board', isOnline: true })];
}

let tree = hostTree();
beforeEach(() => {
  tree = hostTree();
});
const { push } = useLiveChannel({ startLive, stopLive }, () => ({
  'GET /equipment-types': { body: { items: [sampleType()], total: 1 } },
  'GET /equipment/tree': () => ({ body: treeReply([], tree) }),
  'GET /equipment': { body: { items: [], total: 0 } },
}));
const now = (SN: string, IsOnline: boolean, Unanswered?: number | null): ServerMessage => ({
  infotype: 'EquipInfoNow',
  info: { SN, IsOnline, ...(Unanswered === undefined ? {} : { Unanswered }) },
});
const flags = (id: number) => useEquipmentStore.getState().flags[id];

describe('a device that does not answer at its slave address', () => {
  it('is flagged by the push that says so, and no longer once it answers again', () => {
    expect(flags(1)).toEqual({ isOnline: true, isAlarm: false, soc: 60 });
    push(now('HOST1', true, 7), now('HOST1_3', true, 7));
    expect(flags(1)).toEqual({ isOnline: true, isAlarm: false, soc: 60, unansweredAddress: 7 });
    expect(flags(2)?.unansweredAddress).toBe(7);
    // Still online: the counters do not change.
    expect(useEquipmentStore.getState().counters).toMatchObject({ online: 3, offline: 0 });
    // A battery push says nothing about it: the flag stays.
    push({ infotype: 'EquipInfoNow', info: { SN: 'HOST1', IsOnline: true, SOC: 55 } });
    expect(flags(1)).toMatchObject({ soc: 55, unansweredAddress: 7 });
    expect(flags(2)).toMatchObject({ soc: 55, unansweredAddress: 7 });

    push(now('HOST1', true, null), now('HOST1_3', true, null));
    expect(flags(1)).toEqual({ isOnline: true, isAlarm: false, soc: 55 });
    expect(flags(2)).toEqual({ isOnline: true, isAlarm: false, soc: 55 });
    expect(flags(3)).toEqual({ isOnline: true, isAlarm: false, soc: null });
  });

  it('takes its sub-devices with it even when only the host is pushed', () => {
    push(now('HOST1', true, 9));
    expect(flags(2)?.unansweredAddress).toBe(9);
    push(now('HOST1', true, null));
    expect(flags(2)).not.toHaveProperty('unansweredAddress');
  });

  it('is no longer flagged once offline, nor when it comes back without being told so', () => {
    push(now('BOARD', true, 1));
    expect(flags(3)?.unansweredAddress).toBe(1);
    push(now('BOARD', false));
    expect(flags(3)).toEqual({ isOnline: false, isAlarm: false, soc: null });
    push(now('BOARD', true));
    expect(flags(3)).toEqual({ isOnline: true, isAlarm: false, soc: null });
  });

  it('is not flagged after going offline and back within one batch', () => {
    // The first push after a quiet window goes at once; the next ones wait, merged, for its end.
    FakeSocket.last.receive(now('BOARD', true, 1));
    expect(flags(3)?.unansweredAddress).toBe(1);
    FakeSocket.last.receive(now('BOARD', false));
    FakeSocket.last.receive(now('BOARD', true));
    expect(flags(3)?.isOnline).toBe(true);
    vi.advanceTimersByTime(BATCH_WINDOW_MS);
    expect(flags(3)).toEqual({ isOnline: true, isAlarm: false, soc: null });
    // And silent again when told so after coming back, in the same batch.
    FakeSocket.last.receive(now('BOARD', false));
    FakeSocket.last.receive(now('BOARD', true));
    FakeSocket.last.receive(now('BOARD', true, 2));
    vi.advanceTimersByTime(BATCH_WINDOW_MS);
    expect(flags(3)?.unansweredAddress).toBe(2);
  });

  it('comes flagged from the tree, and a tree read anew clears it', async () => {
    tree = hostTree(4);
    await resyncEquipment();
    expect(flags(1)?.unansweredAddress).toBe(4);
    expect(flags(2)?.unansweredAddress).toBe(4);
    expect(flags(3)).not.toHaveProperty('unansweredAddress');
    tree = hostTree();
    await resyncEquipment();
    expect(flags(1)).not.toHaveProperty('unansweredAddress');
    expect(flags(2)).not.toHaveProperty('unansweredAddress');
  });
});
