/**
 * What every running scene has in common: the device parts it acts on, the state the engine
 * and the triggers read from it, and the way it switches its DO channels (only when the state
 * it wants for a channel changes, so a relay changed by hand stays until the scene's next
 * change on it).
 */
import type { RuleStates } from './levels.js';
import type { RuleRegisters } from './registers.js';

/** The device parts a scene acts on. */
export interface SceneIo {
  readonly states: RuleStates;
  readonly registers: RuleRegisters;
  /** Switches a relay (cancelling a hold running on it); false for a channel the device lacks. */
  setRelay(channel: number, on: boolean): boolean;
}

/** One scene as the engine steps it. */
export interface SceneRuntime {
  /** Channel scenes (types 1-7) or calculation scenes (10, 20, 30). */
  readonly kind: 'channel' | 'calculation';
  /** Whether the scene is running now (trigger source 3). */
  readonly running: boolean;
  /** Whether the scene's result holds (rule references 4-5, trigger sources 5-6). */
  readonly holds: boolean;
  /** Output mode 5. */
  start(now: number): void;
  /** Output mode 4. */
  stop(now: number, io: SceneIo): void;
  step(now: number, io: SceneIo): void;
}

/** Writes a scene's channels, each only when the state the scene wants for it changes. */
export class ChannelWriter {
  private readonly last = new Map<number, boolean>();

  apply(wanted: ReadonlyMap<number, boolean>, io: SceneIo): void {
    for (const [channel, on] of wanted) {
      if (this.last.get(channel) === on) continue;
      this.last.set(channel, on);
      io.setRelay(channel, on);
    }
  }

  /** Forgets what was written: the next `apply` writes every channel it names. */
  reset(): void {
    this.last.clear();
  }
}
