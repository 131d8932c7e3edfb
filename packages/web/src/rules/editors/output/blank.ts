/**
 * The output a mode switch gives (docs/protocol.md § Output): a blank of the new mode, keeping
 * what still means the same thing in it. Between the relay modes the channel and hold carry
 * over, between the scene modes the scene, and the target address between any two modes that
 * act; everything else starts at zero, which the device reads as nothing to do.
 */
import type { ChannelOutput, OutputRule } from '@fieldlink/protocol';

export const DISABLED_OUTPUT: ChannelOutput = { mode: 0, channel: 0, value: 0, addr: 0 };

type Family = 'relay' | 'scene' | 'ao' | 'register' | 'none';

/** What a mode does: modes of one family read the channel and value the same way. */
export function familyOf(mode: number): Family {
  if (mode >= 1 && mode <= 3) return 'relay';
  if (mode === 4 || mode === 5) return 'scene';
  if (mode === 6) return 'register';
  if (mode === 7) return 'ao';
  return 'none';
}

/** The output after the user picks `mode`; the same mode gives the output as it is. */
export function outputWithMode(from: OutputRule, mode: number): OutputRule {
  if (mode === from.mode) return from;
  if (mode === 6) return { mode: 6, operation: { mathType: 0, regType: 0, regAddr: 0, value: 0 } };
  const next = mode as ChannelOutput['mode'];
  if (familyOf(next) === 'none') return { ...DISABLED_OUTPUT, mode: next };
  // Disabled, unknown and register outputs have no target of the kind the new mode needs.
  const acting = from.mode !== 6 && familyOf(from.mode) !== 'none' ? from : null;
  const addr = acting?.addr ?? 0;
  if (acting !== null && familyOf(acting.mode) === familyOf(next)) {
    return { mode: next, channel: acting.channel, value: acting.value, addr };
  }
  return { mode: next, channel: 0, value: 0, addr };
}
