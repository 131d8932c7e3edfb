/**
 * One 3D view: a WebGL renderer on a canvas, a camera the user orbits, zooms and pans (reset to
 * the first view, or fitted to the scene's bounds), lights, the loaded scene with its bound
 * meshes' looks, and the mesh under the pointer picked and outlined. It draws only when something
 * changed (a frame asked for once, however many changes came before it): a page open for days
 * costs nothing while nothing moves. `dispose` frees every geometry, material, texture and the
 * renderer's context.
 */
import {
  AmbientLight,
  Box3,
  Box3Helper,
  Color,
  DirectionalLight,
  HemisphereLight,
  PerspectiveCamera,
  Raycaster,
  Scene,
  Sphere,
  Vector2,
  Vector3,
  WebGLRenderer,
} from 'three';
import type { Material, Object3D, Texture } from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { MeshLook } from './looks';
import { MeshLooks } from './mesh-looks';
import { isMesh, namedObjects, objectsByName, pickTarget } from './scene-objects';
import type { SceneObject } from './scene-objects';

const BACKGROUND = '#f5f7fa';
const HOVER_COLOUR = '#faad14';
/** Magenta: apart from the colours rules paint meshes (green, red, grey) and from blue tanks. */
const SELECTED_COLOUR = '#eb2f96';

/** Frees the GPU side of everything under `root`. */
export function disposeTree(root: Object3D): void {
  root.traverse((object) => {
    if (!isMesh(object)) return;
    object.geometry.dispose();
    for (const material of Array.isArray(object.material) ? object.material : [object.material]) {
      disposeMaterial(material);
    }
  });
}

function disposeMaterial(material: Material): void {
  for (const value of Object.values(material)) {
    if ((value as Texture | null)?.isTexture) (value as Texture).dispose();
  }
  material.dispose();
}

/** Where a point of the scene falls on the canvas, in CSS pixels from its top left. */
export interface ScreenPoint {
  readonly x: number;
  readonly y: number;
}

export class SceneController {
  readonly renderer: WebGLRenderer;
  private readonly scene = new Scene();
  private readonly camera = new PerspectiveCamera(45, 1, 0.01, 1000);
  private readonly controls: OrbitControls;
  private readonly raycaster = new Raycaster();
  private readonly looks: MeshLooks;
  private model: Object3D | null = null;
  private byName = new Map<string, Object3D>();
  private bounds = new Sphere(new Vector3(), 1);
  private home: { position: Vector3; target: Vector3 } | null = null;
  private frame = 0;
  private readonly outlines = new Map<'hover' | 'selected', { name: string; helper: Box3Helper }>();
  private width = 1;
  private height = 1;
  /** Called after the camera came to rest or the view was resized. */
  onViewChange: (() => void) | null = null;

  /** Throws when the browser cannot give a WebGL context. */
  constructor(private readonly canvas: HTMLCanvasElement) {
    this.renderer = new WebGLRenderer({ canvas, antialias: true });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    this.scene.background = new Color(BACKGROUND);
    this.scene.add(new HemisphereLight('#ffffff', '#8d8d8d', 1.6));
    this.scene.add(new AmbientLight('#ffffff', 0.4));
    const sun = new DirectionalLight('#ffffff', 2);
    sun.position.set(3, 6, 4);
    this.scene.add(sun);
    this.controls = new OrbitControls(this.camera, canvas);
    this.controls.addEventListener('change', this.requestRender);
    this.controls.addEventListener('end', this.viewChanged);
    this.looks = new MeshLooks(this.scene);
    canvas.addEventListener('webglcontextrestored', this.requestRender);
  }

