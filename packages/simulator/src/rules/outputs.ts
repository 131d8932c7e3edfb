/**
 * What a rule does when it fires (docs/protocol.md § Output), applied to a device's memory:
 * close, open or invert a relay, each with an optional hold after which the relay goes back,
 * write an AO channel, or run a register operation on an AO channel or a holding register.
 * Outputs addressed to another device (addr ≠ 0) and the scene modes are not run here.
 */
import type { RuleOf } from '@fieldlink/protocol';
import type { EquipmentMemory } from '../memory.js';

export type Output = RuleOf<'output'>;

/** A relay going back to its level when a hold (oprtime) ends. */
interface PendingRevert {
  readonly at: number;
  readonly value: boolean;
}

/** Register operation targets the simulator runs (regType): 0 AO channel, 1 holding u16. */
const REG_AO_CHANNEL = 0;
const REG_HOLDING_U16 = 1;

export class OutputRunner {
  private readonly reverts = new Map<number, PendingRevert>();

  constructor(private readonly memory: EquipmentMemory) {}

  /**
   * Applies an output at `now` (ms). Returns false when the output is not one this device
   * runs (disabled, unknown, scene modes, another device, a channel it does not have).
   */
  run(output: Output, now: number): boolean {
    if (output.mode === 6) return this.registerOperation(output.operation);
    if (output.addr !== 0) return false;
    switch (output.mode) {
      case 1:
      case 2:
      case 3:
        return this.relay(output.mode, output.channel, output.value, now);
      case 7:
        return this.writeAo(output.channel, output.value);
      default:
        return false;
    }
  }

  /** The output's reverse: close ↔ open (no hold); null when the mode has none. */
  static reversed(output: Output): Output | null {
    if (output.mode !== 1 && output.mode !== 2) return null;
    return { ...output, mode: output.mode === 1 ? 2 : 1, value: 0 };
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

  private registerOperation(op: {
    mathType: number;
    regType: number;
    regAddr: number;
    value: number;
  }): boolean {
    let address: number;
    if (op.regType === REG_AO_CHANNEL) {
      if (op.regAddr >= this.memory.analogOutputs.length) return false;
      address = this.memory.aoRegister + op.regAddr;
    } else if (op.regType === REG_HOLDING_U16) {
      address = op.regAddr;
    } else {
      return false;
    }
    const current = this.memory.readHolding(address);
    let next: number;
    if (op.mathType === 0) next = op.value;
    else if (op.mathType === 1) next = Math.min(0xffff, current + op.value);
    else if (op.mathType === 2) next = Math.max(0, current - op.value);
    else return false;
    try {
      this.memory.writeHolding(address, next);
    } catch {
      // A register the device does not have: the operation does nothing, as on a real board.
      return false;
    }
    return true;
  }
}
