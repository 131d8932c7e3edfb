// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { permissionFromLevel } from '../../equipment/rights';
import { setUpDeviceTests } from '../../equipment/test-hooks';
import en from '../../locales/en/cameras';
import type { RecordedRequest, Reply } from '../../session/test-support';
import type { EquipmentCamera } from '../../api/cameras';
import { renderPage } from '../auth/test-render';
import CameraPlayer from './CameraPlayer';
import { equipmentCamera, manualTimers, renderCameraTab, SLOW, ticket } from './test-support';

/** hls.js as the player sees it through the dynamic import: what each instance was asked to do. */
const hls = vi.hoisted(() => {
  const instances: FakeHls[] = [];
  const state = { supported: true, instances };
  class FakeHls {
    static Events = { ERROR: 'hlsError' } as const;
    static isSupported = () => state.supported;
    source: string | null = null;
    media: HTMLMediaElement | null = null;
    destroyed = false;
    private handlers: ((event: string, data: { fatal: boolean }) => void)[] = [];
    constructor() {
      instances.push(this);
    }
    on(_event: string, handler: (event: string, data: { fatal: boolean }) => void): void {
      this.handlers.push(handler);
    }
    loadSource(url: string): void {
      this.source = url;
    }
    attachMedia(media: HTMLMediaElement): void {
      this.media = media;
    }
    destroy(): void {
      this.destroyed = true;
    }
    fail(fatal: boolean): void {
      for (const handler of this.handlers) handler('hlsError', { fatal });
    }
  }
  return { state, FakeHls };
});
vi.mock('hls.js/light', () => ({ default: hls.FakeHls }));

const hooks = setUpDeviceTests();
/** Watching only: no link card, and the cameras below have no PTZ, so only the player is drawn. */
const WATCHER = { ...permissionFromLevel(1), camera: 1 as const };
const CAMERA = 'GET /equipment/4/camera';

beforeEach(() => {
  hls.state.supported = true;
  hls.state.instances.length = 0;
});
afterEach(() => vi.restoreAllMocks());

const watched = (more: Partial<EquipmentCamera> = {}) => equipmentCamera({ ptz: false, ...more });
const image = () => screen.getByTestId('camera-mjpeg') as HTMLImageElement;
const cameraReads = (calls: RecordedRequest[]) =>
  calls.filter((c) => c.path === '/equipment/4/camera').length;

/** Replies to the camera reads in turn (the last one repeats). */
function replies(...list: Reply[]): () => Reply {
  let index = 0;
  return () => list[Math.min(index++, list.length - 1)]!;
}

describe('the camera player', () => {
  it('shows an MJPEG stream in an image and never loads hls.js', () => {
    renderPage(
      <CameraPlayer
        title="Gate"
        initial={ticket('/api/v1/camera-streams/t1')}
        initialError={null}
        fetchStream={() => Promise.reject(new Error('not asked'))}
      />,
      { path: '/', route: '/' },
    );
    expect(image().getAttribute('src')).toBe('/api/v1/camera-streams/t1');
    expect(image().alt).toBe('Gate');
    expect(screen.queryByTestId('camera-hls')).toBeNull();
    expect(hls.state.instances).toHaveLength(0);
  });

  it('plays HLS through hls.js where it is supported, and lets it go when done', async () => {
    const url = '/api/v1/camera-streams/t2/index.m3u8';
    const view = renderPage(
      <CameraPlayer title="Gate" initial={ticket(url, 'hls')} initialError={null} fetchStream={vi.fn()} />,
      { path: '/', route: '/' },
    );
    await waitFor(() => expect(hls.state.instances).toHaveLength(1));
    const [player] = hls.state.instances;
    expect(player!.source).toBe(url);
    expect(player!.media).toBe(screen.getByTestId('camera-hls'));
    view.unmount();
    expect(player!.destroyed).toBe(true);
  });

  it('plays HLS natively where hls.js is not supported but the browser plays it', async () => {
    hls.state.supported = false;
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) =>
      type === 'application/vnd.apple.mpegurl' ? 'maybe' : '',
    );
    const url = '/api/v1/camera-streams/t3/index.m3u8';
    renderPage(
      <CameraPlayer title="Gate" initial={ticket(url, 'hls')} initialError={null} fetchStream={vi.fn()} />,
      { path: '/', route: '/' },
    );
    await waitFor(() => expect(screen.getByTestId('camera-hls').getAttribute('src')).toBe(url));
    expect(hls.state.instances).toHaveLength(0);
  });

  it('says so where neither plays HLS', async () => {
    hls.state.supported = false;
    renderPage(
      <CameraPlayer
        title="Gate"
        initial={ticket('/x/index.m3u8', 'hls')}
        initialError={null}
        fetchStream={vi.fn()}
      />,
      { path: '/', route: '/' },
    );
    expect(await screen.findByText(en.player.unsupported, {}, SLOW)).toBeTruthy();
  });
});

