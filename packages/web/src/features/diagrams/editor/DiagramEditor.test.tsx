// @vitest-environment jsdom
// The diagram editor on its page: a switch added from the palette, refused while unbound, bound
// with the binding picker and saved with the revision it was read at; someone else's save (409)
// kept or reloaded; the preview picture stored after a save; keys, and typing that keeps its keys.
import { emptyDiagram } from '@fieldlink/protocol';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { choose } from '../../../diagrams/test-support';
import { setUpDeviceTests } from '../../../equipment/test-hooks';
import { deviceEntry, sampleRecordOf, sampleType, seedEquipment } from '../../../equipment/test-support';
import { errorReply } from '../../../session/test-support';
import type { RecordedRequest } from '../../../session/test-support';
import type * as FilesApi from '../../../api/files';
import ProjectPage from '../ProjectPage';
import { button, ID_A, project, renderAt, SLOW, withDocument } from '../test-support';
import { lamp } from './test-fixtures';

const preview = vi.hoisted(() => ({ render: vi.fn<() => Promise<Blob>>() }));
vi.mock('./preview', () => ({ renderPreview: preview.render }));
const files = vi.hoisted(() => ({ upload: vi.fn() }));
vi.mock('../../../api/files', async (actual) => ({
  ...(await actual<typeof FilesApi>()),
  uploadFiles: files.upload,
}));

const { serve } = setUpDeviceTests();

const pumpHouse = sampleRecordOf(
  { do: 8, di: 2, ai: 1, ao: 0 },
  (s) => ({ do: { ...s.do, names: ['Pump', '', '', '', '', '', '', ''] } }),
  { id: 7, unid: 'SN7', name: 'Pump house', type: 'FL-R8X' },
);

function seed(): void {
  seedEquipment({
    types: { 'FL-R8X': sampleType('FL-R8X', pumpHouse.counts) },
    entries: [{ ...deviceEntry(7, 'Pump house'), type: 'FL-R8X' }],
    records: [pumpHouse],
  });
}

const PATH = `/diagrams/${ID_A}`;
const saved = (revision: number) => ({
  body: { revision, updatedAt: '2026-02-01T08:00:00.000Z', equipment: [7] },
});

async function openEditor() {
  renderAt(<ProjectPage />, '/jujuda/jujudaHandle/:id', `/jujuda/jujudaHandle/${ID_A}`);
  await screen.findByTestId('diagram-header', {}, SLOW);
  fireEvent.click(screen.getByText('Edit'));
  return screen.findByTestId('diagram-editor', {}, SLOW);
}

const addFromPalette = (kind: string): void => {
  const add = document.querySelector<HTMLButtonElement>(
    `[data-testid="diagram-editor-palette"] [data-kind="${kind}"]`,
  );
  if (!add) throw new Error(`no palette button for ${kind}`);
  fireEvent.click(add);
};
/** The dialog shown (closed ones stay in the page, hidden). */
function shownDialog(): HTMLElement {
  const wraps = [...document.querySelectorAll<HTMLElement>('.ant-modal-wrap')].filter(
    (w) => w.style.display !== 'none',
  );
  const last = wraps[wraps.length - 1];
  if (!last) throw new Error('no dialog shown');
  return last;
}
const dialogSays = (text: string) => waitFor(() => expect(shownDialog().textContent).toContain(text), SLOW);
const noDialog = () =>
  waitFor(() =>
    expect(
      [...document.querySelectorAll<HTMLElement>('.ant-modal-wrap')].every((w) => w.style.display === 'none'),
    ).toBe(true),
  );
/** The layers list (its tab opened). */
function layersList(): HTMLElement {
  const tab = [...document.querySelectorAll<HTMLElement>('.ant-tabs-tab')].find(
    (t) => t.textContent === 'Layers',
  );
  if (tab && !tab.classList.contains('ant-tabs-tab-active'))
    fireEvent.click(tab.querySelector('[role="tab"]') ?? tab);
  return screen.getByTestId('diagram-editor-layers');
}
const editorState = (): string => screen.getByTestId('diagram-editor-state').textContent ?? '';
const puts = (calls: readonly RecordedRequest[]) => calls.filter((c) => c.method === 'PUT');
const key = (k: string, init: KeyboardEventInit = {}) =>
  fireEvent.keyDown(document.body, { key: k, ...init });

