import type { ServerMessage } from '@fieldlink/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAlarms } from '../alarms/store';
import { queryClient } from '../app/query-client';
import { equipmentKeys } from '../equipment/directory';
import { useEquipmentStore } from '../equipment/store';
import { R8_COUNTS, sampleType, treeDevice, treeReply } from '../equipment/test-support';
import { mockFetch } from '../session/test-support';
import { useSession } from '../session/store';
import { useLiveStatus } from './status';
import { FakeSocket } from './test-support';

const loggedOut = vi.fn();
vi.mock('../session/logout', () => ({ logout: () => loggedOut() }));
vi.mock('../session/notify', () => ({ notify: () => undefined }));
vi.mock('../session/refresh', () => ({ refreshTokens: () => Promise.resolve('expired') }));
vi.mock('../alarms/feedback', () => ({
  notificationApi: () => ({ open: () => undefined, destroy: () => undefined }),
}));

const { liveClient, startLive, stopLive } = await import('./service');
const { alarmPlayer } = await import('../alarms/notify');
// No sound in tests.
alarmPlayer.play = () => Promise.resolve();

const registered: ServerMessage = { infotype: 'register', info: { ok: true, userId: '1' } };

let restore = (): void => undefined;
let calls: { path: string }[] = [];
beforeEach(async () => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('window', { location: { protocol: 'http:', host: 'console.test' } });
  useSession.setState({ accessToken: 'tok', refreshToken: 'ref' });
  const mock = mockFetch({
    'GET /equipment-types': { body: { items: [sampleType()], total: 1 } },
    'GET /equipment/tree': { body: treeReply([], [treeDevice({ id: 1, unid: 'R8', name: 'Relay' })]) },
    'GET /equipment': { body: { items: [], total: 0 } },
  });
  restore = mock.restore;
  calls = mock.calls;
  startLive();
  await vi.waitFor(() => expect(queryClient.getQueryState(equipmentKeys.directory)?.status).toBe('success'));
});
afterEach(() => {
  stopLive();
  restore();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  loggedOut.mockReset();
});

