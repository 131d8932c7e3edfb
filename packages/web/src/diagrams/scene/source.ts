/**
 * Where a 3D project's scene comes from (docs/protocol.md § Diagram documents, `scene.src`): a
 * file of the project file space (`<project id>/pump-house.glb`), read signed in through the file
 * store. Addresses of other sites are not scenes: the console's security policy reads only its
 * own origin. The viewer takes the scene as a loader, so a page decides where the bytes come from
 * (a share link's page reads them through its token instead).
 */
import { scenePathProblem } from '@fieldlink/protocol';
import { fetchFile } from '../../api/files';

/** Gives the scene file's bytes; rejects with the reason it cannot. */
export type SceneLoader = () => Promise<ArrayBuffer>;

/** The extensions of scene files. */
export const SCENE_EXTENSIONS = ['glb', 'gltf'] as const;

export interface SceneSource {
  readonly kind: 'project';
  readonly path: string;
}

/** The project file `src` names, or null when it names none. */
export function sceneSource(src: string): SceneSource | null {
  return scenePathProblem(src) === null ? { kind: 'project', path: src } : null;
}

/** Whether a file name is a scene's (.glb or .gltf, any case). */
export function isSceneFileName(name: string): boolean {
  const dot = name.lastIndexOf('.');
  return dot > 0 && (SCENE_EXTENSIONS as readonly string[]).includes(name.slice(dot + 1).toLowerCase());
}

/** The src of a file uploaded for a project: in the project space's directory named by its id. */
export function projectScenePath(projectId: string, fileName: string): string {
  return `${projectId}/${fileName}`;
}

/** Why a scene could not be read, in words the viewer maps to the user's language. */
export class SceneSourceError extends Error {
  constructor(
    readonly code: 'address',
    message: string,
  ) {
    super(message);
    this.name = 'SceneSourceError';
  }
}

/** The signed-in console's loader of `src`: the project file through the file store, with the user's token. */
export function sceneLoader(src: string, signal?: AbortSignal): SceneLoader {
  const source = sceneSource(src);
  return async () => {
    if (!source) throw new SceneSourceError('address', `"${src}" is not a file of the project`);
    const blob = await fetchFile('project', source.path, signal);
    return blob.arrayBuffer();
  };
}