describe('the diagram editor', { timeout: 30_000 }, () => {
  beforeEach(() => {
    seed();
    preview.render.mockReset().mockRejectedValue(new Error('no canvas here'));
    files.upload.mockReset();
  });

  it('adds a switch, refuses to save it unbound, then saves it bound with the revision', async () => {
    const mock = serve({
      [`GET ${PATH}`]: { body: withDocument(project({ revision: 3 }), emptyDiagram(1600, 900)) },
      [`PUT ${PATH}/document`]: saved(4),
    });
    await openEditor();
    expect(editorState()).toBe('All changes saved');
    addFromPalette('switch');
    expect(screen.getByTestId('diagram-editor-properties').getAttribute('data-widget-id')).toBe('switch1');
    expect(document.querySelector('[data-unbound="switch1"]')).toBeTruthy();
    expect(editorState()).toBe('Unsaved changes');

    fireEvent.click(screen.getByTestId('diagram-editor-save'));
    const problems = await screen.findByTestId('diagram-editor-problems');
    expect(problems.textContent).toContain('Switch switch1: not bound to a channel yet');
    expect(puts(mock.calls)).toEqual([]);

    await choose('Switch equipment', 'Pump house (SN7)');
    // The first DO is taken at once; nothing is wrong any more.
    await waitFor(() => expect(screen.queryByTestId('diagram-editor-problems')).toBeNull());
    expect(document.querySelector('[data-unbound]')).toBeNull();

    fireEvent.click(screen.getByTestId('diagram-editor-save'));
    await waitFor(() => expect(editorState()).toBe('All changes saved'));
    const [put] = puts(mock.calls);
    expect(put?.path).toBe(`${PATH}/document`);
    expect(put?.body).toMatchObject({
      revision: 3,
      document: {
        format: 'fieldlink-diagram',
        canvas: { width: 1600, height: 900 },
        widgets: [
          {
            id: 'switch1',
            kind: 'switch',
            binding: { equipmentId: 7, channel: { kind: 'do', index: 1 } },
            width: 160,
            height: 48,
          },
        ],
      },
    });
    // A preview that cannot be made is a warning; the save stands.
    expect(await screen.findByText(/Saved, but the preview picture could not be made/)).toBeTruthy();

    // The next save names the revision the server gave.
    key('ArrowRight');
    fireEvent.click(screen.getByTestId('diagram-editor-save'));
    await waitFor(() => expect(puts(mock.calls)).toHaveLength(2));
    expect(puts(mock.calls)[1]?.body).toMatchObject({ revision: 4 });
  });

  it('on someone else’s save: keeps editing, or discards and reloads after asking', async () => {
    let reads = 0;
    const mock = serve({
      [`GET ${PATH}`]: () => {
        reads += 1;
        return reads === 1
          ? { body: withDocument(project({ revision: 3 }), emptyDiagram(1600, 900)) }
          : {
              body: withDocument(project({ revision: 5 }), {
                ...emptyDiagram(1600, 900),
                widgets: [lamp('theirs', 10, 10) as never],
              }),
            };
      },
      [`PUT ${PATH}/document`]: (request) =>
        (request.body as { revision: number }).revision === 5
          ? saved(6)
          : errorReply(409, 'conflict', 'the diagram was changed since you opened it'),
    });
    await openEditor();
    addFromPalette('text');
    fireEvent.click(screen.getByTestId('diagram-editor-save'));
    await dialogSays('Someone else changed this diagram');
    fireEvent.click(button('Keep editing', shownDialog()));
    await noDialog();
    expect(editorState()).toBe('Unsaved changes');
    expect(layersList().textContent).toContain('Text');

    fireEvent.click(screen.getByTestId('diagram-editor-save'));
    await dialogSays('Someone else changed this diagram');
    fireEvent.click(button('Discard my changes and reload', shownDialog()));
    await waitFor(() => expect(layersList().textContent).toContain('theirs'));
    expect(layersList().textContent).not.toContain('Text');
    expect(editorState()).toBe('All changes saved');

    key('a', { ctrlKey: true });
    // Snapping to the grid of 10: one step down is 10 px.
    key('ArrowDown');
    fireEvent.click(screen.getByTestId('diagram-editor-save'));
    await waitFor(() => expect(puts(mock.calls)).toHaveLength(3));
    expect(puts(mock.calls)[2]?.body).toMatchObject({
      revision: 5,
      document: { widgets: [{ id: 'theirs', y: 20 }] },
    });
  });

  it('stores the preview picture and points the project at it', async () => {
    preview.render.mockReset().mockResolvedValue(new Blob(['png'], { type: 'image/png' }));
    files.upload.mockResolvedValue({ items: [{ url: '/api/v1/pictures/k3y/preview.png' }] });
    const mock = serve({
      [`GET ${PATH}`]: { body: withDocument(project({ revision: 3 }), emptyDiagram(1600, 900)) },
      [`PUT ${PATH}/document`]: saved(4),
      [`PATCH ${PATH}`]: { body: withDocument(project({ revision: 4 })) },
    });
    await openEditor();
    addFromPalette('text');
    fireEvent.click(screen.getByTestId('diagram-editor-save'));
    await waitFor(() => expect(mock.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(preview.render).toHaveBeenCalledWith(expect.objectContaining({ tagName: 'svg' }));
    const [space, sent, options] = files.upload.mock.calls[0] as [string, File[], Record<string, unknown>];
    expect([space, sent.map((f) => f.name), options]).toEqual([
      'project',
      ['preview.png'],
      { dir: ID_A, replace: true, pictures: true },
    ]);
    expect(mock.calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      preview: '/api/v1/pictures/k3y/preview.png?v=4',
    });
  });

  it('undoes, redoes and deletes with keys, but not while typing in a field', async () => {
    serve({ [`GET ${PATH}`]: { body: withDocument(project(), emptyDiagram(1600, 900)) } });
    await openEditor();
    addFromPalette('lamp');
    addFromPalette('gauge');
    const layers = () => layersList().textContent ?? '';
    expect(layers()).toContain('gauge1');
    key('z', { ctrlKey: true });
    expect(layers()).not.toContain('gauge1');
    key('y', { ctrlKey: true });
    expect(layers()).toContain('gauge1');

    // Typing in the X field of the gauge (chosen in the layers list): Delete and Ctrl+Z are the field's.
    fireEvent.click(layersList().querySelector('[data-layer-id="gauge1"] button')!);
    fireEvent.click(screen.getByText('Properties'));
    const x = screen.getByLabelText('X');
    fireEvent.keyDown(x, { key: 'Delete' });
    fireEvent.keyDown(x, { key: 'z', ctrlKey: true });
    expect(layers()).toContain('gauge1');
    // A typed X is committed when the field is left: one step.
    fireEvent.change(x, { target: { value: '123' } });
    fireEvent.blur(x);
    await waitFor(() => expect((screen.getByLabelText('X') as HTMLInputElement).value).toBe('123'));

    key('Delete');
    expect(layers()).not.toContain('gauge1');
    expect(layers()).toContain('lamp1');
    key('Z', { ctrlKey: true, shiftKey: false });
    expect(layers()).toContain('gauge1');
  });

  it('saves with Ctrl+S, from a field too: what was typed there is saved', async () => {
    const mock = serve({
      [`GET ${PATH}`]: { body: withDocument(project({ revision: 3 }), emptyDiagram(1600, 900)) },
      [`PUT ${PATH}/document`]: saved(4),
    });
    await openEditor();
    addFromPalette('text');
    const x = screen.getByLabelText('X');
    act(() => x.focus());
    fireEvent.change(x, { target: { value: '321' } });
    fireEvent.keyDown(x, { key: 's', ctrlKey: true });
    await waitFor(() => expect(puts(mock.calls)).toHaveLength(1));
    expect(puts(mock.calls)[0]?.body).toMatchObject({ document: { widgets: [{ id: 'text1', x: 321 }] } });
  });

  it('opens the SVG panel, the canvas then picking the drawing rather than widgets', async () => {
    serve({ [`GET ${PATH}`]: { body: withDocument(project(), emptyDiagram(1600, 900)) } });
    await openEditor();
    addFromPalette('lamp');
    expect(screen.getByTestId('diagram-editor-overlay')).toBeTruthy();
    fireEvent.click(screen.getByText('SVG drawing'));
    expect(await screen.findByTestId('svg-drawing-panel')).toBeTruthy();
    expect(screen.queryByTestId('diagram-editor-overlay')).toBeNull();
    fireEvent.click(screen.getByText('Properties'));
    expect(screen.getByTestId('diagram-editor-overlay')).toBeTruthy();
  });

  it('locks and hides from the layers list; a locked widget is not deleted', async () => {
    serve({ [`GET ${PATH}`]: { body: withDocument(project(), emptyDiagram(1600, 900)) } });
    await openEditor();
    addFromPalette('value');
    layersList();
    fireEvent.click(screen.getByLabelText('Lock value1'));
    key('Delete');
    expect(layersList().textContent).toContain('value1');
    fireEvent.click(screen.getByText('Properties'));
    expect((screen.getByLabelText('X') as HTMLInputElement).disabled).toBe(true);
    layersList();
    fireEvent.click(screen.getByLabelText('Hide value1'));
    expect(document.querySelector('[data-hit="value1"]')).toBeNull();
    fireEvent.click(screen.getByLabelText('Show value1'));
    expect(document.querySelector('[data-hit="value1"]')).toBeTruthy();
  });

  it('asks before going back to Live with unsaved changes', async () => {
    serve({ [`GET ${PATH}`]: { body: withDocument(project(), emptyDiagram(1600, 900)) } });
    await openEditor();
    addFromPalette('text');
    fireEvent.click(screen.getByText('Live'));
    await dialogSays('Your changes to this device are not saved. Leave and discard them?');
    await act(async () => {
      fireEvent.click(button('Stay', shownDialog()));
    });
    await noDialog();
    expect(screen.getByTestId('diagram-editor')).toBeTruthy();
    fireEvent.click(screen.getByText('Live'));
    await dialogSays('Leave and discard them?');
    await act(async () => {
      fireEvent.click(button('Discard', shownDialog()));
    });
    expect(await screen.findByTestId('diagram-live-view', {}, SLOW)).toBeTruthy();
  });
});
