// @vitest-environment jsdom
import { emptyDiagram } from '@fieldlink/protocol';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setUpDeviceTests } from '../../equipment/test-hooks';
import { deviceEntry, seedEquipment } from '../../equipment/test-support';
import ProjectPage from './ProjectPage';
import { ID_A, project, renderAt, SLOW, where, withDocument } from './test-support';

// The 3D page body is its own (scene/SceneProject.tsx): here only what the page hands it.
vi.mock('./scene/SceneProject', () => ({
  default: ({ project, editing }: { project: { id: string }; editing: boolean }) => (
    <div data-testid="scene-project" data-project={project.id} data-editing={String(editing)} />
  ),
}));

const { serve } = setUpDeviceTests();

const DOCUMENT = {
  ...emptyDiagram(1600, 900),
  widgets: [
    {
      id: 'w1',
      kind: 'lamp' as const,
      x: 10,
      y: 10,
      width: 40,
      height: 40,
      rotation: 0,
      layer: 0,
      locked: false,
      hidden: false,
      binding: { equipmentId: 4, channel: { kind: 'do' as const, index: 1 } },
      onColor: '#52c41a',
      offColor: '#bfbfbf',
    },
  ],
};

describe('a diagram project page', { timeout: 20_000 }, () => {
  it('shows the header, the document’s facts with device names and the live-view region; goes back', async () => {
    seedEquipment({ entries: [deviceEntry(4, 'Pump 1')] });
    serve({
      [`GET /diagrams/${ID_A}`]: {
        body: withDocument(project({ remarks: 'North site', equipment: [4, 9] }), DOCUMENT),
      },
    });
    renderAt(<ProjectPage />, '/jujuda/jujudaHandle/:id', `/jujuda/jujudaHandle/${ID_A}`);
    const facts = await screen.findByTestId('diagram-facts', {}, SLOW);
    const header = screen.getByTestId('diagram-header');
    expect(header.textContent).toContain('Pump house');
    expect(header.textContent).toContain('SVG');
    expect(header.textContent).toContain('Live');
    expect(header.textContent).toContain('Edit');
    expect(screen.getByText('North site')).toBeTruthy();
    expect(facts.textContent).toContain('1600 × 900 px');
    expect(facts.textContent).toContain('Widgets1');
    expect(facts.textContent).toContain('Pump 1');
    expect(facts.textContent).toContain('Device #9 (not in your list)');
    expect(screen.getByTestId('diagram-live-view').textContent).toContain('Live view');

    fireEvent.click(screen.getByText('Back to diagrams'));
    expect(where()).toBe('/jujuda');
  });

  it('shows the live view full screen and leaves it again', async () => {
    serve({ [`GET /diagrams/${ID_A}`]: { body: withDocument(project(), DOCUMENT) } });
    // jsdom has no full screen: the frame the page asks for is recorded and announced as the browser would.
    let shown: Element | null = null;
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true });
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => shown });
    const announce = () => document.dispatchEvent(new Event('fullscreenchange'));
    HTMLElement.prototype.requestFullscreen = vi.fn(function requestFullscreen(this: HTMLElement) {
      // The element asked to fill the screen is the one the browser then reports.
      // eslint-disable-next-line @typescript-eslint/no-this-alias
      shown = this;
      announce();
      return Promise.resolve();
    });
    document.exitFullscreen = vi.fn(() => {
      shown = null;
      announce();
      return Promise.resolve();
    });
    try {
      renderAt(<ProjectPage />, '/jujuda/jujudaHandle/:id', `/jujuda/jujudaHandle/${ID_A}`);
      const view = await screen.findByTestId('diagram-live-view', {}, SLOW);
      fireEvent.click(screen.getByText('Full screen'));
      await screen.findAllByText('Leave full screen', {}, SLOW);
      // The frame holding the live diagram is what fills the screen, not the whole console.
      expect(shown).not.toBeNull();
      expect((shown as unknown as HTMLElement).querySelector('[data-testid="diagram-live"]')).toBeTruthy();
      expect(view.contains(shown)).toBe(true);
      fireEvent.click(screen.getAllByText('Leave full screen')[0]!);
      expect(await screen.findByText('Full screen', {}, SLOW)).toBeTruthy();
      expect(shown).toBeNull();
    } finally {
      Reflect.deleteProperty(document, 'fullscreenEnabled');
      Reflect.deleteProperty(document, 'fullscreenElement');
    }
  });

  it('switches an SVG project to the editor and back', async () => {
    serve({ [`GET /diagrams/${ID_A}`]: { body: withDocument(project(), DOCUMENT) } });
    renderAt(<ProjectPage />, '/jujuda/jujudaHandle/:id', `/jujuda/jujudaHandle/${ID_A}`);
    await screen.findByTestId('diagram-live-view', {}, SLOW);
    fireEvent.click(screen.getByText('Edit'));
    const editor = await screen.findByTestId('diagram-editor', {}, SLOW);
    expect(editor.querySelector('[data-hit="w1"]')).toBeTruthy();
    expect(screen.queryByTestId('diagram-facts')).toBeNull();
    // Nothing changed: back to Live without a question.
    fireEvent.click(screen.getByText('Live'));
    expect(await screen.findByTestId('diagram-live-view', {}, SLOW)).toBeTruthy();
  });

  it('hands a 3D project to its scene, live or editing', async () => {
    serve({
      [`GET /diagrams/${ID_A}`]: { body: withDocument(project({ kind: '3d', remarks: 'North site' })) },
    });
    renderAt(<ProjectPage />, '/jujuda/jujudaHandle/:id', `/jujuda/jujudaHandle/${ID_A}`);
    const scene = await screen.findByTestId('scene-project', {}, SLOW);
    expect(screen.getByTestId('diagram-header').textContent).toContain('3D');
    expect(screen.getByText('North site')).toBeTruthy();
    expect([scene.dataset.project, scene.dataset.editing]).toEqual([ID_A, 'false']);
    expect(screen.queryByTestId('diagram-live-view')).toBeNull();
    fireEvent.click(screen.getByText('Edit'));
    expect(screen.getByTestId('scene-project').dataset.editing).toBe('true');
    expect(screen.queryByTestId('diagram-editor')).toBeNull();
  });

  it('says so when the project is gone', async () => {
    serve({ [`GET /diagrams/${ID_A}`]: { status: 404 } });
    renderAt(<ProjectPage />, '/jujuda/jujudaHandle/:id', `/jujuda/jujudaHandle/${ID_A}`);
    expect(
      await screen.findByText(
        'The diagram could not be read: this diagram no longer exists (it may have been deleted)',
        {},
        SLOW,
      ),
    ).toBeTruthy();
  });
});
