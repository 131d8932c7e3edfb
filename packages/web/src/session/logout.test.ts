// @vitest-environment jsdom
/**
 * Logout (§4) with the parts that follow the session wired as the console wires them: the shell's
 * visited tabs and notices (shell/useVisitTabs.ts hooks them to sign-out when it is loaded) and
 * the live channel with the equipment store and the alarms (live/service.ts, installLive).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { alarmPlayer } from '../alarms/notify';
import { useAlarms } from '../alarms/store';
import { queryClient } from '../app/query-client';
import { directory, equipmentKeys, records } from '../equipment/directory';
import { useEquipmentStore } from '../equipment/store';
import { sampleType, treeDevice, treeReply } from '../equipment/test-support';
import { installLive, liveClient } from '../live/service';
import { useLiveStatus } from '../live/status';
import { FakeSocket } from '../live/test-support';
import { useNotices, pushNotice } from '../shell/notices';
import { useTabs } from '../shell/tabs';
import '../shell/useVisitTabs';
import { announceSignOut, sessionActive } from './lifecycle';
import { logout } from './logout';
import { useMe } from './me';
import { setCurrentRoute, setNavigator } from './navigation';
import { setNotifier } from './notify';
import { refreshTimerRunning, stopRefreshTimer } from './refresh';
import { startSession } from './signin';
import { SESSION_STORAGE_KEY, useSession } from './store';
import { mockFetch, sampleMe } from './test-support';
import type { RecordedRequest } from './test-support';

const PAIR = { accessToken: 'acc-1', refreshToken: 'ref-1', registeredAt: '2026-01-05T08:00:00.000Z' };

describe('logout', () => {
  const navigate = vi.fn();
  let calls: RecordedRequest[] = [];
  let restore = (): void => undefined;

  beforeAll(() => {
    vi.stubGlobal('WebSocket', FakeSocket);
    installLive();
  });
  afterAll(() => vi.unstubAllGlobals());

  beforeEach(async () => {
    FakeSocket.all = [];
    navigate.mockReset();
    setNavigator(navigate);
    setNotifier({ open: () => undefined });
    const mock = mockFetch({
      'GET /me': { body: sampleMe() },
      'GET /equipment-types': { body: { items: [sampleType()], total: 1 } },
      'GET /equipment/tree': {
        body: treeReply([], [treeDevice({ id: 1, unid: 'R8', name: 'Relay', isOnline: true })]),
      },
      'GET /equipment': { body: { items: [], total: 0 } },
      'POST /auth/logout': { status: 204 },
    });
    calls = mock.calls;
    restore = mock.restore;
    // Signed in, with the live channel open, the equipment loaded, tabs visited and notices.
    await startSession(PAIR);
    await vi.waitFor(() => expect(directory().entries[1]?.name).toBe('Relay'));
    FakeSocket.last.open();
    useEquipmentStore.getState().select(1);
    const { dispatch } = useTabs.getState();
    dispatch(
      { type: 'visit', tab: { path: '/Equips', titleKey: 'shell.routes.equips', pinned: true } },
      '/map',
    );
    dispatch({ type: 'visit', tab: { path: '/map', titleKey: 'shell.routes.map', pinned: false } }, '/map');
    pushNotice({ kind: 'notice', title: 'Pump house', text: 'AI1 high', at: 1 });
    pushNotice({ kind: 'email', title: 'Code sent', text: 'to ops@example.com', at: 2 });
    useAlarms.getState().add({
      key: 'R8|AI1|2026-01-05 08:00:00|1',
      unid: 'R8',
      name: 'Relay',
      channel: 'AI1',
      level: 1,
      value: 99,
      time: '2026-01-05 08:00:00',
      text: 'AI1 high',
      receivedAt: 1,
    });
    queryClient.setQueryData(['history', 1], [1, 2, 3]);
    setCurrentRoute('/map?zoom=3');
  });
  afterEach(async () => {
    await announceSignOut();
    useSession.getState().clear();
    useMe.getState().setMe(null);
    restore();
    stopRefreshTimer();
    setNavigator(null);
    setNotifier(null);
    vi.restoreAllMocks();
  });

  it('starts from a full session (the set-up is what logout must undo)', () => {
    expect(liveClient.running).toBe(true);
    expect(useEquipmentStore.getState().selectedId).toBe(1);
    expect(useTabs.getState().tabs).toHaveLength(2);
    expect(useNotices.getState().notices).toHaveLength(2);
    expect(useAlarms.getState().alarms).toHaveLength(1);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toContain('"accessToken":"acc-1"');
  });

  it('tells the server, then forgets tokens, storage, user and cached replies', async () => {
    await logout();
    expect(calls.filter((c) => c.path === '/auth/logout').map((c) => c.body)).toEqual([
      { refreshToken: 'ref-1' },
    ]);
    expect(useSession.getState()).toMatchObject({ accessToken: null, refreshToken: null, tokenAt: null });
    const stored = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}') as { state?: unknown };
    expect(stored.state).toEqual({
      accessToken: null,
      refreshToken: null,
      registeredAt: null,
      tokenAt: null,
    });
    expect(useMe.getState().me).toBeNull();
    expect(queryClient.getQueryData(['history', 1])).toBeUndefined();
    expect(refreshTimerRunning()).toBe(false);
    expect(sessionActive()).toBe(false);
  });

  it('empties the visited tabs and the notices', async () => {
    await logout();
    expect(useTabs.getState().tabs).toEqual([]);
    expect(useNotices.getState().notices).toEqual([]);
  });

  it('closes the live channel, forgets the equipment (read and live), empties the alarms, stops the sound', async () => {
    const socket = FakeSocket.last;
    const silence = vi.spyOn(alarmPlayer, 'stop');
    await logout();
    expect(socket.closed).toBe(true);
    expect(liveClient.running).toBe(false);
    expect(useLiveStatus.getState().status).toBe('stopped');
    expect(queryClient.getQueryState(equipmentKeys.directory)).toBeUndefined();
    expect(directory()).toMatchObject({ entries: {}, tree: [] });
    expect(records()).toEqual({});
    expect(useEquipmentStore.getState()).toMatchObject({ flags: {}, live: {}, selectedId: null });
    expect(useAlarms.getState().alarms).toEqual([]);
    expect(silence).toHaveBeenCalled();
  });

  it('goes to /login keeping the page shown as the redirect', async () => {
    await logout();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login?redirect=%2Fmap%3Fzoom%3D3', { replace: true });
  });
});
