/**
 * The live channel for tests of what pushes do to the equipment store: before each test the
 * clock faked (an hour after the last test's start, so the page's one batcher starts each test
 * past its window), a session, the REST reads served by `routes()`, the channel started over a
 * FakeSocket, the directory read and the server's `register` received; after it all undone.
 * The test file mocks the session's side effects (logout, notify, refresh, alarm feedback) and
 * hands over the service it imported after those mocks.
 */
import type { ServerMessage } from '@fieldlink/protocol';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { queryClient } from '../app/query-client';
import { equipmentKeys } from '../equipment/directory';
import { mockFetch } from '../session/test-support';
import type { Routes } from '../session/test-support';
import { useSession } from '../session/store';
import { BATCH_WINDOW_MS } from './batcher';
import { FakeSocket } from './test-support';

const registered: ServerMessage = { infotype: 'register', info: { ok: true, userId: '1' } };

let clockStart = Date.UTC(2026, 0, 5);

export function useLiveChannel(
  service: { readonly startLive: () => void; readonly stopLive: () => void },
  routes: () => Routes,
): {
  /** Pushes `infos` as the server does and lets the batch window pass. */
  readonly push: (...infos: ServerMessage[]) => void;
} {
  let restore = (): void => undefined;
  beforeEach(async () => {
    clockStart += 3_600_000;
    vi.useFakeTimers({ now: clockStart });
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('window', { location: { protocol: 'http:', host: 'console.test' } });
    useSession.setState({ accessToken: 'tok', refreshToken: 'ref' });
    restore = mockFetch(routes()).restore;
    service.startLive();
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(equipmentKeys.directory)?.status).toBe('success'),
    );
    FakeSocket.last.open();
    FakeSocket.last.receive(registered);
  });
  afterEach(() => {
    service.stopLive();
    restore();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
  return {
    push: (...infos) => {
      for (const info of infos) FakeSocket.last.receive(info);
      vi.advanceTimersByTime(BATCH_WINDOW_MS);
    },
  };
}
