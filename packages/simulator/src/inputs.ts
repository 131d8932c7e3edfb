/**
 * Inputs that change on their own: analog inputs following one waveform per channel and
 * digital inputs toggling on a schedule. Shared by boards, hosts and the devices behind hosts.
 */
import type { EquipmentType } from '@fieldlink/protocol';
import type { EquipmentMemory } from './memory.js';
import { checkWaveform, defaultWaveform, waveValue } from './waveforms.js';
import type { Waveform } from './waveforms.js';

/** Digital inputs toggling on their own: each flips every `periodMs`, channels offset evenly. */
export interface DiPattern {
  readonly periodMs: number;
}

/**
 * One waveform per AI channel of the type: those given, defaultWaveform for the rest. Throws a
 * RangeError for more waveforms than channels or a bad waveform.
 */
export function channelWaveforms(
  type: EquipmentType,
  given: readonly (Waveform | undefined)[] = [],
  fallback: (channel: number, count: number) => Waveform = defaultWaveform,
): Waveform[] {
  const count = type.counts.ai;
  if (given.length > count) {
    throw new RangeError(`${type.type} has ${count} AI channels, got ${given.length} waveforms`);
  }
  const waveforms = Array.from({ length: count }, (_, i) => given[i] ?? fallback(i, count));
  waveforms.forEach(checkWaveform);
  return waveforms;
}

/** Throws a RangeError unless the period is a positive number of ms. */
export function checkDiPattern(pattern: DiPattern | undefined): void {
  if (pattern === undefined) return;
  const { periodMs } = pattern;
  if (!Number.isFinite(periodMs) || periodMs <= 0) {
    throw new RangeError(`DI pattern period must be a positive number of ms, got ${periodMs}`);
  }
}

/** Sets the analog inputs (and patterned digital inputs) to their values at `now` (ms). */
export function updateInputs(
  memory: EquipmentMemory,
  waveforms: readonly Waveform[],
  diPattern: DiPattern | undefined,
  now: number,
): void {
  const registers = memory.inputRegisters;
  for (let i = 0; i < registers.length; i++) registers[i] = waveValue(waveforms[i]!, now);
  if (diPattern) {
    const inputs = memory.inputs;
    const cycles = now / diPattern.periodMs;
    for (let i = 0; i < inputs.length; i++) {
      inputs[i] = Math.floor(cycles + i / inputs.length) % 2 !== 0;
    }
  }
}

/** A copy of a device's channel values and its battery level. */
export interface DeviceSnapshot {
  /** Relay outputs. */
  readonly coils: boolean[];
  /** Digital inputs. */
  readonly inputs: boolean[];
  /** Analog inputs, raw. */
  readonly inputRegisters: number[];
  /** Analog outputs. */
  readonly ao: number[];
  /** The battery level the status block reads (0-100), or null: no battery or no status block. */
  readonly soc: number | null;
}
