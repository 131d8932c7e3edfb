/**
 * What a rule does when it fires (docs/protocol.md § Output), applied to a device's memory:
 * close, open or invert a relay, each with an optional hold after which the relay goes back,
 * stop or start a scene, write an AO channel, or run a register operation. Outputs addressed
 * to another device (addr ≠ 0) are not run here.
 */
import type { RuleOf } from '@fieldlink/protocol';
import type { EquipmentMemory } from '../memory.js';
import { RuleRegisters } from './registers.js';

export type Output = RuleOf<'output'>;

/** A relay going back to its level when a hold (oprtime) ends. */
interface PendingRevert {
  readonly at: number;
  readonly value: boolean;
}

/** Where the scene modes (4 stop, 5 start) go: the scene index 0-255. */
export interface SceneControl {
  start(index: number, now: number): boolean;
  stop(index: number, now: number): boolean;
}

export interface OutputHooks {
  /** The registers of register operations (default: registers of this runner's own). */
  readonly registers?: RuleRegisters;
  /** Scenes for output modes 4 and 5 (default: none, the modes do nothing). */
  readonly scenes?: SceneControl;
}

export class OutputRunner {
  private readonly reverts = new Map<number, PendingRevert>();
  private readonly registers: RuleRegisters;
  private readonly scenes: SceneControl | undefined;

  constructor(
    private readonly memory: EquipmentMemory,
    hooks: OutputHooks = {},
  ) {
    this.registers = hooks.registers ?? new RuleRegisters(memory);
    this.scenes = hooks.scenes;
  }

  /**
   * Applies an output at `now` (ms). Returns false when the output is not one this device
   * runs (disabled, unknown, another device, a channel, scene or register it does not have).
   */
  run(output: Output, now: number): boolean {
    if (output.mode === 6) return this.registers.apply(output.operation, now);
    if (output.addr !== 0) return false;
    switch (output.mode) {
      case 1:
      case 2:
      case 3:
        return this.relay(output.mode, output.channel, output.value, now);
      case 4:
        return this.scenes?.stop(output.channel, now) ?? false;
      case 5:
        return this.scenes?.start(output.channel, now) ?? false;
      case 7:
        return this.writeAo(output.channel, output.value);
      default:
        return false;
    }
  }

  /** The output's reverse: close ↔ open (no hold), start ↔ stop scene; null when it has none. */
  static reversed(output: Output): Output | null {
    if (output.mode === 1 || output.mode === 2)
      return { ...output, mode: output.mode === 1 ? 2 : 1, value: 0 };
    if (output.mode === 4 || output.mode === 5) return { ...output, mode: output.mode === 4 ? 5 : 4 };
    return null;
  }

  /** Ends the holds that are due at `now`: their relays go back. */
  step(now: number): void {
    for (const [channel, revert] of this.reverts) {
      if (now < revert.at) continue;
      this.reverts.delete(channel);
      this.memory.coils[channel] = revert.value;
    }
  }

  /** Forgets every pending hold (the relays stay as they are). */
  clear(): void {
    this.reverts.clear();
  }

  /**
   * Switches a relay on or off for a scene; like any new action on the relay it cancels a hold
   * still running on it. False for a channel the device does not have.
   */
  setRelay(channel: number, on: boolean): boolean {
    if (channel < 0 || channel >= this.memory.coils.length) return false;
    this.reverts.delete(channel);
    this.memory.coils[channel] = on;
    return true;
  }

  private relay(mode: 1 | 2 | 3, channel: number, holdTenths: number, now: number): boolean {
    const coils = this.memory.coils;
    if (channel >= coils.length) return false;
    const before = coils[channel] ?? false;
    const after = mode === 1 ? true : mode === 2 ? false : !before;
    coils[channel] = after;
    // A new action on the relay replaces any hold still running on it.
    this.reverts.delete(channel);
    if (holdTenths > 0) this.reverts.set(channel, { at: now + holdTenths * 100, value: !after });
    return true;
  }

  private writeAo(channel: number, value: number): boolean {
    if (channel >= this.memory.analogOutputs.length) return false;
    this.memory.writeHolding(this.memory.aoRegister + channel, value);
    return true;
  }
}
