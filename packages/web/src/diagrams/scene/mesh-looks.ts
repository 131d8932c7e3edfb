/**
 * Puts the bound meshes' looks (looks.ts) on the three.js objects, and takes them off again:
 * a mesh to colour gets its own copy of its material(s) — a file often shares one material among
 * many meshes, which must not all change — kept until its binding goes, then the file's material
 * comes back and the copy is freed. Visibility and labels are put back the same way.
 */
import { Box3, Color, Vector3 } from 'three';
import type { Material, Mesh, Object3D, Sprite } from 'three';
import type { LabelFactory } from './label-sprite';
import { canvasLabel, disposeLabel } from './label-sprite';
import type { MeshLook } from './looks';
import { meshesOf } from './scene-objects';

type MeshMaterial = Material | Material[];

interface Painted {
  readonly original: MeshMaterial;
  readonly copy: MeshMaterial;
}

interface Labelled {
  readonly text: string;
  readonly sprite: Sprite;
}

/** #rgb, #rrggbb or #rrggbbaa as a colour and its opacity. */
export function parseColour(hex: string): { readonly color: Color; readonly alpha: number } {
  let digits = hex.replace(/^#/, '');
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  const alpha = digits.length === 8 ? parseInt(digits.slice(6, 8), 16) / 255 : 1;
  return { color: new Color(`#${digits.slice(0, 6)}`), alpha };
}

const materials = (m: MeshMaterial): Material[] => (Array.isArray(m) ? m : [m]);

function copyOf(material: MeshMaterial): MeshMaterial {
  return Array.isArray(material) ? material.map((m) => m.clone()) : material.clone();
}

function paint(material: MeshMaterial, original: MeshMaterial, colour: string): void {
  const { color, alpha } = parseColour(colour);
  const originals = materials(original);
  materials(material).forEach((m, i) => {
    const tinted = m as Material & { color?: Color };
    if (tinted.color instanceof Color) tinted.color.copy(color);
    const base = originals[i] ?? m;
    m.transparent = alpha < 1 || base.transparent;
    m.opacity = alpha < 1 ? alpha : base.opacity;
    m.needsUpdate = true;
  });
}

export class MeshLooks {
  private readonly painted = new Map<Mesh, Painted>();
  private readonly visibility = new Map<Object3D, boolean>();
  private readonly labels = new Map<Object3D, Labelled>();

  constructor(
    /** Where labels are added (the scene), so they are not hidden with a hidden mesh. */
    private readonly labelParent: Object3D,
    private readonly makeLabel: LabelFactory = canvasLabel,
  ) {}

  /**
   * Shows `looks` (by object name) on the objects of `byName`; whatever an earlier call changed
   * on an object that no longer has a look goes back to the file's. Returns the names found.
   */
  apply(
    looks: ReadonlyMap<string, MeshLook>,
    byName: ReadonlyMap<string, Object3D>,
    labelHeight: number,
  ): Set<string> {
    const found = new Set<string>();
    const colouredMeshes = new Set<Mesh>();
    const shownObjects = new Set<Object3D>();
    const labelledObjects = new Set<Object3D>();
    for (const [name, look] of looks) {
      const object = byName.get(name);
      if (!object) continue;
      found.add(name);
      if (look.color !== null) {
        for (const mesh of meshesOf(object)) {
          this.colour(mesh, look.color);
          colouredMeshes.add(mesh);
        }
      }
      if (!this.visibility.has(object)) this.visibility.set(object, object.visible);
      object.visible = look.visible && this.visibility.get(object)!;
      shownObjects.add(object);
      if (look.label !== null) {
        this.label(object, look.label, labelHeight, look.visible);
        labelledObjects.add(object);
      }
    }
    for (const mesh of [...this.painted.keys()]) if (!colouredMeshes.has(mesh)) this.unpaint(mesh);
    for (const [object, visible] of [...this.visibility]) {
      if (shownObjects.has(object)) continue;
      object.visible = visible;
      this.visibility.delete(object);
    }
    for (const [object, labelled] of [...this.labels]) {
      if (labelledObjects.has(object)) continue;
      disposeLabel(labelled.sprite);
      this.labels.delete(object);
    }
    return found;
  }

  /** Everything back as the file has it; copies and labels freed. */
  clear(): void {
    this.apply(new Map(), new Map(), 0);
  }

  /** The meshes that have a material of their own now (for tests). */
  get paintedCount(): number {
    return this.painted.size;
  }

  private colour(mesh: Mesh, colour: string): void {
    let entry = this.painted.get(mesh);
    if (!entry) {
      entry = { original: mesh.material, copy: copyOf(mesh.material) };
      this.painted.set(mesh, entry);
      mesh.material = entry.copy;
    }
    paint(entry.copy, entry.original, colour);
  }

  private unpaint(mesh: Mesh): void {
    const entry = this.painted.get(mesh);
    if (!entry) return;
    mesh.material = entry.original;
    for (const m of materials(entry.copy)) m.dispose();
    this.painted.delete(mesh);
  }

  private label(object: Object3D, text: string, height: number, visible: boolean): void {
    let labelled = this.labels.get(object);
    if (!labelled || labelled.text !== text) {
      if (labelled) disposeLabel(labelled.sprite);
      const sprite = this.makeLabel(text, height);
      if (!sprite) return;
      labelled = { text, sprite };
      this.labels.set(object, labelled);
      this.labelParent.add(sprite);
    }
    // Above the object's top, in the middle.
    const box = new Box3().setFromObject(object);
    const centre = box.getCenter(new Vector3());
    labelled.sprite.position.set(centre.x, box.max.y + height * 0.8, centre.z);
    labelled.sprite.visible = visible;
  }
}
