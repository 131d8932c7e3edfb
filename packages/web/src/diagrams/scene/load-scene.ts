/**
 * A scene file's bytes into three.js objects: checked self-contained and merged into one GLB
 * (gltf-container.ts), then parsed by GLTFLoader with nothing left for it to fetch. Pictures in
 * the file are drawn through image elements (img-src allows data: and blob:) rather than
 * ImageBitmapLoader, which would fetch them (connect-src allows only the console's server).
 */
import { LoadingManager, TextureLoader } from 'three';
import type { Object3D } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { SceneFileError, selfContainedGlb } from './gltf-container';

/** Only what the file holds: anything else is refused before it is asked for. */
function inFileOnly(url: string): string {
  if (/^(?:data|blob):/i.test(url)) return url;
  throw new SceneFileError('external', `the scene asked for ${url}`, url);
}

export async function parseScene(buffer: ArrayBuffer): Promise<Object3D> {
  const glb = selfContainedGlb(buffer);
  const manager = new LoadingManager();
  manager.setURLModifier(inFileOnly);
  const loader = new GLTFLoader(manager);
  loader.register((parser) => {
    if (typeof document !== 'undefined') parser.textureLoader = new TextureLoader(manager);
    return { name: 'fieldlink_images_in_file' };
  });
  const gltf = await loader.parseAsync(glb, '');
  return gltf.scene;
}
