/**
 * 3D scenes of diagram projects, without three.js: `LazySceneView` loads the viewer (and three.js
 * with it) in a chunk of its own the first time a page draws it; the rest here is plain code.
 * A page gives the viewer a loader: `sceneLoader(scene.src)` for the signed-in console, or one of
 * its own (a share link's page reads the scene through its token).
 */
import { lazy } from 'react';

export const LazySceneView = lazy(() => import('./SceneView'));
export type { SceneViewProps } from './SceneView';
export { bindingState, DEFAULT_ON, labelText, readingState, sceneLooks, UNKNOWN_COLOR } from './looks';
export type { MeshLook, MeshState } from './looks';
export { filterObjects } from './scene-objects';
export type { SceneObject } from './scene-objects';
export { sceneErrorReason } from './scene-errors';
export { SceneFileError, selfContainedGlb } from './gltf-container';
export {
  isSceneFileName,
  projectScenePath,
  SCENE_EXTENSIONS,
  sceneLoader,
  sceneSource,
  SceneSourceError,
} from './source';
export type { SceneLoader, SceneSource } from './source';