  /** Draws once at the next frame (however many times it is asked before). */
  readonly requestRender = (): void => {
    if (this.frame !== 0) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.renderer.render(this.scene, this.camera);
    });
  };

  private readonly viewChanged = (): void => this.onViewChange?.();

  setSize(width: number, height: number): void {
    this.width = Math.max(1, Math.floor(width));
    this.height = Math.max(1, Math.floor(height));
    this.renderer.setSize(this.width, this.height, false);
    this.camera.aspect = this.width / this.height;
    this.camera.updateProjectionMatrix();
    this.requestRender();
    this.viewChanged();
  }

  /** Shows `model` (the one before is freed) and fits the view to it; its named objects. */
  setModel(model: Object3D): SceneObject[] {
    this.removeModel();
    this.model = model;
    this.scene.add(model);
    this.byName = objectsByName(model);
    const box = new Box3().setFromObject(model);
    this.bounds = box.isEmpty() ? new Sphere(new Vector3(), 1) : box.getBoundingSphere(new Sphere());
    if (this.bounds.radius <= 0) this.bounds.radius = 1;
    this.fit(new Vector3(0.6, 0.7, 1.5));
    this.home = { position: this.camera.position.clone(), target: this.controls.target.clone() };
    return namedObjects(model);
  }

  /** The camera looking at the whole scene from `direction` (the current one by default). */
  fit(direction = this.camera.position.clone().sub(this.controls.target)): void {
    const { center, radius } = this.bounds;
    const fov = (this.camera.fov * Math.PI) / 180;
    const fitHeight = radius / Math.sin(fov / 2);
    const fitWidth = fitHeight / Math.min(1, this.camera.aspect);
    const distance = Math.max(fitHeight, fitWidth) * 1.05;
    const along = direction.lengthSq() > 0 ? direction.normalize() : new Vector3(0, 0, 1);
    this.camera.position.copy(center).addScaledVector(along, distance);
    this.camera.near = Math.max(distance / 1000, radius / 1000);
    this.camera.far = distance + radius * 4;
    this.camera.updateProjectionMatrix();
    this.controls.target.copy(center);
    this.controls.maxDistance = distance * 10;
    this.controls.update();
    this.requestRender();
    this.viewChanged();
  }

  /** Back to the view the scene opened with. */
  reset(): void {
    if (!this.home) return;
    this.camera.position.copy(this.home.position);
    this.controls.target.copy(this.home.target);
    this.controls.update();
    this.requestRender();
    this.viewChanged();
  }

  /** Shows the looks; the names of the bound objects the scene has. */
  applyLooks(looks: ReadonlyMap<string, MeshLook>): Set<string> {
    const found = this.looks.apply(looks, this.byName, this.bounds.radius * 0.12);
    this.refreshOutlines();
    this.requestRender();
    return found;
  }

  /** The named object under a point of the canvas (CSS pixels from its top left), or null. */
  pick(x: number, y: number): string | null {
    if (!this.model) return null;
    const pointer = new Vector2((x / this.width) * 2 - 1, -(y / this.height) * 2 + 1);
    this.raycaster.setFromCamera(pointer, this.camera);
    for (const hit of this.raycaster.intersectObject(this.model, true)) {
      if (!isMesh(hit.object) || !visibleInScene(hit.object)) continue;
      const target = pickTarget(hit.object, this.model);
      if (target) return target.name;
    }
    return null;
  }

  /** Outlines the named object (hovered or selected); null takes the outline away. */
  outline(kind: 'hover' | 'selected', name: string | null): void {
    const before = this.outlines.get(kind);
    if (before?.name === name) return;
    if (before) {
      before.helper.removeFromParent();
      before.helper.geometry.dispose();
      (before.helper.material as Material).dispose();
      this.outlines.delete(kind);
    }
    const object = name === null ? undefined : this.byName.get(name);
    if (object && name !== null) {
      const box = new Box3().setFromObject(object);
      const helper = new Box3Helper(box, kind === 'hover' ? HOVER_COLOUR : SELECTED_COLOUR);
      helper.renderOrder = 999;
      this.scene.add(helper);
      this.outlines.set(kind, { name, helper });
    }
    this.requestRender();
  }

  private refreshOutlines(): void {
    for (const [kind, { name }] of [...this.outlines]) {
      this.outline(kind, null);
      this.outline(kind, name);
    }
  }

  /** Where the centre of the named object's bounds falls on the canvas, or null. */
  screenPoint(name: string): ScreenPoint | null {
    const object = this.byName.get(name);
    if (!object) return null;
    const box = new Box3().setFromObject(object);
    if (box.isEmpty()) return null;
    const point = box.getCenter(new Vector3()).project(this.camera);
    if (point.z < -1 || point.z > 1) return null;
    return { x: ((point.x + 1) / 2) * this.width, y: ((1 - point.y) / 2) * this.height };
  }

  private removeModel(): void {
    this.outline('hover', null);
    this.outline('selected', null);
    this.looks.clear();
    if (this.model) {
      this.model.removeFromParent();
      disposeTree(this.model);
    }
    this.model = null;
    this.byName = new Map();
  }

  dispose(): void {
    if (this.frame !== 0) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.onViewChange = null;
    this.canvas.removeEventListener('webglcontextrestored', this.requestRender);
    this.controls.removeEventListener('change', this.requestRender);
    this.controls.removeEventListener('end', this.viewChanged);
    this.controls.dispose();
    this.removeModel();
    this.renderer.dispose();
    this.renderer.forceContextLoss();
  }
}

function visibleInScene(object: Object3D): boolean {
  for (let o: Object3D | null = object; o; o = o.parent) if (!o.visible) return false;
  return true;
}
