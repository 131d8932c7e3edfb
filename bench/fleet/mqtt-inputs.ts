/** The inputs of the fleet benchmark's MQTT devices (FL-R8): what moves every report period. */
import type { DiPattern, Waveform } from '@fieldlink/simulator';

/** AI1 alone, or all ten inputs (8 DI, 2 AI). */
export type MqttMoving = 'ai1' | 'all';

/**
 * MQTT devices' inputs. AI1 is a random walk over a 12-bit range that steps ten times per report
 * period, so each report carries a new value (ten a second at 100 ms) even when the reports come
 * early or late against the walk's steps (a walk stepping once per period would now and then show
 * a report the same step as the last, and the device would have nothing to report). With `moving`
 * 'ai1', AI2 stays still (for the held devices' changes) and the DIs off. With 'all', AI2 walks
 * the same way (held devices' AI2 excepted: the benchmark holds it) and each DI toggles once per
 * report period, the eight an eighth of a period apart, so a report carries all ten inputs.
 */
export function mqttInputs(
  reportMs: number,
  moving: MqttMoving,
): { waveforms: Waveform[]; diPattern?: DiPattern } {
  const stepMs = Math.max(1, Math.floor(reportMs / 10));
  const walk = (seed: number): Waveform => ({
    kind: 'random-walk',
    min: 0,
    max: 4095,
    seed,
    stepMs,
    maxStep: 64,
  });
  if (moving === 'ai1') return { waveforms: [walk(1), { kind: 'constant', value: 0 }] };
  return { waveforms: [walk(1), walk(2)], diPattern: { periodMs: reportMs } };
}