describe('a stream that stops', () => {
  it('restarts with a fresh ticket after 1 s, 2 s and 5 s, then offers Retry', async () => {
    const timers = manualTimers();
    const mock = hooks.serve({
      [CAMERA]: replies(
        { body: watched() },
        { body: watched({ stream: ticket('/api/v1/camera-streams/t2') }) },
        { body: watched({ stream: ticket('/api/v1/camera-streams/t3') }) },
        { body: watched({ stream: null, error: 'device offline' }) },
        { body: watched({ stream: ticket('/api/v1/camera-streams/t5') }) },
      ),
    });
    renderCameraTab(WATCHER, { schedule: timers.schedule });
    await waitFor(() => expect(image().getAttribute('src')).toBe('/api/v1/camera-streams/t1'), SLOW);

    fireEvent.error(image());
    expect(screen.getByTestId('camera-waiting').textContent).toContain('try 1 of 3');
    act(() => timers.next());
    await waitFor(() => expect(image().getAttribute('src')).toBe('/api/v1/camera-streams/t2'));

    fireEvent.error(image());
    act(() => timers.next());
    await waitFor(() => expect(image().getAttribute('src')).toBe('/api/v1/camera-streams/t3'));

    fireEvent.error(image());
    // The third try finds no stream: no more tries, the server's reason and a Retry button.
    act(() => timers.next());
    const failed = await screen.findByTestId('camera-failed', {}, SLOW);
    expect(failed.textContent).toContain('No stream: device offline');
    expect(timers.delays).toEqual([1000, 2000, 5000]);
    expect(cameraReads(mock.calls)).toBe(4);

    fireEvent.click(screen.getByTestId('camera-retry'));
    await waitFor(() => expect(image().getAttribute('src')).toBe('/api/v1/camera-streams/t5'));
    expect(cameraReads(mock.calls)).toBe(5);
    expect(timers.delays).toHaveLength(3);
  });

  it('counts anew once the stream plays', async () => {
    const timers = manualTimers();
    hooks.serve({ [CAMERA]: { body: watched() } });
    renderCameraTab(WATCHER, { schedule: timers.schedule });
    await waitFor(() => expect(image()).toBeTruthy(), SLOW);
    fireEvent.error(image());
    act(() => timers.next());
    await waitFor(() => expect(screen.queryByTestId('camera-waiting')).toBeNull());
    fireEvent.load(image());
    fireEvent.error(image());
    expect(timers.delays).toEqual([1000, 1000]);
  });

  it('restarts an HLS stream after a fatal hls.js error, not after one it recovers from', async () => {
    const timers = manualTimers();
    const url = (n: number) => `/api/v1/camera-streams/h${n}/index.m3u8`;
    hooks.serve({
      [CAMERA]: replies(
        { body: watched({ stream: ticket(url(1), 'hls') }) },
        { body: watched({ stream: ticket(url(2), 'hls') }) },
      ),
    });
    renderCameraTab(WATCHER, { schedule: timers.schedule });
    await waitFor(() => expect(hls.state.instances).toHaveLength(1), SLOW);
    act(() => hls.state.instances[0]!.fail(false));
    expect(timers.delays).toEqual([]);
    act(() => hls.state.instances[0]!.fail(true));
    expect(hls.state.instances[0]!.destroyed).toBe(true);
    act(() => timers.next());
    await waitFor(() => expect(hls.state.instances[1]?.source).toBe(url(2)));
  });

  it('reads a fresh ticket at once when the first has expired', async () => {
    const mock = hooks.serve({
      [CAMERA]: replies(
        { body: watched({ stream: { ...ticket('/old'), expiresAt: '2026-01-01T00:00:00.000Z' } }) },
        { body: watched({ stream: ticket('/api/v1/camera-streams/new') }) },
      ),
    });
    renderCameraTab(WATCHER, { now: () => Date.parse('2026-01-01T00:00:30.000Z') });
    await waitFor(() => expect(image().getAttribute('src')).toBe('/api/v1/camera-streams/new'), SLOW);
    expect(cameraReads(mock.calls)).toBe(2);
  });
});
