/**
 * The scenes of a device (`scene` and `scene2` pages, docs/protocol.md § Scene). Scene index n
 * counts the slots across the pages: 0-69 are the `scene` pages (scene A rule n), 70-139 the
 * `scene2` pages (scene B rule n − 70); that is the index output modes 4 and 5 and trigger
 * sources 3, 5 and 6 name. Scenes are stepped in index order; a scene that a rewrite leaves
 * unchanged keeps its state.
 */
import type { RuleOf } from '@fieldlink/protocol';
import type { SceneControl } from './outputs.js';
import { ChannelScene } from './scene-channels.js';
import { AssignmentRun, FlowRun, FunctionRun } from './scene-calculations.js';
import type { SceneIo, SceneRuntime } from './scene-runtime.js';

export type SceneModel = RuleOf<'scene'>;

/** Scenes on the pages of one type: 7 pages of 10. */
export const SCENES_PER_TYPE = 70;

/** The runtime of a scene model; null for disabled and unknown types. */
export function sceneRuntime(rule: SceneModel): SceneRuntime | null {
  if ('raw' in rule) return null;
  switch (rule.type) {
    case 1:
    case 2:
    case 3:
    case 4:
    case 5:
    case 6:
    case 7:
      return new ChannelScene(rule);
    case 10:
      return new FunctionRun(rule);
    case 20:
      return new AssignmentRun(rule);
    case 30:
      return new FlowRun(rule);
    default:
      return null;
  }
}

interface LoadedScene {
  readonly text: string;
  readonly run: SceneRuntime;
}

export class SceneRules implements SceneControl {
  private scenes = new Map<number, LoadedScene>();

  constructor(private readonly io: SceneIo) {}

  /** The scenes in index order (the `scene` pages' slots, then the `scene2` pages'). */
  load(rules: readonly (SceneModel | null)[]): void {
    const next = new Map<number, LoadedScene>();
    rules.forEach((rule, index) => {
      if (!rule) return;
      const text = JSON.stringify(rule);
      const old = this.scenes.get(index);
      if (old && old.text === text) {
        next.set(index, old);
        return;
      }
      const run = sceneRuntime(rule);
      if (run) next.set(index, { text, run });
    });
    this.scenes = next;
  }

  get size(): number {
    return this.scenes.size;
  }

  start(index: number, now: number): boolean {
    const scene = this.scenes.get(index);
    scene?.run.start(now);
    return scene !== undefined;
  }

  stop(index: number, now: number): boolean {
    const scene = this.scenes.get(index);
    scene?.run.stop(now, this.io);
    return scene !== undefined;
  }

  step(now: number): void {
    for (const { run } of this.scenes.values()) run.step(now, this.io);
  }

  /** Whether scene n is running; null when there is no such scene. */
  running(index: number): boolean | null {
    return this.scenes.get(index)?.run.running ?? null;
  }

  /** Whether scene n holds; null when there is no such scene, or it is not of `kind`. */
  holds(index: number, kind?: SceneRuntime['kind']): boolean | null {
    const run = this.scenes.get(index)?.run;
    if (!run || (kind !== undefined && run.kind !== kind)) return null;
    return run.holds;
  }
}
