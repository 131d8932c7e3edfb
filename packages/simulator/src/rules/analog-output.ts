/**
 * The analog-output rules (aorule pages, docs/protocol.md § Analog-output rule): once the
 * referenced rule has held for the hold time, the AO output follows the AI input at every
 * step, the AI span mapped linearly onto the AO span (400-2000 when both AO bounds are 0).
 * When the reference stops holding the output keeps its last value.
 */
import { mapAnalog } from '@fieldlink/protocol';
import type { RuleOf } from '@fieldlink/protocol';
import type { EquipmentMemory } from '../memory.js';
import { StableLevel, timeMs } from './levels.js';
import type { RuleStates } from './levels.js';

export type AnalogOutputModel = RuleOf<'analogOutput'>;

export class AnalogOutputRule {
  private readonly level: StableLevel;

  constructor(private readonly rule: AnalogOutputModel) {
    this.level = new StableLevel(timeMs(rule.holdTime));
  }

  step(states: RuleStates, memory: EquipmentMemory, now: number): void {
    if (!this.level.step(states.holds(this.rule), now)) return;
    const ai = memory.inputRegisters[this.rule.aiChannel];
    if (ai === undefined || this.rule.aoChannel >= memory.analogOutputs.length) return;
    const address = memory.aoRegister + this.rule.aoChannel;
    const value = mapAnalog(this.rule, ai);
    if (memory.readHolding(address) !== value) memory.writeHolding(address, value);
  }
}

/** An analog-output rule the engine runs; null for an unset slot (aiLow and aiHigh both 0). */
export function analogOutputRule(rule: AnalogOutputModel): AnalogOutputRule | null {
  return rule.aiLow === 0 && rule.aiHigh === 0 ? null : new AnalogOutputRule(rule);
}
