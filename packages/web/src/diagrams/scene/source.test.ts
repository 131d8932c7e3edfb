// Where a scene comes from (docs/protocol.md § Diagram documents, scene.src): a path in the
// project file space read with the user's token; anything else (an address of another site
// too) is refused without a request.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../session/store';
import { isSceneFileName, projectScenePath, sceneLoader, sceneSource, SceneSourceError } from './source';

afterEach(() => {
  vi.restoreAllMocks();
  useSession.setState({ accessToken: null });
});

describe('a scene address', () => {
  it('is a path in the project space', () => {
    expect(sceneSource('a'.repeat(32) + '/pump-house.glb')).toEqual({
      kind: 'project',
      path: `${'a'.repeat(32)}/pump-house.glb`,
    });
    expect(sceneSource('scenes/pump house.gltf')).toEqual({
      kind: 'project',
      path: 'scenes/pump house.gltf',
    });
  });

  it('is nothing else: no other scheme, no absolute or parent path, no empty name, at most 9 names', () => {
    for (const src of [
      '',
      'http://cdn.example/plant.glb',
      'https://cdn.example/plant.glb',
      'javascript:alert(1)',
      '/api/v1/files/project/content?path=x',
      '../other/plant.glb',
      'a//b.glb',
      'a\\b.glb',
      ' plant.glb',
      'https://',
      `${'d/'.repeat(9)}plant.glb`,
    ]) {
      expect(sceneSource(src), src).toBeNull();
    }
    expect(sceneSource(`${'d/'.repeat(8)}plant.glb`)).not.toBeNull();
  });

  it('names scene files by their extension, and places uploads in the project’s directory', () => {
    expect(['a.glb', 'B.GLTF', 'x.y.glb'].map(isSceneFileName)).toEqual([true, true, true]);
    expect(['glb', '.glb', 'a.gltf.zip', 'a.obj'].map(isSceneFileName)).toEqual([false, false, false, false]);
    expect(projectScenePath('f'.repeat(32), 'p.glb')).toBe(`${'f'.repeat(32)}/p.glb`);
  });
});

describe('the signed-in loader', () => {
  it('reads a project file through the file store with the user’s token', async () => {
    useSession.setState({ accessToken: 'token-1' });
    const bytes = Uint8Array.from([103, 108, 84, 70]);
    const fetching = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(bytes));
    const read = await sceneLoader('abc/pump house.glb')();
    expect([...new Uint8Array(read)]).toEqual([...bytes]);
    const [url, init] = fetching.mock.calls[0]!;
    expect(String(url)).toBe('api/v1/files/project/content?path=abc%2Fpump+house.glb&download=true');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token-1');
  });

  it('refuses any other address without a request', async () => {
    const fetching = vi.spyOn(globalThis, 'fetch');
    await expect(sceneLoader('http://cdn.example/a.glb')()).rejects.toBeInstanceOf(SceneSourceError);
    await expect(sceneLoader('https://cdn.example/a.glb')()).rejects.toMatchObject({ code: 'address' });
    expect(fetching).not.toHaveBeenCalled();
  });
});
