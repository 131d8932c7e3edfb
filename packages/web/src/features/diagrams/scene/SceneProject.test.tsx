// @vitest-environment jsdom
// A 3D project's page body in jsdom, where there is no WebGL: the viewer is replaced by a stand-in
// that reads the scene through the loader it is given, reports the scene's meshes, picks one on
// request and shows the looks the bindings give (the same rule module the viewer uses). The
// editor's flow is the real one: file chosen and uploaded, meshes listed and filtered, a mesh
// bound to a channel, missing meshes warned about, saved with the revision, a conflict reloaded.
import { emptyDiagram } from '@fieldlink/protocol';
import type { DiagramDocument, ElementBinding } from '@fieldlink/protocol';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import * as files from '../../../api/files';
import { choose } from '../../../diagrams/test-support';
import { sceneLooks } from '../../../diagrams/scene/looks';
import type { SceneViewProps } from '../../../diagrams/scene/SceneView';
import { bytesOf, externalGltfText, plantGlb } from '../../../diagrams/scene/test-support';
import { emptyLiveState } from '../../../equipment/live-state';
import { setUpDeviceTests } from '../../../equipment/test-hooks';
import { R8_COUNTS, sampleRecord, seedEquipment } from '../../../equipment/test-support';
import { hasUnsavedChanges } from '../../configure/unsaved';
import { ID_A, project, renderAt, SLOW, withDocument } from '../test-support';
import SceneProject from './SceneProject';

const OBJECTS = [
  { name: 'Plant', path: ['Plant'], mesh: false },
  { name: 'Pump', path: ['Plant', 'Pump'], mesh: true },
  { name: 'Tank', path: ['Plant', 'Tank'], mesh: true },
  { name: 'Valve', path: ['Plant', 'Valve'], mesh: true },
];

/** The viewer as the page sees it, without WebGL. */
function FakeSceneView({ load, bindings, values, onObjects, onPick, selected }: SceneViewProps) {
  useEffect(() => {
    let current = true;
    onObjects?.(null);
    void load().then(() => {
      if (current) onObjects?.(OBJECTS);
    });
    return () => {
      current = false;
    };
  }, [load, onObjects]);
  const looks = sceneLooks(bindings, values);
  return (
    <div data-testid="fake-scene" data-selected={selected ?? ''}>
      <button type="button" onClick={() => onPick?.('Tank')}>
        pick Tank
      </button>
      <ul>
        {[...looks].map(([name, look]) => (
          <li key={name} data-target={name} data-state={look.state} data-color={look.color ?? ''} />
        ))}
      </ul>
    </div>
  );
}
vi.mock('../../../diagrams/scene/SceneView', () => ({ default: FakeSceneView }));

const { serve } = setUpDeviceTests();
const SCENE_PATH = `${ID_A}/pump-house.glb`;

function seed(): void {
  const record = sampleRecord({ id: 7, unid: 'SN7', sn: 'SN7', name: 'Pump house' });
  const live = emptyLiveState(R8_COUNTS);
  seedEquipment({
    records: [record],
    live: { 7: { ...live, di: live.di.map((_, i) => i === 1), known: { ...live.known, di: true } } },
  });
}

const fileItem = (name: string, size: number) => ({
  name,
  dir: ID_A,
  size,
  contentType: 'application/octet-stream',
  kind: 'file',
  width: null,
  height: null,
  createdAt: '2026-01-05T08:00:00.000Z',
  updatedAt: '2026-01-05T08:00:00.000Z',
  createdBy: 7,
  createdByName: 'alice',
  url: `/api/v1/files/project/content?path=${ID_A}%2F${name}`,
  thumbnailUrl: null,
});

function serveFiles(extra: Parameters<typeof serve>[0] = {}) {
  return serve({
    'GET /files/project': {
      body: {
        space: 'project',
        dir: ID_A,
        items: [fileItem('pump-house.glb', 1024), fileItem('notes.txt', 10)],
        dirs: [],
        used: 1034,
        quota: null,
        maxFileSize: 2 * 1024 * 1024,
        writable: true,
      },
    },
    'GET /files/project/content': { body: { bytes: 'glb' } },
    ...extra,
  });
}

const binding = (target: string, kind: 'di' | 'do', index: number, equipmentId = 7): ElementBinding => ({
  target,
  binding: { equipmentId, channel: { kind, index } },
  rule: { property: 'color', on: '#00ff00', off: '#ff0000', threshold: 0, decimals: 1 },
});