describe('live service', () => {
  it('opens /ws on the page host and registers', () => {
    const socket = FakeSocket.last;
    expect(socket.url).toBe('ws://console.test/ws');
    socket.open();
    expect(socket.sent[0]).toEqual({ infotype: 'register', info: { token: 'tok' } });
  });

  it('applies device info in batches, at most once per 300 ms', () => {
    const socket = FakeSocket.last;
    socket.open();
    socket.receive(registered);
    const spy = vi.spyOn(useEquipmentStore.getState(), 'applyUpdates');
    socket.receive({ infotype: 'PushInfo', info: { SN: 'R8', regdo: [1], IsOnline: true } });
    socket.receive({ infotype: 'PushInfo', info: { SN: 'R8', regdo: [3] } });
    socket.receive({ infotype: 'EquipInfoNow', info: { SN: 'R8', IsOnline: true, SOC: 70 } });
    expect(useEquipmentStore.getState().live[1]?.do.slice(0, 2)).toEqual([true, false]);
    vi.advanceTimersByTime(300);
    const s = useEquipmentStore.getState();
    expect(s.live[1]?.do.slice(0, 2)).toEqual([true, true]);
    expect(s.flags[1]).toMatchObject({ isOnline: true, soc: 70 });
    expect(spy.mock.calls.length).toBeLessThanOrEqual(2);
  });

  it('watches the selected device: a cyclic read over the channel once it is open', () => {
    const socket = FakeSocket.last;
    socket.open();
    socket.receive(registered);
    useEquipmentStore.getState().select(1);
    // FL-R8 has no analog outputs, so no AO read follows.
    expect(R8_COUNTS.ao).toBe(0);
    expect(socket.sent.slice(1)).toEqual([
      { infotype: 'damopr', info: { opr: 'read', cnt: 10, cycletime: 3000, unid: 'R8' } },
    ]);
  });

  it('lists a pushed alarm and flags the device', () => {
    const socket = FakeSocket.last;
    socket.open();
    socket.receive({
      infotype: 'Notiface',
      info: { SN: 'R8', channel: 'DI1', level: 1, value: 1, Time: '2026-01-05 16:00:00', text: 'DI1 alarm' },
    });
    expect(useAlarms.getState().alarms[0]?.name).toBe('Relay');
    expect(useEquipmentStore.getState().flags[1]?.isAlarm).toBe(true);
  });

  it('signs out when the token is refused', async () => {
    const socket = FakeSocket.last;
    socket.open();
    socket.receive({ infotype: 'untoken', info: { reason: 'revoked' } });
    await vi.waitFor(() => expect(loggedOut).toHaveBeenCalled());
    expect(liveClient.running).toBe(false);
  });

  it('tries a refresh before signing out when the token only expired', async () => {
    const socket = FakeSocket.last;
    socket.open();
    socket.receive({ infotype: 'untoken', info: { reason: 'expired' } });
    // The refresh stand-in says the refresh token expired too.
    await vi.waitFor(() => expect(loggedOut).toHaveBeenCalled());
  });

  it('reopens after a drop and reads the state anew', async () => {
    const socket = FakeSocket.last;
    socket.open();
    socket.receive(registered);
    expect(useLiveStatus.getState().status).toBe('live');
    socket.drop();
    // The indicator stops saying 'live' as soon as the socket is gone, not once it is back.
    expect(useLiveStatus.getState().status).toBe('connecting');
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2);
    const treeReads = () => calls.filter((c) => c.path === '/equipment/tree').length;
    expect(treeReads()).toBe(1);
    FakeSocket.last.open();
    FakeSocket.last.receive(registered);
    expect(useLiveStatus.getState().status).toBe('live');
    await vi.waitFor(() => expect(treeReads()).toBe(2));
  });

  it('stop closes the channel and forgets the equipment', () => {
    const socket = FakeSocket.last;
    socket.open();
    stopLive();
    expect(socket.closed).toBe(true);
    expect(queryClient.getQueryData(equipmentKeys.directory)).toBeUndefined();
    expect(useEquipmentStore.getState().flags).toEqual({});
  });
  it('reads its equipment anew when told it changed: once per burst, with the changed record', async () => {
    const socket = FakeSocket.last;
    socket.open();
    socket.receive(registered);
    const before = calls.length;
    const path = (c: { path: string }) => c.path.replace(/\?.*$/, '');
    socket.receive({ infotype: 'EquipChanged', info: { reason: 'record', id: 1 } });
    socket.receive({ infotype: 'EquipChanged', info: { reason: 'record', id: 1 } });
    await vi.advanceTimersByTimeAsync(300);
    const asked = calls.slice(before).map(path);
    expect(asked.filter((p) => p.endsWith('/equipment/tree'))).toHaveLength(1);
    // A record's change does not read every record again.
    expect(asked.filter((p) => p.endsWith('/equipment'))).toHaveLength(0);

    const next = calls.length;
    socket.receive({ infotype: 'EquipChanged', info: { reason: 'access' } });
    await vi.advanceTimersByTimeAsync(300);
    const again = calls.slice(next).map(path);
    expect(again.filter((p) => p.endsWith('/equipment/tree'))).toHaveLength(1);
    expect(again.filter((p) => p.endsWith('/equipment'))).toHaveLength(1);
  });

  it("reads a device's sharing lists again when told they changed, and nothing else", async () => {
    const { queryClient } = await import('../app/query-client');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const socket = FakeSocket.last;
    socket.open();
    socket.receive(registered);
    const before = calls.length;
    socket.receive({ infotype: 'EquipChanged', info: { reason: 'sharing', id: 1 } });
    await vi.advanceTimersByTimeAsync(1000);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['sharing', 1] });
    expect(calls.length).toBe(before);
    invalidate.mockRestore();
  });

  it('selects a device just added when its first push arrives, 1.5 s after saying so', async () => {
    const { startAdding } = await import('../equipment/adding');
    const socket = FakeSocket.last;
    socket.open();
    socket.receive(registered);
    startAdding('R8');
    expect(useEquipmentStore.getState().selectedId).toBeNull();
    socket.receive({ infotype: 'EquipInfoNow', info: { SN: 'R8', IsOnline: true } });
    await vi.advanceTimersByTimeAsync(1400);
    expect(useEquipmentStore.getState().selectedId).toBeNull();
    await vi.advanceTimersByTimeAsync(200);
    expect(useEquipmentStore.getState().selectedId).toBe(1);
    // Once only: a later push of another selection does not pull it back.
    useEquipmentStore.getState().select(null);
    socket.receive({ infotype: 'EquipInfoNow', info: { SN: 'R8', IsOnline: true } });
    await vi.advanceTimersByTimeAsync(2000);
    expect(useEquipmentStore.getState().selectedId).toBeNull();
  });
});
