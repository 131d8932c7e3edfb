/**
 * The named objects of a loaded scene, as the mesh list shows them and bindings find them: a
 * binding's target is an object's name (GLTFLoader makes node names unique within a file), and
 * the list shows where it stands in the hierarchy.
 */
import type { Mesh, Object3D } from 'three';

/** A named object of the scene (a mesh, or a group of meshes). */
export interface SceneObject {
  readonly name: string;
  /** The names of its named ancestors, outermost first, then its own. */
  readonly path: readonly string[];
  /** Whether it draws (a mesh) rather than only groups others. */
  readonly mesh: boolean;
}

export const isMesh = (object: Object3D): object is Mesh => (object as Mesh).isMesh === true;

/** Every named object under `root` (not `root` itself), in the file's order. */
export function namedObjects(root: Object3D): SceneObject[] {
  const found: SceneObject[] = [];
  const visit = (object: Object3D, path: readonly string[]): void => {
    for (const child of object.children) {
      const own = child.name ? [...path, child.name] : path;
      if (child.name) found.push({ name: child.name, path: own, mesh: isMesh(child) });
      visit(child, own);
    }
  };
  visit(root, []);
  return found;
}

/** The objects under `root` by name (the first of a name, as the list shows one row for it). */
export function objectsByName(root: Object3D): Map<string, Object3D> {
  const byName = new Map<string, Object3D>();
  root.traverse((object) => {
    if (object !== root && object.name && !byName.has(object.name)) byName.set(object.name, object);
  });
  return byName;
}

/** The meshes that draw `object`: itself and the meshes under it. */
export function meshesOf(object: Object3D): Mesh[] {
  const meshes: Mesh[] = [];
  object.traverse((o) => {
    if (isMesh(o)) meshes.push(o);
  });
  return meshes;
}

/**
 * The named object a picked mesh belongs to for binding: the mesh itself when named, else its
 * nearest named ancestor below `root`; null when none is named.
 */
export function pickTarget(hit: Object3D, root: Object3D): Object3D | null {
  for (let o: Object3D | null = hit; o && o !== root; o = o.parent) if (o.name) return o;
  return null;
}

/** Filters objects by a search text: any part of the path, case-insensitive. */
export function filterObjects(objects: readonly SceneObject[], text: string): SceneObject[] {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return [...objects];
  return objects.filter((o) => o.path.some((name) => name.toLowerCase().includes(wanted)));
}