function threeD(scene: DiagramDocument['scene'], revision = 0) {
  return withDocument(project({ kind: '3d', revision }), { ...emptyDiagram(), scene });
}

const meshButton = (name: string) =>
  document.querySelector<HTMLButtonElement>(`[data-testid="scene-meshes"] button[data-mesh="${name}"]`);

describe('a 3D project', { timeout: 30_000 }, () => {
  it('shows the scene live with its bound meshes following their channels', async () => {
    seed();
    const { calls } = serveFiles();
    renderAt(
      <SceneProject
        project={threeD({ src: SCENE_PATH, bindings: [binding('Pump', 'di', 2)] })}
        editing={false}
      />,
      '/',
    );
    const pump = await waitFor(() => {
      const li = document.querySelector('[data-testid="fake-scene"] [data-target="Pump"]');
      expect(li).toBeTruthy();
      return li!;
    }, SLOW);
    expect(pump.getAttribute('data-state')).toBe('on');
    expect(pump.getAttribute('data-color')).toBe('#00ff00');
    // The scene was read from the project space with the path the document names.
    await waitFor(() =>
      expect(calls.some((c) => c.path.startsWith('/files/project/content?path=aaaa'))).toBe(true),
    );
    expect(screen.queryByTestId('scene-editor')).toBeNull();
  });

  it('says so when the project has no scene yet', async () => {
    seed();
    renderAt(<SceneProject project={threeD(null)} editing={false} />, '/');
    expect((await screen.findByTestId('scene-empty', {}, SLOW)).textContent).toContain('no scene yet');
  });

  it('chooses a file, binds a mesh picked from the list to a channel, filters, and saves with the revision', async () => {
    seed();
    const { calls } = serveFiles({
      [`PUT /diagrams/${ID_A}/document`]: {
        body: { revision: 1, updatedAt: '2026-01-06T08:00:00.000Z', equipment: [7] },
      },
    });
    renderAt(<SceneProject project={threeD(null)} editing />, '/');
    await screen.findByText('No scene file yet', {}, SLOW);
    // The file store's own limit, once it has said it.
    await screen.findByText(
      'A GLB or a self-contained glTF file, up to 2.0 MB. A file of the same name is replaced.',
      {},
      SLOW,
    );

    await waitFor(() => expect(calls.some((c) => c.path.startsWith('/files/project?dir=aaaa'))).toBe(true));
    await choose('Choose a scene file of this project', 'pump-house.glb (1.0 KB)');
    await waitFor(() => expect(meshButton('Pump')).toBeTruthy(), SLOW);
    expect(screen.getByTestId('scene-unsaved')).toBeTruthy();
    // The console's leave guard knows (a reload or another page asks first).
    expect(hasUnsavedChanges()).toBe(true);

    fireEvent.change(screen.getByLabelText('Filter meshes'), { target: { value: 'val' } });
    expect(meshButton('Pump')).toBeNull();
    expect(meshButton('Valve')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Filter meshes'), { target: { value: '' } });

    fireEvent.click(meshButton('Pump')!);
    expect(screen.getByTestId('fake-scene').getAttribute('data-selected')).toBe('Pump');
    expect(screen.getByText('Mesh Pump')).toBeTruthy();
    fireEvent.click(screen.getByText('Add a binding'));
    await choose('Pump equipment', 'Pump house (SN7)');
    await choose('Pump channel', 'DI2');
    // The preview follows the draft: DI2 is on.
    await waitFor(() =>
      expect(
        document.querySelector('[data-testid="fake-scene"] [data-target="Pump"]')?.getAttribute('data-state'),
      ).toBe('on'),
    );

    fireEvent.click(screen.getByText('Save'));
    await screen.findByText('Saved', {}, SLOW);
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(`/diagrams/${ID_A}/document`);
    const body = put.body as { revision: number; document: DiagramDocument };
    expect(body.revision).toBe(0);
    expect(body.document.scene).toEqual({
      src: SCENE_PATH,
      bindings: [
        {
          target: 'Pump',
          binding: { equipmentId: 7, channel: { kind: 'di', index: 2 } },
          rule: { property: 'color', on: '#52c41a', threshold: 0, decimals: 1 },
        },
      ],
    });
    await waitFor(() => expect(screen.queryByTestId('scene-unsaved')).toBeNull());
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('picks a mesh in the scene, refuses to save a binding without a channel, warns of missing meshes', async () => {
    seed();
    const { calls } = serveFiles();
    renderAt(
      <SceneProject project={threeD({ src: SCENE_PATH, bindings: [binding('Boiler', 'do', 1)] })} editing />,
      '/',
    );
    const warning = await screen.findByTestId('scene-missing-meshes', {}, SLOW);
    expect(warning.textContent).toContain('Bound but not in the scene: Boiler');

    fireEvent.click(screen.getByText('pick Tank'));
    expect(screen.getByText('Mesh Tank')).toBeTruthy();
    fireEvent.click(screen.getByText('Add a binding'));
    fireEvent.click(screen.getByText('Save'));
    expect((await screen.findByTestId('scene-save-problem')).textContent).toContain(
      'Choose a device channel for every binding first: Tank',
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    // Bindings are removed from the list; discarding brings the saved ones back.
    fireEvent.click(screen.getByLabelText('Remove binding Tank'));
    fireEvent.click(screen.getByLabelText('Remove binding Boiler'));
    expect(screen.queryByTestId('scene-missing-meshes')).toBeNull();
    expect(screen.getByTestId('scene-unsaved')).toBeTruthy();
    fireEvent.click(screen.getByText('Discard changes'));
    expect(screen.getByTestId('scene-missing-meshes')).toBeTruthy();
  });

  it('tells of a conflict (409) and reloads the saved project', async () => {
    seed();
    serveFiles({
      [`PUT /diagrams/${ID_A}/document`]: {
        status: 409,
        body: { error: { code: 'conflict', message: 'the diagram changed since revision 0' } },
      },
      [`GET /diagrams/${ID_A}`]: {
        body: threeD({ src: SCENE_PATH, bindings: [binding('Valve', 'do', 3)] }, 4),
      },
    });
    renderAt(<SceneProject project={threeD({ src: SCENE_PATH, bindings: [] })} editing />, '/');
    await waitFor(() => expect(meshButton('Pump')).toBeTruthy(), SLOW);
    fireEvent.click(meshButton('Pump')!);
    fireEvent.click(screen.getByText('Add a binding'));
    await choose('Pump equipment', 'Pump house (SN7)');
    fireEvent.click(screen.getByText('Save'));
    const conflict = await screen.findByTestId('scene-conflict', {}, SLOW);
    expect(conflict.textContent).toContain('Someone saved this project after you opened it');

    fireEvent.click(screen.getByText('Reload'));
    await waitFor(() => expect(screen.queryByTestId('scene-conflict')).toBeNull(), SLOW);
    expect(screen.queryByTestId('scene-unsaved')).toBeNull();
    expect(document.querySelector('[data-binding-target="Valve"]')).toBeTruthy();
    expect(document.querySelector('[data-binding-target="Pump"]')).toBeNull();
  });

  it('uploads a scene file into the project’s directory, refusing what is not a self-contained scene', async () => {
    seed();
    serveFiles();
    const upload = vi.spyOn(files, 'uploadFiles').mockResolvedValue({ items: [] });
    renderAt(<SceneProject project={threeD(null)} editing />, '/');
    const input = await screen.findByTestId('scene-file-input', {}, SLOW);
    const file = (name: string, bytes: ArrayBuffer) =>
      Object.assign(new File([bytes], name), { arrayBuffer: () => Promise.resolve(bytes) });

    fireEvent.change(input, { target: { files: [file('plant.obj', plantGlb())] } });
    await screen.findByText('plant.obj is not a .glb or .gltf file');
    fireEvent.change(input, {
      target: { files: [file('plant.gltf', bytesOf(externalGltfText('https://evil.example/x.bin')))] },
    });
    await screen.findByText(/^plant\.gltf cannot be used: it refers to https:\/\/evil\.example\/x\.bin/);
    expect(upload).not.toHaveBeenCalled();

    await act(async () => {
      fireEvent.change(input, { target: { files: [file('plant.glb', plantGlb())] } });
    });
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    const [space, sent, options] = upload.mock.calls[0]!;
    expect(space).toBe('project');
    expect(sent.map((f) => f.name)).toEqual(['plant.glb']);
    expect(options).toMatchObject({ dir: ID_A, replace: true });
    await screen.findByText('plant.glb uploaded');
    await waitFor(() => expect(meshButton('Tank')).toBeTruthy(), SLOW);
  });
});
