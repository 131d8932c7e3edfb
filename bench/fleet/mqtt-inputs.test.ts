import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VirtualDevice } from '@fieldlink/simulator';
import type { DeviceSnapshot } from '@fieldlink/simulator';
import { mqttInputs } from './mqtt-inputs.js';
import type { MqttMoving } from './mqtt-inputs.js';

const at = (device: VirtualDevice, now: number): DeviceSnapshot => {
  device.tick(now);
  return device.snapshot();
};

const device = (reportMs: number, moving: MqttMoving): VirtualDevice =>
  new VirtualDevice('FL-R8', 'MQIN0001', { clock: () => 0, ...mqttInputs(reportMs, moving) });

/** Share of report periods starting at the sampled times in which AI channel `channel` moved. */
function aiMoved(d: VirtualDevice, reportMs: number, channel: number): number {
  let moved = 0;
  const samples = 2000;
  for (let i = 0; i < samples; i++) {
    const t = 1_700_000_000_000 + i * 7919;
    if (at(d, t).inputRegisters[channel] !== at(d, t + reportMs).inputRegisters[channel]) moved++;
  }
  return moved / samples;
}

describe('fleet benchmark MQTT inputs', () => {
  it('with all, toggles every DI once between any two reports a period apart', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 45 }), fc.constantFrom(100, 1000, 5000), (t, reportMs) => {
        const d = device(reportMs, 'all');
        const before = at(d, t).inputs;
        const after = at(d, t + reportMs).inputs;
        expect(before).toHaveLength(8);
        expect(after).toEqual(before.map((on) => !on));
      }),
    );
  });

  it('with all, moves both AIs in nearly every period', () => {
    for (const reportMs of [100, 1000]) {
      const d = device(reportMs, 'all');
      expect(aiMoved(d, reportMs, 0)).toBeGreaterThan(0.95);
      expect(aiMoved(d, reportMs, 1)).toBeGreaterThan(0.95);
    }
  });

  it('with ai1, moves AI1 alone: AI2 and the DIs stay still', () => {
    const d = device(100, 'ai1');
    expect(aiMoved(d, 100, 0)).toBeGreaterThan(0.95);
    expect(aiMoved(d, 100, 1)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 45 }), (t) => {
        expect(at(d, t).inputs).toEqual(Array.from({ length: 8 }, () => false));
      }),
    );
  });
});
