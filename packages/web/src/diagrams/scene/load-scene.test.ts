// Loading a scene with three.js (GLTFLoader, in Node: no WebGL is needed to parse): its named
// objects with their hierarchy, the same from a GLB and a self-contained .gltf, and nothing
// fetched for a file that points outside itself. Then bound looks on the loaded meshes.
import type { Mesh, MeshStandardMaterial, Object3D } from 'three';
import { Sprite } from 'three';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SceneFileError } from './gltf-container';
import { parseScene } from './load-scene';
import type { MeshLook } from './looks';
import { MeshLooks, parseColour } from './mesh-looks';
import { filterObjects, namedObjects, objectsByName, pickTarget } from './scene-objects';
import { bytesOf, externalGltfText, glbWithExternalImage, plantGlb, plantGltfText } from './test-support';

afterEach(() => vi.restoreAllMocks());

const material = (root: Object3D, name: string) =>
  (objectsByName(root).get(name) as Mesh).material as MeshStandardMaterial;

describe('loading a scene', () => {
  it('lists the named objects with their place in the hierarchy', async () => {
    const root = await parseScene(plantGlb());
    expect(namedObjects(root)).toEqual([
      { name: 'Plant', path: ['Plant'], mesh: false },
      { name: 'Pump', path: ['Plant', 'Pump'], mesh: true },
      { name: 'Tank', path: ['Plant', 'Tank'], mesh: true },
      { name: 'Valve', path: ['Plant', 'Valve'], mesh: true },
    ]);
    expect(filterObjects(namedObjects(root), ' tAN ').map((o) => o.name)).toEqual(['Tank']);
    expect(filterObjects(namedObjects(root), 'plant')).toHaveLength(4);
  });

  it('reads a self-contained .gltf as the GLB, without fetching its data: buffer', async () => {
    const fetching = vi.spyOn(globalThis, 'fetch');
    const fromGltf = await parseScene(bytesOf(plantGltfText()));
    expect(namedObjects(fromGltf)).toEqual(namedObjects(await parseScene(plantGlb())));
    expect(
      material(fromGltf, 'Tank')
        .color.toArray()
        .map((c) => c.toFixed(2)),
    ).toEqual(['0.20', '0.35', '0.70']);
    expect(fetching).not.toHaveBeenCalled();
  });

  it('refuses a file pointing outside itself before anything is fetched', async () => {
    const fetching = vi.spyOn(globalThis, 'fetch');
    await expect(parseScene(bytesOf(externalGltfText('https://evil.example/x.bin')))).rejects.toThrow(
      SceneFileError,
    );
    await expect(parseScene(glbWithExternalImage('https://evil.example/p.png'))).rejects.toMatchObject({
      code: 'external',
    });
    expect(fetching).not.toHaveBeenCalled();
  });

  it('picks the named object a mesh belongs to', async () => {
    const root = await parseScene(plantGlb());
    const pump = objectsByName(root).get('Pump')!;
    expect(pickTarget(pump, root)?.name).toBe('Pump');
    pump.name = '';
    expect(pickTarget(pump, root)?.name).toBe('Plant');
  });
});

const look = (overrides: Partial<MeshLook>): MeshLook => ({
  state: 'on',
  color: null,
  visible: true,
  label: null,
  ...overrides,
});

describe('bound looks on the meshes', () => {
  it('colours a mesh through a copy of its material, leaving a shared material as it was', async () => {
    const root = await parseScene(plantGlb());
    const byName = objectsByName(root);
    const pump = byName.get('Pump') as Mesh;
    const valve = byName.get('Valve') as Mesh;
    // One material shared by two meshes, as files often have it.
    valve.material = pump.material;
    const shared = pump.material as MeshStandardMaterial;
    const before = shared.color.getHex();
    const looks = new MeshLooks(root, () => null);
    expect(looks.apply(new Map([['Pump', look({ color: '#00ff00' })]]), byName, 1)).toEqual(
      new Set(['Pump']),
    );
    expect(pump.material).not.toBe(shared);
    expect((pump.material as MeshStandardMaterial).color.getHexString()).toBe('00ff00');
    expect(valve.material).toBe(shared);
    expect(shared.color.getHex()).toBe(before);

    // Off again with the mesh's own colour: the file's material comes back, the copy is freed.
    const copy = pump.material as MeshStandardMaterial;
    const disposed = vi.fn();
    copy.addEventListener('dispose', disposed);
    looks.apply(new Map([['Pump', look({ color: null })]]), byName, 1);
    expect(pump.material).toBe(shared);
    expect(disposed).toHaveBeenCalledTimes(1);
    expect(looks.paintedCount).toBe(0);
  });

  it('makes a mesh transparent for a colour with alpha, and parses short colours', async () => {
    const root = await parseScene(plantGlb());
    const byName = objectsByName(root);
    new MeshLooks(root, () => null).apply(new Map([['Tank', look({ color: '#ff000080' })]]), byName, 1);
    const tank = material(root, 'Tank');
    expect(tank.transparent).toBe(true);
    expect(tank.opacity).toBeCloseTo(128 / 255);
    expect(parseColour('#0f0').color.getHexString()).toBe('00ff00');
  });

  it('hides and shows a mesh, and puts it back when its binding goes', async () => {
    const root = await parseScene(plantGlb());
    const byName = objectsByName(root);
    const looks = new MeshLooks(root, () => null);
    looks.apply(new Map([['Valve', look({ visible: false })]]), byName, 1);
    expect(byName.get('Valve')!.visible).toBe(false);
    looks.apply(new Map(), byName, 1);
    expect(byName.get('Valve')!.visible).toBe(true);
  });

  it('labels a mesh above its top, a new label only when the text changes, gone with its binding', async () => {
    const root = await parseScene(plantGlb());
    const byName = objectsByName(root);
    const made: string[] = [];
    const looks = new MeshLooks(root, (text) => {
      made.push(text);
      return new Sprite();
    });
    looks.apply(new Map([['Tank', look({ label: '2.5 m' })]]), byName, 0.5);
    looks.apply(new Map([['Tank', look({ label: '2.5 m' })]]), byName, 0.5);
    looks.apply(new Map([['Tank', look({ label: '2.6 m' })]]), byName, 0.5);
    expect(made).toEqual(['2.5 m', '2.6 m']);
    const labels = root.children.filter((c) => c instanceof Sprite);
    expect(labels).toHaveLength(1);
    // The tank stands 1.8 m tall from the floor: the label floats above it.
    expect(labels[0]!.position.y).toBeCloseTo(1.8 + 0.4);
    looks.clear();
    expect(root.children.filter((c) => c instanceof Sprite)).toHaveLength(0);
  });

  it('skips a bound name the scene does not have', async () => {
    const root = await parseScene(plantGlb());
    const found = new MeshLooks(root, () => null).apply(
      new Map([['Boiler', look({ color: '#00ff00' })]]),
      objectsByName(root),
      1,
    );
    expect(found.size).toBe(0);
  });
});
