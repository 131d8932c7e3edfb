// @vitest-environment jsdom
import { emptyDiagram } from '@fieldlink/protocol';
import type { WallEquipment, WallReading } from '@fieldlink/protocol';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpDeviceTests } from '../../../equipment/test-hooks';
import { errorReply } from '../../../session/test-support';
import { renderAt, SLOW } from '../test-support';
import WallPage from './WallPage';

const { serve } = setUpDeviceTests();

// The 3D viewer needs WebGL: a stand-in shows how many bytes its loader gave.
vi.mock('../../../diagrams/scene', async (importOriginal) => {
  const actual = (await importOriginal()) as Record<string, unknown>;
  const { createElement, useEffect, useState } = await import('react');
  function LazySceneView({ load, label }: { load: () => Promise<ArrayBuffer>; label?: string }) {
    const [bytes, setBytes] = useState<number | null>(null);
    useEffect(() => void load().then((b) => setBytes(b.byteLength)), [load]);
    return createElement('div', { 'data-testid': 'scene-stub', 'data-label': label }, String(bytes));
  }
  return { ...actual, LazySceneView };
});
const TOKEN = 'T'.repeat(43);

/** A stand-in for the browser's EventSource: the test says what the server sends. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onerror: (() => void) | null = null;
  closed = false;
  readonly #listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  addEventListener(name: string, listener: (event: MessageEvent<string>) => void): void {
    this.#listeners.set(name, [...(this.#listeners.get(name) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }

  emit(name: string, data: unknown): void {
    this.readyState = FakeEventSource.OPEN;
    act(() => {
      for (const listener of this.#listeners.get(name) ?? []) {
        listener(new MessageEvent(name, { data: JSON.stringify(data) }));
      }
    });
  }

  fail(state: number): void {
    this.readyState = state;
    act(() => this.onerror?.());
  }
}

const realEventSource = globalThis.EventSource;
beforeEach(() => {
  FakeEventSource.opened = [];
  globalThis.EventSource = FakeEventSource as unknown as typeof EventSource;
});
afterEach(() => {
  globalThis.EventSource = realEventSource;
});

const DOCUMENT = {
  ...emptyDiagram(800, 400),
  widgets: [
    {
      id: 'lamp',
      kind: 'lamp' as const,
      x: 10,
      y: 10,
      width: 40,
      height: 40,
      rotation: 0,
      layer: 0,
      locked: false,
      hidden: false,
      binding: { equipmentId: 4, channel: { kind: 'do' as const, index: 5 } },
      onColor: '#52c41a',
      offColor: '#bfbfbf',
    },
  ],
};

const wallDiagram = {
  name: 'Pump house',
  kind: 'svg',
  revision: 3,
  updatedAt: '2026-01-05T08:00:00.000Z',
  expiresAt: null,
  sceneFile: false,
  document: DOCUMENT,
};

function board(doFive: boolean | undefined): WallEquipment {
  const reading = (name: string, on?: boolean): WallReading => ({
    unit: '',
    alarm: false,
    name,
    ...(on === undefined ? {} : { on }),
  });
  return {
    id: 4,
    name: 'Pump board',
    online: true,
    alarm: false,
    channels: {
      do: Array.from({ length: 8 }, (_, i) => reading(`DO${i + 1}`, i === 4 ? doFive : undefined)),
      di: [],
      ai: [],
      ao: [],
    },
  };
}

const values = (full: boolean, equipment: WallEquipment[]) => ({
  revision: 3,
  at: '2026-01-05T08:00:00.000Z',
  full,
  equipment,
});

const show = () => renderAt(<WallPage />, '/wall', `/wall?link=${TOKEN}`);
const lampState = () =>
  document.querySelector('[data-widget="lamp"] [data-state]')?.getAttribute('data-state');

describe('the wall display', { timeout: 20_000 }, () => {
  it('draws the diagram signed out, its values live from the stream, and says how the link is', async () => {
    const fetches = serve({ [`GET /diagram-links/${TOKEN}`]: { body: wallDiagram } });
    show();
    const page = await screen.findByTestId('wall-page', {}, SLOW);
    expect(fetches.calls[0]?.authorization).toBeNull();
    expect(screen.getByRole('group', { name: 'Pump house' })).toBeTruthy();
    const [stream] = FakeEventSource.opened;
    expect(stream?.url).toBe(`api/v1/diagram-links/${TOKEN}/events`);
    expect(lampState()).toBe('unknown');
    expect(screen.getByTestId('wall-status').textContent).toContain('Connecting…');

    stream!.emit('values', values(true, [board(true)]));
    await waitFor(() => expect(lampState()).toBe('on'));
    expect(screen.getByTestId('wall-status').textContent).toMatch(/Live.*updated/);
    stream!.emit('values', values(false, [board(false)]));
    await waitFor(() => expect(lampState()).toBe('off'));
    // Nothing on a wall display operates anything.
    expect(page.querySelector('[role="button"]')).toBeNull();

    stream!.fail(FakeEventSource.CONNECTING);
    expect(screen.getByTestId('wall-status').getAttribute('data-connection')).toBe('reconnecting');
    expect(screen.getByTestId('wall-status').textContent).toContain('Connection lost, reconnecting…');
    stream!.emit('ping', { at: '2026-01-05T08:00:10.000Z' });
    expect(screen.getByTestId('wall-status').getAttribute('data-connection')).toBe('live');

    stream!.emit('gone', { reason: 'revoked' });
    expect((await screen.findByTestId('wall-gone')).textContent).toContain('This link was revoked');
    expect(stream!.closed).toBe(true);
  });

  it('reads the document again when the project is saved, and keeps the values it has', async () => {
    let revision = 3;
    const fetches = serve({
      [`GET /diagram-links/${TOKEN}`]: () => ({
        body: { ...wallDiagram, revision, name: `Pump house ${revision}` },
      }),
    });
    show();
    await screen.findByRole('group', { name: 'Pump house 3' }, SLOW);
    const [stream] = FakeEventSource.opened;
    stream!.emit('values', values(true, [board(true)]));
    revision = 4;
    stream!.emit('document', { revision: 4 });
    await screen.findByRole('group', { name: 'Pump house 4' }, SLOW);
    expect(fetches.calls.filter((c) => c.path === `/diagram-links/${TOKEN}`)).toHaveLength(2);
    expect(lampState()).toBe('on');
  });

  it('shows a clear page for a link that expired, was revoked when the stream was refused, or is missing', async () => {
    serve({
      [`GET /diagram-links/${TOKEN}`]: errorReply(410, 'link_expired', 'this diagram link has expired'),
    });
    show();
    const gone = await screen.findByTestId('wall-gone', {}, SLOW);
    expect(gone.getAttribute('data-reason')).toBe('expired');
    expect(gone.textContent).toContain('This link has expired');
    expect(gone.textContent).toContain('Ask the diagram’s owner for a new link.');
  });

  it('asks why when the server refuses the stream, and shows that the link was revoked', async () => {
    let answer: 'ok' | 'revoked' = 'ok';
    serve({
      [`GET /diagram-links/${TOKEN}`]: () =>
        answer === 'ok'
          ? { body: wallDiagram }
          : errorReply(410, 'link_revoked', 'this diagram link was revoked'),
    });
    show();
    await screen.findByTestId('wall-page', {}, SLOW);
    answer = 'revoked';
    FakeEventSource.opened[0]!.fail(FakeEventSource.CLOSED);
    expect((await screen.findByTestId('wall-gone', {}, SLOW)).getAttribute('data-reason')).toBe('revoked');
  });

  it('draws a 3D project’s scene read through the link, signed out', async () => {
    const scene = { src: 'a'.repeat(32) + '/plant.glb', bindings: [] };
    const fetches = serve({
      [`GET /diagram-links/${TOKEN}`]: {
        body: { ...wallDiagram, kind: '3d', sceneFile: true, document: { ...DOCUMENT, scene } },
      },
      [`GET /diagram-links/${TOKEN}/scene`]: { body: 'glb' },
    });
    show();
    const stub = await screen.findByTestId('scene-stub', {}, SLOW);
    expect(stub.getAttribute('data-label')).toBe('Pump house');
    await waitFor(() => expect(stub.textContent).toBe('5'));
    const read = fetches.calls.find((c) => c.path === `/diagram-links/${TOKEN}/scene`);
    expect(read?.authorization).toBeNull();
    expect(screen.getByTestId('wall-status')).toBeTruthy();
  });

  it('says when the address holds no link at all', async () => {
    const fetches = serve({});
    renderAt(<WallPage />, '/wall', '/wall?link=short');
    expect((await screen.findByTestId('wall-gone')).textContent).toContain(
      'This address holds no diagram link',
    );
    expect(fetches.calls).toEqual([]);
    expect(FakeEventSource.opened).toEqual([]);
  });
});
